import Foundation
import Testing
@testable import GestureData

struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let v = try JSONParser.parse(Array(#" {"a": [1, -2.5e1, true, false, null, "x\"\\\/\n\u00e9\ud83d\ude00"], "b": {}} "#.utf8))
        guard case .array(let a)? = v["a"] else { Issue.record("no array"); return }
        #expect(a.count == 6)
        if case .number(let n) = a[1] { #expect(n == -25) } else { Issue.record("not a number") }
        if case .string(let s) = a[5] { #expect(s == "x\"\\/\né😀") } else { Issue.record("not a string") }
    }

    @Test(arguments: [
        ("", "end of input"),
        ("{", "truncated"),
        (#"{"a" 1}"#, "expected ':'"),
        (#"{"a": 1,}"#, "expected a quoted key"),
        ("[1 2]", "expected ',' or ']'"),
        ("[01]", "leading zeros"),
        ("[1.]", "digits after '.'"),
        ("[.5]", "where a value was expected"),
        (#"{"a": 1, "a": 2}"#, "duplicate key"),
        ("[tru]", "where a value was expected"),
        ("[1] x", "after the JSON value"),
        ("[\"a\tb\"]", "control character"),
        (#"["\ud800"]"#, "surrogate"),
        ("// comment\n[]", "where a value was expected"),
    ])
    func syntaxErrorsAreExplained(text: String, fragment: String) {
        do {
            _ = try JSONParser.parse(Array(text.utf8))
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.reason.contains(fragment), "\(error.reason)")
        }
    }

    /// The duplicate-key test once scanned every earlier key (200 000 keys took
    /// minutes); now one object of many keys is refused at the bound, and an object just
    /// under it parses, its duplicate found through a set. (No time is asserted: with the
    /// old scan, the 10 000-key object alone made 50 million comparisons.)
    @Test func manyKeysAreBoundedAndDuplicatesFoundAtAnyPosition() throws {
        func object(_ n: Int, duplicateLast: Bool = false) -> [UInt8] {
            var keys = (0..<n).map { "\"k\($0)\": 1" }
            if duplicateLast { keys.append("\"k0\": 2") }
            return Array(("{" + keys.joined(separator: ",") + "}").utf8)
        }
        let ok = try JSONParser.parse(object(JSONParser.maxObjectKeys))
        if case .object(let m) = ok { #expect(m.count == JSONParser.maxObjectKeys) } else { Issue.record("not an object") }
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(object(JSONParser.maxObjectKeys + 1)) }
        do { _ = try JSONParser.parse(object(5000, duplicateLast: true)); Issue.record("duplicate accepted") } catch {
            #expect(error.reason.contains("duplicate key 'k0'"))
        }
        do { _ = try JSONParser.parse(object(200_000)); Issue.record("accepted 200 000 keys") } catch {
            #expect(error.reason.contains("more than 10000 keys"))
        }
        // A long duplicate key is cut in the message.
        let long = String(repeating: "x", count: 5000)
        do { _ = try JSONParser.parse(Array("{\"\(long)\": 1, \"\(long)\": 2}".utf8)); Issue.record("accepted") } catch {
            #expect(error.reason.count < 200)
        }
    }

    @Test func errorsCarryLineColumnAndPath() {
        do {
            _ = try JSONParser.parse(Array("{\"s\": [\n  [1, 2],\n  [NaN, 3]]}".utf8))
            Issue.record("accepted NaN")
        } catch {
            #expect(error.line == 3 && error.column == 4)
            #expect(JSONPathComponent.string(error.path) == "s[1][0]")
            #expect(error.isNonFiniteToken)
        }
    }

    @Test func hugeExponentsBecomeInfinityForTheCallerToReject() throws {
        let v = try JSONParser.parse(Array("[1e999, -1e999]".utf8))
        guard case .array(let a) = v, case .number(let x) = a[0], case .number(let y) = a[1] else {
            Issue.record("unexpected \(v)"); return
        }
        #expect(x == .infinity && y == -.infinity)
    }

    @Test func deepNestingIsRejectedNotACrash() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONParser.SyntaxError.self) { try JSONParser.parse(Array(deep.utf8)) }
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let v = try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8))
        guard case .array(let a) = v else { Issue.record("not an array"); return }
        #expect(a.isEmpty)
    }
}

/// A bad value is shown cut to 80 characters, with its length.
struct ShownValueTests {
    @Test func longBadValuesAreCutInMessages() throws {
        let long = String(repeating: "9", count: 100_000) + "x"
        do { _ = try JSONParser.parse(Array("[\(long)]".utf8)); Issue.record("accepted") } catch {
            #expect(error.reason.count < 200, "\(error.reason.prefix(300))")
        }
        let xml = "<Gesture Name=\"a1\" Subject=\"1\" Speed=\"medium\" NumPts=\"2\"><Point X=\"\(long)\" Y=\"1\" T=\"0\"/><Point X=\"2\" Y=\"1\" T=\"1\"/></Gesture>"
        do { _ = try GestureXMLReader.read(Data(xml.utf8), file: "a.xml", fallbackSubject: nil); Issue.record("accepted") } catch {
            #expect("\(error)".count < 300 && "\(error)".contains("(100001 characters)"), "\("\(error)".prefix(300))")
        }
        #expect(shownValue("short") == "short")
    }
}

import Foundation
import Testing
import GestureTestSupport
import GestureGeometry
@testable import GestureData

struct TouchSessionReaderTests {
    func decode(_ lines: [String]) throws -> [TouchSessionEvent] {
        try TouchSessionReader.decode(Data(lines.joined(separator: "\n").utf8), file: "s.jsonl")
    }

    func message(_ lines: [String]) -> String {
        do {
            _ = try decode(lines)
            return "no error"
        } catch {
            return "\(error)"
        }
    }

    static let began = #"{"t": 0.0, "phase": "began", "touches": [{"id": 1, "x": 120.5, "y": 88.0}]}"#

    @Test func emptySessionHasNoEvents() throws {
        #expect(try decode([]).isEmpty)
        #expect(try decode(["", "  "]).isEmpty)
    }

    @Test func readsEveryPhaseAndSkipsBlankLines() throws {
        let events = try decode([
            Self.began,
            "",
            #"{"t": 0.016, "phase": "moved", "touches": [{"id": 1, "x": 121, "y": 90}]}"#,
            #"{"t": 0.016, "phase": "began", "touches": [{"id": 2, "x": 10, "y": 10}]}"#,
            #"{"t": 0.032, "phase": "stationary", "touches": [{"id": 1, "x": 121, "y": 90}]}"#,
            #"{"t": 0.05, "phase": "ended", "touches": [{"id": 1, "x": 121, "y": 90}]}"#,
            #"{"t": 0.06, "phase": "cancelled", "touches": [{"id": 2, "x": 10, "y": 10}]}"#,
            #"{"t": 0.07, "phase": "began", "touches": [{"id": 1, "x": 5, "y": 5}]}"#,
        ])
        #expect(events.map(\.phase) == [.began, .moved, .began, .stationary, .ended, .cancelled, .began])
        #expect(events[1].touches == [TouchSessionTouch(id: 1, x: 121, y: 90)])
    }

    @Test func writerAndReaderRoundTrip() throws {
        let events = [
            TouchSessionEvent(t: 0, phase: .began, touches: [.init(id: 1, x: 1.5, y: 2), .init(id: 2, x: 3, y: 4)]),
            TouchSessionEvent(t: 0.5, phase: .ended, touches: [.init(id: 1, x: 1.5, y: 2), .init(id: 2, x: 3, y: 4)]),
        ]
        let data = try TouchSessionWriter.encode(events)
        #expect(try TouchSessionReader.decode(data, file: "x") == events)
        #expect(String(decoding: data, as: UTF8.self).hasPrefix(#"{"phase":"began","t":0,"touches""#))
    }

    @Test(arguments: [
        (["{\"t\": 0.0, \"phase\": \"began\", "], "line 1: malformed"),
        ([began, #"{"t": 0.1, "phase": "wiggled", "touches": [{"id": 1, "x": 1, "y": 1}]}"#], "line 2: field 'phase': unknown phase 'wiggled'"),
        ([#"{"t": 0.1, "phase": "moved", "touches": [{"id": 7, "x": 1, "y": 1}]}"#], "line 1: field 'touches[0].id': touch 7 is moved before it began"),
        ([began, #"{"t": -0.5, "phase": "moved", "touches": [{"id": 1, "x": 1, "y": 1}]}"#], "line 2: field 't': time goes backwards"),
        ([began, began], "line 2: field 'touches[0].id': touch 1 began while still down"),
        ([began, #"{"t": 1, "phase": "ended", "touches": [{"id": 1, "x": 1, "y": 1}]}"#,
          #"{"t": 2, "phase": "ended", "touches": [{"id": 1, "x": 1, "y": 1}]}"#], "line 3: field 'touches[0].id': touch 1 is ended before it began"),
        ([#"{"phase": "began", "touches": [{"id": 1, "x": 1, "y": 1}]}"#], "line 1: field 't': missing"),
        ([#"{"t": 0, "phase": "began", "touches": []}"#], "line 1: field 'touches'"),
        ([#"{"t": 0, "phase": "began", "touches": [{"id": 1, "x": "left", "y": 1}]}"#], "line 1: field 'touches[0].x'"),
        ([#"{"t": 0, "phase": "began", "touches": [{"id": 1, "x": 1, "y": 1}, {"id": 1, "x": 2, "y": 2}]}"#], "listed twice"),
        ([#"{"t": 0, "phase": "began", "touches": [{"id": 1.5, "x": 1, "y": 1}]}"#], "line 1: field 'touches[0].id'"),
        (["[1, 2, 3]"], "line 1: malformed"),
    ] as [([String], String)])
    func badLinesAreNamed(lines: [String], expected: String) {
        let m = message(lines)
        #expect(m.hasPrefix("s.jsonl: "), "\(m)")
        #expect(m.contains(expected), "\(m)")
    }

    @Test func labelsRoundTripAndValidate() throws {
        let labels = SessionLabels(gestures: [.init(name: "doubleTap", start: 1, end: 1.5)])
        #expect(try SessionLabels.decode(try labels.encoded(), file: "l") == labels)
        #expect(throws: GestureDataError.self) {
            try SessionLabels.decode(Data(#"{"format": "gesturelab.session-labels/1", "gestures": [{"name": "a", "start": 2, "end": 1}]}"#.utf8), file: "l")
        }
        #expect(throws: GestureDataError.self) {
            try SessionLabels.decode(Data(#"{"format": "other/1", "gestures": []}"#.utf8), file: "l")
        }
        #expect(SessionLabels.sidecarPath(forSession: "/a/b.jsonl") == "/a/b.labels.json")
    }

    @Test(arguments: [
        #"{"t": 0.1, "phase": "began", "touches": [{"id": 3, "x": 1, "y": 2}]}"#,
        #"{ "touches" : [ { "y":2 ,"x":1,"id":3} ], "phase":"began","t":1e-1 }"#,
        #"{"t": 0.1, "phase": "began", "touches": [{"id": 3, "x": 1.0, "y": 2, "force": 0.5}]}"#,
        #"{"t": 0.1, "phase": "be\u0067an", "touches": [{"id": 3, "x": 1, "y": 2}], "note": null}"#,
        "\t{\"t\":0.1,\"phase\":\"began\",\"touches\":[{\"id\":3,\"x\":1,\"y\":2}]}\r",
    ])
    func fastAndGeneralParsingReadTheSameEvent(line: String) throws {
        let events = try decode([line])
        #expect(events == [TouchSessionEvent(t: 0.1, phase: .began, touches: [.init(id: 3, x: 1, y: 2)])])
    }

    /// The scanner works short decimals out itself (digits over a power of ten): every
    /// number must come out as the `Double` that `Double(String)` reads from the same text,
    /// bit for bit, including the long ones and exponents it hands on.
    @Test func theScannersNumbersAreTheSameDoublesAsTheTextsValue() throws {
        var rng = SeededGenerator(seed: 11)
        var texts = ["0", "-0", "0.0", "-0.0", "1", "0.1", "0.3", "123456789012345", "1234567890123456",
                     "0.000000000000001", "9007199254740993", "4.35", "2.675", "1e-1", "5E+2", "-7.25e3",
                     "0.1000000000000000055511151231257827", "17976931348623157e292"]
        for _ in 0..<20_000 {
            let whole = String(UInt64.random(in: 0...999_999_999, using: &rng) >> UInt64.random(in: 0...29, using: &rng))
            let fraction = String((0..<Int.random(in: 0...9, using: &rng)).map { _ in "0123456789".randomElement(using: &rng)! })
            var text = (Bool.random(using: &rng) ? "-" : "") + whole + (fraction.isEmpty ? "" : "." + fraction)
            if Int.random(in: 0..<8, using: &rng) == 0 { text += "e\(Int.random(in: -30...30, using: &rng))" }
            texts.append(text)
        }
        for text in texts {
            let line = #"{"t": "# + text + #", "phase": "began", "touches": [{"id": 1, "x": "# + text + #", "y": 0}]}"#
            let fields = try #require(Data(line.utf8).withUnsafeBytes { TouchSessionLineScanner.scan($0) }, "\(text)")
            let expected = try #require(Double(text))
            #expect(fields.t?.bitPattern == expected.bitPattern, "\(text)")
            #expect(fields.touches?.first?.x?.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test(arguments: [
        #"{"t": 01, "phase": "began", "touches": []}"#,
        #"{"t": 1., "phase": "began", "touches": []}"#,
        #"{"t": 1, "phase": "began", "touches": [], "t": 2}"#,
        #"{"t": 1, "phase": "began", "touches": [{"id": 1, "x": 1, "y": 1}]} x"#,
        #"{"t": -, "phase": "began", "touches": []}"#,
    ])
    func theScannerLeavesEverythingUnusualToTheGeneralParser(line: String) {
        let fast = Data(line.utf8).withUnsafeBytes { TouchSessionLineScanner.scan($0) }
        #expect(fast == nil)
    }
}

/// Sessions as strokes: one stroke per touch, in the order the touches ended.
struct TouchSessionStrokesTests {
    @Test func everyTouchIsOneStrokeInTheOrderTouchesEnd() throws {
        let events = [
            TouchSessionEvent(t: 0, phase: .began, touches: [.init(id: 1, x: 0, y: 0), .init(id: 2, x: 10, y: 0)]),
            TouchSessionEvent(t: 0.1, phase: .moved, touches: [.init(id: 1, x: 5, y: 5)]),
            TouchSessionEvent(t: 0.2, phase: .ended, touches: [.init(id: 2, x: 20, y: 0)]),
            TouchSessionEvent(t: 0.3, phase: .ended, touches: [.init(id: 1, x: 9, y: 9)]),
            TouchSessionEvent(t: 0.4, phase: .began, touches: [.init(id: 3, x: 1, y: 1)]),  // still down at the end
        ]
        let strokes = TouchSessionStrokes.strokes(events)
        #expect(strokes.map(\.points.count) == [2, 3, 1])
        #expect(strokes[0].points.map(\.x) == [10, 20])
        #expect(strokes[1].points.map(\.t) == [0, 0.1, 0.3])
        #expect(TouchSessionStrokes.strokes([]).isEmpty)
    }

    @Test func aSessionFileIsToldFromSamplesByContent() throws {
        let dir = try TemporaryDirectory("session-sniff")
        defer { dir.remove() }
        let session = dir.path("a.jsonl"), samples = dir.path("b.jsonl"), xml = dir.path("c.xml")
        try "\n{\"t\": 0, \"phase\": \"began\", \"touches\": [{\"id\": 1, \"x\": 0, \"y\": 0}]}\n".write(toFile: session, atomically: true, encoding: .utf8)
        try "{\"format\": \"gesturelab.sample/1\", \"label\": \"x\", \"strokes\": [[{\"x\": 0, \"y\": 0}]]}\n".write(toFile: samples, atomically: true, encoding: .utf8)
        try "<Gesture/>".write(toFile: xml, atomically: true, encoding: .utf8)
        #expect(TouchSessionStrokes.looksLikeSession(session))
        #expect(!TouchSessionStrokes.looksLikeSession(samples))
        #expect(!TouchSessionStrokes.looksLikeSession(xml))
        #expect(!TouchSessionStrokes.looksLikeSession(dir.path("missing.jsonl")))
    }
}

import Foundation
import Testing
import GestureData
import GestureTestSupport

/// The bad-input matrix for the touch-session reader (JSON Lines touch events):
/// each bad file gives a ``GestureDataError`` starting with the path and naming the line
/// and the field.
struct BadSessionMatrixTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: [UInt8]
        var location: String
        var field: String
        var testDescription: String { name }
        init(_ name: String, _ text: String, location: String, field: String) {
            self.init(name, Array(text.utf8), location: location, field: field)
        }
        init(_ name: String, _ bytes: [UInt8], location: String, field: String) {
            self.name = name; self.bytes = bytes; self.location = location; self.field = field
        }
    }

    static func line(_ t: String, _ phase: String, _ touches: String = #"[{"id": 1, "x": 10, "y": 20}]"#) -> String {
        #"{"t": \#(t), "phase": "\#(phase)", "touches": \#(touches)}"#
    }
    static let began = line("0", "began")

    static let cases: [Case] = [
        Case("truncated line", began + "\n" + String(line("0.1", "moved").prefix(25)), location: "line 2", field: ""),
        Case("t is a string", began + "\n" + line("\"soon\"", "moved"), location: "line 2", field: "t"),
        Case("x is a string", began + "\n" + line("0.1", "moved", #"[{"id": 1, "x": "ten", "y": 20}]"#),
             location: "line 2", field: "x"),
        Case("id is fractional", line("0", "began", #"[{"id": 1.5, "x": 10, "y": 20}]"#), location: "line 1", field: "id"),
        Case("huge number", began + "\n" + line("0.1", "moved", #"[{"id": 1, "x": 1e999, "y": 20}]"#),
             location: "line 2", field: "touches[0].x"),
        Case("huge time", began + "\n" + line("-1e999", "moved"), location: "line 2", field: "t"),
        Case("NaN token", began + "\n" + line("NaN", "moved"), location: "line 2", field: "t"),
        Case("unknown phase", began + "\n" + line("0.1", "wiggled"), location: "line 2", field: "phase"),
        Case("empty touches", began + "\n" + line("0.1", "moved", "[]"), location: "line 2", field: "touches"),
        Case("same id twice", line("0", "began", #"[{"id": 1, "x": 1, "y": 2}, {"id": 1, "x": 3, "y": 4}]"#),
             location: "line 1", field: "id"),
        Case("time going backwards", began + "\n" + line("0.5", "moved") + "\n" + line("0.2", "moved"),
             location: "line 3", field: "t"),
        Case("moved before began", line("0", "moved"), location: "line 1", field: ""),
        Case("began twice", began + "\n" + line("0.1", "began"), location: "line 2", field: ""),
        Case("missing phase", began + "\n" + #"{"t": 0.1, "touches": [{"id": 1, "x": 1, "y": 2}]}"#,
             location: "line 2", field: "phase"),
        Case("deep nesting", began + "\n" + String(repeating: "[", count: 100_000), location: "line 2", field: ""),
        Case("very long bad line", began + "\n" + #"{"t": 0.1, "phase": "moved", "touches": [{"id": 1, "x": 1, "y": 2, "note": ""#
             + String(repeating: "z", count: 3_000_000) + "\"}], \"oops\": }", location: "line 2", field: ""),
        Case("invalid UTF-8", Array((began + "\n").utf8) + [0xFF, 0xFE, 0x0A], location: "line 2", field: ""),
    ]

    @Test(arguments: cases)
    func rejectedSessionNamesFileLineAndField(_ c: Case) throws {
        let dir = try TemporaryDirectory("bad-session")
        defer { dir.remove() }
        let path = dir.path("s.jsonl")
        try Data(c.bytes).write(to: URL(fileURLWithPath: path))
        do {
            let events = try TouchSessionReader.read(path)
            Issue.record("\(c.name): read \(events.count) events instead of failing")
        } catch let e as GestureDataError {
            #expect(e.description.hasPrefix(path), "\(e)")
            #expect(c.location.isEmpty || e.description.contains(c.location), "\(c.name): \(e)")
            #expect(c.field.isEmpty || e.description.contains(c.field), "\(c.name): \(e)")
        }
    }

    @Test func oddButValidSessionsRead() throws {
        let dir = try TemporaryDirectory("odd-session")
        defer { dir.remove() }
        let text = [Self.began, Self.line("0", "moved"), Self.line("0", "stationary"),  // equal times, duplicate point
                    "", Self.line("1e-300", "moved", #"[{"id": 1, "x": 1e300, "y": -1e300}]"#),
                    Self.line("0.2", "ended")].joined(separator: "\n")
        try Data(text.utf8).write(to: dir.url.appendingPathComponent("s.jsonl"))
        let events = try TouchSessionReader.read(dir.path("s.jsonl"))
        #expect(events.count == 5)
        try Data().write(to: dir.url.appendingPathComponent("empty.jsonl"))
        #expect(try TouchSessionReader.read(dir.path("empty.jsonl")).isEmpty)
    }

    @Test func twoHundredMegabyteSessionIsRefusedBySize() throws {
        let dir = try TemporaryDirectory("huge-session")
        defer { dir.remove() }
        let path = dir.path("huge.jsonl")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.began.utf8)))
        let h = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try h.truncate(atOffset: 200_000_000)
        try h.close()
        #expect(throws: GestureDataError.tooLarge(file: path, bytes: 200_000_000, limit: TouchSessionReader.maxFileBytes)) {
            try TouchSessionReader.read(path)
        }
    }
}

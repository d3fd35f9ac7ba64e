import Foundation
import Testing
@_spi(ReaderCheck) import GestureData

/// The touch-session reader's fast line scanner only changes speed: on every input it
/// gives what the strict JSON parser gives, the same events or the same error.
struct TouchSessionScannerAgreementTests {
    static let lines: [String] = [
        #"{"t": 0, "phase": "began", "touches": [{"id": 1, "x": 10, "y": 20}]}"#,
        #"{"touches":[{"y":2.5e1,"x":-0.0,"id":1}],"phase":"moved","t":0.016}"#,
        #"{"t": 1e400, "phase": "moved", "touches": [{"id": 1, "x": 1, "y": 2}]}"#,
        #"{"t": 0.1, "phase": "mov\u0065d", "touches": [{"id": 1, "x": 1, "y": 2}]}"#,
        #"{"t": 0.1, "phase": "moved", "touches": [{"id": 1, "x": 1, "y": 2}], "t": 0.2}"#,
        #"{"t": 0.1, "phase": "moved", "touches": [{"id": 1.5, "x": 1, "y": 2}]}"#,
        #"{"t": 0.1, "phase": "moved", "touches": [{"id": 1, "x": "1", "y": 2}]}"#,
        #"{"t": 0.1, "phase": "moved", "touches": []}"#,
        #"{"t": 0.1, "phase": "wiggled", "touches": [{"id": 1, "x": 1, "y": 2}]}"#,
        #"{"t": 0.1, "phase": "moved", "touches": [{"id": 1, "x": 1, "y": 2, "force": 0.5}]}"#,
        #"{"t": 0.05, "phase": "ended", "touches": [{"id": 1, "x": 00, "y": 2}]}"#,
        #"{"t": 0.2, "phase": "ended", "touches": [{"id": 1, "x": 1., "y": 2}]}"#,
        #"{"t": 0.2, "phase": "ended", "touches": [{"id": 1, "x": 1, "y": 2}]"#,
        #"{"t": 0.2, "phase": "ended", "touches": [{"id": 1, "x": 1, "y": 2}]} x"#,
    ]

    /// Sessions: the first line, then each line of the list after it (with a new touch
    /// for the ones that begin), so each is read in a context where it could be valid.
    static let sessions: [String] = lines.map { lines[0] + "\n" + $0 + "\n" }
        + [lines.joined(separator: "\n"), lines[0] + "\n" + lines[1] + "\r\n"]

    @Test(arguments: sessions)
    func theScannerAndTheStrictParserAgree(_ text: String) {
        let data = Data(text.utf8)
        let fast = Result { try TouchSessionReader.decode(data, file: "s.jsonl") }
        let strict = Result { try TouchSessionReader.decodeWithoutScanner(data, file: "s.jsonl") }
        switch (fast, strict) {
        case (.success(let a), .success(let b)):
            #expect(a == b)
        case (.failure(let a), .failure(let b)):
            #expect("\(a)" == "\(b)")
        default:
            Issue.record("scanner \(fast), strict parser \(strict)")
        }
    }

    @Test func theCanonicalSessionReadsTheSameEitherWay() throws {
        let text = Self.lines[0] + "\n" + Self.lines[1] + "\n"
        let events = try TouchSessionReader.decode(Data(text.utf8), file: "s.jsonl")
        #expect(events.count == 2)
        #expect(try TouchSessionReader.decodeWithoutScanner(Data(text.utf8), file: "s.jsonl") == events)
    }
}

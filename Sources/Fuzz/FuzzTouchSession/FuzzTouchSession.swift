import Foundation
import FuzzSupport
@_spi(ReaderCheck) import GestureData
import GestureEngine

/// Fuzz target: the touch-session reader (JSON Lines touch events) and the recognizer
/// configuration decoder (`gesturelab.recognizers/1`) on arbitrary bytes. A decoded
/// session is replayed through the standard configuration and a stroke-detector one; a
/// decoded configuration replays a fixed session. Neither may trap or hang. The fast
/// line scanner must agree with the strict parser on every input: the same events, or
/// the same error.
@main
enum FuzzTouchSession: FuzzTarget {
    static func fuzzOne(_ data: Data) {
        let fast = Result { try TouchSessionReader.decode(data, file: "fuzz.jsonl") }
        let strict = Result { try TouchSessionReader.decodeWithoutScanner(data, file: "fuzz.jsonl") }
        switch (fast, strict) {
        case (.success(let a), .success(let b)):
            precondition(a == b, "the scanner and the strict parser read different events")
        case (.failure(let a), .failure(let b)):
            precondition("\(a)" == "\(b)", "the scanner and the strict parser give different errors: \(a) / \(b)")
        case (.success, .failure(let e)):
            preconditionFailure("the scanner accepts what the strict parser refuses: \(e)")
        case (.failure(let e), .success):
            preconditionFailure("the scanner refuses what the strict parser accepts: \(e)")
        }
        if let events = ReaderInvariants.read("touch session", file: "fuzz.jsonl", bytes: data.count, {
            try TouchSessionReader.decode(data, file: "fuzz.jsonl")
        }) {
            var lastT = -Double.infinity
            for e in events {
                precondition(e.t.isFinite && e.t >= lastT, "accepted a non-finite or decreasing time")
                lastT = e.t
            }
            for config in configurations {
                _ = try? SessionReplayer.replay(events, through: config.makeArena(), file: "fuzz.jsonl")
            }
        }
        if let config = ReaderInvariants.read("engine configuration", file: "fuzz.json", bytes: data.count, {
            try RecognizerConfiguration.decode(data, file: "fuzz.json")
        }) {
            _ = try? SessionReplayer.replay(fixedSession, through: config.makeArena(), file: "fixed.jsonl")
            // What decoded must encode, and decode again.
            do { _ = try RecognizerConfiguration.decode(try config.encoded(), file: "again.json") } catch {
                preconditionFailure("a decoded configuration does not round-trip: \(error)")
            }
        }
    }

    static func setUp() {
        precondition(!fixedSession.isEmpty && configurations.count == 2, "fixtures did not decode")
    }
}

let strokeConfiguration = #"""
{"format": "gesturelab.recognizers/1", "recognizers": [
  {"name": "circle", "type": "circle"}, {"name": "shape", "type": "circle", "thresholds": "sadunShapeOnly", "decide": "end"},
  {"name": "check", "type": "checkmark"}, {"name": "swipe", "type": "swipe"},
  {"name": "tap", "type": "tap", "taps": 2}, {"name": "hold", "type": "longPress"}]}
"""#

let configurations: [RecognizerConfiguration] = [RecognizerConfiguration.standard]
    + [try? RecognizerConfiguration.decode(Data(strokeConfiguration.utf8), file: "stroke.json")].compactMap { $0 }

/// A two-finger pinch, a tap and a circle.
let fixedSession: [TouchSessionEvent] = {
    var lines: [String] = []
    func line(_ t: Double, _ phase: String, _ touches: [(Int, Double, Double)]) {
        let ts = touches.map { #"{"id": \#($0.0), "x": \#($0.1), "y": \#($0.2)}"# }.joined(separator: ", ")
        lines.append(#"{"t": \#(t), "phase": "\#(phase)", "touches": [\#(ts)]}"#)
    }
    line(0, "began", [(1, 100, 100), (2, 200, 200)])
    for i in 1...10 { line(Double(i) * 0.016, "moved", [(1, 100 - Double(i) * 3, 100), (2, 200 + Double(i) * 3, 200)]) }
    line(0.2, "ended", [(1, 70, 100), (2, 230, 200)])
    line(0.6, "began", [(3, 50, 50)]); line(0.65, "ended", [(3, 50, 50)])
    line(1.2, "began", [(4, 150, 100)])
    for i in 1...40 {
        let a = Double(i) / 40 * 2 * Double.pi
        line(1.2 + Double(i) * 0.016, "moved", [(4, 100 + 50 * cos(a), 100 + 50 * sin(a))])
    }
    line(2.0, "ended", [(4, 150, 100)])
    return (try? TouchSessionReader.decode(Data(lines.joined(separator: "\n").utf8), file: "fixed.jsonl")) ?? []
}()

import Foundation
import FuzzSupport
import GestureGeometry
import GestureMatching

/// Fuzz target (under ``FuzzSupport/ReaderInvariants``): the template library decoder (`gesturelab.templates/1`) and the
/// rejection thresholds decoder (`gesturelab.rejection/1`) on arbitrary bytes. A decoded
/// library must round-trip, and every matcher built from it must rank fixed strokes
/// without trapping (``MatcherRun``).
@main
enum FuzzTemplateLibrary: FuzzTarget {
    static func fuzzOne(_ data: Data) {
        // (These decoders are given no file name: their callers name the file.)
        if let library = ReaderInvariants.read("template library", file: nil, bytes: data.count, { try TemplateLibrary.decode(data) }) {
            precondition(!library.templates.isEmpty, "decoded a library without templates")
            let again: TemplateLibrary
            do { again = try TemplateLibrary.decode(try library.encoded()) } catch {
                preconditionFailure("a decoded library does not round-trip: \(error)")
            }
            precondition(again == library, "round trip changed the library")
            let matchers = MatcherRun.Matchers(library: library)
            for stroke in FixedStrokes.all { MatcherRun.check(matchers, on: Gesture([stroke])) }
        }
        if let t = ReaderInvariants.read("rejection thresholds", file: nil, bytes: data.count, { try RejectionThresholds.decode(data) }) {
            for v in t.thresholds.values { precondition(v.isFinite && v >= 0, "accepted threshold \(v)") }
            _ = t.accepts(Match(name: t.thresholds.keys.first ?? "x", templateIndex: 0, distance: 0.5, score: 0.5))
        }
    }
}

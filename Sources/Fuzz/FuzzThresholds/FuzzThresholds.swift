import Foundation
import FuzzSupport
import GestureDetectors
import GestureGeometry
import GestureTraining

/// Fuzz target: the detector thresholds decoders (`gesturelab.<id>/1` of every registered
/// detector, and `gesturelab.swipe/1`) on arbitrary bytes. Whatever decodes is
/// then used: each detector runs on fixed strokes, whole and point by point, and the
/// thresholds must encode and decode again to the same value.
@main
enum FuzzThresholds: FuzzTarget {
    static func fuzzOne(_ data: Data) {
        for kind in DetectorKind.allCases {
            guard let t = ReaderInvariants.read("\(kind.rawValue) thresholds", file: "fuzz.json", bytes: data.count, {
                try AnyDetectorThresholds.decode(data, kind: kind, file: "fuzz.json")
            }) else { continue }
            exercise(t)
            let again: AnyDetectorThresholds
            do { again = try AnyDetectorThresholds.decode(try t.encoded(), kind: kind, file: "again.json") } catch {
                preconditionFailure("decoded thresholds do not round-trip: \(error)")
            }
            exercise(again)
        }
        if let s = try? JSONDecoder().decode(SwipeThresholds.self, from: data) {
            let d = SwipeDetector(thresholds: s)
            for stroke in FixedStrokes.all {
                _ = d.detects(stroke)
                var stream = SwipeDetector.Stream(thresholds: s)
                for p in stroke.points { _ = stream.add(p) }
            }
        }
    }
}

func exercise(_ t: AnyDetectorThresholds) {
    for stroke in FixedStrokes.all {
        _ = t.accepts(stroke)
        _ = t.streamFires(stroke)
        t.accept(StreamRun(stroke: stroke))
    }
}

/// Feeds the stroke to the thresholds' stream and asks its end decision and margin.
struct StreamRun: DetectorThresholdsVisitor {
    let stroke: Stroke
    func visit<D: ShapeDetector>(_ thresholds: DetectorThresholds<D>) {
        var stream = DetectorStream(thresholds: thresholds)
        for p in stroke.points { _ = stream.add(p) }
        _ = stream.end()
        _ = stream.margin()
    }
}

import Foundation
import FuzzSupport
import GestureDetectors
import GestureGeometry
import GestureMatching

/// Fuzz target: bytes → a gesture with degenerate or extreme (finite) points
/// (``GestureBytes``), then every geometry step the recognizers rest on and every
/// detector preset, on whole strokes and point by point, and every matcher (against the
/// shipped templates and against the fuzzed gesture used as a template). None may trap; documented
/// results (counts, nil for degenerate input, stream end = whole-stroke decision) are checked.
@main
enum FuzzRecognizers: FuzzTarget {
    static func fuzzOne(_ data: Data) {
        var reader = GestureBytes(data)
        let gesture = reader.gesture()
        let count = Int(reader.byte() % 96) + 1
        let granularity = Int(reader.byte() % 8) + 1
        let angle = Double(Int8(bitPattern: reader.byte())) / 16

        for stroke in gesture.strokes {
            let r = stroke.resampled(count: count)
            precondition(r.count == count, "resampled(count: \(count)) gave \(r.count) points")
            precondition(r.points.first == stroke.points.first, "resampling moved the first point")
            _ = stroke.smoothed(granularity: granularity)
            _ = stroke.turningAngles
            _ = stroke.totalTurning
            _ = stroke.deduplicated
            _ = stroke.duration
            _ = stroke.pathLength
            _ = stroke.indicativeAngle
            _ = stroke.rotated(by: angle)
            _ = stroke.scaled(toSquare: 250)
            _ = stroke.scaled(uniformlyTo: 1)
            _ = stroke.translated(centroidTo: .zero)
            if stroke.points.count >= 2 {
                _ = Angles.angleBetweenPoints(stroke.points[0], stroke.points[1])
                _ = Angles.legacyAngleBetweenPoints(stroke.points[0], stroke.points[1])
            }
            if stroke.points.count >= 4 {
                let p = stroke.points
                if let a = Angles.angleBetweenLines(p[0], p[1], p[2], p[3]) {
                    precondition(a >= 0 && a <= 180, "angleBetweenLines gave \(a)")
                }
            }
        }
        for stroke in gesture.strokes { runDetectors(stroke) }
        MatcherRun.check(shippedMatchers, on: gesture)
        MatcherRun.check(library: TemplateLibrary(templates: [Template(name: "fuzz", gesture: gesture)] + fixedTemplates),
                         on: Gesture([FixedStrokes.all[0]]))
        let g = gesture.resampled(count: count)
        precondition(g.pointCount == count, "Gesture.resampled(count: \(count)) gave \(g.pointCount) points")
        _ = gesture.smoothed(granularity: granularity)
        _ = gesture.boundingBox
        _ = gesture.centroid
        _ = gesture.indicativeAngle
        _ = gesture.scaled(toSquare: 250).translated(centroidTo: .zero)
    }
}

/// Every registered detector's book presets, and the trained thresholds shipped in
/// templates/ when the target runs from the package root.
let detectorThresholds: [AnyDetectorThresholds] = DetectorKind.allCases.flatMap { kind in
    kind.bookPresets.map(\.thresholds) + shipped(kind)
}

func shipped(_ kind: DetectorKind) -> [AnyDetectorThresholds] {
    guard let data = FileManager.default.contents(atPath: "templates/\(kind.rawValue).json"),
          let t = try? AnyDetectorThresholds.decode(data, kind: kind) else { return [] }
    return [t]
}

/// The stream fed the whole stroke decides at its end as the whole-stroke test does.
struct StreamAgreesWithWhole: DetectorThresholdsVisitor {
    let stroke: Stroke
    func visit<D: ShapeDetector>(_ thresholds: DetectorThresholds<D>) {
        let whole = thresholds.accepts(stroke)
        var stream = DetectorStream(thresholds: thresholds)
        for p in stroke.points { _ = stream.add(p) }
        precondition(stream.end() == whole, "\(D.id) stream end() disagrees with the whole-stroke decision")
    }
}

/// templates/templates.json when run from the package root, else the fixed strokes.
let fixedTemplates = FixedStrokes.all.enumerated().map { Template(name: "fixed\($0.offset)", gesture: Gesture([$0.element])) }
let shippedTemplates: TemplateLibrary = {
    if let data = FileManager.default.contents(atPath: "templates/templates.json"),
       let library = try? TemplateLibrary.decode(data) { return library }
    return TemplateLibrary(templates: fixedTemplates)
}()
/// Every matcher over ``shippedTemplates``, prepared once for all inputs.
let shippedMatchers = MatcherRun.Matchers(library: shippedTemplates)

func runDetectors(_ stroke: Stroke) {
    for t in detectorThresholds { t.accept(StreamAgreesWithWhole(stroke: stroke)) }
    let swipe = SwipeDetector(thresholds: .book)
    _ = swipe.direction(of: stroke)
    var stream = SwipeDetector.Stream(thresholds: .book)
    for p in stroke.points { _ = stream.add(p) }
}

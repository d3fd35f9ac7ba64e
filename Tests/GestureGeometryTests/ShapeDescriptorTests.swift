import Foundation
import Testing
import GestureGeometry

struct ShapeDescriptorTests {
    @Test func aLineAndACircleMeasureAsExpected() throws {
        let line = Gesture(points: (0...50).map { Point(x: Double($0) * 2, y: 0) })
        let circle = Gesture(points: (0...60).map { i in
            let a = Double(i) / 60 * 2 * .pi
            return Point(x: 50 * cos(a), y: 50 * sin(a))
        })
        let names = ShapeDescriptor.names
        let l = try #require(ShapeDescriptor(line)).values, c = try #require(ShapeDescriptor(circle)).values
        func v(_ values: [Double], _ name: String) -> Double { values[names.firstIndex(of: name) ?? 0] }
        #expect(v(l, "closedness") > 0.99 && v(l, "absoluteTurning") < 0.01 && v(l, "corners") == 0)
        #expect(v(c, "closedness") < 0.05 && abs(v(c, "turningSum") - 1) < 0.05 && v(c, "selfIntersections") == 0)
        #expect(abs(v(c, "aspect") - 1) < 0.02 && v(c, "radialVariation") < 0.05)
        #expect(l.count == names.count && l.allSatisfy(\.isFinite))
    }

    @Test func scaleAndSamplingRateDoNotChangeTheValues() throws {
        func zig(_ perSegment: Int, _ scale: Double) -> Gesture {
            let c = [(0.0, 0.0), (40.0, 80.0), (80.0, 0.0), (120.0, 80.0)]
            var pts: [Point] = []
            for k in 0..<(c.count - 1) {
                for i in 0..<perSegment {
                    let t = Double(i) / Double(perSegment)
                    pts.append(Point(x: scale * (c[k].0 + t * (c[k + 1].0 - c[k].0)), y: scale * (c[k].1 + t * (c[k + 1].1 - c[k].1))))
                }
            }
            pts.append(Point(x: scale * 120, y: scale * 80))
            return Gesture(points: pts)
        }
        let a = try #require(ShapeDescriptor(zig(7, 1))).values, b = try #require(ShapeDescriptor(zig(70, 3))).values
        for (k, name) in ShapeDescriptor.names.enumerated() {
            #expect(abs(a[k] - b[k]) < 0.05, "\(name): \(a[k]) vs \(b[k])")
        }
    }

    @Test func degenerateInputHasNoDescriptor() {
        #expect(ShapeDescriptor(Gesture(points: [Point(x: 1, y: 1)])) == nil)
        #expect(ShapeDescriptor(Gesture(points: [Point(x: 1, y: 1), Point(x: 1, y: 1)])) == nil)
        #expect(ShapeDescriptor(Gesture(points: [Point(x: .nan, y: 1), Point(x: 3, y: 1)])) == nil)
        #expect(ShapeDescriptor(Gesture(points: [Point(x: 0, y: 0), Point(x: 3, y: 4)]))?.values.allSatisfy(\.isFinite) == true)
    }
}

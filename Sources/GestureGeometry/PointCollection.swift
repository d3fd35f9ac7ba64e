import Foundation

/// Something made of points — a ``Stroke`` or a ``Gesture`` — that the geometry
/// transforms apply to. Every transform returns a new value; none mutates its receiver.
public protocol PointCollection: Sendable {
    /// All points in drawing order.
    var allPoints: [Point] { get }
    /// A copy with every point replaced by `transform(point)`; the structure is kept.
    func mapPoints(_ transform: (Point) -> Point) -> Self
    /// Length of the drawn path (jumps between strokes excluded).
    var pathLength: Double { get }
}

/// An axis-aligned rectangle.
public struct BoundingBox: Hashable, Codable, Sendable {
    public var minX: Double, minY: Double, maxX: Double, maxY: Double
    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }
    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }
    public var center: Point { Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }
    /// The larger side; 0 for a single point.
    public var longerSide: Double { Swift.max(width, height) }
    /// The length of the diagonal.
    public var diagonal: Double { (width * width + height * height).squareRoot() }
}

extension PointCollection {
    /// Smallest axis-aligned box holding every point; `nil` when there are no points.
    /// With a NaN coordinate the box is defined (no crash) but its value is unspecified:
    /// check ``Stroke/isFinite`` first.
    public var boundingBox: BoundingBox? {
        let pts = allPoints
        guard let first = pts.first else { return nil }
        var box = BoundingBox(minX: first.x, minY: first.y, maxX: first.x, maxY: first.y)
        for p in pts.dropFirst() {
            box.minX = Swift.min(box.minX, p.x); box.maxX = Swift.max(box.maxX, p.x)
            box.minY = Swift.min(box.minY, p.y); box.maxY = Swift.max(box.maxY, p.y)
        }
        return box
    }

    /// Mean of the points ($1's centroid); `nil` when there are no points.
    /// A non-finite coordinate gives a non-finite centroid.
    public var centroid: Point? {
        let pts = allPoints
        guard !pts.isEmpty else { return nil }
        var sx = 0.0, sy = 0.0
        for p in pts { sx += p.x; sy += p.y }
        let n = Double(pts.count)
        return Point(x: sx / n, y: sy / n)
    }

    /// Angle in radians from the centroid to the first point, as $1 computes it:
    /// `atan2(c.y − p0.y, c.x − p0.x)`. Rotating by its negative puts the first point at 0°.
    ///
    /// Edge cases: `nil` with no points or when a coordinate is not finite (the centroid
    /// has no position then); 0 when the first point is the centroid (one point, or
    /// all points identical).
    /// - SeeAlso: Wobbrock, Wilson, Li (UIST 2007), step 2.
    public var indicativeAngle: Double? {
        guard let c = centroid, let p0 = allPoints.first, c.x.isFinite, c.y.isFinite else { return nil }
        if c.x == p0.x && c.y == p0.y { return 0 }
        return atan2(c.y - p0.y, c.x - p0.x)
    }

    /// Rotated by `angle` radians around `pivot` (the centroid when `nil`).
    /// Positive angles turn +x toward +y. Times are kept.
    ///
    /// Edge cases: an empty collection is returned unchanged; a single point rotates
    /// about itself; a NaN anywhere makes the centroid, and so every point, NaN.
    public func rotated(by angle: Double, around pivot: Point? = nil) -> Self {
        guard let c = pivot ?? centroid else { return self }
        let cosA = cos(angle), sinA = sin(angle)
        return mapPoints { p in
            let dx = p.x - c.x, dy = p.y - c.y
            return Point(x: dx * cosA - dy * sinA + c.x, y: dx * sinA + dy * cosA + c.y, t: p.t)
        }
    }

    /// Moved by `offset`.
    public func translated(by offset: Point) -> Self {
        mapPoints { Point(x: $0.x + offset.x, y: $0.y + offset.y, t: $0.t) }
    }

    /// Moved so that the centroid lands on `target` ($1 step 3, with `.zero`).
    public func translated(centroidTo target: Point) -> Self {
        guard let c = centroid else { return self }
        return translated(by: Point(x: target.x - c.x, y: target.y - c.y))
    }

    /// Multiplied by `sx`, `sy` about the origin.
    public func scaled(x sx: Double, y sy: Double) -> Self {
        mapPoints { Point(x: $0.x * sx, y: $0.y * sy, t: $0.t) }
    }

    /// Non-uniformly scaled so the bounding box becomes `size` × `size` ($1 step 3).
    ///
    /// Edge cases: an axis with zero extent (a horizontal or vertical line, one point)
    /// is left unscaled on that axis instead of dividing by zero.
    public func scaled(toSquare size: Double) -> Self {
        guard let box = boundingBox else { return self }
        let sx = box.width > 0 ? size / box.width : 1
        let sy = box.height > 0 ? size / box.height : 1
        return scaled(x: sx, y: sy)
    }

    /// Uniformly scaled so the longer side of the bounding box becomes `size`
    /// (aspect ratio kept, as $P and Protractor's variants do).
    ///
    /// Edge cases: a single point (both sides zero) is returned unchanged.
    public func scaled(uniformlyTo size: Double) -> Self {
        guard let box = boundingBox, box.longerSide > 0 else { return self }
        let s = size / box.longerSide
        return scaled(x: s, y: s)
    }

    /// Moved and uniformly scaled so that the bounding box's lower corner is the origin and
    /// its longer side is 1, with no intermediate result overflowing: finite coordinates
    /// up to ±1.8e308, where `maxX − minX` alone would be infinite, keep their shape.
    ///
    /// The template matchers start from this: they are translation and scale invariant,
    /// so it changes nothing for ordinary strokes beyond rounding, and a gesture drawn at
    /// an extreme scale is compared by its shape instead of by overflowed arithmetic.
    ///
    /// Edge cases: `nil` with no points, a non-finite coordinate, or every point in one
    /// place (nothing to scale).
    public func fittedToUnitBox() -> Self? {
        let pts = allPoints
        guard !pts.isEmpty, pts.allSatisfy(\.isFinite), let box = boundingBox else { return nil }
        // Halving first keeps the differences finite; it costs a bit only for subnormals.
        let large = [box.minX, box.maxX, box.minY, box.maxY].contains { abs($0) > 1e300 }
        let k = large ? 0.5 : 1.0
        let side = Swift.max(box.maxX * k - box.minX * k, box.maxY * k - box.minY * k)
        guard side > 0 else { return nil }
        return mapPoints { Point(x: ($0.x * k - box.minX * k) / side, y: ($0.y * k - box.minY * k) / side, t: $0.t) }
    }
}

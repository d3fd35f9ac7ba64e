import GestureGeometry

/// Small strokes the geometry tests share, and a tolerance check.
enum Fixture {
    /// The edge-case ladder: empty, one point, two identical points, collinear, with a NaN.
    static let empty = Stroke([])
    static let onePoint = Stroke([Point(x: 3, y: 4)])
    static let twoIdentical = Stroke([Point(x: 3, y: 4), Point(x: 3, y: 4)])
    static let collinear = Stroke([Point(x: 0, y: 0), Point(x: 1, y: 1), Point(x: 3, y: 3), Point(x: 4, y: 4)])
    static let withNaN = Stroke([Point(x: 0, y: 0), Point(x: .nan, y: 1), Point(x: 2, y: 2)])

    /// All rungs of the ladder, for parameterized "never crashes" tests.
    static let ladder: [Stroke] = [empty, onePoint, twoIdentical, collinear, withNaN]

    /// A horizontal line of length 10 with uneven point spacing.
    static let straight = Stroke([Point(x: 0, y: 0), Point(x: 1, y: 0), Point(x: 1.5, y: 0), Point(x: 7, y: 0), Point(x: 10, y: 0)])

    /// An L: 6 right along +x, then 4 down along +y (path length 10).
    static let ell = Stroke([Point(x: 0, y: 0), Point(x: 2, y: 0), Point(x: 6, y: 0), Point(x: 6, y: 1), Point(x: 6, y: 4)])

    /// An irregular closed-ish shape with times.
    static let squiggle = Stroke([
        Point(x: 10, y: 20, t: 0), Point(x: 14, y: 25, t: 0.01), Point(x: 30, y: 22, t: 0.02),
        Point(x: 41, y: 40, t: 0.03), Point(x: 35, y: 61, t: 0.05), Point(x: 12, y: 50, t: 0.06),
        Point(x: 9, y: 31, t: 0.08),
    ])
}

func close(_ a: Double, _ b: Double, _ tol: Double = 1e-9) -> Bool { abs(a - b) <= tol }
func close(_ a: Point, _ b: Point, _ tol: Double = 1e-9) -> Bool { close(a.x, b.x, tol) && close(a.y, b.y, tol) }

import Foundation
import Testing
import GestureGeometry

struct AnglesTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var to: Point
        var degrees: Double
        var testDescription: String { "(0,0)→(\(to.x),\(to.y)) = \(degrees)°" }
    }

    // Hand-computed: y grows downward, so +y is 90°.
    static let atan2Cases: [Case] = [
        Case(to: Point(x: 1, y: 0), degrees: 0),
        Case(to: Point(x: 1, y: 1), degrees: 45),
        Case(to: Point(x: 0, y: 1), degrees: 90),     // vertical, down
        Case(to: Point(x: -1, y: 1), degrees: 135),
        Case(to: Point(x: -1, y: 0), degrees: 180),
        Case(to: Point(x: -1, y: -1), degrees: -135),
        Case(to: Point(x: 0, y: -3), degrees: -90),   // vertical, up
        Case(to: Point(x: 3, y: -3.0.squareRoot() * 3), degrees: -60),
    ]

    @Test(arguments: atan2Cases)
    func angleBetweenPointsKeepsTheQuadrant(c: Case) {
        #expect(close(Angles.angleBetweenPoints(.zero, c.to), c.degrees, 1e-12))
    }

    @Test func angleBetweenPointsIsInHalfOpenRange() {
        // −0.0 in dy must not turn 180° into −180°.
        let a = Angles.angleBetweenPoints(Point(x: 0, y: 0), Point(x: -1, y: -0.0))
        #expect(a == 180)
    }

    @Test func angleBetweenIdenticalPointsIsZero() {
        #expect(Angles.angleBetweenPoints(Point(x: 2, y: 2), Point(x: 2, y: 2)) == 0)
    }

    static let legacyCases: [Case] = [
        // atan((second.y − first.y) / (first.x − second.x)), in degrees.
        Case(to: Point(x: 1, y: 1), degrees: -45),
        Case(to: Point(x: -1, y: -1), degrees: -45),   // the opposite direction, same value
        Case(to: Point(x: -1, y: 1), degrees: 45),
        Case(to: Point(x: 2, y: 0), degrees: 0),
        Case(to: Point(x: 0, y: 1), degrees: 90),      // vertical: divides by zero, atan(+inf)
        Case(to: Point(x: 0, y: -1), degrees: -90),
    ]

    @Test(arguments: legacyCases)
    func legacyAngleMatchesTheBooksAtanForm(c: Case) {
        #expect(close(Angles.legacyAngleBetweenPoints(.zero, c.to), c.degrees, 1e-12))
    }

    @Test func nonFinitePointsGiveNaNNotACrash() {
        #expect(Angles.angleBetweenPoints(.zero, Point(x: .nan, y: 1)).isNaN)
        #expect(Angles.legacyAngleBetweenPoints(.zero, Point(x: .nan, y: 1)).isNaN)
    }

    @Test func collinearSegmentsAreZeroOrStraight() throws {
        // Consecutive segments of one straight stroke, and a reversal.
        #expect(try #require(Angles.angleBetweenLines(.zero, Point(x: 1, y: 1), Point(x: 1, y: 1), Point(x: 3, y: 3))) == 0)
        #expect(try #require(Angles.angleBetweenLines(.zero, Point(x: 1, y: 1), Point(x: 1, y: 1), .zero)) == 180)
    }

    @Test func legacyAngleOfIdenticalPointsIsNaNAsInTheBook() {
        #expect(Angles.legacyAngleBetweenPoints(Point(x: 1, y: 1), Point(x: 1, y: 1)).isNaN)
    }

    @Test func perpendicularLinesAreNinetyDegrees() throws {
        let a = try #require(Angles.angleBetweenLines(.zero, Point(x: 1, y: 0), .zero, Point(x: 0, y: 1)))
        #expect(close(a, 90, 1e-12))
    }

    @Test(arguments: [
        (Point(x: 1, y: 0), Point(x: 1, y: 1), 45.0),
        (Point(x: 1, y: 0), Point(x: -1, y: 0), 180.0),
        (Point(x: 1, y: 0), Point(x: -1, y: 1), 135.0),
        (Point(x: 0, y: 1), Point(x: 0, y: 5), 0.0),      // both vertical
        (Point(x: 0, y: 1), Point(x: 0, y: -5), 180.0),
        (Point(x: 0, y: 2), Point(x: 1, y: 0), 90.0),
    ])
    func angleBetweenLinesMatchesHandComputedValues(u: Point, v: Point, degrees: Double) throws {
        // Segments placed away from the origin: only their directions matter.
        let a = try #require(Angles.angleBetweenLines(Point(x: 5, y: 5), Point(x: 5 + u.x, y: 5 + u.y),
                                                      Point(x: -3, y: 2), Point(x: -3 + v.x, y: 2 + v.y)))
        #expect(close(a, degrees, 1e-9))
    }

    @Test func nearlyParallelLinesAreInRangeNotNaN() throws {
        // Parallel in exact arithmetic; a rounded cosine may exceed 1, where acos gives NaN.
        let a = try #require(Angles.angleBetweenLines(.zero, Point(x: 0.1, y: 0.7), .zero, Point(x: 0.3, y: 2.1)))
        #expect(a >= 0 && a < 1e-6)
        let b = try #require(Angles.angleBetweenLines(.zero, Point(x: 0.1, y: 0.7), .zero, Point(x: -0.3, y: -2.1)))
        #expect(b <= 180 && b > 180 - 1e-6)
    }

    @Test func zeroLengthSegmentHasNoAngle() {
        #expect(Angles.angleBetweenLines(.zero, .zero, .zero, Point(x: 0, y: 1)) == nil)
        #expect(Angles.angleBetweenLines(.zero, Point(x: 0, y: 1), Point(x: 4, y: 4), Point(x: 4, y: 4)) == nil)
    }

    @Test func nonFiniteSegmentHasNoAngle() {
        #expect(Angles.angleBetweenLines(.zero, Point(x: .nan, y: 1), .zero, Point(x: 0, y: 1)) == nil)
        #expect(Angles.angleBetweenLines(.zero, Point(x: .infinity, y: 1), .zero, Point(x: 0, y: 1)) == nil)
    }

    @Test func signedTurnIsPositiveClockwiseOnScreen() throws {
        let r = try #require(Angles.signedTurn(from: Point(x: 1, y: 0), to: Point(x: 0, y: 1)))
        #expect(close(r, .pi / 2, 1e-12))
        let l = try #require(Angles.signedTurn(from: Point(x: 1, y: 0), to: Point(x: 0, y: -1)))
        #expect(close(l, -.pi / 2, 1e-12))
        #expect(Angles.signedTurn(from: .zero, to: Point(x: 0, y: 1)) == nil)
        #expect(Angles.signedTurn(from: Point(x: .nan, y: 0), to: Point(x: 0, y: 1)) == nil)
    }
}

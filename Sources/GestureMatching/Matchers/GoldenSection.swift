/// $1's golden-section search (Wobbrock, Wilson, Li, UIST 2007, DistanceAtBestAngle): the
/// smallest value of `f` over the rotations `lower…upper`, narrowing the bracket by the
/// golden ratio until it is at most `precision` wide. `f` is called once per probed
/// angle (about ten times), never per point; inlined, so each caller's distance is a
/// direct call.
@inline(__always)
func goldenSectionMinimum(_ lower: Double, _ upper: Double, precision: Double, _ f: (Double) -> Double) -> Double {
    let phi = 0.5 * (-1 + 5.0.squareRoot())
    var a = lower, b = upper
    var x1 = phi * a + (1 - phi) * b
    var f1 = f(x1)
    var x2 = (1 - phi) * a + phi * b
    var f2 = f(x2)
    while abs(b - a) > precision {
        if f1 < f2 {
            b = x2; x2 = x1; f2 = f1
            x1 = phi * a + (1 - phi) * b
            f1 = f(x1)
        } else {
            a = x1; x1 = x2; f1 = f2
            x2 = (1 - phi) * a + phi * b
            f2 = f(x2)
        }
    }
    return Swift.min(f1, f2)
}

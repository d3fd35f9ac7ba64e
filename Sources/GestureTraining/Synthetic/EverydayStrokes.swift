import Foundation
import GestureData
import GestureGeometry

/// A built-in vocabulary of everyday strokes that a shape detector or a personal
/// recognizer must *not* fire on: lines, arcs, zig-zags (at any angle, and across the
/// page), W's, spirals, coils, letter-like strokes, taps, scrolls, pans and closed polygons.
///
/// Every sample is **synthetic** (`meta["synthetic"] = "everyday"`), generated from a seed,
/// and deterministic: the same family, count and seed always give the same samples, and
/// the first `k` samples of a family do not depend on `count`. Families are independent
/// streams of the seed, so adding a family never changes the others.
///
/// The strokes are drawn the way people draw them: sizes 30–300 pt (taps excepted), drawn
/// at 150–900 pt/s with a smooth speed profile that slows at sharp corners, sampled at a
/// touch, stylus, mouse or trackpad rate (60–240 Hz), with hand wobble and sensor jitter.
/// Hard cases are the point: zig-zags and W's have corners that look like a check mark's,
/// and spirals and coils have loops that look like a circle's. What the vocabulary does
/// *not* contain is the shapes a check-mark or circle detector must accept: there is no
/// single-corner V (that is a check mark or a chevron), and ``Family/loops`` are loops
/// drawn *along a line* (cursive e's, coils that advance by more than their radius per
/// loop), never a circle drawn several times in place.
///
/// ```swift
/// let negatives = EverydayStrokes.vocabulary(countPerFamily: 50, seed: 7)
/// let zigzags = EverydayStrokes.samples(of: .zigzag, count: 200, seed: 11)
/// ```
public enum EverydayStrokes {
    /// A family of everyday strokes.
    public enum Family: String, CaseIterable, Codable, Sendable {
        /// Straight lines in every direction, 30–300 pt, with a slight bow.
        case line
        /// Circular arcs sweeping 40°–240°, either way round.
        case arc
        /// Zig-zags with 2–6 corners (3–7 straight segments) whose turns alternate,
        /// at any angles, leg lengths, orientation and size.
        case zigzag
        /// W (and tilted W) shapes: four legs down-up-down-up, middle peak of any height.
        case w
        /// Spirals of 1.5–4 turns, inward or outward, whose radius shrinks to at most
        /// 40% of the outer radius.
        case spiral
        /// 2–6 loops drawn along a line (cursive e's and coils), each loop advancing by
        /// 1.2–3 loop radii: loop-like, but never a circle drawn in place.
        case loops
        /// Letter- and digit-like strokes written upright (L, Z, N, M, S, C, U, 2, 3, 7,
        /// e, h, n, m, z); no V.
        case letter
        /// Taps: a few points within 3 pt, 50–200 ms.
        case tap
        /// Scrolls: quick, short, nearly axis-aligned flicks of 30–200 pt.
        case scroll
        /// Pans: slower drags of 50–300 pt in any direction with a little wander.
        case pan
        /// Closed polygons in one stroke: triangles, squares, rectangles (1.3–2.5 : 1) and
        /// diamonds, turned any way, from any corner in either direction, ending up to a
        /// tenth of a side short of the start or past it, with sharp corners (the pen slows
        /// at each). Polygons drawn in one sweep with rounded corners are not in the family:
        /// rounded enough, they are drawn circles (a family of them cost a circle detector a
        /// tenth of another study's circles).
        case polygon
        /// Zig-zags drawn across the page, as people draw one when asked for a zig-zag:
        /// 3–5 legs advancing left to right or right to left (within 20°), each leg
        /// 45–80° off the way forward, the first 0.6–1.2 and the last 0.8–2 times the
        /// others (a last stroke drawn long), corners sharp or rounded off.
        /// ``Family/zigzag`` turns at random and seldom lies this way; three legs going
        /// up, down and then a long way up are what fired check-mark files trained
        /// without this family.
        case zigzagAcross
    }

    /// Samples of one family, labelled `"everyday.<family rawValue>"`, with
    /// `meta["synthetic"] = "everyday"` and `meta["family"]` the family's raw value.
    ///
    /// - Parameters:
    ///   - family: which everyday stroke to draw.
    ///   - count: how many (a negative count gives none).
    ///   - seed: the seed; the same seed always gives the same samples.
    public static func samples(of family: Family, count: Int, seed: UInt64) -> [Sample] {
        let stream = UInt64(Family.allCases.firstIndex(of: family) ?? 0) + 1
        return (0..<Swift.max(0, count)).map { i in
            var rng = SeededGenerator.derived(seed: seed ^ (stream &* 0x9E37_79B9_7F4A_7C15), stream: UInt64(i))
            let stroke = draw(family, using: &rng)
            return Sample(gesture: Gesture([stroke]), label: label(of: family), subject: nil,
                          meta: ["synthetic": "everyday", "family": family.rawValue],
                          source: "synthetic everyday \(family.rawValue) \(i) (seed \(seed))")
        }
    }

    /// `countPerFamily` samples of every family but those `without`, in ``Family/allCases``
    /// order. Leaving a family out changes no other family's samples.
    public static func vocabulary(countPerFamily: Int, seed: UInt64, without: Set<Family> = []) -> [Sample] {
        Family.allCases.filter { !without.contains($0) }.flatMap { samples(of: $0, count: countPerFamily, seed: seed) }
    }

    /// The label given to a family's samples: `"everyday.<rawValue>"`.
    public static func label(of family: Family) -> String { "everyday." + family.rawValue }

    /// The family of a label given by ``label(of:)``, or `nil` for any other label.
    public static func family(ofLabel label: String) -> Family? {
        guard label.hasPrefix("everyday.") else { return nil }
        return Family(rawValue: String(label.dropFirst("everyday.".count)))
    }
}

// MARK: - Drawing

extension EverydayStrokes {
    /// A shape before timing: pieces of dense path, each drawn with its own smooth speed
    /// profile (the pen slows to a near stop between pieces, as at a sharp corner).
    fileprivate struct Shape {
        var pieces: [[Point]]
    }

    fileprivate static func draw(_ family: Family, using rng: inout SeededGenerator) -> Stroke {
        switch family {
        case .tap: return tap(using: &rng)
        case .scroll: return scroll(using: &rng)
        case .pan: return pan(using: &rng)
        default: break
        }
        let size = logUniform(30, 300, using: &rng)
        var shape: Shape
        var rotation = Double.random(in: 0..<(2 * .pi), using: &rng)
        switch family {
        case .line: shape = line(using: &rng)
        case .arc: shape = arc(using: &rng)
        case .zigzag: shape = zigzag(using: &rng)
        case .w:
            shape = w(using: &rng)
            rotation = Double.random(in: -0.5...0.5, using: &rng) + (Bool.random(using: &rng) ? 0 : .pi)
        case .spiral: shape = spiral(using: &rng)
        case .loops: shape = loops(using: &rng)
        case .letter:
            shape = letter(using: &rng)
            rotation = Double.random(in: -0.26...0.26, using: &rng)
        case .polygon: shape = polygon(using: &rng)
        case .zigzagAcross:
            shape = zigzagAcross(using: &rng)
            rotation = Double.random(in: -0.35...0.35, using: &rng) + (Bool.random(using: &rng) ? 0 : .pi)
        case .tap, .scroll, .pan: fatalError("handled above")
        }
        shape = fitted(shape, size: size, rotation: rotation, using: &rng)
        let speed = Double.random(in: 150...900, using: &rng)
        return timed(shape, speed: speed, wobble: size * Double.random(in: 0.005...0.02, using: &rng),
                     jitter: Double.random(in: 0.2...1.0, using: &rng), using: &rng)
    }

    // Shapes are built in a unit-ish frame, then scaled so their longer side is `size`.

    private static func line(using rng: inout SeededGenerator) -> Shape {
        let bow = Double.random(in: -0.06...0.06, using: &rng)
        let pts = (0...40).map { i -> Point in
            let u = Double(i) / 40
            return Point(x: u, y: bow * 4 * u * (1 - u))
        }
        return Shape(pieces: [pts])
    }

    private static func arc(using rng: inout SeededGenerator) -> Shape {
        let sweep = Double.random(in: 40...240, using: &rng) * .pi / 180
        let sign: Double = Bool.random(using: &rng) ? 1 : -1
        let n = 60
        let pts = (0...n).map { i -> Point in
            let a = sign * sweep * Double(i) / Double(n)
            return Point(x: cos(a), y: sin(a))
        }
        return Shape(pieces: [pts])
    }

    private static func zigzag(using rng: inout SeededGenerator) -> Shape {
        let corners = Int.random(in: 2...6, using: &rng)
        var direction = Double.random(in: 0..<(2 * .pi), using: &rng)
        var turnSign: Double = Bool.random(using: &rng) ? 1 : -1
        // A regular zig-zag keeps one leg length and one turn; an irregular one varies both.
        let regular = Bool.random(using: &rng)
        let baseTurn = Double.random(in: 50...165, using: &rng) * .pi / 180
        let baseLength = Double.random(in: 0.4...1, using: &rng)
        var p = Point(x: 0, y: 0)
        var vertices = [p]
        for k in 0...corners {
            let length = regular ? baseLength * Double.random(in: 0.9...1.1, using: &rng)
                                 : Double.random(in: 0.25...1, using: &rng)
            p = Point(x: p.x + length * cos(direction), y: p.y + length * sin(direction))
            vertices.append(p)
            if k < corners {
                let turn = regular ? baseTurn + Double.random(in: -0.1...0.1, using: &rng)
                                   : Double.random(in: 50...165, using: &rng) * .pi / 180
                direction += turnSign * turn
                turnSign = -turnSign
            }
        }
        return polyline(vertices)
    }

    private static func zigzagAcross(using rng: inout SeededGenerator) -> Shape {
        let legs = Int.random(in: 3...5, using: &rng)
        var up = Bool.random(using: &rng)   // the first leg's way (y grows downward)
        var p = Point(x: 0, y: 0)
        var vertices = [p]
        for k in 0..<legs {
            let slope = Double.random(in: 45...80, using: &rng) * .pi / 180
            var length = Double.random(in: 0.8...1.2, using: &rng)
            if k == 0 { length *= Double.random(in: 0.6...1.2, using: &rng) }
            if k == legs - 1 { length *= Double.random(in: 0.8...2, using: &rng) }
            p = Point(x: p.x + length * cos(slope), y: p.y + (up ? -1 : 1) * length * sin(slope))
            vertices.append(p)
            up.toggle()
        }
        if Bool.random(using: &rng) {
            // Corners rounded off, drawn as one smooth piece.
            return Shape(pieces: [Stroke(vertices).smoothed(granularity: 8).points])
        }
        return polyline(vertices)
    }

    private static func w(using rng: inout SeededGenerator) -> Shape {
        let width = Double.random(in: 0.7...1.6, using: &rng)
        let middle = Double.random(in: 0.25...1.05, using: &rng)
        let spread = Double.random(in: 0...0.15, using: &rng)
        let xs = [0, 0.25 + spread * 0.3, 0.5, 0.75 - spread * 0.3, 1].map { $0 * width }
        let ys = [0, 1, 1 - middle, 1, 0].enumerated().map { i, y in
            y + (i == 0 || i == 4 ? Double.random(in: -0.1...0.1, using: &rng) : 0)
        }
        let vertices = zip(xs, ys).map { Point(x: $0, y: $1) }
        if Double.random(in: 0...1, using: &rng) < 0.3 {
            // A rounded W, drawn as one smooth piece.
            return Shape(pieces: [Stroke(vertices).smoothed(granularity: 16).points])
        }
        return polyline(vertices)
    }

    private static func spiral(using rng: inout SeededGenerator) -> Shape {
        let turns = Double.random(in: 1.5...4, using: &rng)
        let inner = Double.random(in: 0.05...0.4, using: &rng)
        let sign: Double = Bool.random(using: &rng) ? 1 : -1
        let outward = Bool.random(using: &rng)
        let n = Int(turns * 48)
        let pts = (0...n).map { i -> Point in
            let u = Double(i) / Double(n)
            let r = outward ? inner + (1 - inner) * u : 1 - (1 - inner) * u
            let a = sign * 2 * .pi * turns * u
            return Point(x: r * cos(a), y: r * sin(a))
        }
        return Shape(pieces: [pts])
    }

    private static func polygon(using rng: inout SeededGenerator) -> Shape {
        let corners: [(Double, Double)]
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: corners = [(0.5, 0), (1, 0.87), (0, 0.87)]                       // triangle
        case 1: corners = [(0, 0), (1, 0), (1, 1), (0, 1)]                       // square
        case 2:
            let long = Double.random(in: 1.3...2.5, using: &rng)
            corners = [(0, 0), (long, 0), (long, 1), (0, 1)]                    // rectangle
        default: corners = [(0.5, 0), (1, 0.5), (0.5, 1), (0, 0.5)]              // diamond
        }
        let n = corners.count
        let start = Int.random(in: 0..<n, using: &rng)
        let forward = Bool.random(using: &rng)
        var ring = (0...n).map { k -> Point in
            let (x, y) = corners[(start + (forward ? k : n - k)) % n]
            return Point(x: x, y: y)
        }
        // End a little short of the start, or carry on a little past it.
        let close = Double.random(in: -0.1...0.1, using: &rng)
        if close < 0 {
            ring[n] = ring[n - 1].interpolated(to: ring[n], fraction: 1 + close)
        } else if close > 0 {
            ring.append(ring[0].interpolated(to: ring[1], fraction: close))
        }
        return polyline(ring)
    }

    private static func loops(using rng: inout SeededGenerator) -> Shape {
        let count = Int.random(in: 2...6, using: &rng)
        let advance = Double.random(in: 1.2...3, using: &rng)
        let squash = Double.random(in: 0.7...1.3, using: &rng)
        let sign: Double = Bool.random(using: &rng) ? 1 : -1
        // A prolate trochoid: the pen circles while moving along x; a lead-in and
        // lead-out of half a loop each, like joined cursive e's.
        let total = Double(count)
        let n = count * 48
        let pts = (0...n).map { i -> Point in
            let u = Double(i) / Double(n) * total
            let a = 2 * .pi * u
            return Point(x: advance * u - sin(a), y: sign * squash * (1 - cos(a)))
        }
        return Shape(pieces: [pts])
    }

    private static func letter(using rng: inout SeededGenerator) -> Shape {
        // Skeletons in a box 1 wide, y down; curved letters are smoothed into one piece.
        let skeletons: [(vertices: [(Double, Double)], curved: Bool)] = [
            ([(0, 0), (0, 1), (0.6, 1)], false),                             // L
            ([(0, 0), (1, 0), (0, 1), (1, 1)], false),                       // Z
            ([(0, 1), (0, 0), (0.8, 1), (0.8, 0)], false),                   // N
            ([(0, 1), (0.1, 0), (0.5, 0.7), (0.9, 0), (1, 1)], false),        // M
            ([(0, 0), (0.7, 0), (0.3, 1)], false),                           // 7
            ([(0.9, 0.1), (0.5, 0), (0.1, 0.2), (0.5, 0.5), (0.9, 0.8), (0.5, 1), (0.1, 0.9)], true), // S
            ([(0.9, 0.15), (0.5, 0), (0.05, 0.5), (0.5, 1), (0.9, 0.85)], true),                 // C
            ([(0, 0), (0.05, 0.7), (0.45, 1), (0.85, 0.7), (0.9, 0)], true),                     // U
            ([(0.1, 0.2), (0.5, 0), (0.85, 0.25), (0.1, 1), (0.9, 1)], true),                    // 2
            ([(0.1, 0.1), (0.7, 0.05), (0.35, 0.45), (0.8, 0.7), (0.1, 0.95)], true),            // 3
            ([(0.1, 0.6), (0.8, 0.55), (0.5, 0.2), (0.1, 0.6), (0.4, 1), (0.9, 0.9)], true),     // e
            ([(0, 0), (0, 1), (0.05, 0.6), (0.4, 0.45), (0.6, 0.65), (0.6, 1)], true),          // h
            ([(0, 0.3), (0, 1), (0.05, 0.45), (0.4, 0.3), (0.6, 0.5), (0.6, 1)], true),         // n
            ([(0, 0.3), (0, 1), (0.05, 0.4), (0.3, 0.3), (0.45, 1), (0.5, 0.4), (0.75, 0.3), (0.9, 1)], true), // m
            ([(0, 0.3), (0.7, 0.3), (0, 1), (0.7, 1)], false),               // z
        ]
        let pick = skeletons[Int.random(in: 0..<skeletons.count, using: &rng)]
        let width = Double.random(in: 0.7...1.3, using: &rng)
        let vertices = pick.vertices.map { v in
            Point(x: v.0 * width + Double.random(in: -0.04...0.04, using: &rng),
                  y: v.1 + Double.random(in: -0.04...0.04, using: &rng))
        }
        if pick.curved { return Shape(pieces: [Stroke(vertices).smoothed(granularity: 16).points]) }
        return polyline(vertices)
    }

    private static func tap(using rng: inout SeededGenerator) -> Stroke {
        let n = Int.random(in: 1...6, using: &rng)
        let duration = Double.random(in: 0.05...0.2, using: &rng)
        let x0 = Double.random(in: 0...400, using: &rng), y0 = Double.random(in: 0...400, using: &rng)
        return Stroke((0..<n).map { i in
            let r = Double.random(in: 0...3, using: &rng), a = Double.random(in: 0..<(2 * .pi), using: &rng)
            return Point(x: x0 + r * cos(a), y: y0 + r * sin(a), t: n == 1 ? 0 : duration * Double(i) / Double(n - 1))
        })
    }

    private static func scroll(using rng: inout SeededGenerator) -> Stroke {
        let length = Double.random(in: 30...200, using: &rng)
        let axis = Double(Int.random(in: 0..<4, using: &rng)) * .pi / 2
        let angle = axis + Double.random(in: -0.17...0.17, using: &rng)
        let bow = Double.random(in: -0.05...0.05, using: &rng)
        let pts = (0...20).map { i -> Point in
            let u = Double(i) / 20
            return Point(x: u, y: bow * 4 * u * (1 - u))
        }
        let shape = fitted(Shape(pieces: [pts]), size: length, rotation: angle, using: &rng)
        return timed(shape, speed: Double.random(in: 500...2000, using: &rng), wobble: 0.5,
                     jitter: Double.random(in: 0.2...0.8, using: &rng), using: &rng)
    }

    private static func pan(using rng: inout SeededGenerator) -> Stroke {
        let length = Double.random(in: 50...300, using: &rng)
        let angle = Double.random(in: 0..<(2 * .pi), using: &rng)
        // A drag wanders: a gentle S of a few percent of its length.
        let a1 = Double.random(in: -0.08...0.08, using: &rng), a2 = Double.random(in: -0.05...0.05, using: &rng)
        let pts = (0...40).map { i -> Point in
            let u = Double(i) / 40
            return Point(x: u, y: a1 * sin(.pi * u) + a2 * sin(2 * .pi * u))
        }
        let shape = fitted(Shape(pieces: [pts]), size: length, rotation: angle, using: &rng)
        return timed(shape, speed: Double.random(in: 80...400, using: &rng), wobble: length * 0.01,
                     jitter: Double.random(in: 0.2...0.8, using: &rng), using: &rng)
    }

    // MARK: Helpers

    private static func polyline(_ vertices: [Point]) -> Shape {
        var pieces: [[Point]] = []
        for i in 1..<vertices.count {
            let a = vertices[i - 1], b = vertices[i]
            pieces.append((0...16).map { a.interpolated(to: b, fraction: Double($0) / 16) })
        }
        return Shape(pieces: pieces)
    }

    /// Rotates, scales (longer side = `size`), and places the shape at a random position.
    private static func fitted(_ shape: Shape, size: Double, rotation: Double,
                               using rng: inout SeededGenerator) -> Shape {
        let c = cos(rotation), s = sin(rotation)
        let rotated = shape.pieces.map { $0.map { Point(x: $0.x * c - $0.y * s, y: $0.x * s + $0.y * c) } }
        let all = rotated.flatMap { $0 }
        let xs = all.map(\.x), ys = all.map(\.y)
        let minX = xs.min() ?? 0, minY = ys.min() ?? 0
        let extent = Swift.max((xs.max() ?? 0) - minX, (ys.max() ?? 0) - minY, 1e-9)
        let k = size / extent
        let x0 = Double.random(in: 20...400, using: &rng), y0 = Double.random(in: 20...400, using: &rng)
        return Shape(pieces: rotated.map { $0.map { Point(x: x0 + ($0.x - minX) * k, y: y0 + ($0.y - minY) * k) } })
    }

    /// Times the shape: each piece with a minimum-jerk speed profile, the pieces' durations
    /// following the two-thirds power of their lengths (longer legs are drawn faster);
    /// then sampled at one device rate, with a low-frequency hand wobble and sensor jitter.
    private static func timed(_ shape: Shape, speed: Double, wobble: Double, jitter: Double,
                              using rng: inout SeededGenerator) -> Stroke {
        let rates: [Double] = [60, 120, 240, 125, 90]   // touch, ProMotion, stylus, mouse, trackpad
        let rate = rates[Int.random(in: 0..<rates.count, using: &rng)]
        let lengths = shape.pieces.map { Path.length($0) }
        let total = lengths.reduce(0, +)
        // Duration per piece: total / speed shared in proportion to length^(2/3).
        let weights = lengths.map { pow(Swift.max($0, 1e-9), 2.0 / 3.0) }
        let weightSum = weights.reduce(0, +)
        let totalTime = Swift.max(0.08, total / speed)
        // Wobble: two slow sinusoids in x and y.
        let f1 = Double.random(in: 0.5...2, using: &rng), f2 = Double.random(in: 0.5...2, using: &rng)
        let p1 = Double.random(in: 0..<(2 * .pi), using: &rng), p2 = Double.random(in: 0..<(2 * .pi), using: &rng)
        var out: [Point] = []
        var t0 = 0.0
        for (index, piece) in shape.pieces.enumerated() {
            let duration = totalTime * weights[index] / weightSum
            let cumulative = cumulativeLengths(piece)
            let length = cumulative.last ?? 0
            let steps = Swift.max(1, Int((duration * rate).rounded()))
            let first = index == 0 ? 0 : 1   // a piece's first point is the previous piece's last
            for k in first...steps {
                let tau = Double(k) / Double(steps)
                let s = length * (10 * pow(tau, 3) - 15 * pow(tau, 4) + 6 * pow(tau, 5))
                let p = point(at: s, along: piece, cumulative: cumulative)
                let t = t0 + duration * tau
                let u = totalTime > 0 ? t / totalTime : 0
                let dx = wobble * sin(2 * .pi * f1 * u + p1) + jitter * gaussian(using: &rng)
                let dy = wobble * sin(2 * .pi * f2 * u + p2) + jitter * gaussian(using: &rng)
                out.append(Point(x: p.x + dx, y: p.y + dy, t: t))
            }
            t0 += duration
        }
        return Stroke(out)
    }

    private static func cumulativeLengths(_ points: [Point]) -> [Double] {
        var acc = [0.0]
        acc.reserveCapacity(points.count)
        for i in points.indices.dropFirst() { acc.append(acc[acc.count - 1] + points[i - 1].distance(to: points[i])) }
        return acc
    }

    private static func point(at s: Double, along points: [Point], cumulative: [Double]) -> Point {
        guard points.count > 1 else { return points.first ?? .zero }
        var lo = 0, hi = cumulative.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if cumulative[mid] <= s { lo = mid } else { hi = mid }
        }
        let span = cumulative[hi] - cumulative[lo]
        let f = span > 0 ? Swift.min(1, Swift.max(0, (s - cumulative[lo]) / span)) : 0
        return points[lo].interpolated(to: points[hi], fraction: f)
    }

    private static func logUniform(_ lo: Double, _ hi: Double, using rng: inout SeededGenerator) -> Double {
        exp(Double.random(in: log(lo)...log(hi), using: &rng))
    }

    private static func gaussian(using rng: inout SeededGenerator) -> Double {
        let u1 = Swift.max(Double.random(in: 0..<1, using: &rng), 1e-12), u2 = Double.random(in: 0..<1, using: &rng)
        return sqrt(-2 * log(u1)) * cos(2 * .pi * u2)
    }
}

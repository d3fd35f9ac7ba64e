import GestureGeometry

/// A view of the screen: a frame in its parent's coordinates, a hit region, flags and
/// subviews (back to front: the last is on top). What UIKit's `hitTest(_:with:)` and
/// `point(inside:with:)` look at, without drawing.
public struct ViewNode: Hashable, Sendable {
    public var name: String
    /// Origin and size in the parent's coordinates (the root's in screen coordinates).
    public var x: Double, y: Double, width: Double, height: Double
    /// Where inside its frame the view takes touches.
    public var region: HitRegion
    /// UIKit `isUserInteractionEnabled`: off, the view and its subviews take no touches.
    public var isUserInteractionEnabled: Bool
    /// UIKit `isHidden`: hidden, the view and its subviews take no touches.
    public var isHidden: Bool
    /// UIKit `isMultipleTouchEnabled`: off, the view takes one touch at a time (further
    /// touches that land on it while one is down go to no recognizer).
    public var isMultipleTouchEnabled: Bool
    public var subviews: [ViewNode]

    public init(name: String, x: Double, y: Double, width: Double, height: Double, region: HitRegion = .frame,
                isUserInteractionEnabled: Bool = true, isHidden: Bool = false, isMultipleTouchEnabled: Bool = true,
                subviews: [ViewNode] = []) {
        self.name = name
        self.x = x; self.y = y; self.width = width; self.height = height
        self.region = region
        self.isUserInteractionEnabled = isUserInteractionEnabled
        self.isHidden = isHidden
        self.isMultipleTouchEnabled = isMultipleTouchEnabled
        self.subviews = subviews
    }

    /// Every view of the tree, this one first (depth first, back to front).
    public var all: [ViewNode] { [self] + subviews.flatMap(\.all) }
}

/// The part of a view's frame that takes touches (Sadun, "Testing Touches" and "Testing
/// Against a Bitmap").
public enum HitRegion: Hashable, Sendable {
    /// The whole frame (UIKit's default `point(inside:with:)`).
    case frame
    /// A closed polygon in the view's own coordinates, filled by `rule`: even-odd leaves
    /// a hole where an inner ring lies inside the outer one; non-zero leaves it only when
    /// the inner ring runs the other way.
    case path([Point], rule: FillRule)
    /// An alpha mask of `width` × `height` values (row by row from the top), stretched
    /// over the frame; a point is inside where the alpha is at least `threshold`.
    case mask(width: Int, height: Int, alpha: [UInt8], threshold: UInt8)

    public enum FillRule: String, Hashable, Sendable, Codable {
        case evenOdd = "even-odd", nonZero = "non-zero"
    }

    /// Whether `p` (view coordinates) is inside, for a view of `width` × `height`.
    public func contains(_ p: Point, width: Double, height: Double) -> Bool {
        guard p.x >= 0, p.y >= 0, p.x < width, p.y < height else { return false }
        switch self {
        case .frame:
            return true
        case .path(let points, let rule):
            return Self.polygonContains(points, p, rule: rule)
        case .mask(let w, let h, let alpha, let threshold):
            guard w > 0, h > 0, alpha.count == w * h else { return false }
            let mx = Swift.min(w - 1, Int(p.x / width * Double(w))), my = Swift.min(h - 1, Int(p.y / height * Double(h)))
            return alpha[my * w + mx] >= threshold
        }
    }

    /// Crossing count (even-odd) or winding number (non-zero) of the polygon around `p`,
    /// counting edges that cross the horizontal ray from `p` to the right.
    static func polygonContains(_ poly: [Point], _ p: Point, rule: FillRule) -> Bool {
        guard poly.count >= 3 else { return false }
        var crossings = 0, winding = 0
        for k in poly.indices {
            let a = poly[k], b = poly[(k + 1) % poly.count]
            // Half-open in y so that a vertex on the ray counts once.
            let upward = a.y <= p.y && b.y > p.y, downward = b.y <= p.y && a.y > p.y
            guard upward || downward else { continue }
            let xCross = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
            guard xCross > p.x else { continue }
            crossings += 1
            winding += upward ? 1 : -1
        }
        return rule == .evenOdd ? crossings % 2 == 1 : winding != 0
    }
}

/// A view hierarchy and UIKit's hit-testing over it. Immutable; a class so that the
/// arena's hot path holds it by reference.
public final class ViewTree: Sendable {
    public let root: ViewNode
    /// Each view's parent (the root has none).
    private let parents: [String: String]
    private let byName: [String: ViewNode]
    /// The views' names in depth-first order; a view's number is its place here.
    public let names: [String]
    /// `contains[a * count + v]`: view `v` is view `a` or lies inside it (by number).
    private let contains: [Bool]
    /// The views by number, and the numbers of each view's subviews (back to front).
    private let nodes: [ViewNode]
    private let children: [[Int]]

    /// - Precondition: view names are unique.
    public init(_ root: ViewNode) {
        self.root = root
        var parents: [String: String] = [:], byName: [String: ViewNode] = [:]
        func walk(_ v: ViewNode, _ parent: String?) {
            precondition(byName[v.name] == nil, "two views are named '\(v.name)'")
            byName[v.name] = v
            if let parent { parents[v.name] = parent }
            for s in v.subviews { walk(s, v.name) }
        }
        walk(root, nil)
        self.parents = parents
        self.byName = byName
        let names = root.all.map(\.name)
        self.names = names
        let number = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        var contains = [Bool](repeating: false, count: names.count * names.count)
        for (v, name) in names.enumerated() {
            var a: String? = name
            while let current = a { contains[number[current]! * names.count + v] = true; a = parents[current] }
        }
        self.contains = contains
        let nodes = root.all
        self.nodes = nodes
        self.children = nodes.map { $0.subviews.map { number[$0.name]! } }
    }

    /// The number of the view called `name` (its place in ``names``).
    public func number(of name: String) -> Int? { names.firstIndex(of: name) }

    /// Whether view number `v` is view number `a` or lies inside it.
    @inline(__always)
    public func isView(number v: Int, inside a: Int) -> Bool { contains[a * names.count + v] }

    public func view(named name: String) -> ViewNode? { byName[name] }

    /// The deepest view that takes a touch at `p` (screen coordinates), as UIKit's
    /// `hitTest(_:with:)`: hidden views and views without user interaction are skipped
    /// with their subviews; a point outside a view's region is outside its subviews too;
    /// subviews are tried front to back; `nil` when no view takes it.
    public func hitTest(_ p: Point) -> String? { hitTestNumber(p).map { names[$0] } }

    /// ``hitTest(_:)`` by view number (the arena's hot path: no strings).
    public func hitTestNumber(_ p: Point) -> Int? { hitTest(0, p) }

    private func hitTest(_ n: Int, _ p: Point) -> Int? {
        let v = nodes[n]
        guard !v.isHidden, v.isUserInteractionEnabled else { return nil }
        let local = Point(x: p.x - v.x, y: p.y - v.y)
        guard v.region.contains(local, width: v.width, height: v.height) else { return nil }
        for s in children[n].reversed() {
            if let hit = hitTest(s, local) { return hit }
        }
        return n
    }

    /// UIKit `isMultipleTouchEnabled` of view number `n`.
    public func isMultipleTouchEnabled(number n: Int) -> Bool { nodes[n].isMultipleTouchEnabled }

    /// How many views lie above `view` (0 for the root and unknown names).
    public func depth(of view: String) -> Int {
        var d = 0, v = parents[view]
        while let current = v { d += 1; v = parents[current] }
        return d
    }

    /// Whether `view` is `ancestor` or lies inside it.
    public func isView(_ view: String, inside ancestor: String) -> Bool {
        var v: String? = view
        while let current = v {
            if current == ancestor { return true }
            v = parents[current]
        }
        return false
    }
}

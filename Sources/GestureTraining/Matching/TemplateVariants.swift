import GestureGeometry

/// Synthetic variants added beside each template: rotated and stretched copies of the
/// raw gesture. More templates per example give the matcher more poses to match.
///
/// ```swift
/// let v = TemplateVariants(rotationsDegrees: [-10, 10])
/// v.variants(of: gesture)   // the gesture, then 2 rotated copies
/// ```
public struct TemplateVariants: Hashable, Codable, Sendable {
    /// Rotations about the centroid, degrees (0 is never added twice).
    public var rotationsDegrees: [Double]
    /// Horizontal stretch factors (x multiplied about the centroid).
    public var stretchesX: [Double]

    public init(rotationsDegrees: [Double] = [], stretchesX: [Double] = []) {
        self.rotationsDegrees = rotationsDegrees
        self.stretchesX = stretchesX
    }

    /// No variants: each template is only itself.
    public static let none = TemplateVariants()

    public var isEmpty: Bool { rotationsDegrees.isEmpty && stretchesX.isEmpty }

    /// The gesture first, then one copy per rotation and per stretch.
    public func variants(of gesture: Gesture) -> [Gesture] {
        var out = [gesture]
        for r in rotationsDegrees where r != 0 { out.append(gesture.rotated(by: r * .pi / 180)) }
        if let c = gesture.centroid {
            for s in stretchesX where s != 1 && s > 0 {
                out.append(gesture.mapPoints { Point(x: c.x + ($0.x - c.x) * s, y: $0.y, t: $0.t) })
            }
        }
        return out
    }
}

/// A gesture the synthetic session generator can script.
public enum SyntheticGesture: Hashable, Sendable, Codable {
    /// `count` quick taps by one finger.
    case taps(count: Int)
    /// A straight swipe by `fingers` fingers.
    case swipe(fingers: Int, direction: SwipeDirection)
    /// Two fingers moving apart (`spread`) or together.
    case pinch(spread: Bool)
    /// Two fingers turning around their midpoint, `clockwise` or not.
    case rotation(clockwise: Bool)
    /// Pinch and rotation at once.
    case pinchAndRotation
    /// A one-finger drag along a wandering, never axis-aligned path.
    case pan
    /// One finger held still.
    case longPress
    /// A check mark: down-right, then a longer stroke up-right.
    case checkmark
    /// A closed circle by one finger.
    case circle
    /// A quick diagonal one-finger flick: no swipe may accept it, so in the standard
    /// configuration it is a pan.
    case diagonalFlick

    /// The names of the recognizers of ``RecognizerConfiguration/standard`` that should
    /// fire for this gesture (empty: none should).
    public var labelNames: [String] {
        switch self {
        case .taps(let n): return [n == 1 ? "singleTap" : n == 2 ? "doubleTap" : n == 3 ? "tripleTap" : "tap\(n)"]
        case .swipe(let f, _): return ["swipe\(f)"]
        case .pinch: return ["pinch"]
        case .rotation: return ["rotation"]
        case .pinchAndRotation: return ["pinch", "rotation"]
        case .pan: return ["pan"]
        case .longPress: return ["longPress"]
        case .checkmark: return ["checkmark"]
        case .circle: return ["circle"]
        case .diagonalFlick: return ["pan"]
        }
    }

    /// The mix the standard configuration can recognize: taps ×1–3, swipes by 1–5
    /// fingers in every direction, pinch both ways, rotation both ways, pinch with
    /// rotation, pan, long press.
    public static var standardMix: [SyntheticGesture] {
        var mix: [SyntheticGesture] = [.taps(count: 1), .taps(count: 2), .taps(count: 3)]
        for f in 1...5 { for d in SwipeDirection.allCases { mix.append(.swipe(fingers: f, direction: d)) } }
        mix += [.pinch(spread: true), .pinch(spread: false), .rotation(clockwise: true), .rotation(clockwise: false),
                .pinchAndRotation, .pan, .longPress]
        return mix
    }
}

/// One action sent by the arena: which recognizer, in which state, when, with what values.
/// Actions are sent on `began`, `changed`, `ended` (recognized, for a discrete
/// recognizer) and `cancelled` only — never on `possible` or `failed`.
public struct GestureActivation: Hashable, Sendable, Codable {
    public var recognizer: String
    public var kind: RecognizerKind
    public var state: RecognizerState
    /// The arena's clock when the action was sent (seconds).
    public var time: Double
    public var values: GestureValues

    public init(recognizer: String, kind: RecognizerKind, state: RecognizerState, time: Double, values: GestureValues) {
        self.recognizer = recognizer
        self.kind = kind
        self.state = state
        self.time = time
        self.values = values
    }

    /// The moment a gesture fires: `began` of a continuous recognizer or the
    /// recognition of a discrete one. Evaluation counts these.
    public var isActivation: Bool {
        state == .began || (kind == .discrete && state == .ended)
    }

    /// `recognized` for a discrete recognizer's `ended`, else the state's name.
    public var stateName: String {
        kind == .discrete && state == .ended ? "recognized" : state.rawValue
    }
}

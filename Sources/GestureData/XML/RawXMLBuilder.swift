/// Builds a ``RawXMLGesture`` from element events, checking the structure as it goes.
/// Fed by ``GestureXMLParser``.
struct RawXMLBuilder {
    let file: String
    var gesture: RawXMLGesture?
    var open: [String] = []
    var closedGesture = false
    var error: GestureDataError?

    init(file: String) { self.file = file }

    private mutating func fail(line: Int, field: String, _ reason: String) -> Bool {
        error = .invalidField(file: file, location: .line(line), field: field, reason: reason)
        return false
    }

    /// A start tag. Returns `false` (with ``error`` set) when the structure is wrong.
    mutating func start(_ name: String, attributes: [String: String], line: Int) -> Bool {
        open.append(name)
        switch name {
        case "Gesture":
            guard gesture == nil else {
                return fail(line: line, field: "Gesture", "a log holds one gesture; found a second <Gesture>")
            }
            guard open.count == 1 else { return fail(line: line, field: "Gesture", "<Gesture> must be the root element") }
            gesture = RawXMLGesture(attributes: attributes, line: line, loosePoints: [], strokes: [])
        case "Stroke":
            guard open.count == 2, open[0] == "Gesture" else {
                return fail(line: line, field: "Stroke", "<Stroke> must be a child of <Gesture>")
            }
            gesture?.strokes.append(RawXMLGesture.RawStroke(index: attributes["index"], line: line))
        case "Point":
            let p = RawXMLGesture.RawPoint(x: attributes["X"], y: attributes["Y"], t: attributes["T"], line: line)
            if open.count == 2, open[0] == "Gesture" {
                gesture?.loosePoints.append(p)
            } else if open.count == 3, open[0] == "Gesture", open[1] == "Stroke" {
                if let last = gesture?.strokes.indices.last { gesture?.strokes[last].points.append(p) }
            } else {
                return fail(line: line, field: "Point", "<Point> must be inside <Gesture> or <Gesture><Stroke>")
            }
        default:
            break  // other elements are ignored
        }
        return true
    }

    /// An end tag.
    mutating func end(_ name: String) {
        if !open.isEmpty { open.removeLast() }
        if name == "Gesture" && open.isEmpty { closedGesture = true }
    }
}

import GestureDetectors

extension RecognizerConfiguration {
    /// ``standard`` plus a check mark and a circle from GestureDetectors; the pan also
    /// waits for both to fail, so a one-finger stroke is a pan only once it is no check
    /// mark or circle (for a stroke that is neither, when the finger lifts).
    public static func standardWithShapes(checkmark: CheckmarkThresholds = .checkPlease,
                                          circle: CircleThresholds = .sadun,
                                          decision: DetectorDecision? = nil) -> RecognizerConfiguration {
        var c = standard
        c.recognizers.append(Entry(name: "checkmark", spec: .detector(.checkmark(checkmark), decision ?? .streaming)))
        c.recognizers.append(Entry(name: "circle", spec: .detector(.circle(circle), decision ?? .end)))
        if let i = c.recognizers.firstIndex(where: { $0.name == "pan" }) {
            c.recognizers[i].requireToFail += ["checkmark", "circle"]
        }
        return c
    }
}

import GestureDetectors

extension RecognizerConfiguration {
    /// ``standard`` plus a stroke recognizer for each of `detectors` (by default the book
    /// preset of each model folder's detector, ``GestureDetectors/DetectorKind/builtIn``:
    /// CheckPlease and Sadun's circle), named by the id of the detector each stands for
    /// (``GestureDetectors/AnyDetectorThresholds/role``; and label, for a detector trained
    /// per label) and deciding when `decision` says, or when the detector
    /// decides by default. The pan also waits for them all to fail, so a one-finger stroke
    /// is a pan only once it is none of the shapes (for a stroke that is none, when the
    /// finger lifts).
    public static func standardWithShapes(_ detectors: [AnyDetectorThresholds]? = nil,
                                          decision: DetectorDecision? = nil) -> RecognizerConfiguration {
        var c = standard
        var names: [String] = []
        for t in detectors ?? DetectorKind.builtIn.compactMap(\.defaultPreset) {
            // Named by the detector it stands for (a general box trained for check marks is the `checkmark`).
            var name = t.role.rawValue
            if t.role.defaultLabel == nil, let label = t.label { name += "-\(label)" }
            while names.contains(name) || c.recognizers.contains(where: { $0.name == name }) { name += "'" }
            names.append(name)
            c.recognizers.append(Entry(name: name, spec: .detector(t, decision ?? (!t.isTrained && t.kind.decidesWhileMoving ? .streaming : .end))))
        }
        if let i = c.recognizers.firstIndex(where: { $0.name == "pan" }) {
            c.recognizers[i].requireToFail += names
        }
        return c
    }
}

import Foundation
import GestureData
import GestureDetectors

/// Which detector cards the page shows.
public enum DetectorCards: Hashable, Sendable {
    /// A detector's card only when its label is one of the store's labels or the label
    /// picked for the stroke (the default: no check-mark card on a zig-zag store).
    case forLabels
    /// Every detector the recorder has.
    case all
    /// These detector kinds (`checkmark`, `circle`) always, the others by label.
    case kinds(Set<String>)

    /// Parses `auto`, `all`, `none`-free lists such as `checkmark,circle`.
    public static func parse(_ text: String) -> DetectorCards? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if t == "auto" { return .forLabels }
        if t == "all" { return .all }
        let kinds = Set(t.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        let known = Set(DetectorKind.builtIn.map(\.rawValue))
        guard !kinds.isEmpty, kinds.isSubset(of: known) else { return nil }
        return .kinds(kinds)
    }
}

/// The page's "where from" sentences: which detectors and model the recorder uses and
/// where each comes from, in plain words, from the sources the loader reported.
enum RecorderSources {
    /// The label a detector card belongs to: its thresholds' label, else its kind's
    /// default label (`check` for the check mark, `circle`).
    static func label(of detector: DetectorRecognizer) -> String? {
        detector.thresholds.label ?? detector.thresholds.role.defaultLabel
    }

    /// Whether a detector's card is shown for a stroke, given the store's labels and the
    /// label picked on the page.
    static func shows(_ detector: DetectorRecognizer, cards: DetectorCards, labels: Set<String>, picked: String?) -> Bool {
        switch cards {
        case .all: return true
        case .kinds(let kinds) where kinds.contains(detector.thresholds.role.rawValue): return true
        default:
            guard let label = label(of: detector) else { return true }
            return labels.contains(label) || picked == label
        }
    }

    /// One sentence per recognizer in use, and one per detector card hidden.
    static func sentences(_ recognizers: [any SampleRecognizer], shown: [any SampleRecognizer], store: SampleStore) -> [String] {
        let model = StoreModel.folder(of: store).path
        var out: [String] = []
        for r in recognizers {
            let hidden = !shown.contains { $0.name == r.name }
            switch r {
            case let d as DetectorRecognizer:
                var s = "\(d.name): " + detectorSource(d, modelFolder: model)
                if hidden {
                    s += " — card hidden: no label '\(label(of: d) ?? "?")' in the store (record --detectors all shows every detector)"
                }
                out.append(s)
            case let m as ModelSampleRecognizer:
                if m.source == model || m.source.hasSuffix("/\(StoreModel.folderName)") || m.source.contains("\(StoreModel.folderName) in the store") {
                    out.append("\(m.name): your own model, trained from this store's examples and never-fire strokes, in \(model) (templates, matcher, verifier)")
                } else {
                    out.append("\(m.name): the model folder \(m.source) given with --model (trained elsewhere; the Train button does not replace it)")
                }
            case let m as MatcherRecognizer:
                out.append("\(m.name): \(m.templateCount) templates from the file \(m.source)"
                           + (m.rejection == nil ? ", no rejection thresholds (it names the closest template and decides nothing)" : ", with rejection thresholds"))
            default:
                out.append("\(r.name)")
            }
        }
        return out
    }

    /// Where a detector's thresholds come from, in words.
    static func detectorSource(_ d: DetectorRecognizer, modelFolder: String) -> String {
        let source = d.source
        if source.hasPrefix("preset ") {
            let name = String(source.dropFirst("preset ".count))
            let title = d.thresholds.kind.bookPresets.first { $0.names.contains(name) }?.title ?? name
            return "the book preset \(name) (\(title)): a book preset is a fixed rule with the numbers of a book's example code (the iOS gesture chapters this tool grew out of), compiled into the tool; it was not trained on anyone's strokes here"
        }
        if source.hasPrefix(modelFolder) || source.hasPrefix(StoreModel.folderName) || source.contains("/\(StoreModel.folderName)/") {
            return "thresholds trained from your examples in this store (\(source))"
        }
        if source.hasSuffix(", shipped with GestureLab") {
            return "the thresholds shipped with GestureLab (\(source.dropLast(", shipped with GestureLab".count)), compiled into the tool; trained on the $1 logs' check marks and circles, not on your strokes)"
        }
        if source.hasSuffix("(from GESTURELAB_TEMPLATES)") {
            return "thresholds read from the file \(source.dropLast(" (from GESTURELAB_TEMPLATES)".count)), named by the GESTURELAB_TEMPLATES folder in place of the shipped ones"
        }
        if source.hasPrefix("/") || source.hasPrefix(".") || source.hasSuffix(".json") {
            return "thresholds read from the file \(source)"
        }
        return "thresholds from \(source)"
    }
}

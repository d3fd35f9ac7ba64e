import Foundation
import GestureGeometry

/// Reads the $1 unistroke logs (Wobbrock, Wilson, Li, UIST 2007): one `<Gesture>` with
/// `<Point X Y T/>` children per file.
///
/// ```xml
/// <Gesture Name="check01" Subject="2" Speed="medium" Number="1" NumPts="2" ...>
///   <Point X="77" Y="199" T="11581717" />
///   <Point X="79" Y="201" T="11581822" />
/// </Gesture>
/// ```
/// Rules, including the variants seen in the wild:
/// - `label` is the `Name` attribute (else the file name) with trailing digits removed:
///   `check01` → `check`, `delete_mark10` → `delete_mark`. `meta["name"]` keeps the name.
/// - `subject` is the `Subject` attribute; when absent, the caller's fallback (the first
///   folder under the dataset root).
/// - `Speed` goes to `meta["speed"]` when present; when missing, the parent folder name
///   is used when it is `slow`, `medium` or `fast`; otherwise there is no speed.
/// - `NumPts`, when present, must equal the number of points; it may be missing.
/// - `T` (time), the rule: when every `T` in the file is an integer literal (`268257274`)
///   the times are milliseconds, as the original .NET logger wrote them; when any `T`
///   has a fraction or an exponent (`12.5`, `1.2e3`) all are seconds. Times are stored
///   in seconds. `T` is on every point or on none (a gesture without `T` has no times),
///   and may not decrease.
/// - `X` and `Y` are required decimal numbers and must be finite.
/// - At least one point; a file holding `<Stroke>` elements is a multistroke log and is
///   rejected here (``GestureXMLReader`` picks the right reader by content).
public enum DollarOneXMLReader {
    /// Parses one file's bytes.
    /// - Parameters:
    ///   - data: the XML.
    ///   - file: the path, used in errors and as the sample's source.
    ///   - fallbackSubject: subject used when the file has no `Subject` attribute.
    /// - Throws: ``GestureDataError`` naming the file, the line and the field (or XML element).
    public static func read(_ data: Data, file: String, fallbackSubject: String? = nil) throws -> Sample {
        try sample(from: RawXMLGesture.parse(data, file: file), file: file, fallbackSubject: fallbackSubject)
    }

    static func sample(from raw: RawXMLGesture, file: String, fallbackSubject: String?) throws -> Sample {
        if let s = raw.strokes.first {
            throw GestureDataError.invalidField(
                file: file, location: .line(s.line), field: "Stroke",
                reason: "a $1 log has <Point> children of <Gesture>; <Stroke> elements make it a multistroke log")
        }
        guard !raw.loosePoints.isEmpty else {
            throw GestureDataError.invalidField(file: file, location: .line(raw.line), field: "Point",
                                                reason: "the gesture has no points (empty stroke)")
        }
        try XMLFields.checkNumPts(raw.attributes["NumPts"], actual: raw.loosePoints.count, line: raw.line, file: file)
        let points = try XMLFields.points([raw.loosePoints], file: file).strokes[0]
        let url = URL(fileURLWithPath: file)
        let name = raw.attributes["Name"] ?? url.deletingPathExtension().lastPathComponent
        var meta: [String: String] = [:]
        if let s = raw.attributes["Speed"] {
            meta["speed"] = s
        } else {
            let parent = url.deletingLastPathComponent().lastPathComponent
            if ["slow", "medium", "fast"].contains(parent) { meta["speed"] = parent }
        }
        if let n = raw.attributes["Number"] { meta["number"] = n }
        meta["name"] = name
        return Sample(gesture: Gesture(points: points), label: labelFromName(name),
                      subject: raw.attributes["Subject"] ?? fallbackSubject, meta: meta, source: file)
    }

    /// `check01` → `check`; a name of digits only is kept whole.
    public static func labelFromName(_ name: String) -> String {
        var s = Substring(name)
        while let last = s.last, last.isASCII, last.isNumber { s = s.dropLast() }
        return s.isEmpty ? name : String(s)
    }
}

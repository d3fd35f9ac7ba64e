import Foundation
import GestureGeometry

/// Reads the multistroke XML logs of the $N and $P studies (the MMG "mixed multistroke
/// gestures" set of Anthony & Wobbrock, and the $N logs): one `<Gesture>` holding
/// `<Stroke index>` elements of `<Point X Y T Pressure/>`.
///
/// ```xml
/// <Gesture Name="arrowhead~01" Subject="10" InputType="stylus" Speed="FAST" NumPts="3">
///   <Stroke index="1"><Point X="0" Y="0" T="1" Pressure="128"/> … </Stroke>
/// </Gesture>
/// ```
/// Rules:
/// - `label` is `Name` without its `~NN` repetition suffix (`arrowhead~01` →
///   `arrowhead`); a name without `~` loses trailing digits as in the $1 logs; without
///   `Name`, the file name is used. `meta["name"]` keeps the whole name and
///   `meta["number"]` the suffix.
/// - `subject` is `Subject`, else the caller's fallback (first folder under the root).
/// - `Speed` goes to `meta["speed"]` lower-cased (`FAST` → `fast`, so filters match the
///   $1 logs); `InputType` (finger / stylus) goes to `meta["device"]`.
/// - Strokes are kept in document order; `index`, when present, must be an integer.
///   Every stroke needs at least one point; `NumPts`, when present, must equal the total.
/// - `T`: the same rule as ``DollarOneXMLReader`` — all integer literals are
///   milliseconds, any fraction or exponent means seconds — over the whole gesture; times
///   may not decrease from stroke to stroke. No copy of the MMG logs was available to
///   check which unit they write, so the literal form decides: integer milliseconds and
///   fractional seconds both read correctly. `Pressure` is ignored: a
///   ``GestureGeometry/Point`` has no pressure.
/// - `X`, `Y` are required finite decimal numbers.
public enum MultistrokeXMLReader {
    /// Parses one file's bytes.
    /// - Throws: ``GestureDataError`` naming the file, the line and the field (or element).
    public static func read(_ data: Data, file: String, fallbackSubject: String? = nil) throws -> Sample {
        try sample(from: RawXMLGesture.parse(data, file: file), file: file, fallbackSubject: fallbackSubject)
    }

    static func sample(from raw: RawXMLGesture, file: String, fallbackSubject: String?) throws -> Sample {
        if let p = raw.loosePoints.first {
            throw GestureDataError.invalidField(file: file, location: .line(p.line), field: "Point",
                                                reason: "a multistroke log keeps its points inside <Stroke> elements")
        }
        guard !raw.strokes.isEmpty else {
            throw GestureDataError.invalidField(file: file, location: .line(raw.line), field: "Stroke",
                                                reason: "the gesture has no strokes")
        }
        for s in raw.strokes {
            if let index = s.index, Int(XMLFields.trimmedASCII(index)) == nil {
                throw GestureDataError.invalidField(file: file, location: .line(s.line), field: "Stroke.index",
                                                    reason: "'\(shownValue(index))' is not an integer")
            }
            if s.points.isEmpty {
                throw GestureDataError.invalidField(file: file, location: .line(s.line), field: "Stroke",
                                                    reason: "empty stroke (no points)")
            }
        }
        let total = raw.strokes.reduce(0) { $0 + $1.points.count }
        try XMLFields.checkNumPts(raw.attributes["NumPts"], actual: total, line: raw.line, file: file)
        let (points, timeNote) = try XMLFields.points(raw.strokes.map(\.points), file: file)
        let strokes = points.map(Stroke.init)

        let name = raw.attributes["Name"] ?? URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        var meta: [String: String] = ["name": name]
        if let timeNote { meta["note"] = timeNote }
        let label: String
        if let tilde = name.lastIndex(of: "~"), tilde != name.startIndex {
            label = String(name[..<tilde])
            let suffix = name[name.index(after: tilde)...]
            if !suffix.isEmpty { meta["number"] = String(suffix) }
        } else {
            label = DollarOneXMLReader.labelFromName(name)
        }
        if let s = raw.attributes["Speed"] { meta["speed"] = s.lowercased() }
        if let d = raw.attributes["InputType"] { meta["device"] = d }
        return Sample(gesture: Gesture(strokes), label: label,
                      subject: raw.attributes["Subject"] ?? fallbackSubject, meta: meta, source: file)
    }
}

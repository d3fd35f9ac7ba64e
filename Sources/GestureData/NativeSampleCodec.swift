import Foundation
import GestureGeometry

/// The native sample format `gesturelab.sample/1` (README, Data formats), one JSON object per
/// file or per line of a `.jsonl` dataset.
///
/// ```json
/// {"format": "gesturelab.sample/1", "label": "check", "subject": "s02",
///  "meta": {"speed": "medium"}, "strokes": [[[77, 199, 0.0], [79, 201, 0.105]]]}
/// ```
/// Reading rules: `format` must be exactly ``format``; `strokes` is required and holds at
/// least one stroke of at least one point; a point is `[x, y]` or `[x, y, t]` with finite
/// numbers (JSON has no NaN; a number too large for a `Double`, such as `1e999`, is
/// rejected too); times may not go back by more than ``timeTolerance`` within a stroke
/// (strokes may overlap in time or come out of order, as in real multistroke logs);
/// `label` and `subject` are strings or absent/null; `meta` maps names to strings.
/// Unknown keys are ignored, so later minor additions stay readable.
public enum NativeSampleCodec {
    public static let format = "gesturelab.sample/1"

    /// Times may step back by this much (seconds) within a stroke before a sample is
    /// rejected, to absorb clock jitter.
    public static let timeTolerance = 0.001

    /// The most JSON values one sample document may hold: every point of
    /// ``SampleLimits/maxPoints`` as an object of a dozen keys (the collections' layout),
    /// plus room for labels and meta. Parsing stops there, so memory stays bounded.
    public static let maxJSONValues = SampleLimits.maxPoints * 16 + 4096

    /// Decodes one sample object.
    /// - Parameters:
    ///   - data: the JSON object's bytes.
    ///   - file: path for errors; `location` says which line or sample (`.whole` for a
    ///     file holding one sample: errors then name the JSON line, or `sample 1`).
    /// - Throws: ``GestureDataError`` naming the file, the line or sample, and the field.
    ///   - nativeOnly: refuse the collections' JSON layouts (``GesterJSONReader``) that a
    ///     whole file may otherwise be in: what the recorder receives and stores is native.
    public static func decode(_ data: Data, file: String, location: DataLocation = .whole, nativeOnly: Bool = false) throws -> Sample {
        let root: JSONValue
        do {
            root = try JSONParser.parse(data, maxValues: maxJSONValues)
        } catch {
            let loc: DataLocation = location == .whole ? .line(error.line) : location
            let column = location == .whole ? "column \(error.column)" : "column \(error.column) of the line"
            let field = JSONPathComponent.string(error.path)
            if error.isNonFiniteToken || !error.path.isEmpty {
                throw GestureDataError.invalidField(file: file, location: loc, field: field,
                                                    reason: "\(error.reason) (\(column))")
            }
            throw GestureDataError.malformed(file: file, location: loc, reason: "\(error.reason) (\(column))")
        }
        let loc: DataLocation = location == .whole ? .sample(1) : location
        func fail(_ field: String, _ reason: String) -> GestureDataError {
            .invalidField(file: file, location: loc, field: field, reason: reason)
        }
        // A whole file may also be in one of the public collections' layouts.
        if location == .whole, !nativeOnly, GesterJSONReader.recognizes(root) { return try GesterJSONReader.read(root, file: file) }
        guard case .object = root else { throw fail("(root)", "a sample is a JSON object, found \(root.kindName)") }

        guard let formatValue = root["format"] else { throw fail("format", "missing") }
        guard case .string(let format) = formatValue else {
            throw fail("format", "must be a string, found \(formatValue.kindName)")
        }
        guard format == Self.format else {
            // Shown cut: a 20 MB `format` was once echoed whole.
            throw GestureDataError.unsupportedFormat(file: file, location: loc, found: shownValue(format))
        }
        let rawLabel = try optionalString(root["label"], field: "label", fail: fail)
        let subject = try optionalString(root["subject"], field: "subject", fail: fail)
        var meta: [String: String] = [:]
        switch root["meta"] {
        case nil, .null?: break
        case .object(let members)?:
            for (k, v) in members {
                guard case .string(let s) = v else { throw fail("meta.\(shownValue(k))", "must be a string, found \(v.kindName)") }
                meta[k] = s
            }
        case let other?: throw fail("meta", "must be an object of strings, found \(other.kindName)")
        }

        guard let strokesValue = root["strokes"] else { throw fail("strokes", "missing") }
        guard case .array(let rawStrokes) = strokesValue else {
            throw fail("strokes", "must be an array of strokes, found \(strokesValue.kindName)")
        }
        guard !rawStrokes.isEmpty else { throw fail("strokes", "a sample needs at least one stroke") }
        var strokes: [Stroke] = []
        strokes.reserveCapacity(rawStrokes.count)
        var lastT: Double?
        var totalPoints = 0
        for (k, rs) in rawStrokes.enumerated() {
            guard case .array(let rawPoints) = rs else {
                throw fail("strokes[\(k)]", "a stroke is an array of points, found \(rs.kindName)")
            }
            guard !rawPoints.isEmpty else { throw fail("strokes[\(k)]", "empty stroke (no points)") }
            totalPoints += rawPoints.count
            guard totalPoints <= SampleLimits.maxPoints else {  // bounded work downstream: some consumers are quadratic in points
                throw fail("strokes[\(k)]", "more than \(SampleLimits.maxPoints) points in one sample (SampleLimits.maxPoints)")
            }
            var pts: [Point] = []
            pts.reserveCapacity(rawPoints.count)
            lastT = nil  // strokes may overlap in time or come out of order (real multistroke logs)
            for (i, rp) in rawPoints.enumerated() {
                let field = "strokes[\(k)][\(i)]"
                guard case .array(let comps) = rp, comps.count == 2 || comps.count == 3 else {
                    throw fail(field, "a point is [x, y] or [x, y, t]; found \(describe(rp))")
                }
                var xyt: [Double] = []
                for (j, c) in comps.enumerated() {
                    guard case .number(let v) = c else {
                        throw fail("\(field)[\(j)]", "must be a number, found \(c.kindName)")
                    }
                    guard v.isFinite else {
                        throw fail("\(field)[\(j)]", "number out of range for a Double (non-finite)")
                    }
                    xyt.append(v)
                }
                let t: Double? = xyt.count == 3 ? xyt[2] : nil
                // A few ulps of slack: at epoch-second scale (~1.7e9) a 1 ms step is not exact.
                if let t, let lastT, lastT - t > timeTolerance + 4 * Double.ulpOfOne * Swift.max(abs(t), abs(lastT)) {
                    throw fail("\(field)[2]", "time goes backwards within a stroke (\(t) after \(lastT); at most 0.001 s is allowed)")
                }
                if let t { lastT = t }
                pts.append(Point(x: xyt[0], y: xyt[1], t: t))
            }
            strokes.append(Stroke(pts))
        }
        // One label check wherever a label enters: NFC, no control characters (checked
        // after the strokes, so a bad point is reported first, as before labels were checked).
        let label = try rawLabel.map { raw in
            do { return try GestureLabel.normalized(raw) } catch { throw fail("label", "\(error)") }
        }
        return Sample(gesture: Gesture(strokes), label: label, subject: subject,
                      meta: meta, source: location == .whole ? file : "\(file):\(location)")
    }

    private static func optionalString(_ v: JSONValue?, field: String,
                                       fail: (String, String) -> GestureDataError) throws -> String? {
        switch v {
        case nil, .null?: return nil
        case .string(let s)?: return s
        case let other?: throw fail(field, "must be a string, found \(other.kindName)")
        }
    }

    private static func describe(_ v: JSONValue) -> String {
        if case .array(let a) = v { return "\(a.count) values" }
        return v.kindName
    }

    /// Encodes a sample as one compact JSON object (no trailing newline), keys sorted so
    /// output is byte-for-byte reproducible.
    /// - Throws: ``GestureDataError/invalidField(file:location:field:reason:)`` for a
    ///   sample that could not be read back: no strokes, an empty stroke, a non-finite number.
    public static func encode(_ sample: Sample) throws -> Data {
        let name = sample.source ?? "<sample>"
        if sample.gesture.strokes.isEmpty {
            throw GestureDataError.invalidField(file: name, location: .whole, field: "strokes",
                                                reason: "a sample needs at least one stroke")
        }
        for (k, s) in sample.gesture.strokes.enumerated() {
            if s.isEmpty {
                throw GestureDataError.invalidField(file: name, location: .whole, field: "strokes[\(k)]",
                                                    reason: "empty stroke (no points)")
            }
            if let i = s.points.firstIndex(where: { !$0.isFinite }) {
                throw GestureDataError.invalidField(file: name, location: .whole, field: "strokes[\(k)][\(i)]",
                                                    reason: "non-finite number")
            }
        }
        let wire = Wire(format: format, label: sample.label, subject: sample.subject,
                        meta: sample.meta.isEmpty ? nil : sample.meta,
                        strokes: sample.gesture.strokes.map { $0.points.map { p in
                            p.t.map { [p.x, p.y, $0] } ?? [p.x, p.y] } })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(wire)
        } catch {
            throw GestureDataError.invalidField(file: name, location: .whole,
                                                field: "strokes", reason: "cannot encode: \(error)")
        }
    }

    /// Writes one sample as a native sample file (pretty-printed is not needed: one line,
    /// then a newline), atomically.
    /// - Throws: the errors of ``encode(_:)`` and ``AtomicFile/write(_:to:removingStaleTemporaries:)``; on any error
    ///   no file is left at `url`.
    public static func write(_ sample: Sample, to url: URL) throws {
        var data = try encode(sample)
        data.append(UInt8(ascii: "\n"))
        try AtomicFile.write(data, to: url)
    }

    private struct Wire: Encodable {
        var format: String
        var label: String?
        var subject: String?
        var meta: [String: String]?
        var strokes: [[[Double]]]
    }
}

import Foundation
import GestureGeometry

/// The native sample format `gesturelab.sample/1` (DESIGN.md §2), one JSON object per
/// file or per line of a `.jsonl` dataset.
public enum NativeSampleCodec {
    public static let format = "gesturelab.sample/1"

    struct Wire: Codable {
        var format: String?
        var label: String?
        var subject: String?
        var meta: [String: String]?
        var strokes: [[[Double]]]?
    }

    /// Decodes one sample object.
    /// - Parameters:
    ///   - data: the JSON object's bytes.
    ///   - file: path for errors; `location` says which line or sample.
    public static func decode(_ data: Data, file: String, location: DataLocation = .whole) throws -> Sample {
        let wire: Wire
        do {
            wire = try JSONDecoder().decode(Wire.self, from: data)
        } catch let DecodingError.typeMismatch(_, ctx), let DecodingError.valueNotFound(_, ctx) {
            throw GestureDataError.invalidField(file: file, location: location, field: pathString(ctx.codingPath),
                                                reason: ctx.debugDescription)
        } catch let DecodingError.dataCorrupted(ctx) {
            if ctx.codingPath.isEmpty {
                throw GestureDataError.malformed(file: file, location: location, reason: underlying(ctx))
            }
            throw GestureDataError.invalidField(file: file, location: location, field: pathString(ctx.codingPath),
                                                reason: underlying(ctx))
        } catch {
            throw GestureDataError.malformed(file: file, location: location, reason: "\(error)")
        }
        guard let format = wire.format else {
            throw GestureDataError.invalidField(file: file, location: location, field: "format", reason: "missing")
        }
        guard format == Self.format else {
            throw GestureDataError.unsupportedFormat(file: file, location: location, found: format)
        }
        guard let rawStrokes = wire.strokes else {
            throw GestureDataError.invalidField(file: file, location: location, field: "strokes", reason: "missing")
        }
        guard !rawStrokes.isEmpty else {
            throw GestureDataError.invalidField(file: file, location: location, field: "strokes",
                                                reason: "a sample needs at least one stroke")
        }
        var strokes: [Stroke] = []
        strokes.reserveCapacity(rawStrokes.count)
        var lastT: Double?
        for (k, rs) in rawStrokes.enumerated() {
            guard !rs.isEmpty else {
                throw GestureDataError.invalidField(file: file, location: location, field: "strokes[\(k)]",
                                                    reason: "empty stroke (no points)")
            }
            var pts: [Point] = []
            pts.reserveCapacity(rs.count)
            for (i, p) in rs.enumerated() {
                let field = "strokes[\(k)][\(i)]"
                guard p.count == 2 || p.count == 3 else {
                    throw GestureDataError.invalidField(file: file, location: location, field: field,
                                                        reason: "a point is [x, y] or [x, y, t]; found \(p.count) numbers")
                }
                guard p.allSatisfy(\.isFinite) else {
                    throw GestureDataError.invalidField(file: file, location: location, field: field,
                                                        reason: "non-finite number")
                }
                let t: Double? = p.count == 3 ? p[2] : nil
                if let t, let lastT, t < lastT - timeTolerance {
                    throw GestureDataError.invalidField(file: file, location: location, field: field,
                                                        reason: "time goes backwards (\(t) after \(lastT))")
                }
                if let t { lastT = t }
                pts.append(Point(x: p[0], y: p[1], t: t))
            }
            strokes.append(Stroke(pts))
        }
        return Sample(gesture: Gesture(strokes), label: wire.label, subject: wire.subject,
                      meta: wire.meta ?? [:], source: location == .whole ? file : "\(file):\(location)")
    }

    /// Times may step back by this much (seconds) before a sample is rejected, to absorb
    /// clock jitter between strokes.
    public static let timeTolerance = 0.001

    /// Encodes a sample as one compact JSON object (no trailing newline), keys sorted so
    /// output is byte-for-byte reproducible.
    public static func encode(_ sample: Sample) throws -> Data {
        let wire = Wire(format: format, label: sample.label, subject: sample.subject,
                        meta: sample.meta.isEmpty ? nil : sample.meta,
                        strokes: sample.gesture.strokes.map { $0.points.map { p in
                            p.t.map { [p.x, p.y, $0] } ?? [p.x, p.y] } })
        for (k, s) in sample.gesture.strokes.enumerated() where s.isEmpty {
            throw GestureDataError.invalidField(file: sample.source ?? "<sample>", location: .whole,
                                                field: "strokes[\(k)]", reason: "empty stroke (no points)")
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try encoder.encode(wire)
        } catch {
            throw GestureDataError.invalidField(file: sample.source ?? "<sample>", location: .whole,
                                                field: "strokes", reason: "cannot encode: \(error)")
        }
    }

    private static func pathString(_ path: [CodingKey]) -> String {
        var s = ""
        for key in path {
            if let i = key.intValue { s += "[\(i)]" } else { s += s.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
        return s.isEmpty ? "(root)" : s
    }

    private static func underlying(_ ctx: DecodingError.Context) -> String {
        if let u = ctx.underlyingError { return "\(ctx.debugDescription) (\(u.localizedDescription))" }
        return ctx.debugDescription
    }
}

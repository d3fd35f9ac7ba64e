import Foundation
import GestureGeometry

/// The two other JSON sample layouts found in public gesture collections, told apart
/// from the native format by content (as the XML kinds are):
///
/// - **One sample per file, points with stroke ids** (the Gester collection's layout
///   for the $1, MMG, NicIcon, HOMUS, LowVision… datasets):
///   ```json
///   {"name": "star", "subject": 11, "date": "2007-03-15",
///    "paths": {"Pen": {"strokes": [{"x": 70, "y": 242, "t": 267786914, "stroke_id": 0,
///                                   "w": null, "z": null, "alpha": null, "beta": null, "gamma": null}]}}}
///   ```
///   Label from `name`, subject from `subject` (number or string), `meta["device"]` from
///   the one key under `paths`, `meta["date"]` when present. Points are grouped into
///   strokes by `stroke_id`, strokes in order of first appearance, points in file order.
///   Numbers may be written as strings (`"x": "70"`). `t` is in milliseconds (read as
///   seconds); it is on every point or on none and may step back by at most 1 ms within a
///   stroke. Other point keys (`w`, `z`, angles) are ignored.
/// - **A bare array of strokes**, each an array of `[x, y]` (drawn-shapes sets): label =
///   the name of the folder holding the file.
enum GesterJSONReader {
    /// Whether `root` is one of these layouts rather than a native sample.
    static func recognizes(_ root: JSONValue) -> Bool {
        switch root {
        case .array: return true
        case .object: return root["format"] == nil && root["paths"] != nil
        default: return false
        }
    }

    static func read(_ root: JSONValue, file: String) throws -> Sample {
        func fail(_ field: String, _ reason: String) -> GestureDataError {
            .invalidField(file: file, location: .whole, field: field, reason: reason)
        }
        if case .array(let strokes) = root { return try bareStrokes(strokes, file: file, fail: fail) }
        let label: String
        switch root["name"] {
        case .string(let s)?: label = s
        case let other?: throw fail("name", "must be a string, found \(other.kindName)")
        case nil: throw fail("name", "missing (the gesture's label)")
        }
        var subject: String?
        switch root["subject"] {
        case nil, .null?: subject = nil
        case .string(let s)?: subject = s
        case .number(let n)?:
            subject = n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)
        case let other?: throw fail("subject", "must be a number or a string, found \(other.kindName)")
        }
        var meta: [String: String] = [:]
        if case .string(let d)? = root["date"] { meta["date"] = d }
        guard case .object(let devices)? = root["paths"] else { throw fail("paths", "must be an object with one input device") }
        guard devices.count == 1, let (device, path) = devices.first else {
            throw fail("paths", "must hold exactly one input device, found \(devices.count)")
        }
        meta["device"] = device
        let base = "paths.\(shownValue(device)).strokes"
        guard case .array(let points)? = path["strokes"] else { throw fail(base, "missing or not an array of points") }
        guard !points.isEmpty else { throw fail(base, "no points") }
        guard points.count <= SampleLimits.maxPoints else {
            throw fail(base, "more than \(SampleLimits.maxPoints) points in one sample (SampleLimits.maxPoints)")
        }
        var order: [Int] = []                 // stroke ids in order of first appearance
        var byStroke: [Int: [Point]] = [:]
        var lastT: [Int: Double] = [:]         // per stroke, in milliseconds
        var timed = 0
        for (i, p) in points.enumerated() {
            let field = "\(base)[\(i)]"
            guard case .object = p else { throw fail(field, "a point is an object, found \(p.kindName)") }
            let x = try number(p["x"], field: field + ".x", fail: fail)
            let y = try number(p["y"], field: field + ".y", fail: fail)
            let id = try optionalNumber(p["stroke_id"], field: field + ".stroke_id", fail: fail) ?? 0
            guard id == id.rounded(), abs(id) < 1e9 else { throw fail(field + ".stroke_id", "must be a whole number") }
            let stroke = Int(id)
            var t: Double?
            if let ms = try optionalNumber(p["t"], field: field + ".t", fail: fail) {
                if let last = lastT[stroke], last - ms > 1 {
                    throw fail(field + ".t", "time goes backwards within a stroke (\(shownValue(String(ms))) after \(shownValue(String(last))) ms; at most 1 ms is allowed)")
                }
                lastT[stroke] = ms
                t = ms / 1000
                timed += 1
            }
            if byStroke[stroke] == nil { order.append(stroke) }
            byStroke[stroke, default: []].append(Point(x: x, y: y, t: t))
        }
        guard timed == 0 || timed == points.count else {
            throw fail(base, "'t' is on \(timed) of \(points.count) points: give it on every point or on none")
        }
        return Sample(gesture: Gesture(order.map { Stroke(byStroke[$0] ?? []) }), label: label, subject: subject,
                      meta: meta, source: file)
    }

    /// A drawn-shapes file: strokes of `[x, y]`, labelled by the folder.
    static func bareStrokes(_ strokes: [JSONValue], file: String, fail: (String, String) -> GestureDataError) throws -> Sample {
        guard !strokes.isEmpty else { throw fail("(root)", "an array of strokes needs at least one stroke") }
        var out: [Stroke] = []
        var total = 0
        for (k, s) in strokes.enumerated() {
            guard case .array(let pts) = s, !pts.isEmpty else { throw fail("[\(k)]", "a stroke is a non-empty array of [x, y] points") }
            total += pts.count
            guard total <= SampleLimits.maxPoints else {
                throw fail("[\(k)]", "more than \(SampleLimits.maxPoints) points in one sample (SampleLimits.maxPoints)")
            }
            out.append(Stroke(try pts.enumerated().map { i, p in
                guard case .array(let c) = p, c.count >= 2 else { throw fail("[\(k)][\(i)]", "a point is [x, y]") }
                return Point(x: try number(c[0], field: "[\(k)][\(i)][0]", fail: fail),
                             y: try number(c[1], field: "[\(k)][\(i)][1]", fail: fail))
            }))
        }
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().lastPathComponent
        return Sample(gesture: Gesture(out), label: folder.isEmpty ? nil : folder, subject: nil, meta: [:], source: file)
    }

    /// A finite number, written as a number or as a decimal string.
    static func number(_ v: JSONValue?, field: String, fail: (String, String) -> GestureDataError) throws -> Double {
        guard let n = try optionalNumber(v, field: field, fail: fail) else { throw fail(field, "missing") }
        return n
    }

    /// ``number(_:field:fail:)``, or `nil` when absent or null.
    static func optionalNumber(_ v: JSONValue?, field: String, fail: (String, String) -> GestureDataError) throws -> Double? {
        switch v {
        case .number(let n)?:
            guard n.isFinite else { throw fail(field, "number out of range for a Double (non-finite)") }
            return n
        case .string(let s)?:
            let t = s.trimmingCharacters(in: .whitespaces)
            guard !t.isEmpty, t.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || [43, 45, 46, 69, 101].contains($0) }),
                  let n = Double(t), n.isFinite else {
                throw fail(field, "'\(shownValue(s))' is not a number")
            }
            return n
        case nil, .null?:
            return nil
        case let other?:
            throw fail(field, "must be a number, found \(other.kindName)")
        }
    }
}

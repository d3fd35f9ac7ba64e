import Foundation
import GestureGeometry

/// Field rules shared by the XML readers.
enum XMLFields {
    /// How far a time may step back within a stroke, in the file's own unit: 1 ms of
    /// clock jitter (the $N/$P multistroke logs step back by exactly 1 ms in a fifth of
    /// their files). Compared in the file's unit, so integer epoch milliseconds compare
    /// exactly (converted to seconds at ~1.3e9, a 1 ms step became 0.0010002).
    static func timeTolerance(inSeconds: Bool) -> Double { inSeconds ? 0.001 : 1 }

    /// Converts raw points to points, stroke by stroke, with the time rule of the XML
    /// logs: when every `T` is an integer literal the times are milliseconds; when any
    /// has a fraction or an exponent they are all seconds. Times are returned in seconds.
    /// `T` must be on every point or on none; within a stroke it may step back by at most
    /// ``timeTolerance(inSeconds:)``. Strokes whose times overlap or are out of order
    /// (seen in real multistroke logs) are kept in document order, with `note` saying so.
    static func points(_ strokes: [[RawXMLGesture.RawPoint]], file: String) throws -> (strokes: [[Point]], note: String?) {
        let all = strokes.joined()
        if all.count > SampleLimits.maxPoints {  // bounded work downstream: some consumers are quadratic in points
            let first = all.dropFirst(SampleLimits.maxPoints).first
            throw GestureDataError.invalidField(file: file, location: .line(first?.line ?? 1), field: "Point",
                                                reason: "more than \(SampleLimits.maxPoints) points in one gesture (SampleLimits.maxPoints)")
        }
        let withT = all.filter { $0.t != nil }.count
        if withT != 0, withT != all.count, let missing = all.first(where: { $0.t == nil }) {
            throw GestureDataError.invalidField(file: file, location: .line(missing.line), field: "T",
                                                reason: "missing here, but other points of the gesture have times")
        }
        let inSeconds = all.contains { $0.t.map(isFractional) ?? false }
        let tolerance = timeTolerance(inSeconds: inSeconds)
        var strokesOutOfOrder = false
        var lastOfPreviousStroke: Double?
        let out = try strokes.map { raw -> [Point] in
            var previous: (v: Double, text: String)?
            var first: Double?
            let pts = try raw.map { r -> Point in
                let x = try number(r.x, field: "X", line: r.line, file: file)
                let y = try number(r.y, field: "Y", line: r.line, file: file)
                var t: Double?
                if let text = r.t {
                    let v = try number(text, field: "T", line: r.line, file: file)
                    // A few ulps of slack for times written with fractions at epoch scale.
                    if let p = previous, p.v - v > tolerance + 4 * Double.ulpOfOne * Swift.max(abs(v), abs(p.v)) {
                        throw GestureDataError.invalidField(
                            file: file, location: .line(r.line), field: "T",
                            reason: "time goes backwards within a stroke (\(shownValue(text)) after \(shownValue(p.text)); at most \(inSeconds ? "0.001 s" : "1 ms") is allowed)")
                    }
                    previous = (v, text)
                    if first == nil { first = v }
                    t = inSeconds ? v : v / 1000
                }
                return Point(x: x, y: y, t: t)
            }
            if let f = first, let l = lastOfPreviousStroke, f < l { strokesOutOfOrder = true }
            if let p = previous { lastOfPreviousStroke = p.v }
            return pts
        }
        return (out, strokesOutOfOrder ? "strokes overlap in time or are out of order; kept in document order" : nil)
    }

    /// Checks an optional `NumPts` attribute against the number of points.
    static func checkNumPts(_ declared: String?, actual: Int, line: Int, file: String) throws {
        guard let declared else { return }
        guard let n = Int(trimmedASCII(declared)) else {
            throw GestureDataError.invalidField(file: file, location: .line(line), field: "NumPts",
                                                reason: "'\(shownValue(declared))' is not an integer")
        }
        if n != actual {
            throw GestureDataError.invalidField(file: file, location: .line(line), field: "NumPts",
                                                reason: "declares \(n) points but the file has \(actual)")
        }
    }

    /// `text` without leading and trailing ASCII spaces, tabs and line breaks.
    static func trimmedASCII(_ text: String) -> Substring {
        func isSpace(_ c: Character) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\r\n" }
        func isSpaceByte(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        // Fast path: attribute values almost never carry spaces.
        if let f = text.utf8.first, let l = text.utf8.last, !isSpaceByte(f), !isSpaceByte(l) { return Substring(text) }
        var s = Substring(text)
        while let f = s.first, isSpace(f) { s = s.dropFirst() }
        while let l = s.last, isSpace(l) { s = s.dropLast() }
        return s
    }

    static func isFractional(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// A decimal number (`-12`, `3.5`, `1e3`): hexadecimal, `nan` and `inf` spellings are
    /// rejected, and so is a value too large for a `Double` (`1e400`).
    static func number(_ text: String?, field: String, line: Int, file: String) throws -> Double {
        guard let text else {
            throw GestureDataError.invalidField(file: file, location: .line(line), field: field, reason: "missing")
        }
        // Byte-level checks: Foundation's trimmingCharacters cost a third of the load time.
        let trimmed = trimmedASCII(text)
        let decimal = !trimmed.isEmpty && trimmed.utf8.allSatisfy {
            ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-")
                || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E")
        }
        guard decimal, let v = Double(trimmed) else {
            throw GestureDataError.invalidField(file: file, location: .line(line), field: field,
                                                reason: "'\(shownValue(text))' is not a number")
        }
        guard v.isFinite else {
            throw GestureDataError.invalidField(file: file, location: .line(line), field: field,
                                                reason: "'\(shownValue(text))' is out of range (not a finite number)")
        }
        return v
    }
}

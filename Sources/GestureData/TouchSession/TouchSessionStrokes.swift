import Foundation
import GestureGeometry

/// Touch sessions as strokes: every touch's path from `began` to `ended` or `cancelled`
/// is one stroke (a touch still down when the session ends is one too). This is how
/// everyday-use sessions become negatives for training and false activations for
/// evaluation.
///
/// ```swift
/// let strokes = TouchSessionStrokes.strokes(try TouchSessionReader.read("day.jsonl"))
/// ```
public enum TouchSessionStrokes {
    /// The strokes of `events`, in the order the touches ended (touches still down at
    /// the end last, by id).
    public static func strokes(_ events: [TouchSessionEvent]) -> [Stroke] {
        var open: [Int: [Point]] = [:]
        var out: [Stroke] = []
        for e in events {
            for touch in e.touches {
                open[touch.id, default: []].append(Point(x: touch.x, y: touch.y, t: e.t))
                if e.phase.endsTouch, let pts = open.removeValue(forKey: touch.id) { out.append(Stroke(pts)) }
            }
        }
        for id in open.keys.sorted() { out.append(Stroke(open[id] ?? [])) }
        return out
    }

    /// Whether the file at `path` reads as a touch session rather than samples: a
    /// `.jsonl` file whose first non-blank line is an object with `phase` and `touches`.
    /// Reads at most the first 64 KiB: a first line longer than that (a line of
    /// thousands of fingers, which the session reader accepts) is a session when it is an
    /// object whose beginning has a `"touches": [` key.
    public static func looksLikeSession(_ path: String) -> Bool {
        guard path.lowercased().hasSuffix(".jsonl"), let h = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? h.close() }
        let headSize = 1 << 16
        guard let head = try? h.read(upToCount: headSize) else { return false }
        let lines = head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true)
        for (k, line) in lines.enumerated() {
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            if k == lines.count - 1, head.count == headSize, head.last != UInt8(ascii: "\n") {
                return line.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D } == UInt8(ascii: "{") && hasListKey("touches", in: line)
            }
            guard let o = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else { return false }
            return o["phase"] != nil && o["touches"] != nil
        }
        return false
    }

    /// Whether `bytes` hold `"key"` followed by `:` and `[` (JSON whitespace between).
    private static func hasListKey(_ key: String, in bytes: some Collection<UInt8>) -> Bool {
        let bytes = Array(bytes), pattern = Array("\"\(key)\"".utf8)
        guard bytes.count >= pattern.count else { return false }
        func skipSpace(_ i: inout Int) { while i < bytes.count, [0x20, 0x09, 0x0D].contains(bytes[i]) { i += 1 } }
        for start in 0...(bytes.count - pattern.count) where bytes[start..<start + pattern.count].elementsEqual(pattern) {
            var i = start + pattern.count
            skipSpace(&i)
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { continue }
            i += 1
            skipSpace(&i)
            if i < bytes.count, bytes[i] == UInt8(ascii: "[") { return true }
        }
        return false
    }
}

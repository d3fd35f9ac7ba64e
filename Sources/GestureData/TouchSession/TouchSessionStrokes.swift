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
    /// Reads at most the first 64 KiB.
    public static func looksLikeSession(_ path: String) -> Bool {
        guard path.lowercased().hasSuffix(".jsonl"), let h = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? h.close() }
        guard let head = try? h.read(upToCount: 1 << 16) else { return false }
        for line in head.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            guard let o = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else { return false }
            return o["phase"] != nil && o["touches"] != nil
        }
        return false
    }
}

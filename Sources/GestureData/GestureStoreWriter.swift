import Foundation
import GestureGeometry

/// Writes Android's gesture library files (`android.gesture.GestureStore`, version 1; the
/// layout is in ``GestureStoreReader``), which Android's `GestureLibraries` and Gesture
/// Builder load.
///
/// Samples are grouped into entries by label, in the order each label first appears;
/// within an entry gestures keep their order. A gesture's id is `meta["gestureStoreId"]`
/// when it holds a number (as ``GestureStoreReader`` leaves it), otherwise its 1-based
/// place among the samples. Coordinates are written as Float32 and times as whole
/// milliseconds (`t × 1000`, rounded; 0 for a point without a time), so a file this
/// writer wrote reads back to the same samples and writes again to the same bytes.
public enum GestureStoreWriter {
    /// The file's bytes.
    /// - Parameter file: the output's name, for errors.
    /// - Throws: ``GestureDataError/invalidField(file:location:field:reason:)`` for a
    ///   sample the format cannot hold or Android could not load: no label, no strokes,
    ///   an empty stroke, a coordinate that is not finite as a Float32, a time beyond
    ///   ±2^50 ms (``GestureStoreReader/maxMilliseconds``), or a label longer than 65 535 bytes of modified UTF-8.
    public static func encode(_ samples: [Sample], file: String) throws -> Data {
        var order: [String] = []
        var entries: [String: [Int]] = [:]
        for (i, s) in samples.enumerated() {
            guard let label = s.label else {
                throw GestureDataError.invalidField(file: file, location: .sample(i + 1), field: "label",
                                                    reason: "a GestureStore entry needs a name; this sample has no label")
            }
            if entries[label] == nil { order.append(label) }
            entries[label, default: []].append(i)
        }
        var out = Data()
        out.reserveCapacity(6 + samples.reduce(0) { $0 + 12 + 4 * $1.gesture.strokes.count + 16 * $1.gesture.pointCount })
        func put<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.bigEndian) { out.append(contentsOf: $0) } }
        put(GestureStoreReader.version)
        put(Int32(order.count))
        for label in order {
            let first = entries[label]![0] + 1
            let name = try modifiedUTF8(label, file: file, sample: first)
            put(UInt16(name.count))
            out.append(contentsOf: name)
            put(Int32(entries[label]!.count))
            for i in entries[label]! {
                let s = samples[i]
                func fail(_ field: String, _ reason: String) -> GestureDataError {
                    .invalidField(file: file, location: .sample(i + 1), field: field, reason: reason)
                }
                let id = s.meta["gestureStoreId"].flatMap { Int64($0) } ?? Int64(i + 1)
                put(id)
                guard !s.gesture.strokes.isEmpty else { throw fail("strokes", "a gesture with no strokes") }
                put(Int32(s.gesture.strokes.count))
                for (k, stroke) in s.gesture.strokes.enumerated() {
                    guard !stroke.points.isEmpty else { throw fail("strokes[\(k)]", "empty stroke (no points)") }
                    put(Int32(stroke.points.count))
                    for (p, point) in stroke.points.enumerated() {
                        let x = Float(point.x), y = Float(point.y)
                        guard x.isFinite, y.isFinite else {
                            throw fail("strokes[\(k)][\(p)]", "(\(point.x), \(point.y)) is not finite as a 32-bit float")
                        }
                        let ms = ((point.t ?? 0) * 1000).rounded()
                        let most = Double(GestureStoreReader.maxMilliseconds)
                        guard ms.isFinite, ms >= -most, ms <= most else {
                            throw fail("strokes[\(k)][\(p)]", "time \(point.t ?? 0) s is beyond ±2^50 ms, which the reader refuses")
                        }
                        put(x.bitPattern); put(y.bitPattern); put(Int64(ms))
                    }
                }
            }
        }
        return out
    }

    /// Writes `samples` to `url` atomically (``AtomicFile``): on any error nothing is left.
    public static func write(_ samples: [Sample], to url: URL) throws {
        let data = try encode(samples, file: url.path)
        try AtomicFile.write(data, to: url)
    }

    /// Java's `writeUTF` bytes of `s` (without the length), at most 65 535 of them.
    static func modifiedUTF8(_ s: String, file: String, sample: Int) throws -> [UInt8] {
        var bytes: [UInt8] = []
        for u in s.utf16 {
            switch u {
            case 0x0001...0x007F:
                bytes.append(UInt8(u))
            case 0x0000, 0x0080...0x07FF:
                bytes.append(0xC0 | UInt8(u >> 6)); bytes.append(0x80 | UInt8(u & 0x3F))
            default:
                bytes.append(0xE0 | UInt8(u >> 12)); bytes.append(0x80 | UInt8((u >> 6) & 0x3F)); bytes.append(0x80 | UInt8(u & 0x3F))
            }
        }
        guard bytes.count <= Int(UInt16.max) else {
            throw GestureDataError.invalidField(file: file, location: .sample(sample), field: "label",
                                                reason: "\(bytes.count) bytes of modified UTF-8, over the format's 65535")
        }
        return bytes
    }
}

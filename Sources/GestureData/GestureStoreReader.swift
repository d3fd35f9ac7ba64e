import Foundation
import GestureGeometry

/// Reads Android's gesture library files (`android.gesture.GestureStore`, file format
/// version 1, the files Gesture Builder saves, often named `gestures` without extension).
///
/// The layout, as Android's open-source `GestureStore` and `Gesture` read and write it,
/// every number big-endian (Java's `DataOutputStream`):
///
/// | bytes | type  | field |
/// |-------|-------|-------|
/// | 2     | short | format version, 1 |
/// | 4     | int   | number of entries |
/// | per entry: 2 + n | UTF | entry name (Java's modified UTF-8: a 2-byte length, then the bytes) |
/// | 4     | int   | number of gestures in the entry |
/// | per gesture: 8 | long | gesture id |
/// | 4     | int   | number of strokes |
/// | per stroke: 4 | int | number of points |
/// | per point: 4, 4, 8 | float, float, long | x, y, timestamp (milliseconds) |
///
/// Each gesture becomes one ``Sample``: the entry name is its label, the strokes its
/// strokes, a point's timestamp in seconds its time (`t = ms / 1000`), and the gesture id
/// is kept in `meta["gestureStoreId"]` so that ``GestureStoreWriter`` writes it back.
/// The file has no magic number: ``looksLikeGestureStore(_:)`` checks the version and
/// that the first counts fit the file.
///
/// Untrusted input: every count is checked against the bytes left before anything is
/// held for it (a count of two billion in a 20-byte file is an error, not an
/// allocation), negative counts and truncation are errors naming the file, the entry,
/// the gesture, the stroke and the field, each sample is held to
/// ``SampleLimits/maxPoints`` and the whole read to the shared ``ReadBudget``.
public enum GestureStoreReader {
    /// The one file format version Android writes and this reader reads.
    public static let version: Int16 = 1

    /// The usual extension of these files when they have one.
    public static let fileExtension = "gestures"

    /// Largest timestamp magnitude read, in milliseconds: 2^50 (35 000 years). Below it a
    /// time in seconds (`ms / 1000`) turns back into the same milliseconds, so files
    /// round-trip exactly.
    public static let maxMilliseconds: Int64 = 1 << 50

    /// Bytes of one point in the file: float x, float y, long timestamp.
    static let pointBytes = 16

    /// Whether `data` starts as a version-1 GestureStore file: the version, then an entry
    /// count that is not negative and that the rest of the file could hold. (The format
    /// has no magic number, so this is a plausibility check, used for files without the
    /// `.gestures` extension.)
    public static func looksLikeGestureStore(_ data: Data) -> Bool {
        guard data.count >= 6 else { return false }
        var r = ByteReader(data, file: "")
        guard let v = try? r.int16("format version"), v == version, let entries = try? r.int32("entry count"),
              entries >= 0 else { return false }
        // An entry is at least a 2-byte name length and a 4-byte gesture count.
        return Int(entries) <= r.remaining / 6
    }

    /// The samples of a GestureStore file, entry after entry, gesture after gesture.
    /// - Parameter file: the name used in errors.
    /// - Throws: ``GestureDataError`` naming the file, where, and the field.
    public static func read(_ data: Data, file: String) throws -> [Sample] {
        var r = ByteReader(data, file: file)
        var budget = ReadBudget(fileBytes: data.count)
        let v = try r.int16("format version")
        guard v == version else {
            throw GestureDataError.unsupportedFormat(file: file, location: .whole,
                                                     found: "GestureStore version \(v) (this reader reads version \(version))")
        }
        func charge(_ bytes: Int, sample: Int) throws {
            do { try budget.charge(bytes) } catch {
                throw GestureDataError.malformed(file: file, location: .sample(sample), reason: error.description)
            }
        }
        let entries = try r.count("entry count", where: "file", each: 6)
        var samples: [Sample] = []
        for e in 1..<(entries + 1) {
            let entry = "entry \(e)"
            let rawName = try r.utf("name", where: entry)
            let label: String
            do {
                label = try GestureLabel.normalized(rawName)
            } catch {
                throw GestureDataError.invalidField(file: file, location: .sample(samples.count + 1),
                                                    field: "\(entry) name", reason: error.description)
            }
            let named = "\(entry) ('\(shownValue(label, limit: 40))')"
            // A gesture is at least its 8-byte id and 4-byte stroke count.
            let gestures = try r.count("gesture count", where: named, each: 12)
            for g in 1..<(gestures + 1) {
                let sampleNumber = samples.count + 1
                let here = "\(named), gesture \(g) (sample \(sampleNumber))"
                let id = try r.int64("gesture id", where: here)
                // What a sample holds besides its points: its arrays, its metadata, its source.
                try charge(512, sample: sampleNumber)
                // A stroke is at least its 4-byte point count.
                let strokeCount = try r.count("stroke count", where: here, each: 4)
                guard strokeCount > 0 else {
                    throw r.invalid("stroke count", where: here, "a gesture with no strokes")
                }
                var strokes: [Stroke] = []
                var total = 0
                for k in 1...strokeCount {
                    let stroke = "\(here), stroke \(k)"
                    let pointCount = try r.count("point count", where: stroke, each: pointBytes)
                    guard pointCount > 0 else { throw r.invalid("point count", where: stroke, "empty stroke (no points)") }
                    total += pointCount
                    guard total <= SampleLimits.maxPoints else {
                        throw r.invalid("point count", where: stroke,
                                        "more than \(SampleLimits.maxPoints) points in one sample (SampleLimits.maxPoints)")
                    }
                    try charge(pointCount * MemoryLayout<Point>.stride + 64, sample: sampleNumber)
                    var points: [Point] = []
                    points.reserveCapacity(pointCount)   // bounded: the bytes for them were checked to be there
                    for p in 1...pointCount {
                        let at = "\(stroke), point \(p)"
                        let x = try r.float32("x", where: at), y = try r.float32("y", where: at)
                        let ms = try r.int64("timestamp", where: at)
                        guard x.isFinite else { throw r.invalid("x", where: at, "not a finite number (\(x))") }
                        guard y.isFinite else { throw r.invalid("y", where: at, "not a finite number (\(y))") }
                        guard ms.magnitude <= UInt64(maxMilliseconds) else {
                            throw r.invalid("timestamp", where: at, "\(ms) ms is beyond ±2^50 ms (35 000 years): not a time")
                        }
                        points.append(Point(x: Double(x), y: Double(y), t: Double(ms) / 1000))
                    }
                    strokes.append(Stroke(points))
                }
                samples.append(Sample(gesture: Gesture(strokes), label: label, meta: ["gestureStoreId": String(id)],
                                      source: "\(file):\(sampleNumber)"))
            }
        }
        guard r.remaining == 0 else {
            throw GestureDataError.malformed(file: file, location: .whole,
                                             reason: "\(r.remaining) bytes after the last entry (at byte \(r.offset)); not a GestureStore version 1 file, or a damaged one")
        }
        return samples
    }
}

/// Big-endian fields of a byte buffer, each read checked against the bytes left.
struct ByteReader {
    let data: Data
    let file: String
    private(set) var offset: Int

    init(_ data: Data, file: String) {
        self.data = data
        self.file = file
        offset = data.startIndex
    }

    var remaining: Int { data.endIndex - offset }

    func invalid(_ field: String, where place: String, _ reason: String) -> GestureDataError {
        .invalidField(file: file, location: .whole, field: "\(place): \(field)", reason: reason)
    }

    private mutating func bytes(_ n: Int, _ field: String, where place: String) throws -> UInt64 {
        guard remaining >= n else {
            throw GestureDataError.malformed(
                file: file, location: .whole,
                reason: "\(place): \(field): truncated: needs \(n) bytes at byte \(offset - data.startIndex), \(remaining) left")
        }
        var v: UInt64 = 0
        for i in 0..<n { v = v << 8 | UInt64(data[offset + i]) }
        offset += n
        return v
    }

    mutating func int16(_ field: String, where place: String = "file") throws -> Int16 {
        Int16(bitPattern: UInt16(try bytes(2, field, where: place)))
    }
    mutating func int32(_ field: String, where place: String = "file") throws -> Int32 {
        Int32(bitPattern: UInt32(try bytes(4, field, where: place)))
    }
    mutating func int64(_ field: String, where place: String) throws -> Int64 {
        Int64(bitPattern: try bytes(8, field, where: place))
    }
    mutating func float32(_ field: String, where place: String) throws -> Float {
        Float(bitPattern: UInt32(try bytes(4, field, where: place)))
    }

    /// A count of items of at least `each` bytes: not negative, and no more than the bytes
    /// left could hold (so nothing is ever reserved for a count the file cannot back).
    mutating func count(_ field: String, where place: String, each: Int) throws -> Int {
        let n = Int(try int32(field, where: place))
        guard n >= 0 else { throw invalid(field, where: place, "negative (\(n))") }
        guard n <= remaining / each else {
            throw invalid(field, where: place,
                          "\(n) needs at least \(n * each) more bytes, but the file has \(remaining) left (truncated or not a GestureStore file)")
        }
        return n
    }

    /// Java's `readUTF`: a 2-byte length, then that many bytes of modified UTF-8 (UTF-16
    /// units as one to three bytes each; U+0000 as two bytes; characters beyond the basic
    /// plane as their two surrogates, three bytes each).
    mutating func utf(_ field: String, where place: String) throws -> String {
        let length = Int(try bytes(2, "\(field) length", where: place))
        guard remaining >= length else {
            throw GestureDataError.malformed(
                file: file, location: .whole,
                reason: "\(place): \(field): truncated: \(length) bytes of text at byte \(offset - data.startIndex), \(remaining) left")
        }
        var units: [UInt16] = []
        units.reserveCapacity(length)
        var i = offset
        let end = offset + length
        func bad(_ why: String) -> GestureDataError {
            invalid(field, where: place, "not modified UTF-8 at byte \(i - data.startIndex): \(why)")
        }
        while i < end {
            let a = UInt16(data[i])
            if a < 0x80 {
                units.append(a); i += 1
            } else if a & 0xE0 == 0xC0 {
                guard i + 1 < end, data[i + 1] & 0xC0 == 0x80 else { throw bad("a two-byte character is cut") }
                units.append((a & 0x1F) << 6 | UInt16(data[i + 1] & 0x3F)); i += 2
            } else if a & 0xF0 == 0xE0 {
                guard i + 2 < end, data[i + 1] & 0xC0 == 0x80, data[i + 2] & 0xC0 == 0x80 else {
                    throw bad("a three-byte character is cut")
                }
                units.append((a & 0x0F) << 12 | UInt16(data[i + 1] & 0x3F) << 6 | UInt16(data[i + 2] & 0x3F)); i += 3
            } else {
                throw bad("byte 0x\(String(a, radix: 16)) cannot start a character")
            }
        }
        offset = end
        guard let s = String(validating: units, as: UTF16.self) else {
            throw invalid(field, where: place, "an unpaired surrogate (not a character)")
        }
        return s
    }
}

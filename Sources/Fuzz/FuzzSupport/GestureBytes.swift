import Foundation
import GestureGeometry

/// Turns fuzzer bytes into gestures that stress geometry: degenerate (one point, all
/// points equal, zero length), huge, tiny and extreme but finite coordinates, duplicate
/// points, many strokes, times that stand still. Never NaN or infinity — readers reject
/// those, so recognizers never see them.
///
/// Layout: byte 0 → stroke count (1–8) and whether points carry times; then, per point,
/// one selector byte followed by its payload (see ``coordinate(_:)``). A stroke ends
/// after its share of the remaining bytes, so every input decodes to something.
package struct GestureBytes {
    private var bytes: [UInt8]
    private var i = 0
    private var previous = Point(x: 0, y: 0)

    package init(_ data: Data) { bytes = [UInt8](data) }

    package var isAtEnd: Bool { i >= bytes.count }

    package mutating func byte() -> UInt8 {
        guard i < bytes.count else { return 0 }
        defer { i += 1 }
        return bytes[i]
    }

    mutating func uint16() -> UInt16 { UInt16(byte()) << 8 | UInt16(byte()) }

    mutating func uint64() -> UInt64 {
        var v: UInt64 = 0
        for _ in 0..<8 { v = v << 8 | UInt64(byte()) }
        return v
    }

    /// One finite coordinate. Selector (low 3 bits): 0 small signed integer; 1 a
    /// 16-bit value in pixels; 2 any finite Double from 8 raw bytes (non-finite bit
    /// patterns become ±greatestFiniteMagnitude); 3 ±1e±(0…308) magnitudes; 4 a
    /// subnormal; 5 a fraction near 0.5; 6 and 7 the previous value plus a small step.
    mutating func coordinate(previous p: Double) -> Double {
        let s = byte()
        switch s & 7 {
        case 0: return Double(Int8(bitPattern: byte()))
        case 1: return Double(uint16()) / 4 - 8192
        case 2:
            let d = Double(bitPattern: uint64())
            if d.isFinite { return d }
            return d.sign == .minus ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude
        case 3:
            let e = Double(Int(byte() % 255) - 127) * 308 / 127
            return (s & 8 == 0 ? 1 : -1) * Foundation.pow(10, e)
        case 4: return Double(sign: s & 8 == 0 ? .plus : .minus, exponent: -1074 + Int(byte() % 52), significand: 1)
        case 5: return 0.5 + Double(Int8(bitPattern: byte())) * 1e-9
        default:
            let step = Double(Int8(bitPattern: byte())) / 8
            let v = p + step
            return v.isFinite ? v : p
        }
    }

    /// The whole input as a gesture (at least one stroke of at least one point).
    package mutating func gesture() -> Gesture {
        let head = byte()
        let strokeCount = Int(head & 7) + 1
        let timed = head & 8 != 0
        var t = 0.0
        var strokes: [Stroke] = []
        for k in 0..<strokeCount {
            var points: [Point] = []
            let remainingStrokes = strokeCount - k
            let budget = Swift.max(1, (bytes.count - i) / Swift.max(1, remainingStrokes))
            let end = i + budget
            repeat {
                if byte() & 0x80 != 0 {
                    points.append(previous)   // a duplicate point
                } else {
                    let x = coordinate(previous: previous.x)
                    let y = coordinate(previous: previous.y)
                    previous = Point(x: x, y: y)
                    points.append(previous)
                }
                if timed {
                    t += Double(byte() % 4) * 0.004  // times stand still or step forward
                    points[points.count - 1].t = t
                }
            } while i < end && !isAtEnd
            strokes.append(Stroke(points))
        }
        return Gesture(strokes)
    }
}

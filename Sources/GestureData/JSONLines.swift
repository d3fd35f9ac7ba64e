import Foundation
import GestureGeometry

/// `.jsonl` datasets: one native sample (``NativeSampleCodec``) per non-blank line.
public enum JSONLines {
    /// Decodes every line; errors name the line number (1-based).
    /// - Throws: the first bad line's ``GestureDataError``.
    public static func decode(_ data: Data, file: String) throws -> [Sample] {
        let (samples, errors) = decode(data, file: file, stopAtFirstError: true)
        if let first = errors.first { throw first }
        return samples
    }

    /// Decodes every line, collecting the bad ones instead of stopping (tolerant mode).
    /// - Returns: the good samples in file order and one error per skipped line.
    public static func decodeSkippingInvalid(_ data: Data, file: String) -> (samples: [Sample], skipped: [GestureDataError]) {
        decode(data, file: file, stopAtFirstError: false)
    }

    /// Lines are found first, then decoded concurrently in chunks; results keep file
    /// order, and in strict use the error reported is the first in line order.
    ///
    /// What the samples hold is charged to one ``ReadBudget`` (4 times the file plus a
    /// constant), as every reader's output is: a file of many tiny points would otherwise
    /// hold several times its size. Going over it is an error in either mode, at the line
    /// where it happened, and no later line is decoded.
    private static func decode(_ data: Data, file: String, stopAtFirstError: Bool)
        -> (samples: [Sample], skipped: [GestureDataError]) {
        var lines: [(number: Int, range: Range<Data.Index>)] = []
        var lineNumber = 0
        var start = data.startIndex
        while start < data.endIndex {
            lineNumber += 1
            let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
            if !data[start..<end].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                lines.append((lineNumber, start..<end))
            }
            start = end < data.endIndex ? data.index(after: end) : end
        }
        let found = lines
        let chunk = 256
        let chunks = (found.count + chunk - 1) / chunk
        let budget = SharedBudget(ReadBudget(fileBytes: data.count))
        var results = [Result<Sample, GestureDataError>?](repeating: nil, count: lines.count)
        results.withUnsafeMutableBufferPointer { buf in
            let out = UnsafeSendableBuffer(buf)
            DispatchQueue.concurrentPerform(iterations: chunks) { c in
                for i in (c * chunk)..<min(found.count, (c + 1) * chunk) {
                    if budget.isExceeded { return }
                    let (n, range) = found[i]
                    do {
                        let sample = try NativeSampleCodec.decode(data.subdata(in: range), file: file, location: .line(n))
                        if let exceeded = budget.charge(heldBytes(of: sample)) {
                            out.buffer[i] = .failure(.invalidField(file: file, location: .line(n), field: "strokes",
                                                                   reason: exceeded.description))
                            return
                        }
                        out.buffer[i] = .success(sample)
                    } catch let e as GestureDataError {
                        out.buffer[i] = .failure(e)
                    } catch {
                        out.buffer[i] = .failure(.malformed(file: file, location: .line(n), reason: "\(error)"))
                    }
                }
            }
        }
        var samples: [Sample] = []
        var errors: [GestureDataError] = []
        samples.reserveCapacity(lines.count)
        for r in results {
            switch r {
            case .success(let s)?: samples.append(s)
            case .failure(let e)?:
                errors.append(e)
                if stopAtFirstError || isBudgetError(e) { return (samples, errors) }
            case nil:
                // Not decoded: another chunk went over the budget. Its error comes later in
                // line order; report it now, since nothing after it was read.
                if let e = results.lazy.compactMap({ r -> GestureDataError? in
                    if case .failure(let e)? = r, isBudgetError(e) { return e }
                    return nil
                }).first {
                    errors.append(e)
                    return (samples, errors)
                }
            }
        }
        return (samples, errors)
    }

    /// The bytes a decoded sample keeps: its points, and a fixed cost per stroke and sample.
    static func heldBytes(of sample: Sample) -> Int {
        var bytes = 256 + sample.meta.count * 64
        for stroke in sample.gesture.strokes {
            bytes += 64 + stroke.points.count * MemoryLayout<Point>.stride
        }
        return bytes
    }

    private static func isBudgetError(_ e: GestureDataError) -> Bool {
        if case .invalidField(_, _, "strokes", let reason) = e { return reason.hasSuffix(ReadBudget.Exceeded.suffix) }
        return false
    }

    /// A ``ReadBudget`` the decoding threads charge together.
    private final class SharedBudget: @unchecked Sendable {
        private let lock = NSLock()
        private var budget: ReadBudget
        private var exceeded = false

        init(_ budget: ReadBudget) { self.budget = budget }

        var isExceeded: Bool { lock.lock(); defer { lock.unlock() }; return exceeded }

        /// Charges `bytes`; the error when that goes over the limit (and from then on).
        func charge(_ bytes: Int) -> ReadBudget.Exceeded? {
            lock.lock(); defer { lock.unlock() }
            do throws(ReadBudget.Exceeded) {
                try budget.charge(bytes)
                return nil
            } catch {
                exceeded = true
                return error
            }
        }
    }

    /// One compact JSON object a line, each ending in a newline.
    /// - Throws: ``NativeSampleCodec/encode(_:)``'s error for the first sample that cannot
    ///   be encoded, with its index in `samples` (0-based) as the location.
    public static func encode(_ samples: [Sample]) throws -> Data {
        var out = Data()
        for (i, s) in samples.enumerated() {
            do {
                out.append(try NativeSampleCodec.encode(s))
            } catch GestureDataError.invalidField(let f, _, let field, let reason) {
                throw GestureDataError.invalidField(file: f, location: .sample(i + 1), field: field, reason: reason)
            }
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// Writes `samples` as a `.jsonl` dataset, atomically: on any error (a sample that
    /// cannot be encoded, a full disk) nothing is left at `url` and a previous file there
    /// is untouched.
    public static func write(_ samples: [Sample], to url: URL) throws {
        try AtomicFile.write(try encode(samples), to: url)
    }
}

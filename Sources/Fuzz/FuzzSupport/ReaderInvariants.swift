import Foundation
import FuzzShim

/// What every reader of every file kind must do with any bytes, checked by the fuzz
/// targets around each read:
/// - never trap or hang (the fuzzer itself sees to that);
/// - refuse with an error that names the file, and shows input values cut (an error
///   message is at most ``maxMessageCharacters``: a 20 MB value was once echoed whole);
/// - keep within the byte budget: what the reader returns holds at most
///   ``budgetFactor`` × the file's size, plus ``budgetSlack`` for fixed costs (a 63 MB
///   template library once took 1.78 GB).
///
/// ```swift
/// let labels = ReaderInvariants.read("session labels", file: "fuzz.labels.json", bytes: data.count) {
///     try SessionLabels.decode(data, file: "fuzz.labels.json")
/// }
/// ```
package enum ReaderInvariants {
    /// What a reader may keep per byte of its file (the readers' shared budget).
    package static let budgetFactor = 4
    /// Fixed costs a reader may keep whatever the file's size: type metadata and caches
    /// made on first use, empty collections' headers.
    package static let budgetSlack = 256 << 10
    /// The longest error message accepted.
    package static let maxMessageCharacters = 2_000

    /// Runs `read` on input of `bytes` bytes; returns what it read, or `nil` when it refused. Traps when
    /// a refusal does not name `file` (pass `nil` for decoders that are given no file
    /// name; their callers name it) or is too long, or when what was read exceeds the
    /// byte budget.
    package static func read<T>(_ kind: String, file: String?, bytes: Int, _ read: () throws -> T) -> T? {
        let before = HeapMeter.liveBytes()
        let value: T
        do {
            value = try read()
        } catch {
            checkRefusal(kind, file: file, error)
            return nil
        }
        let after = HeapMeter.liveBytes()
        // `value` is alive here: `after - before` is what the reader kept (its
        // temporaries are freed).
        if let before, let after {
            let kept = after - before
            precondition(kept <= budgetFactor * bytes + budgetSlack,
                         "\(kind): kept \(kept) bytes for \(bytes) bytes of input, over the budget of \(budgetFactor)× the file + \(budgetSlack)")
        }
        return withExtendedLifetime(value) { value }
    }

    /// Checks a refusal: it names `file` and is short.
    package static func checkRefusal(_ kind: String, file: String?, _ error: any Error) {
        let text = "\(error)"
        if let file {
            precondition(text.contains(file), "\(kind): the error does not name the file \(file): \(text.prefix(400))")
        }
        precondition(text.count <= maxMessageCharacters,
                     "\(kind): a \(text.count)-character error (values shown must be cut): \(text.prefix(400))")
    }
}

/// Live heap bytes of the process: the sanitizer allocator's count under the fuzzer,
/// glibc's `mallinfo2` otherwise; `nil` where neither is available.
package enum HeapMeter {
    package static func liveBytes() -> Int? {
        #if FUZZING
        return Int(__sanitizer_get_current_allocated_bytes())
        #else
        let n = gesturelab_fuzz_heap_in_use()
        return n >= 0 ? Int(n) : nil
        #endif
    }
}

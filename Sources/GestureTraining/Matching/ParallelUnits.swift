import Foundation

/// Runs independent units of work on all cores, collecting results in unit order, and
/// reports progress serialized under a lock. Each unit must derive its own randomness
/// (e.g. `SeededGenerator.derived(seed:stream:)`) so results do not depend on scheduling.
enum ParallelUnits {
    static func map<R: Sendable>(count: Int, progress: ProgressHandler?, _ body: @Sendable (Int) -> R) -> [R] {
        let box = Box<R>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { i in
            let r = body(i)
            box.store(r, at: i, progress: progress)
        }
        return box.values.map { $0! }
    }

    private final class Box<R>: @unchecked Sendable {
        var values: [R?]
        var done = 0
        let lock = NSLock()
        init(count: Int) { values = Array(repeating: nil, count: count) }
        func store(_ r: R, at i: Int, progress: ProgressHandler?) {
            lock.lock(); defer { lock.unlock() }
            values[i] = r
            done += 1
            progress?(done, values.count)
        }
    }
}

import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A one-line progress bar with an ETA on standard error, for steps that take more than
/// a couple of seconds (evaluation folds, training sweeps).
///
/// It draws only when standard error is a terminal (`isatty(2)`) and the output format
/// is text, so piped output, logs and `--format json` stay clean. Redraws are throttled
/// to ten a second. Thread-safe: workers on several threads may report progress.
final class ProgressBar: @unchecked Sendable {
    private let label: String
    private let enabled: Bool
    private let lock = NSLock()
    private let start = Date()
    private var total: Int
    private var done = 0
    private var lastDraw = Date.distantPast
    private var drewSomething = false

    /// - Parameters:
    ///   - label: what is being done, e.g. "training detectors".
    ///   - total: units of work (0 when not known yet; set it with ``setTotal(_:)``).
    ///   - format: the command's output format; `.json` keeps the bar off.
    init(_ label: String, total: Int = 0, format: OutputFormat) {
        self.label = label
        self.total = total
        enabled = format == .text && Console.level != .quiet && isatty(STDERR_FILENO) == 1
    }

    func setTotal(_ n: Int) {
        lock.lock(); total = n; lock.unlock()
    }

    /// Records `units` more units done and redraws when due.
    func advance(by units: Int = 1) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        done += units
        if total > 0 && done >= total { clear() } else { draw(force: false) }
    }

    /// Sets the absolute amount done (for callbacks that report `done, total`).
    func update(done d: Int, total t: Int) {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        done = d
        total = t
        // A finished bar clears its line, so results printed next start on a clean line.
        if t > 0 && d >= t { clear() } else { draw(force: false) }
    }

    /// Clears the bar's line (call when the work is over, before printing results).
    func finish() {
        guard enabled else { return }
        lock.lock(); defer { lock.unlock() }
        clear()
    }

    private func clear() {
        if drewSomething { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        drewSomething = false
    }

    private func draw(force: Bool) {
        let now = Date()
        guard force || now.timeIntervalSince(lastDraw) >= 0.1 else { return }
        lastDraw = now
        let line = Self.line(label: label, done: done, total: total, elapsed: now.timeIntervalSince(start))
        FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8))
        drewSomething = true
    }

    /// The bar's text: `label [#####-----]  50% 5/10 ETA 0:03`. The ETA assumes the
    /// remaining units take as long on average as the finished ones.
    static func line(label: String, done: Int, total: Int, elapsed: Double, width: Int = 24) -> String {
        guard total > 0 else { return "\(label) \(done) …" }
        let f = Swift.min(1, Swift.max(0, Double(done) / Double(total)))
        let filled = Int((f * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        var eta = "--:--"
        if done > 0 {
            let remaining = elapsed / Double(done) * Double(Swift.max(0, total - done))
            eta = clock(remaining)
        }
        return "\(label) [\(bar)] \(String(format: "%3d", Int(f * 100)))% \(done)/\(total) ETA \(eta)"
    }

    /// `75.2` → `1:15`.
    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, (s / 60) % 60, s % 60)
                         : String(format: "%d:%02d", s / 60, s % 60)
    }
}

/// A progress bar for a job of several stages: each new stage name starts a fresh bar
/// (and a fresh ETA). Hand ``handler`` to library code that takes a `StageProgress`.
final class StageProgressBar: @unchecked Sendable {
    private let format: OutputFormat
    private let lock = NSLock()
    private var stage: String?
    private var bar: ProgressBar?

    init(format: OutputFormat) { self.format = format }

    func update(stage name: String, done: Int, total: Int) {
        lock.lock(); defer { lock.unlock() }
        if name != stage {
            bar?.finish()
            stage = name
            bar = ProgressBar(name, total: total, format: format)
        }
        bar?.update(done: done, total: total)
    }

    func finish() {
        lock.lock(); defer { lock.unlock() }
        bar?.finish()
        bar = nil
        stage = nil
    }

    var handler: @Sendable (String, Int, Int) -> Void {
        { [self] stage, done, total in update(stage: stage, done: done, total: total) }
    }
}

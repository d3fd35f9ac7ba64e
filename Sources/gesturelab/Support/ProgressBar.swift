import Foundation
import GestureTraining
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Progress of a long step (evaluation folds, training sweeps) on standard error: the
/// command-line tool's one progress type.
///
/// By default a one-line bar with an ETA, drawn only when standard error is a terminal
/// (`isatty(2)`), the output format is text and `--quiet` is off, so that piped output,
/// logs and `--format json` stay clean; redraws are throttled to ten a second and a
/// finished bar clears its line. With `lines` (the `--progress` of the eval commands) it
/// prints `LABEL: DONE/TOTAL` on the command's console at most every 5 % instead.
///
/// Hand ``handler`` to library code that takes a `ProgressHandler`, or ``stageHandler`` to
/// one that takes a `StageProgress`: each new stage name starts afresh (its own label and
/// ETA). Thread-safe: workers on several threads may report.
final class ProgressBar: @unchecked Sendable {
    private enum Style { case off, bar, lines }
    private let label: String
    private let style: Style
    private let console: Console
    private let lock = NSLock()
    private var stage: String?
    private var start = Date()
    private var lastDraw = Date.distantPast
    private var lastShown = -1
    private var drewSomething = false

    /// - Parameters:
    ///   - label: what is being done, e.g. "eval new-user" (a stage's name replaces it).
    ///   - output: the command's output options: the format and `--quiet` decide.
    ///   - lines: print progress lines (`--progress`) instead of a bar.
    init(_ label: String = "", output: OutputOptions, lines: Bool = false) {
        self.label = label
        console = output.console
        if lines {
            style = .lines
        } else {
            style = output.format == .text && console.level != .quiet && isatty(STDERR_FILENO) == 1 ? .bar : .off
        }
    }

    var handler: ProgressHandler { { [self] done, total in update(done: done, total: total) } }

    var stageHandler: StageProgress { { [self] stage, done, total in update(stage: stage, done: done, total: total) } }

    /// Sets the amount done of `stage` (of the label when `nil`) and shows it when due.
    func update(stage name: String? = nil, done: Int, total: Int) {
        guard style != .off else { return }
        lock.lock(); defer { lock.unlock() }
        if let name, name != stage {
            clear()
            stage = name
            start = Date()
            lastDraw = .distantPast
            lastShown = -1
        }
        let label = stage ?? self.label
        switch style {
        case .off:
            break
        case .lines:
            let percent = total > 0 ? done * 100 / total : 100
            if percent / 5 != lastShown / 5 || done == total {
                lastShown = percent
                console.err("\(label): \(done)/\(total)")
            }
        case .bar:
            // A finished bar clears its line, so results printed next start on a clean line.
            if total > 0 && done >= total { clear(); return }
            let now = Date()
            guard now.timeIntervalSince(lastDraw) >= 0.1 else { return }
            lastDraw = now
            let line = Self.line(label: label, done: done, total: total, elapsed: now.timeIntervalSince(start))
            FileHandle.standardError.write(Data(("\r\u{1B}[2K" + line).utf8))
            drewSomething = true
        }
    }

    /// Clears the bar's line (call when the work is over, before printing results).
    func finish() {
        guard style != .off else { return }
        lock.lock(); defer { lock.unlock() }
        clear()
        stage = nil
    }

    private func clear() {
        if drewSomething { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        drewSomething = false
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

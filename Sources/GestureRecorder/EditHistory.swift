import Foundation
import GestureData

/// The page's undo stack: saves and deletes made through this server, newest last.
/// Undoing a save deletes the file; undoing a delete writes the sample back under its id;
/// undoing a relabel moves the sample back.
actor EditHistory {
    enum Edit: Sendable {
        case saved(SampleStore.Entry)
        case deleted(SampleStore.Entry, Sample)
        /// A sample moved from one label to another (same id).
        case relabeled(from: SampleStore.Entry, to: SampleStore.Entry)
    }

    private var edits: [Edit] = []
    private let depth: Int

    init(depth: Int) { self.depth = max(depth, 0) }

    func record(_ edit: Edit) {
        guard depth > 0 else { return }
        edits.append(edit)
        if edits.count > depth { edits.removeFirst(edits.count - depth) }
    }

    func popLast() -> Edit? { edits.popLast() }

    /// Puts back an edit whose undo failed, so it can be tried again.
    func restore(_ edit: Edit) { edits.append(edit) }

    var count: Int { edits.count }
}

import Foundation
import GestureData

/// The page's edits of the store and their undo stack, newest last.
///
/// Every change the server makes to the store — save, delete, relabel, undo — runs
/// through this actor, one at a time, together with its entry in the undo stack: two
/// relabels of one sample, or a delete and a relabel of it, never interleave. The store's
/// own edits also hold its edit lock (``GestureData/SampleStore/move(_:to:)``), so a
/// second server on the same store is serialized with this one too. Whoever comes second
/// finds the sample gone and is told so (``GestureData/SampleStoreError/notFound(label:id:)``).
///
/// Undoing a save deletes the file; undoing a delete writes the file's bytes back under
/// its id; undoing a relabel moves the sample back. The stack lives in memory: it is lost
/// when the server stops (the page says so).
actor EditHistory {
    enum Edit: Sendable {
        case saved(SampleStore.Entry)
        /// A deleted sample and its file's bytes (`nil`: the file could not be read, so
        /// the delete cannot be undone).
        case deleted(SampleStore.Entry, Data?)
        /// A sample moved from one label to another (same id).
        case relabeled(from: SampleStore.Entry, to: SampleStore.Entry)
    }

    /// Why an undo could not be done; the edit is dropped from the stack (it never can be).
    struct CannotUndo: Error, CustomStringConvertible {
        let description: String
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

    // MARK: Edits

    /// Runs an edit that has no undo (the never-fire bin's saves and deletes) in turn with
    /// every other edit.
    func serialized<T: Sendable>(_ body: @Sendable () throws -> T) throws -> T {
        try body()
    }

    /// Saves `sample` into `store` and records the save.
    func save(_ sample: Sample, in store: SampleStore) throws -> SampleStore.Entry {
        let entry = try store.save(sample)
        record(.saved(entry))
        return entry
    }

    /// Deletes a sample (without decoding it: a file that no longer loads can be deleted)
    /// and records the delete with the file's bytes.
    func delete(_ entry: SampleStore.Entry, in store: SampleStore) throws {
        let bytes = try store.delete(entry)
        record(.deleted(entry, bytes))
    }

    /// Moves a sample to `label`; records the move when the label changed.
    /// - Returns: the new entry and whether the sample moved.
    func relabel(_ entry: SampleStore.Entry, to label: String, in store: SampleStore) throws -> (SampleStore.Entry, moved: Bool) {
        let to = try store.move(entry, to: label)
        let from = SampleStore.Entry(label: try SampleStore.sanitizedLabel(entry.label), id: entry.id)
        guard to != from else { return (to, false) }
        record(.relabeled(from: from, to: to))
        return (to, true)
    }

    /// Undoes the newest edit.
    /// - Returns: the edit undone, or `nil` when there is none.
    /// - Throws: ``CannotUndo`` when the store has changed so that the edit cannot be
    ///   undone (the edit is dropped); another error when the store failed (the edit is
    ///   kept, to be tried again).
    func undo(in store: SampleStore) throws -> Edit? {
        guard let edit = edits.popLast() else { return nil }
        do {
            switch edit {
            case .saved(let entry):
                do { try store.delete(entry) } catch SampleStoreError.notFound {
                    // Already gone (deleted by hand): the undo still holds.
                }
            case .deleted(let entry, let bytes):
                guard let bytes else {
                    throw CannotUndo(description: "cannot undo the delete of sample \"\(entry.id)\" under \"\(entry.label)\": its file could not be read before it was deleted")
                }
                do { try store.restore(bytes, as: entry) } catch SampleStoreError.alreadyExists(let label, let id) {
                    throw CannotUndo(description: "cannot undo the delete: sample \"\(id)\" is in the store again, under \"\(label)\"")
                }
            case .relabeled(let from, let to):
                do { try store.move(to, to: from.label) } catch SampleStoreError.notFound {
                    throw CannotUndo(description: "cannot undo the relabel: sample \"\(to.id)\" is no longer under \"\(to.label)\" (deleted or moved since)")
                } catch SampleStoreError.alreadyExists {
                    throw CannotUndo(description: "cannot undo the relabel: label \"\(from.label)\" holds sample \"\(from.id)\" again")
                }
            }
        } catch let e as CannotUndo {
            throw e
        } catch {
            edits.append(edit)
            throw error
        }
        return edit
    }
}

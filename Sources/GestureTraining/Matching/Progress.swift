/// Called by long-running protocols as work completes: `done` of `total` units.
/// May be called from several threads, never concurrently (calls are serialized).
public typealias ProgressHandler = @Sendable (_ done: Int, _ total: Int) -> Void

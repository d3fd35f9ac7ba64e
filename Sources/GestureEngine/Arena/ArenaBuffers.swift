/// A fixed-size buffer with one owner: allocated and initialized when made, deinitialized
/// and freed when its owner lets it go. The arena's hot loops use ``buffer`` directly
/// (writing an array element checks that the array is not shared, a call per write);
/// nothing else allocates or frees it.
final class OwnedBuffer<Element> {
    let buffer: UnsafeMutableBufferPointer<Element>

    init(count: Int, repeating value: Element) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: value)
    }

    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }
}

/// The arena's per-view buffers, by view number, owned together (see ``GestureArena``):
/// touches down that began in the view or inside it, whether the current event goes to
/// its recognizers, and whether it has recognizers.
final class ViewBuffers {
    private let downStorage: OwnedBuffer<Int>
    private let receivesStorage: OwnedBuffer<Bool>
    private let hasRecognizersStorage: OwnedBuffer<Bool>
    var down: UnsafeMutableBufferPointer<Int> { downStorage.buffer }
    var receives: UnsafeMutableBufferPointer<Bool> { receivesStorage.buffer }
    var hasRecognizers: UnsafeMutableBufferPointer<Bool> { hasRecognizersStorage.buffer }

    init(count: Int) {
        downStorage = OwnedBuffer(count: count, repeating: 0)
        receivesStorage = OwnedBuffer(count: count, repeating: false)
        hasRecognizersStorage = OwnedBuffer(count: count, repeating: false)
    }
}

import CBLAS

/// The only file that talks to OpenBLAS (README, Benchmarks). Computes plain dot products of
/// template rows with candidates (Penny Pincher), and Protractor's `a` and `b`
/// for every template row of a row-major Float32 matrix: one candidate with sgemm against
/// the two columns [candidate, its per-point 90° rotation] in cache-sized row blocks (the
/// product is memory-bound, and this reads the matrix once where two sgemv calls read it
/// twice), a batch with one sgemm against the stacked candidates and rotations.
package enum BLASScorer {
    /// Template rows per sgemm call for one candidate.
    static let blockRows = 2048

    /// `(y, −x)` for each point `(x, y)` of a flattened vector, so `row · rotated = b`.
    package static func rotated90(_ v: [Float]) -> [Float] {
        var r = [Float](repeating: 0, count: v.count)
        var j = 0
        while j + 1 < v.count { r[j] = v[j + 1]; r[j + 1] = -v[j]; j += 2 }
        return r
    }

    static func scores(matrix: [Float], rows: Int, columns: Int, candidate: [Float]) -> (a: [Float], b: [Float]) {
        guard rows > 0, columns > 0 else {
            return ([Float](repeating: 0, count: rows), [Float](repeating: 0, count: rows))
        }
        // P = M · [c, c⊥] (rows × 2, row-major): one pass over the memory-bound matrix,
        // where two sgemv calls would read it twice.
        var pair = [Float](repeating: 0, count: 2 * columns)
        var j = 0
        while j + 1 < columns {
            pair[2 * j] = candidate[j]; pair[2 * j + 1] = candidate[j + 1]
            pair[2 * (j + 1)] = candidate[j + 1]; pair[2 * (j + 1) + 1] = -candidate[j]
            j += 2
        }
        // sgemm with beta 0 writes every element, so the buffer need not be zeroed first.
        let product = [Float](unsafeUninitializedCapacity: 2 * rows) { out, initialized in
            matrix.withUnsafeBufferPointer { m in
                pair.withUnsafeBufferPointer { p in
                    guard let mBase = m.baseAddress, let outBase = out.baseAddress else { return }
                    // Blocks of rows that stay in cache: one tall sgemm with two columns is
                    // slower than two sgemv passes; blocked, it is about twice as fast.
                    var start = 0
                    while start < rows {
                        let n = Swift.min(blockRows, rows - start)
                        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, Int32(n), 2, Int32(columns), 1,
                                    mBase + start * columns, Int32(columns), p.baseAddress, 2, 0,
                                    outBase + 2 * start, 2)
                        start += n
                    }
                }
            }
            initialized = 2 * rows
        }
        let a = [Float](unsafeUninitializedCapacity: rows) { buf, n in
            for i in 0..<rows { buf[i] = product[2 * i] }
            n = rows
        }
        let b = [Float](unsafeUninitializedCapacity: rows) { buf, n in
            for i in 0..<rows { buf[i] = product[2 * i + 1] }
            n = rows
        }
        return (a, b)
    }

    /// `candidates` holds `count` vectors of `columns` values back to back. Returns
    /// candidate-major `a` and `b` (`a[k * rows + i]`).
    static func batchScores(matrix: [Float], rows: Int, columns: Int, candidates: [Float], count: Int) -> (a: ArraySlice<Float>, b: ArraySlice<Float>) {
        guard rows > 0, count > 0 else { return ([], []) }
        // Stack [C; C⊥] (2·count × columns) and compute P = [C; C⊥] · Mᵀ (2·count × rows):
        // the first `count` rows are a, the rest b, each already candidate-major.
        var stacked = candidates
        stacked.reserveCapacity(2 * candidates.count)
        stacked += rotated90(candidates)
        let product = batchProducts(matrix: matrix, rows: rows, columns: columns, candidates: stacked, count: 2 * count)
        let half = count * rows
        return (product[0..<half], product[half...])
    }

    /// `C · Mᵀ` into `product` (`count × rows`), as ``batchProducts(matrix:rows:columns:candidates:count:)``
    /// without allocating.
    package static func batchProducts(matrix: UnsafePointer<Float>, rows: Int, columns: Int, candidates: UnsafePointer<Float>,
                                      count: Int, into product: UnsafeMutablePointer<Float>) {
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, Int32(count), Int32(rows), Int32(columns), 1,
                    candidates, Int32(columns), matrix, Int32(columns), 0, product, Int32(rows))
    }

    /// Runs `body` with OpenBLAS on one thread, restoring its thread count after: for
    /// callers that split the work over the cores themselves (a multi-threaded sgemm in each
    /// of several threads oversubscribes the cores).
    package static func singleThreaded<R>(_ body: () -> R) -> R {
        let before = openblas_get_num_threads()
        openblas_set_num_threads(1)
        defer { openblas_set_num_threads(before) }
        return body()
    }

    /// `matrix · candidate` for a row-major `rows × columns` matrix (sgemv): each template
    /// row's dot product with the candidate.
    static func products(matrix: [Float], rows: Int, columns: Int, candidate: [Float]) -> [Float] {
        guard rows > 0, columns > 0 else { return [Float](repeating: 0, count: rows) }
        return [Float](unsafeUninitializedCapacity: rows) { out, initialized in
            matrix.withUnsafeBufferPointer { m in candidate.withUnsafeBufferPointer { c in
                cblas_sgemv(CblasRowMajor, CblasNoTrans, Int32(rows), Int32(columns), 1,
                            m.baseAddress, Int32(columns), c.baseAddress, 1, 0, out.baseAddress, 1)
            } }
            initialized = rows
        }
    }

    /// `C · Mᵀ` (sgemm) for `count` candidates back to back in `candidates`: candidate-major
    /// dot products (`result[k * rows + i]`).
    /// (Package: `bench matcher` times it alone as the floor of the all-pairs product.)
    package static func batchProducts(matrix: [Float], rows: Int, columns: Int, candidates: [Float], count: Int) -> [Float] {
        guard rows > 0, count > 0, columns > 0 else { return [Float](repeating: 0, count: Swift.max(0, rows * count)) }
        // sgemm with beta 0 writes every element, so the buffer need not be zeroed first.
        return [Float](unsafeUninitializedCapacity: count * rows) { p, initialized in
            candidates.withUnsafeBufferPointer { s in matrix.withUnsafeBufferPointer { m in
                cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, Int32(count), Int32(rows), Int32(columns), 1,
                            s.baseAddress, Int32(columns), m.baseAddress, Int32(columns), 0, p.baseAddress, Int32(rows))
            } }
            initialized = count * rows
        }
    }
}

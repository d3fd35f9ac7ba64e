import Dispatch
import Foundation
#if canImport(Accelerate)
import Accelerate
#elseif OpenBLAS
import CBLAS
#endif

/// The only file that talks to a BLAS (README, Benchmarks). Computes plain dot products of
/// template rows with candidates (Penny Pincher), and Protractor's `a` and `b`
/// for every template row of a row-major Float32 matrix: one candidate with sgemm against
/// the two columns [candidate, its per-point 90° rotation] in cache-sized row blocks (the
/// product is memory-bound, and this reads the matrix once where two sgemv calls read it
/// twice), a batch with one sgemm against the stacked candidates and rotations.
///
/// Which BLAS (``backend``): Accelerate on Apple platforms; OpenBLAS on Linux with the
/// package trait `OpenBLAS` (on by default); otherwise no BLAS at all — the same products
/// computed by plain-Swift loops (eight lanes at a time), equal to the BLAS results within
/// Float32 rounding (the sums are taken in another order), so that the recognizing modules
/// build for iOS, iPadOS and macOS without OpenBLAS and on Linux with
/// `swift build --disable-default-traits`.
///
/// Threads: OpenBLAS is set to one thread once, at its first use in the process (a
/// `static let`, initialized exactly once), and never changed again; the large products
/// are split over the cores here, one single-threaded BLAS call per part. (Setting
/// OpenBLAS's process-wide thread count around each call raced between concurrent
/// callers: one caller's restore turned another's workers multi-threaded.)
package enum BLASScorer {
    /// The BLAS these products run on: `"Accelerate"`, `"OpenBLAS"` or `"none (plain Swift)"`.
    package static var backend: String {
        #if canImport(Accelerate)
        return "Accelerate"
        #elseif OpenBLAS
        return "OpenBLAS"
        #else
        return "none (plain Swift)"
        #endif
    }

    /// Template rows per sgemm call for one candidate.
    static let blockRows = 2048

    /// Multiply-adds below which a product runs as one call on the calling thread:
    /// splitting a smaller one over the cores costs more than it saves.
    static let parallelWork = 1 << 20

    #if OpenBLAS && !canImport(Accelerate)
    /// OpenBLAS on one thread, set once for the process before the first product.
    private static let oneThread: Void = { openblas_set_num_threads(1) }()
    #endif

    /// Runs `body`, which may call the products from several threads at once. Every
    /// product is single-threaded BLAS (or split over the cores by this type), so the
    /// callers that split work over the cores themselves need nothing set; kept so that
    /// they say where they do.
    package static func singleThreaded<R>(_ body: () -> R) -> R { body() }

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
                    guard let mBase = m.baseAddress, let pBase = p.baseAddress, let outBase = out.baseAddress else { return }
                    // Blocks of rows that stay in cache: one tall sgemm with two columns is
                    // slower than two sgemv passes; blocked, it is about twice as fast.
                    var start = 0
                    while start < rows {
                        let n = Swift.min(blockRows, rows - start)
                        twoColumnProduct(mBase + start * columns, rows: n, columns: columns, pair: pBase, into: outBase + 2 * start)
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
    /// without allocating, on the calling thread.
    package static func batchProducts(matrix: UnsafePointer<Float>, rows: Int, columns: Int, candidates: UnsafePointer<Float>,
                                      count: Int, into product: UnsafeMutablePointer<Float>) {
        guard rows > 0, count > 0 else { return }
        productNT(candidates, count: count, matrix, rows: rows, columns: columns, into: product)
    }

    /// `matrix · candidate` for a row-major `rows × columns` matrix (sgemv): each template
    /// row's dot product with the candidate.
    static func products(matrix: [Float], rows: Int, columns: Int, candidate: [Float]) -> [Float] {
        guard rows > 0, columns > 0 else { return [Float](repeating: 0, count: rows) }
        return [Float](unsafeUninitializedCapacity: rows) { out, initialized in
            matrix.withUnsafeBufferPointer { m in candidate.withUnsafeBufferPointer { c in
                nonisolated(unsafe) let o = out.baseAddress!, mb = m.baseAddress!, cb = c.baseAddress!
                // Template rows split over the cores when the product is large.
                split(rows, work: rows * columns) { first, n in
                    matrixVector(mb + first * columns, rows: n, columns: columns, vector: cb, into: o + first)
                }
            } }
            initialized = rows
        }
    }

    /// `C · Mᵀ` (sgemm) for `count` candidates back to back in `candidates`: candidate-major
    /// dot products (`result[k * rows + i]`). A large product is split over the cores by
    /// candidates, one single-threaded sgemm per part.
    /// (Package: `bench matcher` times it alone as the floor of the all-pairs product.)
    package static func batchProducts(matrix: [Float], rows: Int, columns: Int, candidates: [Float], count: Int) -> [Float] {
        guard rows > 0, count > 0, columns > 0 else { return [Float](repeating: 0, count: Swift.max(0, rows * count)) }
        // sgemm with beta 0 writes every element, so the buffer need not be zeroed first.
        return [Float](unsafeUninitializedCapacity: count * rows) { p, initialized in
            candidates.withUnsafeBufferPointer { s in matrix.withUnsafeBufferPointer { m in
                nonisolated(unsafe) let out = p.baseAddress!, sb = s.baseAddress!, mb = m.baseAddress!
                split(count, work: count * rows * columns) { first, n in
                    productNT(sb + first * columns, count: n, mb, rows: rows, columns: columns, into: out + first * rows)
                }
            } }
            initialized = count * rows
        }
    }

    // MARK: - The three kernels, per backend

    /// Runs `body(first, count)` over `0..<total` in one part on the calling thread, or in
    /// one part per core when `work` multiply-adds make it worth it.
    private static func split(_ total: Int, work: Int, _ body: @Sendable (Int, Int) -> Void) {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let parts = work >= parallelWork ? Swift.min(cores, total) : 1
        guard parts > 1 else { return body(0, total) }
        let per = (total + parts - 1) / parts
        DispatchQueue.concurrentPerform(iterations: parts) { k in
            let first = k * per, n = Swift.min(total, first + per) - first
            if n > 0 { body(first, n) }
        }
    }

    /// `out[k * rows + i] = a[k] · m[i]` for `count` rows `a` and `rows` rows `m` of
    /// `columns` values (row-major `A · Mᵀ`).
    private static func productNT(_ a: UnsafePointer<Float>, count: Int, _ m: UnsafePointer<Float>, rows: Int, columns: Int,
                                  into out: UnsafeMutablePointer<Float>) {
        #if canImport(Accelerate) || OpenBLAS
        prepareBLAS()
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, Int32(count), Int32(rows), Int32(columns), 1,
                    a, Int32(columns), m, Int32(columns), 0, out, Int32(rows))
        #else
        for k in 0..<count {
            let ak = a + k * columns, ok = out + k * rows
            for i in 0..<rows { ok[i] = dot(ak, m + i * columns, columns) }
        }
        #endif
    }

    /// `out[i] = m[i] · v` for `rows` rows of `columns` values.
    private static func matrixVector(_ m: UnsafePointer<Float>, rows: Int, columns: Int, vector v: UnsafePointer<Float>,
                                     into out: UnsafeMutablePointer<Float>) {
        #if canImport(Accelerate) || OpenBLAS
        prepareBLAS()
        cblas_sgemv(CblasRowMajor, CblasNoTrans, Int32(rows), Int32(columns), 1, m, Int32(columns), v, 1, 0, out, 1)
        #else
        for i in 0..<rows { out[i] = dot(m + i * columns, v, columns) }
        #endif
    }

    /// `out[2i], out[2i + 1] = m[i] · pair[even], m[i] · pair[odd]`: the rows times the two
    /// interleaved columns of `pair` (`columns × 2`, row-major).
    private static func twoColumnProduct(_ m: UnsafePointer<Float>, rows: Int, columns: Int, pair: UnsafePointer<Float>,
                                         into out: UnsafeMutablePointer<Float>) {
        #if canImport(Accelerate) || OpenBLAS
        prepareBLAS()
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, Int32(rows), 2, Int32(columns), 1,
                    m, Int32(columns), pair, 2, 0, out, 2)
        #else
        for i in 0..<rows {
            let row = m + i * columns
            var a = SIMD4<Float>(repeating: 0), b = SIMD4<Float>(repeating: 0)
            var j = 0
            // Four values of the row and their two columns per step: pair holds
            // (c[j], c⊥[j]) side by side.
            while j + 4 <= columns {
                let x = UnsafeRawPointer(row + j).loadUnaligned(as: SIMD4<Float>.self)
                let p = UnsafeRawPointer(pair + 2 * j).loadUnaligned(as: SIMD8<Float>.self)
                a += x * p.evenHalf
                b += x * p.oddHalf
                j += 4
            }
            var sa = a.sum(), sb = b.sum()
            while j < columns { sa += row[j] * pair[2 * j]; sb += row[j] * pair[2 * j + 1]; j += 1 }
            out[2 * i] = sa; out[2 * i + 1] = sb
        }
        #endif
    }

    #if canImport(Accelerate) || OpenBLAS
    @inline(__always)
    private static func prepareBLAS() {
        #if OpenBLAS && !canImport(Accelerate)
        _ = oneThread
        #endif
    }
    #endif

    /// `x · y` over `n` values, eight partial sums at a time (the no-BLAS path).
    @inline(__always)
    static func dot(_ x: UnsafePointer<Float>, _ y: UnsafePointer<Float>, _ n: Int) -> Float {
        var acc = SIMD8<Float>(repeating: 0)
        var k = 0
        while k + 8 <= n {
            acc += UnsafeRawPointer(x + k).loadUnaligned(as: SIMD8<Float>.self)
                * UnsafeRawPointer(y + k).loadUnaligned(as: SIMD8<Float>.self)
            k += 8
        }
        var s = acc.sum()
        while k < n { s += x[k] * y[k]; k += 1 }
        return s
    }
}

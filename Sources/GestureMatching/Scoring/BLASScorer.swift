import CBLAS

/// The only file that talks to OpenBLAS (DESIGN.md §5). Computes Protractor's `a` and `b`
/// for every template row of a row-major Float32 matrix: one candidate with two sgemv
/// calls (the candidate and its per-point 90° rotation), a batch with one sgemm against
/// the stacked candidates and rotations.
enum BLASScorer {
    /// `(y, −x)` for each point `(x, y)` of a flattened vector, so `row · rotated = b`.
    static func rotated90(_ v: [Float]) -> [Float] {
        var r = [Float](repeating: 0, count: v.count)
        var j = 0
        while j + 1 < v.count { r[j] = v[j + 1]; r[j + 1] = -v[j]; j += 2 }
        return r
    }

    static func scores(matrix: [Float], rows: Int, columns: Int, candidate: [Float]) -> (a: [Float], b: [Float]) {
        var a = [Float](repeating: 0, count: rows), b = [Float](repeating: 0, count: rows)
        guard rows > 0 else { return (a, b) }
        let perp = rotated90(candidate)
        matrix.withUnsafeBufferPointer { m in
            candidate.withUnsafeBufferPointer { c in
                a.withUnsafeMutableBufferPointer { out in
                    cblas_sgemv(CblasRowMajor, CblasNoTrans, Int32(rows), Int32(columns), 1,
                                m.baseAddress, Int32(columns), c.baseAddress, 1, 0, out.baseAddress, 1)
                }
            }
            perp.withUnsafeBufferPointer { c in
                b.withUnsafeMutableBufferPointer { out in
                    cblas_sgemv(CblasRowMajor, CblasNoTrans, Int32(rows), Int32(columns), 1,
                                m.baseAddress, Int32(columns), c.baseAddress, 1, 0, out.baseAddress, 1)
                }
            }
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
        var product = [Float](repeating: 0, count: 2 * count * rows)
        stacked.withUnsafeBufferPointer { s in
            matrix.withUnsafeBufferPointer { m in
                product.withUnsafeMutableBufferPointer { p in
                    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans,
                                Int32(2 * count), Int32(rows), Int32(columns), 1,
                                s.baseAddress, Int32(columns), m.baseAddress, Int32(columns),
                                0, p.baseAddress, Int32(rows))
                }
            }
        }
        let half = count * rows
        return (product[0..<half], product[half...])
    }
}

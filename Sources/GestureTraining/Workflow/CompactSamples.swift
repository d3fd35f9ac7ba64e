import GestureData
import GestureGeometry

/// Makes a compact copy of a dataset for shipping (the demo's data in `templates/`):
/// times start at 0 in every sample and are rounded to the millisecond, coordinates are
/// rounded to 0.01 pt, and the loader's `meta["folder"]` is dropped. The shapes are
/// unchanged at the precision of the $1 logs (integer pixels, millisecond times).
public enum CompactSamples {
    /// - Parameters:
    ///   - dataset: the samples to copy.
    ///   - speed: keep only samples whose `meta["speed"]` is this (all when `nil`).
    /// - Returns: the samples in a stable order: by subject, label, then `meta["number"]`.
    public static func make(from dataset: Dataset, speed: String? = nil) -> Dataset {
        func r(_ v: Double, _ scale: Double) -> Double { (v * scale).rounded() / scale }
        var out: [Sample] = []
        for s in dataset.samples where speed == nil || s.speed == speed {
            let t0 = s.gesture.strokes.first?.points.first?.t
            var c = s
            c.gesture = s.gesture.mapPoints { p in
                Point(x: r(p.x, 100), y: r(p.y, 100), t: p.t.map { r($0 - (t0 ?? 0), 1000) })
            }
            c.meta["folder"] = nil
            c.source = nil
            out.append(c)
        }
        func key(_ s: Sample) -> (String, String, Int) {
            (s.subject ?? "", s.label ?? "", Int(s.meta["number"] ?? "") ?? 0)
        }
        out.sort { key($0) < key($1) }
        return Dataset(out)
    }
}

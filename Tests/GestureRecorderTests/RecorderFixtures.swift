import Foundation
import GestureData
import GestureGeometry
import GestureRecorder
import Hummingbird

/// Bodies and helpers the recorder tests share.
enum RecorderFixtures {
    /// A native sample body, as the page posts it.
    static func sampleJSON(label: String?, strokes: [[(Double, Double)]], subject: String? = "s01") -> String {
        var obj: [String: Any] = [
            "format": "gesturelab.sample/1",
            "meta": ["device": "mouse", "recorder": "test"],
            "strokes": timed(strokes),
        ]
        if let label { obj["label"] = label }
        if let subject { obj["subject"] = subject }
        // JSONSerialization only fails on non-JSON types; these are all plain.
        let data = (try? JSONSerialization.data(withJSONObject: obj, options: [.sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Points as `[x, y, t]`, t running on across strokes (10 ms a point).
    static func timed(_ strokes: [[(Double, Double)]]) -> [[[Double]]] {
        var n = 0
        return strokes.map { s in
            s.map { p in
                n += 1
                return [p.0, p.1, Double(n) * 0.01]
            }
        }
    }

    /// A check mark: down-right then a longer leg up-right (20 points).
    static let checkmark: [(Double, Double)] = {
        var points: [(Double, Double)] = []
        for i in 0..<7 {
            let k = Double(i)
            points.append((100 + k * 8, 200 + k * 10))
        }
        for i in 1...13 {
            let k = Double(i)
            points.append((148 + k * 9, 260 - k * 14))
        }
        return points
    }()

    /// A closed circle of 40 points.
    static let circle: [(Double, Double)] = (0..<40).map { i in
        let a = Double(i) / 39 * 2 * Double.pi
        return (240 + 90 * cos(a), 240 + 90 * sin(a))
    }

    static let json: HTTPFields = [.contentType: "application/json"]

    static func body(_ s: String) -> ByteBuffer { ByteBuffer(string: s) }

    static func text(_ r: TestResponse) -> String { String(buffer: r.body) }

    static func object(_ r: TestResponse) -> [String: Any] {
        let data = Data(r.body.readableBytesView)
        return ((try? JSONSerialization.jsonObject(with: data)) as? [String: Any]) ?? [:]
    }

    /// The `error.message` of an error response.
    static func message(_ r: TestResponse) -> String {
        ((object(r)["error"] as? [String: Any])?["message"] as? String) ?? "<no message: \(text(r))>"
    }

    /// Every regular file under `root` (hidden ones included), relative paths, sorted.
    static func allFiles(_ root: URL) -> [String] {
        let e = FileManager.default.enumerator(atPath: root.path)
        var out: [String] = []
        while let p = e?.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(p).path, isDirectory: &isDir),
               !isDir.boolValue { out.append(p) }
        }
        return out.sorted()
    }
}

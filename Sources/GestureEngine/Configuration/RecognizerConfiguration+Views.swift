import Foundation
import GestureData
import GestureGeometry

/// The configuration's `views` (a view tree) and each recognizer's `view`:
///
/// ```json
/// "views": {"name": "screen", "frame": [0, 0, 320, 480], "subviews": [
///   {"name": "photo", "frame": [20, 40, 200, 200], "region": {"path": [[0, 0], [200, 0], [200, 200], [0, 200]], "rule": "even-odd"}},
///   {"name": "badge", "frame": [260, 20, 40, 40], "region": {"mask": {"width": 2, "height": 2, "alpha": [0, 255, 255, 255], "threshold": 128}},
///    "multipleTouch": false, "userInteraction": true, "hidden": false}]}
/// ```
extension RecognizerConfiguration {
    static let viewKeys: Set<String> = ["name", "frame", "region", "userInteraction", "hidden", "multipleTouch", "subviews"]

    /// Decodes one view and its subviews; `field` names it in errors.
    static func decodeView(_ raw: Any, field f: String, bad: @escaping (String, String) -> GestureDataError) throws -> ViewNode {
        guard let o = raw as? [String: Any] else { throw bad(f, "must be an object") }
        for key in o.keys where !viewKeys.contains(key) {
            throw bad("\(f).\(shownValue(key))", "unknown key (allowed: \(viewKeys.sorted().joined(separator: ", ")))")
        }
        guard let name = o["name"] as? String, !name.isEmpty else { throw bad(f + ".name", "missing or not a non-empty string") }
        func numbers(_ v: Any?, _ field: String) throws -> [Double] {
            guard let list = v as? [NSNumber], list.allSatisfy({ !JSONBooleans.isBoolean($0) && $0.doubleValue.isFinite }) else {
                throw bad(field, "must be a list of finite numbers")
            }
            return list.map(\.doubleValue)
        }
        let frame = try numbers(o["frame"], f + ".frame")
        guard frame.count == 4, frame[2] >= 0, frame[3] >= 0 else { throw bad(f + ".frame", "must be [x, y, width, height] with width and height >= 0") }
        func flag(_ key: String, _ fallback: Bool) throws -> Bool {
            guard let v = o[key] else { return fallback }
            guard let n = v as? NSNumber, JSONBooleans.isBoolean(n) else { throw bad("\(f).\(key)", "must be true or false") }
            return n.boolValue
        }
        var region = HitRegion.frame
        if let r = o["region"] {
            let g = f + ".region"
            guard let r = r as? [String: Any] else { throw bad(g, "must be {\"path\": [[x, y], ...], \"rule\": ...} or {\"mask\": {...}}") }
            if let path = r["path"] {
                for key in r.keys where key != "path" && key != "rule" { throw bad("\(g).\(shownValue(key))", "unknown key (allowed: path, rule)") }
                guard let list = path as? [Any], list.count >= 3, list.count <= 10_000 else { throw bad(g + ".path", "must be 3 to 10000 points [x, y]") }
                var points: [Point] = []
                for (k, p) in list.enumerated() {
                    let xy = try numbers(p, "\(g).path[\(k)]")
                    guard xy.count == 2 else { throw bad("\(g).path[\(k)]", "must be [x, y]") }
                    points.append(Point(x: xy[0], y: xy[1]))
                }
                let ruleName = (r["rule"] as? String) ?? "non-zero"
                guard let rule = HitRegion.FillRule(rawValue: ruleName) else { throw bad(g + ".rule", "must be even-odd or non-zero") }
                region = .path(points, rule: rule)
            } else if let mask = r["mask"] {
                for key in r.keys where key != "mask" { throw bad("\(g).\(shownValue(key))", "unknown key (allowed: mask)") }
                guard let m = mask as? [String: Any] else { throw bad(g + ".mask", "must be an object") }
                let fields = ConfigurationFields(obj: m, field: g + ".mask", bad: bad)
                guard let w = try fields.int("width"), let h = try fields.int("height"), (1...4096).contains(w), (1...4096).contains(h) else {
                    throw bad(g + ".mask", "needs width and height, 1…4096")
                }
                let threshold = try fields.int("threshold") ?? 128
                guard (0...255).contains(threshold) else { throw bad(g + ".mask.threshold", "must be 0…255") }
                let alpha = try numbers(m["alpha"], g + ".mask.alpha")
                guard alpha.count == w * h, alpha.allSatisfy({ (a: Double) in a >= 0 && a <= 255 && a == a.rounded() }) else {
                    throw bad(g + ".mask.alpha", "must be width × height = \(w * h) whole numbers 0…255, row by row from the top")
                }
                region = .mask(width: w, height: h, alpha: alpha.map { UInt8($0) }, threshold: UInt8(threshold))
            } else {
                throw bad(g, "needs path or mask")
            }
        }
        var subviews: [ViewNode] = []
        if let s = o["subviews"] {
            guard let list = s as? [Any] else { throw bad(f + ".subviews", "must be a list of views") }
            for (k, item) in list.enumerated() { subviews.append(try decodeView(item, field: "\(f).subviews[\(k)]", bad: bad)) }
        }
        return ViewNode(name: name, x: frame[0], y: frame[1], width: frame[2], height: frame[3], region: region,
                        isUserInteractionEnabled: try flag("userInteraction", true), isHidden: try flag("hidden", false),
                        isMultipleTouchEnabled: try flag("multipleTouch", true), subviews: subviews)
    }

    static func encodeView(_ v: ViewNode) -> [String: Any] {
        var o: [String: Any] = ["name": v.name, "frame": [v.x, v.y, v.width, v.height]]
        switch v.region {
        case .frame: break
        case .path(let points, let rule): o["region"] = ["path": points.map { [$0.x, $0.y] }, "rule": rule.rawValue]
        case .mask(let w, let h, let alpha, let t):
            o["region"] = ["mask": ["width": w, "height": h, "alpha": alpha.map(Int.init), "threshold": Int(t)] as [String: Any]]
        }
        if !v.isUserInteractionEnabled { o["userInteraction"] = false }
        if v.isHidden { o["hidden"] = true }
        if !v.isMultipleTouchEnabled { o["multipleTouch"] = false }
        if !v.subviews.isEmpty { o["subviews"] = v.subviews.map(encodeView) }
        return o
    }
}

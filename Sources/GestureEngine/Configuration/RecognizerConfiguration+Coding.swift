import Foundation
import GestureData
import GestureDetectors
import GestureMatching

extension RecognizerConfiguration {
    private static let commonKeys: Set<String> = ["name", "type", "requireToFail", "cancelsTouchesInView", "schedule", "view",
                                                  "delaysTouchesBegan", "delaysTouchesEnded"]
    /// Keys by type; every registered detector (``GestureDetectors/DetectorKind``) is a
    /// type with `thresholds` and `decide`.
    private static let keysByType: [String: Set<String>] = Dictionary(
        uniqueKeysWithValues: DetectorKind.allCases.map { ($0.rawValue, ["thresholds", "decide", "minimumMovement"]) }).merging([
        "tap": SettingKey.keys(TapRecognizer.Settings.configurationKeys),
        "swipe": SettingKey.keys(SwipeRecognizer.Settings.configurationKeys).union(["directions"]),
        "pan": SettingKey.keys(PanRecognizer.Settings.configurationKeys).union(["constrain"]),
        "pinch": SettingKey.keys(PinchRecognizer.Settings.configurationKeys),
        "rotation": SettingKey.keys(RotationRecognizer.Settings.configurationKeys),
        "longPress": SettingKey.keys(LongPressRecognizer.Settings.configurationKeys),
        "template": ["library", "algorithm", "minimumScore", "rejection", "labels", "model", "minimumMovement"],
    ]) { a, _ in a }

    /// Decodes and validates a configuration file's bytes.
    /// - Parameters:
    ///   - file: the name used in errors.
    ///   - loadFile: reads a file the configuration refers to (a detector's `thresholds`
    ///     given as a path); the caller decides what a relative path is relative to.
    ///     Without it, file references are an error.
    ///   - loadModel: reads a model folder a template recognizer names (`"model": DIR`)
    ///     into its recognizer; the caller resolves relative paths. Without it, a `model`
    ///     key is an error.
    /// - Throws: ``GestureData/GestureDataError`` naming `file` and the field.
    public static func decode(_ data: Data, file: String,
                              loadFile: ((String) throws -> Data)? = nil,
                              loadModel: ((String) throws -> ModelRecognizer)? = nil) throws -> RecognizerConfiguration {
        func bad(_ field: String, _ reason: String) -> GestureDataError {
            .invalidField(file: file, location: .whole, field: field, reason: reason)
        }
        let root: [String: Any]
        do {
            // The strict reader checks the whole file first (a key twice is refused, with
            // its line); the file is capped at BoundedFile.maxSettingsBytes, so the object
            // tree built next fits in ReadBudget's constant.
            try StrictJSON.check(data)
            guard let r = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw GestureDataError.malformed(file: file, location: .whole, reason: "not a JSON object")
            }
            root = r
        } catch let e as GestureDataError {
            throw e
        } catch DecodingError.dataCorrupted(let context) {
            throw GestureDataError.malformed(file: file, location: .whole, reason: context.debugDescription)
        } catch {
            throw GestureDataError.malformed(file: file, location: .whole, reason: "not valid JSON")
        }
        for key in root.keys where !["format", "recognizers", "simultaneous", "views"].contains(key) {
            throw bad(shownValue(key), "unknown key (expected format, recognizers, simultaneous, views)")
        }
        guard let format = root["format"] as? String else { throw bad("format", "missing") }
        guard format == Self.format else { throw GestureDataError.unsupportedFormat(file: file, location: .whole, found: shownValue(format)) }
        guard let list = root["recognizers"] as? [Any] else { throw bad("recognizers", "missing or not a list") }
        var entries: [Entry] = []
        for (i, item) in list.enumerated() {
            let f = "recognizers[\(i)]"
            guard let obj = item as? [String: Any] else { throw bad(f, "not an object") }
            guard let name = obj["name"] as? String else { throw bad(f + ".name", "missing or not a string") }
            guard let type = obj["type"] as? String else { throw bad(f + ".type", "missing or not a string") }
            guard let allowed = keysByType[type] else {
                throw bad(f + ".type", "unknown type '\(shownValue(type))' (expected \(keysByType.keys.sorted().joined(separator: ", ")))")
            }
            for key in obj.keys where !commonKeys.contains(key) && !allowed.contains(key) {
                throw bad("\(f).\(shownValue(key))", "unknown key for a \(type) recognizer (allowed: \(allowed.sorted().joined(separator: ", ")))")
            }
            let fields = ConfigurationFields(obj: obj, field: f, bad: bad)
            let spec: Spec
            switch type {
            case "tap":
                spec = .tap(try fields.read(TapRecognizer.Settings(), TapRecognizer.Settings.configurationKeys))
            case "swipe":
                var s = try fields.read(SwipeRecognizer.Settings(), SwipeRecognizer.Settings.configurationKeys)
                if let names = try fields.strings("directions") {
                    var set = Set<SwipeDirection>()
                    for (k, n) in names.enumerated() {
                        guard let d = SwipeDirection(rawValue: n) else {
                            throw bad("\(f).directions[\(k)]", "unknown direction '\(shownValue(n))' (expected right, left, up, down)")
                        }
                        set.insert(d)
                    }
                    s.directions = set
                }
                spec = .swipe(s)
            case "pan":
                var s = try fields.read(PanRecognizer.Settings(), PanRecognizer.Settings.configurationKeys)
                if let c = obj["constrain"] {
                    let g = "\(f).constrain"
                    guard let c = c as? [String: Any], c.count == 1 else {
                        throw bad(g, "must be {\"axis\": \"x\" or \"y\"} or {\"rect\": [x, y, width, height]}")
                    }
                    if let axis = c["axis"] {
                        guard let name = axis as? String, let a = PanRecognizer.Constraint.Axis(rawValue: name) else {
                            throw bad(g + ".axis", "must be \"x\" or \"y\"")
                        }
                        s.constraint = .axis(a)
                    } else if let rect = c["rect"] {
                        guard let r = rect as? [NSNumber], r.count == 4, r.allSatisfy({ !JSONBooleans.isBoolean($0) && $0.doubleValue.isFinite }),
                              r[2].doubleValue >= 0, r[3].doubleValue >= 0 else {
                            throw bad(g + ".rect", "must be [x, y, width, height]: four finite numbers, width and height >= 0")
                        }
                        s.constraint = .rect(x: r[0].doubleValue, y: r[1].doubleValue, width: r[2].doubleValue, height: r[3].doubleValue)
                    } else {
                        throw bad(g, "unknown key '\(shownValue(c.keys.first ?? ""))' (expected axis or rect)")
                    }
                }
                spec = .pan(s)
            case "pinch":
                spec = .pinch(try fields.read(PinchRecognizer.Settings(), PinchRecognizer.Settings.configurationKeys))
            case "rotation":
                spec = .rotation(try fields.read(RotationRecognizer.Settings(), RotationRecognizer.Settings.configurationKeys))
            case "template":
                spec = .template(try templateSpec(obj, field: f, file: file, loadFile: loadFile, loadModel: loadModel,
                                                  fields: fields))
            case let type where DetectorKind(rawValue: type) != nil:
                // A registered rule-based detector (DetectorKind.allCases).
                let kind = DetectorKind(rawValue: type) ?? .shape
                let t = try thresholds(obj["thresholds"], kind: kind, field: f + ".thresholds", file: file, loadFile: loadFile)
                // A book rule decides when its detector does (CheckPlease mid-stroke); trained
                // thresholds decide at touch end, so a zig-zag's first legs never fire them.
                spec = .detector(t, try decision(obj["decide"], field: f + ".decide",
                                                 default: !t.isTrained && t.kind.decidesWhileMoving ? .streaming : .end, bad))
            default: // "longPress"
                spec = .longPress(try fields.read(LongPressRecognizer.Settings(), LongPressRecognizer.Settings.configurationKeys))
            }
            let cancels: Bool
            if let v = obj["cancelsTouchesInView"] {
                guard let n = v as? NSNumber, JSONBooleans.isBoolean(n) else { throw bad(f + ".cancelsTouchesInView", "must be true or false") }
                cancels = n.boolValue
            } else {
                cancels = true
            }
            var schedule: [ScheduledChange] = []
            if let raw = obj["schedule"] {
                guard let list = raw as? [Any] else { throw bad(f + ".schedule", "must be a list of {\"at\": seconds, \"enabled\": true|false} or {\"at\": seconds, \"removed\": true}") }
                for (k, item) in list.enumerated() {
                    let g = "\(f).schedule[\(k)]"
                    guard let o = item as? [String: Any] else { throw bad(g, "not an object") }
                    for key in o.keys where !["at", "enabled", "removed"].contains(key) { throw bad("\(g).\(shownValue(key))", "unknown key (allowed: at, enabled, removed)") }
                    guard let at = try ConfigurationFields(obj: o, field: g, bad: bad).double("at") else { throw bad(g + ".at", "missing") }
                    if let last = schedule.last, at < last.time { throw bad(g + ".at", "times must not go backwards (\(at) after \(last.time))") }
                    func flag(_ key: String) throws -> Bool? {
                        guard let v = o[key] else { return nil }
                        guard let n = v as? NSNumber, JSONBooleans.isBoolean(n) else { throw bad("\(g).\(key)", "must be true or false") }
                        return n.boolValue
                    }
                    switch (try flag("enabled"), try flag("removed")) {
                    case (let e?, nil): schedule.append(ScheduledChange(time: at, change: e ? .enabled : .disabled))
                    case (nil, true?): schedule.append(ScheduledChange(time: at, change: .removed))
                    default: throw bad(g, "needs exactly one of \"enabled\": true|false or \"removed\": true")
                    }
                }
            }
            var entry = Entry(name: name, spec: spec, requireToFail: try fields.strings("requireToFail") ?? [],
                              cancelsTouchesInView: cancels, schedule: schedule)
            if let v = obj["view"] {
                guard let v = v as? String else { throw bad(f + ".view", "must be a view's name") }
                entry.view = v
            }
            entry.minimumMovement = try fields.double("minimumMovement")
            for key in ["delaysTouchesBegan", "delaysTouchesEnded"] {
                guard let v = obj[key] else { continue }
                guard let n = v as? NSNumber, JSONBooleans.isBoolean(n) else { throw bad("\(f).\(key)", "must be true or false") }
                if key == "delaysTouchesBegan" { entry.delaysTouchesBegan = n.boolValue } else { entry.delaysTouchesEnded = n.boolValue }
            }
            entries.append(entry)
        }
        var groups: [[String]] = []
        if let raw = root["simultaneous"] {
            guard let list = raw as? [Any] else { throw bad("simultaneous", "must be a list of lists of names") }
            for (g, item) in list.enumerated() {
                guard let names = item as? [String], names.count >= 2 else {
                    throw bad("simultaneous[\(g)]", "must be a list of at least two names")
                }
                groups.append(names)
            }
        }
        var config = RecognizerConfiguration(recognizers: entries, simultaneous: groups)
        if let v = root["views"] { config.views = try decodeView(v, field: "views", bad: bad) }
        try config.validate(file: file)
        return config
    }

    /// Pretty, key-sorted JSON of the configuration with every setting spelled out.
    public func encoded() throws -> Data {
        var list: [[String: Any]] = []
        for e in recognizers {
            var o: [String: Any] = ["name": e.name, "type": e.spec.typeName]
            if !e.requireToFail.isEmpty { o["requireToFail"] = e.requireToFail }
            if !e.cancelsTouchesInView { o["cancelsTouchesInView"] = false }
            if let v = e.view { o["view"] = v }
            if e.delaysTouchesBegan { o["delaysTouchesBegan"] = true }
            if !e.delaysTouchesEnded { o["delaysTouchesEnded"] = false }
            if let m = e.minimumMovement { o["minimumMovement"] = m }
            if !e.schedule.isEmpty {
                o["schedule"] = e.schedule.map { c -> [String: Any] in
                    switch c.change {
                    case .enabled: return ["at": c.time, "enabled": true]
                    case .disabled: return ["at": c.time, "enabled": false]
                    case .removed: return ["at": c.time, "removed": true]
                    }
                }
            }
            switch e.spec {
            case .tap(let s):
                SettingKey.write(s, TapRecognizer.Settings.configurationKeys, to: &o)
            case .swipe(let s):
                SettingKey.write(s, SwipeRecognizer.Settings.configurationKeys, to: &o)
                o["directions"] = SwipeDirection.allCases.filter { s.directions.contains($0) }.map(\.rawValue)
            case .pan(let s):
                SettingKey.write(s, PanRecognizer.Settings.configurationKeys, to: &o)
                switch s.constraint {
                case .axis(let a)?: o["constrain"] = ["axis": a.rawValue]
                case .rect(let x, let y, let w, let h)?: o["constrain"] = ["rect": [x, y, w, h]]
                case nil: break
                }
            case .pinch(let s):
                SettingKey.write(s, PinchRecognizer.Settings.configurationKeys, to: &o)
            case .rotation(let s):
                SettingKey.write(s, RotationRecognizer.Settings.configurationKeys, to: &o)
            case .longPress(let s):
                SettingKey.write(s, LongPressRecognizer.Settings.configurationKeys, to: &o)
            case .detector(let t, let d):
                o["thresholds"] = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(t))
                o["decide"] = d.rawValue
            case .template(let t):
                switch t.acceptance {
                case .model(_, let folder):
                    // The model folder is the artifact: refer to it, never inline a copy.
                    o["model"] = folder
                case .minimumScore(let m):
                    o["library"] = try JSONSerialization.jsonObject(with: try t.library.encoded())
                    o["algorithm"] = t.algorithm.rawValue
                    o["minimumScore"] = m
                case .rejection(let r):
                    o["library"] = try JSONSerialization.jsonObject(with: try t.library.encoded())
                    o["algorithm"] = t.algorithm.rawValue
                    o["rejection"] = try JSONSerialization.jsonObject(with: try r.encoded())
                }
                if !t.labels.isEmpty { o["labels"] = t.labels }
            }
            list.append(o)
        }
        var root: [String: Any] = ["format": Self.format, "recognizers": list]
        if !simultaneous.isEmpty { root["simultaneous"] = simultaneous }
        if let views { root["views"] = Self.encodeView(views) }
        return try JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    }
}

/// Typed access to one recognizer object's optional fields.
struct ConfigurationFields {
    let obj: [String: Any]
    let field: String
    let bad: (String, String) -> GestureDataError

    func double(_ key: String) throws -> Double? {
        guard let v = obj[key] else { return nil }
        guard let n = v as? NSNumber, !JSONBooleans.isBoolean(n), n.doubleValue.isFinite else {
            throw bad("\(field).\(key)", "must be a number")
        }
        return n.doubleValue
    }

    func int(_ key: String) throws -> Int? {
        guard let d = try double(key) else { return nil }
        guard d == d.rounded(), abs(d) < 1e9 else { throw bad("\(field).\(key)", "must be a whole number") }
        return Int(d)
    }

    func strings(_ key: String) throws -> [String]? {
        guard let v = obj[key] else { return nil }
        guard let list = v as? [String] else { throw bad("\(field).\(key)", "must be a list of strings") }
        return list
    }

    /// `settings` with each of `keys` present in the object read into it, in the order given.
    func read<Settings>(_ settings: Settings, _ keys: [SettingKey<Settings>]) throws -> Settings {
        var s = settings
        for k in keys { try k.read(self, &s) }
        return s
    }
}

/// One numeric setting of a recognizer's settings and its key in the configuration file:
/// the one description that decoding, encoding and the allowed keys of each type use.
struct SettingKey<Settings>: Sendable {
    let key: String
    /// Sets the setting from the object's `key`, when present (an error names the field).
    let read: @Sendable (ConfigurationFields, inout Settings) throws -> Void
    /// Writes the setting under `key`, unless it has the value that means "not set".
    let write: @Sendable (Settings, inout [String: Any]) -> Void

    static func int(_ key: String, _ path: WritableKeyPath<Settings, Int> & Sendable, omittedWhen unset: Int? = nil) -> Self {
        Self(key: key,
             read: { fields, s in s[keyPath: path] = try fields.int(key) ?? s[keyPath: path] },
             write: { s, o in if s[keyPath: path] != unset { o[key] = s[keyPath: path] } })
    }

    static func double(_ key: String, _ path: WritableKeyPath<Settings, Double> & Sendable) -> Self {
        Self(key: key,
             read: { fields, s in s[keyPath: path] = try fields.double(key) ?? s[keyPath: path] },
             write: { s, o in o[key] = s[keyPath: path] })
    }

    /// A setting whose absence means `nil` (no limit): written only when set.
    static func double(_ key: String, _ path: WritableKeyPath<Settings, Double?> & Sendable) -> Self {
        Self(key: key,
             read: { fields, s in s[keyPath: path] = try fields.double(key) },
             write: { s, o in if let v = s[keyPath: path] { o[key] = v } })
    }

    static func keys(_ keys: [SettingKey]) -> Set<String> { Set(keys.map(\.key)) }

    static func write(_ settings: Settings, _ keys: [SettingKey], to object: inout [String: Any]) {
        for k in keys { k.write(settings, &object) }
    }
}

// The file's key for each numeric setting, in the order they are read.
extension TapRecognizer.Settings {
    static let configurationKeys: [SettingKey<Self>] = [
        .int("taps", \.tapsRequired), .int("touches", \.touchesRequired),
        .double("maximumInterval", \.maximumInterval), .double("maximumMovement", \.maximumMovement),
        .double("maximumPressDuration", \.maximumPressDuration), .double("maximumTapDistance", \.maximumTapDistance),
    ]
}

extension SwipeRecognizer.Settings {
    static let configurationKeys: [SettingKey<Self>] = [
        .int("touches", \.touchesRequired), .double("minimumLength", \.minimumLength),
        .double("maximumVariance", \.maximumVariance), .double("maximumDuration", \.maximumDuration),
    ]
}

extension PanRecognizer.Settings {
    static let configurationKeys: [SettingKey<Self>] = [
        .int("minimumTouches", \.minimumTouches), .int("maximumTouches", \.maximumTouches, omittedWhen: .max),
        .double("minimumTranslation", \.minimumTranslation),
    ]
}

extension PinchRecognizer.Settings {
    static let configurationKeys: [SettingKey<Self>] = [.double("minimumScaleChange", \.minimumScaleChange)]
}

extension RotationRecognizer.Settings {
    static let configurationKeys: [SettingKey<Self>] = [.double("minimumRotation", \.minimumRotation)]
}

extension LongPressRecognizer.Settings {
    static let configurationKeys: [SettingKey<Self>] = [
        .double("minimumDuration", \.minimumPressDuration), .double("allowableMovement", \.allowableMovement),
        .int("touches", \.touchesRequired),
    ]
}

/// A proportion, `count` of `total`, with its Wilson 95% interval (`[0, 1]`, and a value
/// of 0, when nothing was counted). `Layout` names its JSON keys, so that reports that
/// already call the fields differently (`eval model`'s `value`/`total`, the recorder's
/// `rate`/`of`) keep their files while the figures are computed in one place.
public struct CountedRate<Layout: CountedRateLayout>: Hashable, Codable, Sendable {
    public var count: Int
    public var total: Int
    public var value: Double
    public var interval: [Double]

    public init(_ count: Int, of total: Int) {
        self.count = count
        self.total = total
        value = total > 0 ? Double(count) / Double(total) : 0
        interval = WilsonInterval(successes: count, trials: total).array
    }

    private struct Key: CodingKey {
        var stringValue: String
        init(_ field: CountedRateField) { stringValue = Layout.keys.first { $0.field == field }!.key }
        init?(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        count = try c.decode(Int.self, forKey: Key(.count))
        total = try c.decode(Int.self, forKey: Key(.total))
        value = try c.decode(Double.self, forKey: Key(.value))
        interval = try c.decode([Double].self, forKey: Key(.interval))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Key.self)
        for (field, _) in Layout.keys {
            switch field {
            case .count: try c.encode(count, forKey: Key(field))
            case .total: try c.encode(total, forKey: Key(field))
            case .value: try c.encode(value, forKey: Key(field))
            case .interval: try c.encode(interval, forKey: Key(field))
            }
        }
    }
}

/// A field of ``CountedRate``.
public enum CountedRateField: Sendable { case count, total, value, interval }

/// The JSON keys of a ``CountedRate``: one per field, in the order they are written.
public protocol CountedRateLayout: Sendable {
    static var keys: [(field: CountedRateField, key: String)] { get }
}

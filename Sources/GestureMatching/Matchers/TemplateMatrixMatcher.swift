/// A prepared gesture as one Float32 vector (Protractor's unit vector, Penny Pincher's
/// between-point unit vectors).
public struct PreparedVector: Hashable, Sendable {
    package var vector: [Float]
    package init(vector: [Float]) { self.vector = vector }
}

/// Templates as one row-major Float32 matrix, templates × `width`, with their names and
/// the matcher's settings: what a ``TemplateMatrixMatcher`` keeps.
package struct TemplateMatrix<Settings: AlgorithmSettings>: Sendable {
    package let names: [String]
    package let settings: Settings
    /// Row-major templates × `width` matrix of template vectors.
    package let matrix: [Float]
    package let width: Int
}

/// A ``TemplateMatcher`` whose templates are rows of one ``TemplateMatrix``, so that a
/// candidate is scored by one matrix-vector product (``BLASScorer``): Protractor and
/// Penny Pincher. The matrix gives it `init(names:templates:settings:)`, `names` and
/// `settings`.
package protocol TemplateMatrixMatcher: TemplateMatcher where Prepared == PreparedVector {
    var store: TemplateMatrix<Settings> { get }
    init(store: TemplateMatrix<Settings>)
    /// The length of a prepared vector under `settings`.
    static func vectorWidth(_ settings: Settings) -> Int
}

extension TemplateMatrixMatcher {
    /// Preconditions: one name per template, every template prepared with `settings`.
    public init(names: [String], templates: [Prepared], settings: Settings = .default) {
        precondition(names.count == templates.count, "one name per template")
        let width = Self.vectorWidth(settings)
        precondition(templates.allSatisfy { $0.vector.count == width }, "templates prepared with other settings")
        self.init(store: TemplateMatrix(names: names, settings: settings, matrix: templates.flatMap(\.vector), width: width))
    }

    public var names: [String] { store.names }
    public var settings: Settings { store.settings }
    package var matrix: [Float] { store.matrix }
    package var width: Int { store.width }
}

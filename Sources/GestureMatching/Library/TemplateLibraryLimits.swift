/// Size limits a template library file must respect (a library file is untrusted input; README "Limits").
///
/// Matching cost grows with templates × points: a candidate is compared with every
/// template, and $P's matching is quadratic in points. These bounds keep one
/// recognition within milliseconds to seconds whatever the file says; a library beyond
/// them is refused when decoded, naming the template and the field.
public enum TemplateLibraryLimits {
    /// Most templates in one library (the shipped library has a few dozen; a library of
    /// every $1 sample would have 4800).
    public static let maxTemplates = 10_000
    /// Most points in one template over all its strokes (the same bound as a sample's,
    /// `GestureData.SampleLimits.maxPoints`; Matching does not import GestureData).
    public static let maxPointsPerTemplate = 10_000
}

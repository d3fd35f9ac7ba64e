/// Size limits on one sample, enforced by every sample reader (a sample file is untrusted input; README "Limits").
///
/// The readers are linear, but some consumers are not: a streaming detector re-measures
/// the stroke at every point (quadratic), and matchers resample every candidate. A
/// 64 MiB file can hold one sample of about 2.5 million points, which the streaming
/// circle detector would take days on; capping a sample keeps every command bounded.
public enum SampleLimits {
    /// Most points in one sample, over all its strokes: 10 000 is over 80 s of touch
    /// input at 120 Hz (the $1 logs' longest sample has a few hundred). A sample with
    /// more is an error naming the file, the sample or line, and the stroke or point.
    public static let maxPoints = 10_000
}

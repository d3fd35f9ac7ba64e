/// The rejection prior shipped with GestureLab (``RejectionPrior``), as JSON compiled in.
/// Regenerate with `gesturelab train prior` (see docs/everyday.md for the exact command).
enum ShippedRejectionPrior {
    static let json = ""
}

extension Duration {
    /// The duration in seconds (a `Duration` is whole seconds plus attoseconds): the one
    /// conversion the training reports and the command-line tool time things with.
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}

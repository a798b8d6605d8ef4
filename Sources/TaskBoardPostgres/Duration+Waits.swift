/// A deadline in the units the system's waits take.
extension Duration {
    var nanoseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }

    /// For messages: "no answer within 3 s" (never 0 s).
    var wholeSeconds: Int64 { max(1, components.seconds) }
}

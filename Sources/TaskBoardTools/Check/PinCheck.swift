import TaskBoard

/// pin.json's hash parameters. A hand edit (or another tool) can leave a
/// record the kiosk cannot check, or one so cheap that a copy of the file
/// gives the PIN away in seconds: both are problems only a new PIN fixes.
struct PinCheck {
    let hash: PinHash
    /// Where the PIN is kept, for the messages.
    var file = "pin.json"
    private let fix = DataProblem.Fix.manual("cannot repair: set a new PIN with taskboard reset-pin")

    func problems() -> [DataProblem] {
        var found: [String] = []
        if hash.algorithm != PinHasher.algorithm {
            found.append("the PIN's hash uses \"\(hash.algorithm)\", not \(PinHasher.algorithm): the PIN cannot be checked")
        }
        if hash.iterations < PinHasher.minimumIterations {
            found.append("the PIN's hash has \(hash.iterations) iterations, fewer than the \(PinHasher.minimumIterations) this taskboard accepts: a copy of the file would give the PIN away quickly")
        } else if hash.iterations > PinHasher.iterationRange.upperBound {
            found.append("the PIN's hash has \(hash.iterations) iterations, more than the \(PinHasher.iterationRange.upperBound) this taskboard will compute")
        }
        if hash.salt.count < PinHasher.saltByteCount {
            found.append("the PIN's salt is \(hash.salt.count) bytes, fewer than \(PinHasher.saltByteCount)")
        }
        if hash.hash.count != PinHasher.hashByteCount {
            found.append("the PIN's hash is \(hash.hash.count) bytes, not \(PinHasher.hashByteCount)")
        }
        return found.map { DataProblem(file: file, $0, fix: fix) }
    }
}

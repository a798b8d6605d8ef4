/// The marks on disk hold less than was acknowledged: a journal shorter than
/// the length the summary recorded for its day (cut by a hand edit, a bad
/// copy or a failing disk). Loading refuses it, so the loss is seen and the
/// next save cannot make it permanent by recording the shorter length.
public struct MarkHistoryDamage: Error, Equatable, Sendable, CustomStringConvertible {
    public let day: Day
    /// What the summary recorded and what the store has now (bytes, for files).
    public let recorded: Int
    public let found: Int

    public var description: String {
        "The marks of \(day) are shorter than recorded (\(found) of \(recorded) bytes): ticks that were saved are missing. "
            + "Restore that day's journal from a backup; taskboard check names the file."
    }
}

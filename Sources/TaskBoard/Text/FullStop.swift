/// A reason said before what stayed as it was ("…is full. Nothing was
/// changed."): each its own sentence, so the second is never read as part
/// of the first.
public enum FullStop {
    /// The text with a full stop at its end, unless it ends a sentence already.
    public static func after(_ text: String) -> String {
        guard let last = text.last, !".!?".contains(last) else { return text }
        return text + "."
    }
}

/// A save that failed after its change was written, and could not be taken
/// back: it may be on disk. Said as "perhaps saved", never "not saved", so
/// the words on the screen are what happened. Storage errors conform.
public protocol UncertainSave: Error {
    var mayBeSaved: Bool { get }
}

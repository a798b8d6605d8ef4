/// What a save on a shared store was about, for the screen's words.
public enum SavedSubject: String, Sendable, Equatable {
    case roster, settings, pin
}

/// Thrown by a shared store when its server has a save but has not answered
/// within the moment the screen waits (the screen must never wait on the
/// network): the save goes on, nothing on this screen has changed yet, and
/// the answer comes later as a `LateAnswer`.
public struct SaveUnderway: Error, Sendable, Equatable, CustomStringConvertible {
    public var subject: SavedSubject

    public init(_ subject: SavedSubject) { self.subject = subject }

    public var description: String { "the \(subject.rawValue) is still being saved" }
}

/// How a save the screen stopped waiting for came out.
public struct LateAnswer: Sendable, Equatable {
    public var subject: SavedSubject
    /// Nil: saved. Otherwise why not, in one sentence.
    public var failure: String?

    public init(_ subject: SavedSubject, failure: String? = nil) {
        self.subject = subject
        self.failure = failure
    }
}

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
    public enum Outcome: Sendable, Equatable {
        case saved
        /// Refused (another kiosk changed the roster first): why, in one sentence.
        case notSaved(String)
        /// No answer by the deadline: it may or may not have been saved
        /// (the screen shows which once the server is back). The error, for the log.
        case unknown(String)
    }

    public var subject: SavedSubject
    public var outcome: Outcome

    public init(_ subject: SavedSubject, _ outcome: Outcome = .saved) {
        self.subject = subject
        self.outcome = outcome
    }
}

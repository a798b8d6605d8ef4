import Foundation

/// What waits to be said and what is being said, and the rules of whose
/// turn it is: one sentence at a time, to its end, unless a child asks for
/// another. Pure (times are given), so the rules are tested with a fixed clock;
/// `Speaker` runs it against a real voice.
struct SpeechLine {
    /// How long a chosen name waits for the selection to rest before it is said.
    static let choicePause: TimeInterval = 0.6
    /// A chosen name not said within this long is about a list the child has left.
    static let choiceLife: TimeInterval = 3
    /// Praise not said within this long is about a child who has gone.
    static let praiseLife: TimeInterval = 30
    /// News of the day not said within this long is no longer true ("in five minutes").
    static let noticeLife: TimeInterval = 60

    /// What to do now.
    enum Step: Equatable {
        /// Hand this sentence to the voice; `finished(turn)` when it is done.
        case speak(Sentence, turn: Int)
        /// Stop the sentence being said (its end comes as `finished`).
        case stop
        /// Nothing until this time, unless something else comes first.
        case wake(at: TimeInterval)
        case nothing
    }

    fileprivate struct Waiting {
        var utterance: Utterance
        let since: TimeInterval
    }

    fileprivate enum Kind { case asked, choice, praise, notice }

    private var waiting: [Waiting] = []
    /// What the voice is saying, and its turn number; nil when quiet.
    private var speaking: (kind: Kind, turn: Int)?
    private var stopping = false
    private var turns = 0

    var isQuiet: Bool { speaking == nil && waiting.isEmpty }

    mutating func add(_ utterance: Utterance, at now: TimeInterval) {
        switch utterance {
        case .asked:
            // Asked for now: before anything else, and instead of another asked for or chosen.
            waiting.removeAll { $0.kind != .praise }
            waiting.insert(Waiting(utterance: utterance, since: now), at: 0)
        case .choice:
            waiting.removeAll { $0.kind == .choice }
            waiting.append(Waiting(utterance: utterance, since: now))
        case .notice:
            // Before praise: it is about a time that will not wait.
            let index = waiting.firstIndex { $0.kind == .praise } ?? waiting.count
            waiting.insert(Waiting(utterance: utterance, since: now), at: index)
        case .praise(let praise):
            // Praise that still waits takes the new ticks into its sentence.
            if let index = waiting.firstIndex(where: { $0.praise?.language == praise.language }), let earlier = waiting[index].praise {
                waiting[index].utterance = .praise(earlier.merged(with: praise))
            } else {
                waiting.append(Waiting(utterance: utterance, since: now))
            }
        }
    }

    /// Ticks taken back before their praise was said: it is no longer true.
    mutating func withdraw(_ ticks: Set<TickKey>) {
        waiting = waiting.compactMap { item in
            guard let praise = item.praise else { return item }
            return praise.withdrawing(ticks).map { Waiting(utterance: .praise($0), since: item.since) }
        }
    }

    /// Nothing more to say, and the sentence being said stopped (the kiosk ends, read aloud turned off).
    mutating func clear() -> Step {
        waiting.removeAll()
        guard speaking != nil, !stopping else { return .nothing }
        stopping = true
        return .stop
    }

    /// The voice has finished the sentence of this turn.
    mutating func finished(turn: Int) {
        guard speaking?.turn == turn else { return }
        speaking = nil
        stopping = false
    }

    /// Whose turn it is at `now`.
    mutating func next(at now: TimeInterval) -> Step {
        waiting.removeAll { $0.isStale(at: now) }
        let due = waiting.firstIndex { $0.isDue(at: now) }
        if let current = speaking {
            // A child asking, or a name chosen since, stops what only read
            // the screen; praise and news are stopped only by a child asking.
            guard !stopping, let due else { return wakeForNext(now) }
            let interrupts = switch waiting[due].kind {
            case .asked: true
            case .choice: current.kind == .asked || current.kind == .choice
            case .praise, .notice: false
            }
            guard interrupts else { return wakeForNext(now) }
            stopping = true
            return .stop
        }
        guard let due else { return wakeForNext(now) }
        let item = waiting.remove(at: due)
        turns += 1
        speaking = (item.kind, turns)
        return .speak(item.sentence, turn: turns)
    }

    /// When the first thing still waiting for its pause is due, if anything is.
    private func wakeForNext(_ now: TimeInterval) -> Step {
        let ready = waiting.map(\.readyAt).filter { $0 > now }.min()
        return ready.map { .wake(at: $0) } ?? .nothing
    }
}

extension SpeechLine.Waiting {
    fileprivate var kind: SpeechLine.Kind {
        switch utterance {
        case .asked: .asked
        case .choice: .choice
        case .praise: .praise
        case .notice: .notice
        }
    }

    fileprivate var praise: Praise? {
        if case .praise(let praise) = utterance { return praise }
        return nil
    }

    fileprivate var readyAt: TimeInterval { kind == .choice ? since + SpeechLine.choicePause : since }

    fileprivate func isDue(at now: TimeInterval) -> Bool { readyAt <= now }

    fileprivate func isStale(at now: TimeInterval) -> Bool {
        switch kind {
        case .asked: false
        case .choice: now - since > SpeechLine.choiceLife
        case .praise: now - since > SpeechLine.praiseLife
        case .notice: now - since > SpeechLine.noticeLife
        }
    }

    fileprivate var sentence: Sentence {
        switch utterance {
        case .asked(let sentence), .choice(let sentence), .notice(let sentence): sentence
        case .praise(let praise): praise.sentence
        }
    }
}

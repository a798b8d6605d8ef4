import TaskBoard

/// Something the kiosk wants said, and how it waits its turn (`SpeechLine`).
public enum Utterance: Sendable {
    /// Asked for by a key or a tap (a board opened, Space, a row tapped):
    /// said next, stopping the sentence being said; replaces any other asked
    /// for or chosen that still waits.
    case asked(Sentence)
    /// A name where a child chooses (the selection moved): said after a
    /// short pause, so a run of arrow keys says only the last; a newer one
    /// replaces it, and one that waited too long is dropped.
    case choice(Sentence)
    /// Praise for ticks made beside a child: it waits for the sentence being
    /// said to end, and praise still waiting merges into one sentence.
    case praise(Praise)
    /// News of the room's day ("In five minutes: Go outside."): it waits for
    /// the sentence being said to end, before waiting praise, and is dropped
    /// once it is a minute old (no longer true).
    case notice(Sentence)
}

/// Praise for one or more ticks, said as one sentence: what was done, then
/// who did it, each name once ("Done: get dressed. Well done, Aino and
/// Eero!"), then the cheers of a finished board and a reached goal.
public struct Praise: Sendable {
    /// One tick praised, and what it finished.
    public struct Tick: Equatable, Sendable {
        public let child: ChildID
        public let task: TaskID
        /// As the voice says them (`SpokenName`); empty where nothing of a name can be said.
        let childName: String
        let taskName: String
        /// The tick finished the child's board today.
        let finishedBoard: Bool
        /// Groups whose goal for today the tick reached, by their spoken names.
        let goals: [String]
    }

    public private(set) var ticks: [Tick]
    /// A whole group ticked at once: "everyone", not a list of names.
    var everyone: Bool
    let narrator: Narrator

    init(ticks: [Tick], everyone: Bool, narrator: Narrator) {
        self.ticks = ticks
        self.everyone = everyone
        self.narrator = narrator
    }

    public var language: Language { narrator.strings.language }

    /// This praise and a later one, as one sentence.
    func merged(with later: Praise) -> Praise {
        var merged = self
        merged.ticks += later.ticks
        merged.everyone = everyone || later.everyone
        return merged
    }

    /// Without the ticks taken back since; nil when none is left to praise.
    func withdrawing(_ taken: Set<TickKey>) -> Praise? {
        var left = self
        left.ticks.removeAll { taken.contains(TickKey(child: $0.child, task: $0.task)) }
        return left.ticks.isEmpty ? nil : left
    }

    public var sentence: Sentence { narrator.praise(self) }
}

/// A child's task, the unit a tick (and its withdrawal) is about.
public struct TickKey: Hashable, Sendable {
    public let child: ChildID
    public let task: TaskID

    public init(child: ChildID, task: TaskID) {
        self.child = child
        self.task = task
    }
}

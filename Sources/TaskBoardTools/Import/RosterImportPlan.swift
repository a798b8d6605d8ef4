import TaskBoard

/// What importing a roster file would do, worked out line by line before
/// anything is saved: the groups and children to add, in file order, and
/// the lines left out with the reason.
public struct RosterImportPlan: Equatable, Sendable {
    /// The group a new child goes into: one already there, or the n-th group this plan adds.
    public enum GroupRef: Equatable, Sendable {
        case existing(GroupID)
        case added(Int)
    }

    public enum Addition: Equatable, Sendable {
        case group(line: Int, name: String, avatar: String)
        case child(line: Int, name: String, avatar: String, group: GroupRef)
    }

    public struct SkippedLine: Equatable, Sendable {
        public let line: Int
        public let reason: String
        /// Refused for what it says (a bad name, an unknown avatar, a repeat
        /// within the file): while any line is refused, nothing is added.
        /// Otherwise the child is simply there already.
        public let refused: Bool
    }

    /// What separated the fields, what the bytes were read as, and the
    /// header row's line, if it had one.
    public internal(set) var delimiter = CSVDelimiter.comma
    public internal(set) var encoding = CSVEncoding.utf8
    public internal(set) var headerLine: Int?
    public internal(set) var additions: [Addition] = []
    public internal(set) var skipped: [SkippedLine] = []

    public var groupCount: Int { additions.count { if case .group = $0 { true } else { false } } }
    public var childCount: Int { additions.count - groupCount }
    public var refusedCount: Int { skipped.count(where: \.refused) }
    /// Whether the file may be imported: no line refused.
    public var isAcceptable: Bool { refusedCount == 0 }
    public var isEmpty: Bool { additions.isEmpty }

    /// Makes the additions through the roster's own rules, in file order.
    /// Throws, leaving `roster` as it was, if the roster changed since the
    /// plan was made so that one no longer fits.
    public func apply(to roster: inout Roster) throws(TaskBoardError) {
        var updated = roster
        var addedGroups: [GroupID] = []
        for addition in additions {
            switch addition {
            case .group(_, let name, let avatar):
                addedGroups.append(try updated.addGroup(name: name, avatar: avatar))
            case .child(_, let name, let avatar, let group):
                let id = switch group {
                case .existing(let id): id
                case .added(let index): addedGroups[index]
                }
                try updated.addChild(name: name, avatar: avatar, group: id)
            }
        }
        roster = updated
    }
}

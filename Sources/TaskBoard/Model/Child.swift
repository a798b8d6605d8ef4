/// A person on a board. Belongs to exactly one group; the board is the
/// ordered list of library tasks the child does each day.
public struct Child: Codable, Equatable, Identifiable, Sendable {
    public let id: ChildID
    public var name: String
    public var avatar: String
    public var groupID: GroupID
    public var board: [TaskID]
    /// Tasks of the board that are for some weekdays only (1 = Monday ...
    /// 7 = Sunday, sorted): "Swimming" on Tuesdays. Any other is every day.
    public var boardDays: [TaskID: [Int]]

    public init(id: ChildID, name: String, avatar: String, groupID: GroupID, board: [TaskID] = [], boardDays: [TaskID: [Int]] = [:]) {
        self.id = id
        self.name = name
        self.avatar = avatar
        self.groupID = groupID
        self.board = board
        self.boardDays = boardDays
    }

    /// The board on a day: the tasks for every day and those for its weekday.
    /// A day's "x / y done" and "board complete" count only these.
    public func board(on day: Day) -> [TaskID] {
        board.filter { boardDays[$0].map { $0.contains(day.weekday) } ?? true }
    }

    enum CodingKeys: String, CodingKey {
        case id, name, avatar, groupID, board, boardDays
    }

    /// Rosters saved before weekday tasks existed have none.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(ChildID.self, forKey: .id), name: try container.decode(String.self, forKey: .name),
                  avatar: try container.decode(String.self, forKey: .avatar), groupID: try container.decode(GroupID.self, forKey: .groupID),
                  board: try container.decode([TaskID].self, forKey: .board),
                  boardDays: try container.decodeIfPresent([TaskID: [Int]].self, forKey: .boardDays) ?? [:])
    }

    /// Written only when some task has weekdays, so a roster without any is as before.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(avatar, forKey: .avatar)
        try container.encode(groupID, forKey: .groupID)
        try container.encode(board, forKey: .board)
        if !boardDays.isEmpty { try container.encode(boardDays, forKey: .boardDays) }
    }
}

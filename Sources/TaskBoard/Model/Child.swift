/// A person on a board. Belongs to exactly one group; the board is the
/// ordered list of library tasks the child does each day.
public struct Child: Encodable, JSONDecodable, Equatable, Identifiable, Sendable {
    public let id: ChildID
    public var name: String
    public var avatar: String
    public var groupID: GroupID
    public var board: [TaskID]
    /// Tasks of the board that are for some weekdays only (1 = Monday ...
    /// 7 = Sunday, sorted): "Swimming" on Tuesdays. Any other is every day.
    public var boardDays: [TaskID: [Int]]
    /// The day the child was added: days before it are neither missed nor
    /// counted. Nil for children added before taskboard kept it (their first
    /// day is then what the marks can tell: see `Daycare.firstDay(of:)`).
    public var firstDay: Day?

    public init(id: ChildID, name: String, avatar: String, groupID: GroupID, board: [TaskID] = [], boardDays: [TaskID: [Int]] = [:],
                firstDay: Day? = nil) {
        self.id = id
        self.name = name
        self.avatar = avatar
        self.groupID = groupID
        self.board = board
        self.boardDays = boardDays
        self.firstDay = firstDay
    }

    /// The board on a day: the tasks for every day and those for its weekday.
    /// A day's "x / y done" and "board complete" count only these.
    public func board(on day: Day) -> [TaskID] {
        // Most boards have no weekday tasks; the screens ask for every child on every frame.
        guard !boardDays.isEmpty else { return board }
        let weekday = day.weekday
        return board.filter { boardDays[$0].map { $0.contains(weekday) } ?? true }
    }

    enum CodingKeys: String, CodingKey {
        case id, name, avatar, groupID, board, boardDays, firstDay
    }

    /// Rosters saved before weekday tasks or first days existed have none.
    public init(json: JSONValue) throws {
        let object = try json.object()
        self.init(id: ChildID(try object.int("id")), name: try object.string("name"), avatar: try object.string("avatar"),
                  groupID: GroupID(try object.int("groupID")), board: try object.required("board") { try $0.array { TaskID(try $0.int()) } },
                  boardDays: try object.optional("boardDays") { try $0.intKeyed(TaskID.init(_:)) { try $0.array { try $0.int() } } } ?? [:],
                  firstDay: try object.optional("firstDay", Day.init(json:)))
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
        try container.encodeIfPresent(firstDay, forKey: .firstDay)
    }
}

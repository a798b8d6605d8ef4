/// A person on a board. Belongs to exactly one group; the board is the
/// ordered list of library tasks the child does each day.
public struct Child: Codable, Equatable, Identifiable, Sendable {
    public let id: ChildID
    public var name: String
    public var avatar: String
    public var groupID: GroupID
    public var board: [TaskID]

    public init(id: ChildID, name: String, avatar: String, groupID: GroupID, board: [TaskID] = []) {
        self.id = id
        self.name = name
        self.avatar = avatar
        self.groupID = groupID
        self.board = board
    }
}

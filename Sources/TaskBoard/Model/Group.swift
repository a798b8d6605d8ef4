/// A daycare room or a family ("Squirrels").
public struct Group: Codable, Equatable, Identifiable, Sendable {
    public let id: GroupID
    public var name: String
    public var avatar: String

    public init(id: GroupID, name: String, avatar: String) {
        self.id = id
        self.name = name
        self.avatar = avatar
    }
}

/// A daycare room or a family ("Squirrels").
public struct Group: Encodable, JSONDecodable, Equatable, Identifiable, Sendable {
    public let id: GroupID
    public var name: String
    public var avatar: String

    public init(id: GroupID, name: String, avatar: String) {
        self.id = id
        self.name = name
        self.avatar = avatar
    }
}

extension Group {
    public init(json: JSONValue) throws {
        let object = try json.object()
        self.init(id: GroupID(try object.int("id")), name: try object.string("name"), avatar: try object.string("avatar"))
    }
}

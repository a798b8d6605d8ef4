/// An entry in the shared task library ("Brush teeth").
public struct LibraryTask: Encodable, JSONDecodable, Equatable, Identifiable, Sendable {
    public static let pointRange = 1...10
    public static let defaultPoints = 1

    public let id: TaskID
    public var name: String
    public var icon: String?
    public var points: Int

    public init(id: TaskID, name: String, icon: String? = nil, points: Int = LibraryTask.defaultPoints) {
        self.id = id
        self.name = name
        self.icon = icon
        self.points = points
    }
}

extension LibraryTask {
    public init(json: JSONValue) throws {
        let object = try json.object()
        self.init(id: TaskID(try object.int("id")), name: try object.string("name"),
                  icon: try object.optional("icon") { try $0.string() }, points: try object.int("points"))
    }
}

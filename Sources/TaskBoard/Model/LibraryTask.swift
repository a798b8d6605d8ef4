/// An entry in the shared task library ("Brush teeth").
public struct LibraryTask: Encodable, JSONDecodable, Equatable, Identifiable, Sendable {
    public static let pointRange = 1...10
    public static let defaultPoints = 1

    public let id: TaskID
    public var name: String
    public var icon: String?
    public var points: Int
    /// When in the day it happens (lunch at 11:00), if it has a time: a
    /// child's board and the room's day list timed tasks in this order.
    public var time: TimeOfDay?

    public init(id: TaskID, name: String, icon: String? = nil, points: Int = LibraryTask.defaultPoints, time: TimeOfDay? = nil) {
        self.id = id
        self.name = name
        self.icon = icon
        self.points = points
        self.time = time
    }
}

extension LibraryTask {
    public init(json: JSONValue) throws {
        let object = try json.object()
        self.init(id: TaskID(try object.int("id")), name: try object.string("name"),
                  icon: try object.optional("icon") { try $0.string() }, points: try object.int("points"),
                  time: try object.optional("time") { try TimeOfDay(json: $0) })
    }
}

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
    /// When it ends, where it has an end of its own (outdoors 9:00–10:30);
    /// else it lasts until the next one's time, or the closing time.
    public var until: TimeOfDay?

    public init(id: TaskID, name: String, icon: String? = nil, points: Int = LibraryTask.defaultPoints, time: TimeOfDay? = nil,
                until: TimeOfDay? = nil) {
        self.id = id
        self.name = name
        self.icon = icon
        self.points = points
        self.time = time
        self.until = until
    }
}

extension LibraryTask {
    /// A day's activity standing among the tasks (`Roster.activities`):
    /// library tasks' ids are handed out from `Roster.nextID`, 1 up.
    public var isDayActivity: Bool { id.rawValue < 0 }
}

extension LibraryTask {
    public init(json: JSONValue) throws {
        let object = try json.object()
        self.init(id: TaskID(try object.int("id")), name: try object.string("name"),
                  icon: try object.optional("icon") { try $0.string() }, points: try object.int("points"),
                  time: try object.optional("time") { try TimeOfDay(json: $0) },
                  until: try object.optional("until") { try TimeOfDay(json: $0) })
    }
}

/// An entry in the shared task library ("Brush teeth").
public struct LibraryTask: Codable, Equatable, Identifiable, Sendable {
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

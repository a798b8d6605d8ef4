/// Ids are small integers handed out by the roster and never reused, so marks
/// of a deleted child stay attached to that child if the delete is undone.
public struct GroupID: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "g\(rawValue)" }
}

public struct ChildID: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "c\(rawValue)" }
}

public struct TaskID: RawRepresentable, Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public init(_ rawValue: Int) { self.rawValue = rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "t\(rawValue)" }
}

/// Lets `[ChildID: Int]` be a JSON object keyed by the id, not a flat array.
extension ChildID: CodingKeyRepresentable {
    public var codingKey: any CodingKey { rawValue.codingKey }
    public init?<T: CodingKey>(codingKey: T) {
        guard let value = codingKey.intValue ?? Int(codingKey.stringValue) else { return nil }
        self.init(rawValue: value)
    }
}

/// Lets `[TaskID: [Int]]` (a board's weekday tasks) be a JSON object keyed by the id.
extension TaskID: CodingKeyRepresentable {
    public var codingKey: any CodingKey { rawValue.codingKey }
    public init?<T: CodingKey>(codingKey: T) {
        guard let value = codingKey.intValue ?? Int(codingKey.stringValue) else { return nil }
        self.init(rawValue: value)
    }
}

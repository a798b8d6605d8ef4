/// What a staff member's recording says: a task's name or a child's name.
/// Kept by id, so a renamed task keeps its voice and a deleted one takes
/// its voice with it (ids are never reused).
public enum VoiceKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    case task(TaskID)
    case child(ChildID)

    /// The recording's name in a store: "task-12", "child-3".
    public var stem: String {
        switch self {
        case .task(let id): "task-\(id.rawValue)"
        case .child(let id): "child-\(id.rawValue)"
        }
    }

    /// The key a stem names, or nil for any other name.
    public init?(stem: String) {
        let parts = stem.split(separator: "-", maxSplits: 1)
        guard parts.count == 2, let number = Int(parts[1]), number > 0, String(number) == parts[1] else { return nil }
        switch parts[0] {
        case "task": self = .task(TaskID(number))
        case "child": self = .child(ChildID(number))
        default: return nil
        }
    }

    public var description: String { stem }

    public static func < (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.task(let x), .task(let y)): x < y
        case (.child(let x), .child(let y)): x < y
        case (.task, .child): true
        case (.child, .task): false
        }
    }
}

extension Roster {
    /// The name a recording stands for, as the roster has it now; nil when
    /// its task or child is gone.
    public func name(of key: VoiceKey) -> String? {
        switch key {
        case .task(let id): task(id)?.name
        case .child(let id): child(id)?.name
        }
    }

    /// Whether the recording's task or child is still in the roster.
    public func holds(_ key: VoiceKey) -> Bool { name(of: key) != nil }
}

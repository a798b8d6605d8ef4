import Foundation
import TaskBoard

/// Finds groups, children and tasks by the names staff type on a command
/// line: trimmed and without regard to case. A child's name may be used in
/// more than one group; the group then decides, and without it the refusal
/// lists the candidates.
public struct NameLookup {
    public let roster: Roster

    public init(roster: Roster) { self.roster = roster }

    public func group(named name: String) throws(LookupError) -> Group {
        let found = roster.groups.filter { Self.same($0.name, name) }
        guard let group = found.first else {
            throw .notFound(kind: "group", name: name, known: roster.groups.map(\.name))
        }
        return group
    }

    /// The child called `name`, in `groupName` if given.
    public func child(named name: String, inGroup groupName: String? = nil) throws(LookupError) -> Child {
        var candidates = roster.children.filter { Self.same($0.name, name) }
        if let groupName {
            let group = try group(named: groupName)
            candidates = candidates.filter { $0.groupID == group.id }
            guard let child = candidates.first else {
                throw .notFound(kind: "child", name: name, known: roster.children(in: group.id).map(\.name), in: group.name)
            }
            return child
        }
        switch candidates.count {
        case 0: throw .notFound(kind: "child", name: name, known: roster.children.map(\.name))
        case 1: return candidates[0]
        default: throw .ambiguous(name: name, groups: candidates.compactMap { roster.group($0.groupID)?.name })
        }
    }

    public func task(named name: String) throws(LookupError) -> LibraryTask {
        guard let task = roster.tasks.first(where: { Self.same($0.name, name) }) else {
            throw .notFound(kind: "task", name: name, known: roster.tasks.map(\.name))
        }
        return task
    }

    static func same(_ stored: String, _ typed: String) -> Bool {
        NameRules.same(stored, typed.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// A name that matches nothing, or more than one child.
public enum LookupError: Error, Equatable, CustomStringConvertible {
    case notFound(kind: String, name: String, known: [String], in: String? = nil)
    case ambiguous(name: String, groups: [String])

    public var description: String {
        switch self {
        case .notFound(let kind, let name, let known, let group):
            let place = group.map { " in \($0)" } ?? ""
            let list = known.isEmpty ? "there are none" : "known: " + known.joined(separator: ", ")
            return "no \(kind) called \"\(name)\"\(place) (\(list))"
        case .ambiguous(let name, let groups):
            return "there is a child called \"\(name)\" in more than one group; add --group with one of: "
                + groups.joined(separator: ", ")
        }
    }
}

import Foundation
import TaskBoard

/// Finds groups, children and tasks by the names staff type on a command
/// line: trimmed and without regard to case. A child's name may be used in
/// more than one group; the group then decides, and without it the refusal
/// lists the candidates. Every command that takes a name comes here, so a
/// misspelt one gets the same "did you mean" everywhere.
public struct NameLookup {
    public let roster: Roster

    public init(roster: Roster) { self.roster = roster }

    public func group(named name: String) throws(LookupError) -> Group {
        let found = roster.groups.filter { Self.same($0.name, name) }
        guard let group = found.first else {
            throw .notFound(kind: .group, name: name, known: roster.groups.map(\.name))
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
                throw .notFound(kind: .child, name: name, known: roster.children(in: group.id).map(\.name), in: group.name)
            }
            return child
        }
        switch candidates.count {
        case 0: throw .notFound(kind: .child, name: name, known: roster.children.map(\.name))
        case 1: return candidates[0]
        default: throw .ambiguous(name: name, groups: candidates.compactMap { roster.group($0.groupID)?.name })
        }
    }

    public func task(named name: String) throws(LookupError) -> LibraryTask {
        guard let task = roster.tasks.first(where: { Self.same($0.name, name) }) else {
            throw .notFound(kind: .task, name: name, known: roster.tasks.map(\.name))
        }
        return task
    }

    static func same(_ stored: String, _ typed: String) -> Bool {
        NameRules.same(stored, typed.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// A name that matches nothing, or more than one child.
public enum LookupError: Error, Equatable, CustomStringConvertible {
    /// `known`: every name it could have been (of the group `in`, if given).
    case notFound(kind: NameKind, name: String, known: [String], in: String? = nil)
    case ambiguous(name: String, groups: [String])

    /// So few names that all of them are the shortest answer.
    static let fewNames = 5

    public var description: String {
        switch self {
        case .notFound(let kind, let name, let known, let group):
            let place = group.map { " in \($0)" } ?? ""
            return "no \(kind.rawValue) called \"\(name)\"\(place) (\(Self.hint(kind, name, known, group)))"
        case .ambiguous(let name, let groups):
            return "there is a child called \"\(name)\" in more than one group; add --group with one of: "
                + groups.joined(separator: ", ")
        }
    }

    /// The close names; else every name, if there are only a few; else how to see them.
    private static func hint(_ kind: NameKind, _ name: String, _ known: [String], _ group: String?) -> String {
        let close = NameSuggestions.closest(to: name, among: known)
        if !close.isEmpty { return "did you mean " + EnglishList.joined(close.map { "\"\($0)\"" }, "or") + "?" }
        if known.isEmpty { return "there are none" }
        if known.count <= fewNames { return "known: " + known.joined(separator: ", ") }
        let list = switch (kind, group) {
        case (.child, let group?): "taskboard print sheet --group \(shellWord(group)) lists them"
        case (.child, nil): "taskboard print sheet lists every group's children"
        case (.group, _): "taskboard print sheet prints a page for each group"
        case (.task, _): "taskboard print sheet lists the tasks on each group's boards"
        }
        return "none of the \(known.count) \(kind.plural) is close; \(list)"
    }

    /// A name as one word for a shell: quoted where it has to be.
    private static func shellWord(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0) }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

import Foundation
import TaskBoard

/// Turns the records of a roster file (`group,child[,avatar]`, an optional
/// header row, in English or Finnish) into a `RosterImportPlan`, applying
/// each line to a working copy of the roster so that the domain's own rules
/// (names, limits) decide, and say why.
public struct RosterImportPlanner {
    private let avatars: AvatarChoice
    private let pick: AvatarPick

    public init(avatars: [AvatarCatalogue.Avatar]) {
        self.avatars = AvatarChoice(catalogue: avatars)
        pick = AvatarPick(catalogue: avatars)
    }

    /// `delimiter` and `encoding`: how the records were read, for the messages.
    public func plan(_ records: [CSVRecord], into roster: Roster, delimiter: CSVDelimiter = .comma,
                     encoding: CSVEncoding = .utf8) -> RosterImportPlan {
        var builder = Builder(working: roster, avatars: avatars, pick: pick, taken: AvatarPick.Tally(roster), delimiter: delimiter)
        builder.plan.delimiter = delimiter
        builder.plan.encoding = encoding
        let lines = records.filter { !$0.isBlank }
        for (position, record) in lines.enumerated() {
            if position == 0 {
                if Self.isHeader(record) {
                    builder.plan.headerLine = record.line
                    continue
                }
                // A header of other words is never taken for a group and a child.
                if Self.looksLikeHeader(record) {
                    builder.skip(record, "looks like a header, but the header is group\(delimiter.shown)child\(delimiter.shown)avatar "
                                 + "or ryhmä\(delimiter.shown)lapsi\(delimiter.shown)avatar (or leave it out)")
                    continue
                }
            }
            builder.take(record)
        }
        return builder.plan
    }

    /// `group,child[,avatar]` or `ryhmä,lapsi[,avatar]`, in any case.
    static func isHeader(_ record: CSVRecord) -> Bool {
        let fields = record.fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        guard (2...3).contains(fields.count) else { return false }
        let names = [["group", "ryhmä"], ["child", "lapsi"], ["avatar", "kuva"]]
        return zip(fields, names).allSatisfy { field, words in words.contains(field) }
    }

    /// A first line whose words are column names, not a group and a child.
    static func looksLikeHeader(_ record: CSVRecord) -> Bool {
        let words: Set<String> = ["group", "groups", "group name", "child", "children", "child name", "name", "first name", "avatar",
                                  "ryhmä", "ryhmät", "ryhmän nimi", "lapsi", "lapset", "lapsen nimi", "nimi", "etunimi", "kuva", "kuvake"]
        return record.fields.contains { words.contains($0.trimmingCharacters(in: .whitespaces).lowercased()) }
    }

    /// The plan so far and the roster as it would be after it.
    private struct Builder {
        var working: Roster
        let avatars: AvatarChoice
        let pick: AvatarPick
        /// The pictures of the working copy's children, those of earlier lines among them.
        var taken: AvatarPick.Tally
        let delimiter: CSVDelimiter
        var plan = RosterImportPlan()
        /// Groups this plan adds, by id in the working copy, to their index in the plan.
        var addedGroups: [GroupID: Int] = [:]
        /// Children this plan adds, to the line that adds them.
        var addedChildren: [ChildID: Int] = [:]

        mutating func take(_ record: CSVRecord) {
            guard let line = RosterLine(record) else {
                let found = RosterImportReport.count(record.fields.count, "field", "fields")
                let d = delimiter.shown
                return skip(record, "expected group\(d)child or group\(d)child\(d)avatar, found \(found)")
            }
            // Nil: the pick's, made once the child's group is known.
            var avatar: String?
            if !line.avatar.isEmpty {
                guard let symbol = avatars.symbol(for: line.avatar) else {
                    return skip(record, "no avatar \"\(line.avatar)\" in the catalogue")
                }
                avatar = symbol
            }
            let group = working.groups.first { same($0.name, line.group) }
            // Looked up before the roster's rules run, so that a child already
            // there is reported as such even when the roster is full.
            if let group, let twin = working.children.first(where: { $0.groupID == group.id && same($0.name, line.child) }) {
                if let earlier = addedChildren[twin.id] {
                    return skip(record, "\"\(twin.name)\" in \(group.name) is already on line \(earlier)")
                }
                return skip(record, "\"\(twin.name)\" is already in \(group.name)", refused: false)
            }
            do {
                if let group {
                    try add(line, avatar: avatar, to: group, at: record.line)
                } else {
                    try addWithNewGroup(line, avatar: avatar, at: record.line)
                }
            } catch {
                skip(record, error.description)
            }
        }

        private mutating func add(_ line: RosterLine, avatar chosen: String?, to group: Group, at number: Int) throws(TaskBoardError) {
            let avatar = chosen ?? pick.forChild(joining: group.id, in: taken)
            let id = try working.addChild(name: line.child, avatar: avatar, group: group.id)
            taken.add(avatar, group: group.id)
            addedChildren[id] = number
            let ref = addedGroups[group.id].map(RosterImportPlan.GroupRef.added) ?? .existing(group.id)
            plan.additions.append(.child(line: number, name: working.children.last?.name ?? line.child, avatar: avatar, group: ref))
        }

        /// A new group and its first child are added together or not at all.
        private mutating func addWithNewGroup(_ line: RosterLine, avatar chosen: String?, at number: Int) throws(TaskBoardError) {
            var scratch = working
            let groupAvatar = pick.forGroup(in: scratch)
            let groupID = try scratch.addGroup(name: line.group, avatar: groupAvatar)
            var taken = taken
            taken.addGroup(groupAvatar)
            let avatar = chosen ?? pick.forChild(joining: groupID, in: taken)
            let id = try scratch.addChild(name: line.child, avatar: avatar, group: groupID)
            working = scratch
            self.taken = taken
            self.taken.add(avatar, group: groupID)
            addedChildren[id] = number
            addedGroups[groupID] = plan.groupCount
            plan.additions.append(.group(line: number, name: working.groups.last?.name ?? line.group, avatar: groupAvatar))
            plan.additions.append(.child(line: number, name: working.children.last?.name ?? line.child, avatar: avatar,
                                         group: .added(plan.groupCount - 1)))
        }

        mutating func skip(_ record: CSVRecord, _ reason: String, refused: Bool = true) {
            plan.skipped.append(.init(line: record.line, reason: reason, refused: refused))
        }

        /// Names match as in the roster's rules; the line's fields are
        /// trimmed once, not on every comparison.
        private func same(_ stored: String, _ trimmed: String) -> Bool { NameRules.same(stored, trimmed) }
    }
}

/// The fields of one roster line, trimmed; trailing empty columns (a
/// spreadsheet's habit) are ignored.
struct RosterLine {
    let group: String
    let child: String
    let avatar: String

    init?(_ record: CSVRecord) {
        var fields = record.fields
        while fields.count > 3, fields.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { fields.removeLast() }
        guard (2...3).contains(fields.count) else { return nil }
        group = fields[0].trimmingCharacters(in: .whitespacesAndNewlines)
        child = fields[1].trimmingCharacters(in: .whitespacesAndNewlines)
        avatar = fields.count == 3 ? fields[2].trimmingCharacters(in: .whitespacesAndNewlines) : ""
    }
}

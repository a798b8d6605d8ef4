import Foundation
import Testing
import TaskBoard
@testable import TaskBoardTools

@Suite("Roster import: the plan, its report and its application")
struct ImportTests {
    static let avatars = [
        AvatarCatalogue.Avatar(symbol: "🦊", ascii: "Fx", name: ["en": "Fox", "fi": "Kettu"]),
        AvatarCatalogue.Avatar(symbol: "🐻", ascii: "Br", name: ["en": "Bear", "fi": "Karhu"]),
        AvatarCatalogue.Avatar(symbol: "🐿️", ascii: "Sq", name: ["en": "Squirrel", "fi": "Orava"]),
    ]
    let planner = RosterImportPlanner(avatars: Self.avatars)
    let roster: Roster

    init() throws {
        var roster = Roster()
        let oravat = try roster.addGroup(name: "Oravat", avatar: "🐿️")
        try roster.addChild(name: "Aino", avatar: "🦊", group: oravat)
        self.roster = roster
    }

    func plan(_ text: String) throws -> RosterImportPlan {
        planner.plan(try CSVReader.records(in: text), into: roster)
    }

    /// Without an avatar a line's child gets one no child has while any is
    /// free (Aino has 🦊, Ville took it too), then one free in the group;
    /// a new group gets one no group has.
    @Test func aCleanFileAddsGroupsAndChildrenWithAvatarsNoOneHas() throws {
        let plan = try plan("""
            Group,Child,Avatar
            Karhut,Ville,Kettu
            oravat, Eero ,
            Karhut,Onni,🐿
            Siilit,Elsa
            """)
        #expect(plan.isAcceptable)
        #expect(plan.additions == [
            .group(line: 2, name: "Karhut", avatar: "🦊"),
            .child(line: 2, name: "Ville", avatar: "🦊", group: .added(0)),
            .child(line: 3, name: "Eero", avatar: "🐻", group: .existing(GroupID(1))),
            .child(line: 4, name: "Onni", avatar: "🐿️", group: .added(0)),
            .group(line: 5, name: "Siilit", avatar: "🐻"),
            .child(line: 5, name: "Elsa", avatar: "🐻", group: .added(1)),
        ])
        #expect(RosterImportReport.lines(for: plan, .wouldAdd) == ["Would add 2 groups and 4 children."])

        var updated = roster
        try plan.apply(to: &updated)
        #expect(updated.groups.map(\.name) == ["Oravat", "Karhut", "Siilit"])
        #expect(updated.children.map { "\($0.name) \(updated.group($0.groupID)?.name ?? "?") \($0.avatar)" }
            == ["Aino Oravat 🦊", "Ville Karhut 🦊", "Eero Oravat 🐻", "Onni Karhut 🐿️", "Elsa Siilit 🐻"])
    }

    @Test func badLinesAreReportedWithTheirNumbersAndNothingIsAdded() throws {
        let plan = try plan("""
            group,child,avatar
            Oravat,Aino
            Oravat,Väinö,Pöllö

            ,Lumi
            Karhut,
            Karhut,Ville,,,
            Karhut,Onni,🐼,extra
            Karhut,Kristiina-Annikki Maria Josefiina
            Karhut,"Two
            lines"
            karhut,VILLE
            Siilit
            """)
        #expect(!plan.isAcceptable)
        #expect(RosterImportReport.lines(for: plan, .added) == [
            "line 2: skipped: \"Aino\" is already in Oravat",
            "line 3: refused: no avatar \"Pöllö\" in the catalogue",
            "line 5: refused: The group name cannot be empty.",
            "line 6: refused: The child name cannot be empty.",
            "line 8: refused: expected group,child or group,child,avatar, found 4 fields",
            "line 9: refused: The child name is too long (at most 30 columns).",
            "line 10: refused: The child name contains control characters.",
            "line 12: refused: \"Ville\" in Karhut is already on line 7",
            "line 13: refused: expected group,child or group,child,avatar, found 1 field",
            "Added nothing: 8 lines refused. Fix them and import the file again.",
        ])
    }

    @Test func childrenAlreadyThereAreSkippedSoAnImportCanRunTwice() throws {
        let text = "Oravat,Aino\nOravat,Eero\nKarhut,Ville\n"
        var once = roster
        try plan(text).apply(to: &once)
        let again = planner.plan(try CSVReader.records(in: text), into: once)
        #expect(again.isAcceptable)
        #expect(again.isEmpty)
        #expect(RosterImportReport.lines(for: again, .added) == [
            "line 1: skipped: \"Aino\" is already in Oravat",
            "line 2: skipped: \"Eero\" is already in Oravat",
            "line 3: skipped: \"Ville\" is already in Karhut",
            "Nothing to add; 3 lines skipped.",
        ])
        let some = planner.plan(try CSVReader.records(in: text + "Karhut,Onni\n"), into: once)
        #expect(RosterImportReport.summary(some, .added) == "Added 1 child; 3 lines skipped.")
    }

    /// Issue 11: a roster saved by a Finnish spreadsheet: semicolons, a Finnish header.
    @Test func aSemicolonFileWithAFinnishHeaderImports() throws {
        let text = "\u{FEFF}Ryhmä;Lapsi;Kuva\r\nKarhut;Ville;Kettu\r\n\"Siilit; pienet\";Elsa\r\n"
        let delimiter = CSVDelimiter.detect(in: Array(text.utf8))
        #expect(delimiter == .semicolon)
        let plan = planner.plan(try CSVReader.records(in: text, delimiter: delimiter), into: roster, delimiter: delimiter)
        #expect(plan.headerLine == 1)
        #expect(plan.additions == [
            .group(line: 2, name: "Karhut", avatar: "🦊"),
            .child(line: 2, name: "Ville", avatar: "🦊", group: .added(0)),
            .group(line: 3, name: "Siilit; pienet", avatar: "🐻"),
            .child(line: 3, name: "Elsa", avatar: "🐻", group: .added(1)),
        ])
        #expect(RosterImportReport.lines(for: plan, .wouldAdd) == [
            "Fields separated by semicolons, a header on line 1.", "Would add 2 groups and 2 children."])
    }

    /// Issue 26: Excel's plain "CSV": read as Windows-1252, and the report says so first.
    @Test func aWindows1252FileSaysHowItWasRead() throws {
        let bytes: [UInt8] = [0x52, 0x79, 0x68, 0x6D, 0xE4, 0x3B, 0x4C, 0x61, 0x70, 0x73, 0x69, 0x0D, 0x0A,
                              0x4F, 0x72, 0x61, 0x76, 0x61, 0x74, 0x3B, 0x56, 0xE4, 0x69, 0x6E, 0xF6, 0x0D, 0x0A]
        let (text, encoding) = try CSVEncoding.decode(bytes)
        let plan = planner.plan(try CSVReader.records(in: text, delimiter: CSVDelimiter.detect(in: text)), into: roster,
                                delimiter: .semicolon, encoding: encoding)
        #expect(plan.additions == [.child(line: 2, name: "Väinö", avatar: "🐻", group: .existing(roster.groups[0].id))])
        #expect(RosterImportReport.lines(for: plan, .added) == [
            "Read as Windows-1252 (not UTF-8): check the names with letters like ä and ö.",
            "Fields separated by semicolons, a header on line 1.", "Added 1 child."])
        // UTF-8 and UTF-16 are not guesses: nothing to say.
        let utf16 = planner.plan(try CSVReader.records(in: "Oravat,Eero\n"), into: roster, encoding: .utf16)
        #expect(RosterImportReport.lines(for: utf16, .added) == ["Added 1 child."])
    }

    @Test func theDelimiterIsTheFirstLinesCommonest() {
        #expect(CSVDelimiter.detect(in: Array("group,child\nA;B;C;D\n".utf8)) == .comma)
        #expect(CSVDelimiter.detect(in: Array("\n\nOravat\tAino\n".utf8)) == .tab)
        // A comma inside quotes is not a delimiter; a tie goes to the comma.
        #expect(CSVDelimiter.detect(in: Array("\"Smith, Jr\";Karhut\n".utf8)) == .semicolon)
        #expect(CSVDelimiter.detect(in: Array("a,b;c\n".utf8)) == .comma)
        #expect(CSVDelimiter.detect(in: Array("Aino\n".utf8)) == .comma)
        #expect(CSVDelimiter.detect(in: []) == .comma)
    }

    @Test func headersInEitherLanguageAndAnyCaseAreSkipped() throws {
        for header in ["group,child", "GROUP,Child,avatar", "ryhmä,lapsi", "Ryhmä,LAPSI,Avatar", "ryhmä,lapsi,kuva"] {
            let plan = try plan(header + "\nKarhut,Ville\n")
            #expect(plan.headerLine == 1, "\(header)")
            #expect(plan.childCount == 1, "\(header)")
        }
    }

    /// A first line of column names that are not ours is refused, never imported as a child.
    @Test func aFirstLineThatLooksLikeAHeaderIsNotData() throws {
        for header in ["Ryhmä,Nimi", "Group name,Child name", "group,name,avatar", "Lapsen nimi,Ryhmä"] {
            let plan = try plan(header + "\nKarhut,Ville\n")
            #expect(!plan.isAcceptable, "\(header)")
            #expect(plan.skipped.first?.line == 1)
            #expect(plan.skipped.first?.reason.hasPrefix("looks like a header, but the header is group,child,avatar or ryhmä,lapsi,avatar") == true)
        }
        // Further down, such words are names like any other.
        #expect(try plan("Karhut,Ville\nRyhmä,Nimi\n").childCount == 2)
    }

    @Test func aWrongFieldCountNamesTheDelimiterItWasReadWith() throws {
        let plan = planner.plan(try CSVReader.records(in: "Karhut;Ville;Kettu;x\n", delimiter: .semicolon), into: roster, delimiter: .semicolon)
        #expect(plan.skipped.map(\.reason) == ["expected group;child or group;child;avatar, found 4 fields"])
    }

    @Test func avatarsMatchBySymbolStandInOrName() {
        let choice = AvatarChoice(catalogue: Self.avatars)
        #expect(choice.symbol(for: "🦊") == "🦊")
        #expect(choice.symbol(for: "🐿") == "🐿️")
        #expect(choice.symbol(for: " br ") == "🐻")
        #expect(choice.symbol(for: "SQUIRREL") == "🐿️")
        #expect(choice.symbol(for: "orava") == "🐿️")
        #expect(choice.symbol(for: "Dragon") == nil)
    }

    /// Issue 25: 200 children imported into 8 groups, on top of a daycare
    /// whose children have pictures: no two share one while the catalogue
    /// has one free, and none share one within a group after that. Those
    /// who were there keep theirs.
    @Test func twoHundredChildrenInEightGroupsEachGetAPictureOfTheirOwn() throws {
        let catalogue = try AvatarCatalogue(json: Data(contentsOf: Self.shippedCatalogue)).avatars
        #expect(catalogue.count >= 100)
        let groups = ["Oravat", "Karhut", "Siilit", "Kotkat", "Pöllöt", "Ketut", "Jänikset", "Majavat"]
        // Line by line as a spreadsheet lists a daycare: group after group.
        let text = (0..<200).map { "\(groups[$0 / 25]),Lapsi \($0 + 1)" }.joined(separator: "\n")
        let plan = RosterImportPlanner(avatars: catalogue).plan(try CSVReader.records(in: text), into: roster)
        #expect(plan.isAcceptable && plan.childCount == 200)
        var updated = roster
        try plan.apply(to: &updated)
        #expect(updated.children.first?.avatar == "🦊")

        let added = Array(updated.children.dropFirst())
        // Aino has one, and no child gets a group's own (issue 39).
        let free = catalogue.count - 1 - updated.groups.count
        // In the order of the file: each a picture no one had, until none was free.
        #expect(Set(added.prefix(free).map(\.avatar)).count == free)
        #expect(!added.contains { child in updated.group(child.groupID).map { AvatarPick.picture($0.avatar) } == AvatarPick.picture(child.avatar) })
        #expect(!added.prefix(free).contains { $0.avatar == "🦊" })
        // After that each is the only one in their group.
        for group in updated.groups {
            let pictures = updated.children(in: group.id).map(\.avatar)
            #expect(Set(pictures).count == pictures.count, "\(group.name)")
        }
        // And each picture is used at most twice across the daycare (200 < 2 × 120).
        let uses = Dictionary(grouping: updated.children.map(\.avatar)) { $0 }.mapValues(\.count)
        #expect(uses.values.max() == 2)
        // The groups' pictures differ too.
        #expect(Set(updated.groups.map(\.avatar)).count == groups.count)
    }

    static let shippedCatalogue = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("assets/avatars.json")

    @Test func theRostersLimitsRefuseLinesToo() throws {
        var full = Roster()
        for index in 0..<Roster.maxGroups { try full.addGroup(name: "G\(index)", avatar: "🐻") }
        let plan = planner.plan(try CSVReader.records(in: "G1,Aino\nNew group,Eero\n"), into: full)
        #expect(RosterImportReport.lines(for: plan, .wouldAdd) == [
            "line 2: refused: There can be at most 50 groups.",
            "Would add nothing: 1 line refused. Fix it and import the file again.",
        ])
    }

    @Test func aChildAlreadyThereIsSkippedEvenWhenTheRosterIsFull() throws {
        var full = Roster()
        let group = try full.addGroup(name: "Oravat", avatar: "🐿️")
        for index in 0..<Roster.maxChildren { try full.addChild(name: "Child \(index)", avatar: "🦊", group: group) }
        let plan = planner.plan(try CSVReader.records(in: "oravat,child 7\nOravat,New one\n"), into: full)
        #expect(RosterImportReport.lines(for: plan, .wouldAdd) == [
            "line 1: skipped: \"Child 7\" is already in Oravat",
            "line 2: refused: \(TaskBoardError.tooMany(.child, max: Roster.maxChildren))",
            "Would add nothing: 1 line refused. Fix it and import the file again.",
        ])
    }

    @Test func applyingAPlanToARosterThatChangedMeanwhileFailsAndChangesNothing() throws {
        let plan = try plan("Karhut,Ville\n")
        var changed = roster
        try changed.addGroup(name: "Karhut", avatar: "🐻")
        let before = changed
        #expect(throws: TaskBoardError.duplicateGroupName("Karhut")) { try plan.apply(to: &changed) }
        #expect(changed == before)
    }
}

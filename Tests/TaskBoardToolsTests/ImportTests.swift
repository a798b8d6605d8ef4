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

    @Test func aCleanFileAddsGroupsAndChildrenWithAvatarsInTurn() throws {
        let plan = try plan("""
            Group,Child,Avatar
            Karhut,Ville,Kettu
            oravat, Eero ,
            Karhut,Onni,🐿
            Siilit,Elsa
            """)
        #expect(plan.isAcceptable)
        #expect(plan.additions == [
            .group(line: 2, name: "Karhut", avatar: "🐻"),
            .child(line: 2, name: "Ville", avatar: "🦊", group: .added(0)),
            .child(line: 3, name: "Eero", avatar: "🐿️", group: .existing(GroupID(1))),
            .child(line: 4, name: "Onni", avatar: "🐿️", group: .added(0)),
            .group(line: 5, name: "Siilit", avatar: "🐿️"),
            .child(line: 5, name: "Elsa", avatar: "🐻", group: .added(1)),
        ])
        #expect(RosterImportReport.lines(for: plan, .wouldAdd) == ["Would add 2 groups and 4 children."])

        var updated = roster
        try plan.apply(to: &updated)
        #expect(updated.groups.map(\.name) == ["Oravat", "Karhut", "Siilit"])
        #expect(updated.children.map { "\($0.name) \(updated.group($0.groupID)?.name ?? "?") \($0.avatar)" }
            == ["Aino Oravat 🦊", "Ville Karhut 🦊", "Eero Oravat 🐿️", "Onni Karhut 🐿️", "Elsa Siilit 🐻"])
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

    @Test func avatarsMatchBySymbolStandInOrName() {
        let choice = AvatarChoice(catalogue: Self.avatars)
        #expect(choice.symbol(for: "🦊") == "🦊")
        #expect(choice.symbol(for: "🐿") == "🐿️")
        #expect(choice.symbol(for: " br ") == "🐻")
        #expect(choice.symbol(for: "SQUIRREL") == "🐿️")
        #expect(choice.symbol(for: "orava") == "🐿️")
        #expect(choice.symbol(for: "Dragon") == nil)
        #expect(choice.inTurn(4) == "🐻")
        #expect(AvatarChoice(catalogue: []).inTurn(0) == "🙂")
    }

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

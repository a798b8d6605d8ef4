import Testing
import TaskBoard
@testable import TaskBoardTools

@Suite("Finding groups, children and tasks by name")
struct NameLookupTests {
    let roster: Roster

    init() throws {
        var roster = Roster()
        let squirrels = try roster.addGroup(name: "Oravat", avatar: "🐿️")
        let bears = try roster.addGroup(name: "Karhut", avatar: "🐻")
        try roster.addChild(name: "Aino", avatar: "🦊", group: squirrels)
        try roster.addChild(name: "Aino", avatar: "🐰", group: bears)
        try roster.addChild(name: "Ällä Öhman", avatar: "🐸", group: bears)
        try roster.addTask(name: "Brush teeth")
        self.roster = roster
    }

    @Test func namesMatchWithoutCaseAndAroundSpaces() throws {
        let lookup = NameLookup(roster: roster)
        #expect(try lookup.child(named: " ällä öhman ").name == "Ällä Öhman")
        #expect(try lookup.task(named: "BRUSH TEETH").name == "Brush teeth")
        #expect(try lookup.group(named: "karhut").name == "Karhut")
    }

    @Test func anAmbiguousChildListsTheGroupsAndTheGroupResolvesIt() throws {
        let lookup = NameLookup(roster: roster)
        #expect(throws: LookupError.ambiguous(name: "Aino", groups: ["Oravat", "Karhut"])) {
            try lookup.child(named: "Aino")
        }
        let aino = try lookup.child(named: "Aino", inGroup: "Karhut")
        #expect(aino.avatar == "🐰")
        #expect("\(LookupError.ambiguous(name: "Aino", groups: ["Oravat", "Karhut"]))"
            == "there is a child called \"Aino\" in more than one group; add --group with one of: Oravat, Karhut")
    }

    @Test func anUnknownNameSaysWhatIsKnown() {
        let lookup = NameLookup(roster: roster)
        #expect(throws: LookupError.notFound(kind: "child", name: "Eero", known: ["Aino", "Ällä Öhman"], in: "Karhut")) {
            try lookup.child(named: "Eero", inGroup: "Karhut")
        }
        #expect("\(LookupError.notFound(kind: "task", name: "Nap", known: []))" == "no task called \"Nap\" (there are none)")
    }
}

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
        #expect(throws: LookupError.notFound(kind: .child, name: "Eero", known: ["Aino", "Ällä Öhman"], in: "Karhut")) {
            try lookup.child(named: "Eero", inGroup: "Karhut")
        }
        // A few names, none close: all of them.
        #expect("\(LookupError.notFound(kind: .child, name: "Eero", known: ["Aino", "Ällä Öhman"], in: "Karhut"))"
            == "no child called \"Eero\" in Karhut (known: Aino, Ällä Öhman)")
        #expect("\(LookupError.notFound(kind: .task, name: "Nap", known: []))" == "no task called \"Nap\" (there are none)")
    }

    /// Issue 26: a misspelt name gets the closest few, never every name.
    @Test func aMisspeltNameGetsTheClosestFew() throws {
        var roster = Roster()
        let group = try roster.addGroup(name: "Siilit pienet", avatar: "🦔")
        let names = ["Aino", "Eero", "Väinö", "Ällä Öhman", "Siiri 🌸", "Mio 美羽", "Leo", "Elsa", "Ali", "Eli", "Oli", "Uli", "Onni",
                     "Lumi", "Hilla", "Ville", "Otso", "Saga", "Iida", "Pekka", "Aada", "Kerttu", "Veikko", "Toivo", "Helmi", "Eino",
                     "Lilja", "Aatu", "Emil", "Ilmari", "Venla", "Aurora", "Oliver", "Sofia", "Eevi", "Nooa", "Niilo"]
        #expect(names.count == 37)
        for name in names { try roster.addChild(name: name, avatar: "🦊", group: group) }
        let lookup = NameLookup(roster: roster)
        func refusal(_ typed: String) -> String {
            do { return "found \(try lookup.child(named: typed).name)" } catch { return "\(error)" }
        }
        #expect(refusal("Eeero") == "no child called \"Eeero\" (did you mean \"Eero\"?)")
        // Without regard to case or accents (Aino is a letter further), a word of the name, two letters swapped.
        #expect(refusal("VAINO") == "no child called \"VAINO\" (did you mean \"Väinö\" or \"Aino\"?)")
        #expect(refusal("ohman") == "no child called \"ohman\" (did you mean \"Ällä Öhman\"?)")
        #expect(refusal("Siiri") == "no child called \"Siiri\" (did you mean \"Siiri 🌸\"?)")
        #expect(refusal("Aion") == "no child called \"Aion\" (did you mean \"Aino\"?)")
        // At most three, closest first, then in roster order.
        #expect(refusal("Ili") == "no child called \"Ili\" (did you mean \"Ali\", \"Eli\" or \"Oli\"?)")
        #expect(refusal("Olivr") == "no child called \"Olivr\" (did you mean \"Oliver\"?)")
        // Nothing close: how to list them, not 37 names.
        #expect(refusal("Xavier") == "no child called \"Xavier\" (none of the 37 children is close; taskboard print sheet lists every group's children)")
        #expect(refusal("Xavier").count < 120)
        let inGroup = "\(LookupError.notFound(kind: .child, name: "Xavier", known: names, in: "Siilit pienet"))"
        #expect(inGroup == "no child called \"Xavier\" in Siilit pienet (none of the 37 children is close; taskboard print sheet --group 'Siilit pienet' lists them)")
    }

    @Test func closeMeansAThirdOfWhatWasTyped() {
        #expect(NameSuggestions.closest(to: "Lei", among: ["Leo", "Lea", "Lia", "Eero"]) == ["Leo", "Lea"])
        #expect(NameSuggestions.closest(to: "Brush teth", among: ["Get dressed", "Brush teeth", "Wash hands"]) == ["Brush teeth"])
        #expect(NameSuggestions.closest(to: "Wash", among: ["Get dressed", "Brush teeth", "Wash hands"]) == ["Wash hands"])
        // Three of nine letters may change, not four.
        #expect(NameSuggestions.closest(to: "Tidy toys", among: ["Tidy the toys"]) == [])
        #expect(NameSuggestions.closest(to: "Tidythetoys", among: ["Tidy the toys"]) == ["Tidy the toys"])
        // The same name in two groups once; nothing typed, nothing close.
        #expect(NameSuggestions.closest(to: "aino", among: ["Aino", "Aino", "Eero"]) == ["Aino"])
        #expect(NameSuggestions.closest(to: "  ", among: ["Aino"]) == [])
        #expect(NameSuggestions.editDistance(Array("kitten"), Array("sitting")) == 3)
        #expect(NameSuggestions.editDistance(Array("ca"), Array("ac")) == 1)
    }
}

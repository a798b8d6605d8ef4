import Testing
@testable import TaskBoardUI

/// Letters typed over names: to the name that starts with them, the same
/// letter again to the next, a pause to start over.
@Suite struct TypeAheadTests {
    static let names = ["Aatu", "Eero", "Eetu", "Elias", "Elsa", "Emma", "Jooa", "Julia", "Kalle", "Kasper", "Leo", "Lilja", "Äijä", "Öhman"]

    private func go(_ letters: String, from start: Int = 0, pauses: Bool = false) -> Int {
        var typeAhead = TypeAhead(), row = start, now = 100.0
        for letter in letters {
            now += pauses ? TypeAhead.pause + 0.1 : 0.2
            row = typeAhead.row(for: letter, at: now, current: row, in: Self.names) ?? row
        }
        return row
    }

    @Test func lettersGoToTheNameThatStartsWithThem() {
        #expect(Self.names[go("em")] == "Emma")
        #expect(Self.names[go("eli")] == "Elias")
        #expect(Self.names[go("els")] == "Elsa")
        #expect(Self.names[go("kas")] == "Kasper")
        #expect(Self.names[go("li")] == "Lilja")
        #expect(Self.names[go("JU")] == "Julia", "capitals need not be typed, nor not typed")
    }

    @Test func theSameLetterAgainGoesToTheNext() {
        #expect(Self.names[go("e")] == "Eero")
        #expect(Self.names[go("ee")] == "Eetu")
        #expect(Self.names[go("eee")] == "Elias")
        #expect(Self.names[go("eeeeee")] == "Eero", "round the list")
        // From a row already on an e: the next one.
        #expect(Self.names[go("e", from: 1)] == "Eetu")
    }

    @Test func aPauseStartsANewName() {
        #expect(Self.names[go("ek", pauses: true)] == "Kalle")
        #expect(Self.names[go("ek")] == "Eero", "no name starts with ek: the cursor stays where e took it")
    }

    @Test func everyNameIsReachable() {
        for (index, name) in Self.names.enumerated() {
            #expect(Self.names[go(name)] == name, "\(name) from the top")
            #expect(go(name, from: index) == index, "\(name) from itself")
        }
        // A keyboard without ä and ö: the accent need not be typed.
        #expect(Self.names[go("ai")] == "Äijä")
        #expect(Self.names[go("oh")] == "Öhman")
        #expect(Self.names[go("ä")] == "Äijä")
    }

    @Test func notALetterGoesNowhere() {
        var typeAhead = TypeAhead()
        #expect(typeAhead.row(for: "5", at: 0, current: 0, in: Self.names) == nil)
        #expect(typeAhead.typed.isEmpty)
        #expect(typeAhead.row(for: "a", at: 0, current: 0, in: []) == nil)
    }
}

import Testing
@testable import TaskBoard

/// The picture a new child or group starts with.
@Suite struct AvatarPickTests {
    let pick = AvatarPick(symbols: ["🦊", "🐻", "🐿️", "🦉", "🐸", "🐢"])

    /// Two groups; Oravat's children have `oravat`, Karhut's `karhut`.
    func daycare(oravat: [String], karhut: [String] = []) throws -> (Roster, GroupID, GroupID) {
        var roster = Roster()
        let first = try roster.addGroup(name: "Oravat", avatar: "🐿️")
        let second = try roster.addGroup(name: "Karhut", avatar: "🐻")
        for (index, avatar) in oravat.enumerated() { try roster.addChild(name: "O\(index)", avatar: avatar, group: first) }
        for (index, avatar) in karhut.enumerated() { try roster.addChild(name: "K\(index)", avatar: avatar, group: second) }
        return (roster, first, second)
    }

    @Test func theFirstPictureNoChildHasInCatalogueOrder() throws {
        let (empty, oravat, _) = try daycare(oravat: [])
        #expect(pick.forChild(joining: oravat, in: empty) == "🦊")
        // Another group's child counts: the picture is the daycare's; the
        // groups' own (🐻, 🐿️) are never given.
        let (roster, _, karhut) = try daycare(oravat: ["🦊"], karhut: ["🦉"])
        #expect(pick.forChild(joining: karhut, in: roster) == "🐸")
        // "🐸" typed with U+FE0F is the same picture as the catalogue's "🐸".
        let (typed, first, _) = try daycare(oravat: ["🦊", "🦉", "🐸\u{FE0F}"])
        #expect(pick.forChild(joining: first, in: typed) == "🐢")
    }

    @Test func aGroupsOwnPictureIsNeverAChilds() throws {
        // 🐻 Karhut and 🐿️ Oravat: every other picture taken many times over, still never theirs.
        let (roster, oravat, karhut) = try daycare(oravat: ["🦊", "🦉", "🐸", "🐢", "🦊", "🦉", "🐸", "🐢"], karhut: ["🦊", "🦉", "🐸", "🐢"])
        #expect(!["🐻", "🐿️"].contains(pick.forChild(joining: oravat, in: roster)))
        #expect(!["🐻", "🐿️"].contains(pick.forChild(joining: karhut, in: roster)))
        // A group's picture typed without U+FE0F is the same picture.
        var typed = Roster()
        let squirrels = try typed.addGroup(name: "Oravat", avatar: "🐿")
        #expect(AvatarPick(symbols: ["🐿️", "🦊"]).forChild(joining: squirrels, in: typed) == "🦊")
        // Only where the catalogue has nothing else.
        #expect(AvatarPick(symbols: ["🐿️"]).forChild(joining: squirrels, in: typed) == "🐿️")
    }

    @Test func whenAllAreTakenOneNoChildOfTheGroupHas() throws {
        let (roster, oravat, karhut) = try daycare(oravat: ["🦊", "🦉"], karhut: ["🐸", "🐢"])
        #expect(pick.forChild(joining: oravat, in: roster) == "🐸")
        #expect(pick.forChild(joining: karhut, in: roster) == "🦊")
        // Among those free in the group, the least used in the daycare.
        let (more, first, _) = try daycare(oravat: ["🦊"], karhut: ["🦉", "🦉", "🐸", "🐢"])
        #expect(pick.forChild(joining: first, in: more) == "🐸")
    }

    @Test func whenTheGroupHasEveryOneTheLeastUsedThere() throws {
        let (roster, oravat, _) = try daycare(oravat: ["🦊", "🦉", "🐸", "🐢", "🦊", "🐸"], karhut: ["🦉"])
        // 🦉 and 🐢 are once in Oravat; 🦉 twice in the daycare.
        #expect(pick.forChild(joining: oravat, in: roster) == "🐢")
    }

    @Test func aNewGroupGetsOneNoGroupHas() throws {
        let (roster, _, _) = try daycare(oravat: ["🦊"])
        #expect(pick.forGroup(in: roster) == "🦊")
        var full = roster
        for (name, avatar) in [("Ketut", "🦊"), ("Kotkat", "🦊"), ("Pöllöt", "🦉"), ("Sammakot", "🐸"), ("Kilpikonnat", "🐢")] {
            try full.addGroup(name: name, avatar: avatar)
        }
        #expect(pick.forGroup(in: full) == "🐻")
    }

    @Test func withoutACatalogueTheFallback() throws {
        let (roster, oravat, _) = try daycare(oravat: ["🦊"])
        #expect(AvatarPick(symbols: []).forChild(joining: oravat, in: roster) == AvatarPick.fallback)
        #expect(AvatarPick(symbols: []).forGroup(in: roster) == AvatarPick.fallback)
    }
}

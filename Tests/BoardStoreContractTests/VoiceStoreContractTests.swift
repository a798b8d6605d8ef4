import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport

/// Issue 40: the staff's recordings are kept by every store that keeps a
/// daycare (memory, a data directory, PostgreSQL), byte for byte, across a reopen.
@Suite struct VoiceStoreContractTests {
    static let kinds = StoreKind.available.filter { $0 != .kiosk }

    @Test(arguments: kinds)
    func recordingsAreKeptReplacedAndRemoved(_ kind: StoreKind) throws {
        let place = try kind.makePlace()
        let first = Data((0..<40_000).map { UInt8($0 % 251) })
        let second = Data("RIFF-another".utf8)
        do {
            let store = try place.open()
            #expect(try store.voiceKeys().isEmpty)
            #expect(try store.loadVoice(.child(ChildID(3))) == nil)
            try store.saveVoice(first, for: .child(ChildID(3)))
            try store.saveVoice(first, for: .task(TaskID(12)))
            try store.saveVoice(second, for: .task(TaskID(12)))
            #expect(try store.loadVoice(.task(TaskID(12))) == second)
        }
        let store = try place.open()
        #expect(try store.voiceKeys() == [.task(TaskID(12)), .child(ChildID(3))])
        #expect(try store.loadVoice(.child(ChildID(3))) == first)
        #expect(try store.loadVoice(.task(TaskID(12))) == second)
        try store.removeVoice(.task(TaskID(12)))
        try store.removeVoice(.task(TaskID(99)))
        #expect(try store.voiceKeys() == [.child(ChildID(3))])
        #expect(try store.loadVoice(.task(TaskID(12))) == nil)
    }

    @Test func aKeyIsNamedByItsKindAndIdOnly() {
        #expect(VoiceKey.child(ChildID(3)).stem == "child-3")
        #expect(VoiceKey(stem: "task-12") == .task(TaskID(12)))
        for stem in ["task-", "task-01", "task-0", "pet-3", "child-3.wav", "child--3", "child-x"] {
            #expect(VoiceKey(stem: stem) == nil, "\(stem)")
        }
    }
}

/// Issue 40: every room's kiosk on a shared database plays the same
/// recordings: each keeps a copy in its own folder, fetched at start and
/// when a recording is added or removed anywhere.
@Suite(.enabled(if: TestDatabase.server != nil, "skipped: no PostgreSQL (run the tests through .ci/with-postgres.sh)"))
struct KioskVoiceCopyTests {
    @Test func aRecordingAddedAnywhereReachesEveryKiosksCopy() throws {
        let database = try TestDatabase.makeEmpty()
        let server = try database.openDatabase(kiosk: "office")
        try server.saveRoster(try Samples.roster())
        let aino = Data("RIFF-aino".utf8), dressed = Data("RIFF-dressed".utf8)
        try server.saveVoice(aino, for: .child(ChildID(3)))
        let place = try KioskPlace(on: database)
        let kiosk = try place.openKiosk()
        let copy = { JSONFileStore.voiceFiles(in: place.local) }
        // At start: the one the server had.
        #expect(waitUntil(10) { copy().keys.sorted() == [.child(ChildID(3))] } != nil, "\(copy())")
        #expect(try Data(contentsOf: URL(fileURLWithPath: copy()[.child(ChildID(3))] ?? "/none")) == aino)
        // Added, replaced and removed by a command on the database: heard at once (a notification), not at the half-minute re-read.
        try server.saveVoice(dressed, for: .task(TaskID(7)))
        #expect(waitUntil(5) { copy()[.task(TaskID(7))] != nil } != nil, "\(copy())")
        try server.saveVoice(dressed, for: .child(ChildID(3)))
        #expect(waitUntil(5) { (try? Data(contentsOf: URL(fileURLWithPath: copy()[.child(ChildID(3))] ?? "/none"))) == dressed } != nil)
        try server.removeVoice(.task(TaskID(7)))
        #expect(waitUntil(5) { copy().keys.sorted() == [.child(ChildID(3))] } != nil, "\(copy())")
        withExtendedLifetime(kiosk) {}
    }
}

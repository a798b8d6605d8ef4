import Foundation
import Testing
import TaskBoard

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

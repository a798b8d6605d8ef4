import Foundation
import Testing
import TaskBoard
import TaskBoardStorage

/// Damaged and foreign files: each is reported with its path and the problem
/// in plain words, and is left exactly as it was, by loads and by saves.
@Suite struct CorruptFileTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case roster, settings, pin, summary
        var fileName: String { "\(rawValue).json" }
        var testDescription: String { fileName }

        func save(_ store: JSONFileStore) throws {
            switch self {
            case .roster: try store.saveRoster(try Samples.roster())
            case .settings: try store.saveSettings(Samples.settings)
            case .pin: try store.savePin(Samples.pin)
            case .summary: try store.saveMarkSummary(Samples.summary())
            }
        }

        func load(_ store: JSONFileStore) throws {
            switch self {
            case .roster: _ = try store.loadRoster()
            case .settings: _ = try store.loadSettings()
            case .pin: _ = try store.loadPin()
            case .summary: _ = try store.loadMarkSummary()
            }
        }

        /// A well-formed file whose field has the wrong type, and the field's name.
        var wronglyTyped: (text: String, field: String) {
            switch self {
            case .roster: ("{\"schema\":1,\"roster\":{\"groups\":[],\"children\":[],\"tasks\":[],\"nextID\":\"seven\"}}", "roster.nextID")
            case .settings: ("{\"schema\":1,\"settings\":{\"idleLogoutMinutes\":\"two\"}}", "settings.idleLogoutMinutes")
            case .pin: ("{\"schema\":1,\"pin\":{\"failedAttempts\":0,\"lockouts\":[1]}}", "pin.lockouts")
            case .summary: ("{\"schema\":1,\"summary\":{\"firstDay\":\"2026-11-01\",\"journalLengths\":{},\"children\":[]}}", "summary.journalLengths")
            }
        }

        /// A file lacking a field, and the field's name.
        var missingField: (text: String, field: String) {
            switch self {
            case .roster: ("{\"schema\":1,\"roster\":{\"groups\":[],\"children\":[],\"tasks\":[]}}", "roster.nextID")
            case .settings: ("{\"schema\":1,\"settings\":{\"language\":\"fi\"}}", "settings.idleLogoutMinutes")
            case .pin: ("{\"schema\":1,\"pin\":{\"failedAttempts\":0}}", "pin.lockouts")
            case .summary: ("{\"schema\":1,\"summary\":{\"firstDay\":\"2026-11-01\",\"children\":[]}}", "summary.journalLengths")
            }
        }
    }

    /// Puts `text` (or the valid file cut short) in place, then checks that a
    /// load and a save both fail with a message naming the file and containing
    /// `expected`, and that the file's bytes never change.
    private func check(_ kind: Kind, damage: (Data) -> Data, expected: String) throws {
        try withDataDirectory { dir in
            let file = dir.file(kind.fileName)
            do {
                let store = try JSONFileStore(directory: dir)
                try kind.save(store)
            }
            let damaged = damage(try bytes(of: file))
            try damaged.write(to: file)

            var message = ""
            do {
                let store = try JSONFileStore(directory: dir)
                let loadError = #expect(throws: StorageError.self) { try kind.load(store) }
                message = loadError?.description ?? ""
                #expect(message.hasPrefix(file.path + ": "), "\(message)")
                #expect(message.contains(expected), "\(message)")
                #expect(!message.contains("\n"))
                #expect(try bytes(of: file) == damaged)
                // A save must not replace a file that could not be read.
                let saveError = #expect(throws: StorageError.self) { try kind.save(store) }
                #expect(saveError?.description == message)
                #expect(try bytes(of: file) == damaged)
            }
            // Nor may a fresh store that saves without loading first.
            let saveError = #expect(throws: StorageError.self) { try kind.save(try JSONFileStore(directory: dir)) }
            #expect(saveError?.description == message)
            #expect(try bytes(of: file) == damaged)
            let readOnlyError = #expect(throws: StorageError.self) { try kind.load(JSONFileStore(directory: dir, readOnly: true)) }
            #expect(readOnlyError?.description == message)
        }
    }

    @Test(arguments: Kind.allCases)
    func truncated(_ kind: Kind) throws {
        try check(kind, damage: { $0.prefix($0.count / 2) }, expected: "ends too early — the file is truncated.")
    }

    @Test(arguments: Kind.allCases)
    func empty(_ kind: Kind) throws {
        try check(kind, damage: { _ in Data() }, expected: "ends too early — the file is truncated.")
    }

    @Test(arguments: Kind.allCases)
    func garbage(_ kind: Kind) throws {
        try check(kind, damage: { _ in Data("{\"schema\":1,\n  \"x\": nonsense}".utf8) },
                  expected: "is not valid JSON (unexpected character at line 2, column 8).")
    }

    @Test(arguments: Kind.allCases)
    func binaryGarbage(_ kind: Kind) throws {
        try check(kind, damage: { _ in Data([0x00, 0xFF, 0x13, 0x37]) }, expected: "is not valid JSON")
    }

    @Test(arguments: Kind.allCases)
    func wronglyTyped(_ kind: Kind) throws {
        let (text, field) = kind.wronglyTyped
        try check(kind, damage: { _ in Data(text.utf8) }, expected: "the field \"\(field)\" has the wrong type")
    }

    @Test(arguments: Kind.allCases)
    func missingField(_ kind: Kind) throws {
        let (text, field) = kind.missingField
        try check(kind, damage: { _ in Data(text.utf8) }, expected: "the field \"\(field)\" is missing.")
    }

    @Test(arguments: Kind.allCases)
    func withoutTheSchemaEnvelope(_ kind: Kind) throws {
        try check(kind, damage: { _ in Data("{\"groups\":[]}".utf8) }, expected: "the field \"schema\" is missing.")
    }

    @Test(arguments: Kind.allCases)
    func writtenByANewerVersion(_ kind: Kind) throws {
        // The payload of a newer schema may look like anything.
        try check(kind, damage: { _ in Data("{\"schema\":3,\"\(kind.rawValue)\":{\"everything\":\"different\"}}".utf8) },
                  expected: "written by a newer taskboard (schema 3); this version reads schema 1.")
    }

    @Test func aBadValueIsNamed() throws {
        try check(.summary, damage: { _ in Data("{\"schema\":1,\"summary\":{\"firstDay\":\"November\",\"journalLengths\":[],\"children\":[]}}".utf8) },
                  expected: "the field \"summary.firstDay\" is invalid: not a day (YYYY-MM-DD): November.")
    }

    @Test func aNestedFieldIsNamedWithItsIndex() throws {
        let text = "{\"schema\":1,\"roster\":{\"groups\":[],\"children\":[],\"tasks\":[{\"id\":1,\"name\":\"Brush\",\"points\":1},{\"id\":2,\"points\":1}],\"nextID\":3}}"
        try check(.roster, damage: { _ in Data(text.utf8) }, expected: "the field \"roster.tasks[1].name\" is missing.")
    }

    /// Issue 27: a task's time that no clock shows is named, not read as "no time".
    @Test func aTaskTimeNoClockShowsIsNamed() throws {
        let text = "{\"schema\":1,\"roster\":{\"groups\":[],\"children\":[],\"tasks\":[{\"id\":1,\"name\":\"Lunch\",\"points\":1,\"time\":\"25:00\"}],\"nextID\":2}}"
        try check(.roster, damage: { _ in Data(text.utf8) },
                  expected: "the field \"roster.tasks[0].time\" is invalid: \"25:00\" is not a time of day (as 11:00).")
    }

    /// A roster gone while ticks or absences remain is refused, never read
    /// as a new daycare: new children would be handed the old ones' ids,
    /// and with them their ticks and days away. A new folder has none.
    @Test(arguments: ["ticks", "absences", "nothing"])
    func aMissingRosterBesideHistoryIsRefused(left: String) throws {
        try withDataDirectory { dir in
            let store = try JSONFileStore(directory: dir)
            #expect(try store.loadRoster() == nil, "a new folder is a new daycare")
            try store.saveRoster(try Samples.roster())
            switch left {
            case "ticks": try store.appendMark(Samples.event(1), on: Samples.day)
            case "absences": try store.saveAttendance(Attendance())
            default: break
            }
            try FileManager.default.removeItem(at: dir.file("roster.json"))
            if left == "nothing" {
                #expect(try store.loadRoster() == nil)
                return
            }
            let error = try #require(throws: StorageError.self) { try JSONFileStore(directory: dir, readOnly: true).loadRoster() }
            let what = left == "ticks" ? "the ticks of 1 day are" : "attendance.json (who was away) is"
            #expect(error.description == "\(dir.file("roster.json").path): it is missing, but \(what) still here; read as a new daycare, "
                    + "they would belong to nobody, or to children added next. Put the file back, or restore a backup (taskboard restore).")
            #expect(error.isDamaged)
        }
    }

    @Test func aNonsenseSchemaIsRefused() throws {
        try check(.settings, damage: { _ in Data("{\"schema\":0,\"settings\":{\"idleLogoutMinutes\":2}}".utf8) },
                  expected: "unknown schema 0; this version reads schema 1.")
    }

    // Root reads everything, so this runs (and is reported skipped otherwise) for a normal user only.
    @Test(.enabled(if: getuid() != 0, "root reads every file whatever its mode"))
    func anUnreadableFileIsPermissionDenied() throws {
        try withDataDirectory { dir in
            let store = try JSONFileStore(directory: dir)
            try store.saveSettings(Samples.settings)
            let file = dir.file("settings.json")
            try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
            let error = #expect(throws: StorageError.self) { try JSONFileStore(directory: dir, readOnly: true).loadSettings() }
            #expect(error?.description.hasPrefix(file.path + ": permission denied") == true)
        }
    }
}

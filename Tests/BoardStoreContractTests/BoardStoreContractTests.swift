import Foundation
import Testing
import TaskBoard

/// What every BoardStore promises, checked on each: memory, a data
/// directory, and PostgreSQL.
@Suite struct BoardStoreContractTests {
    @Test(arguments: StoreKind.available)
    func aNewPlaceHasNoData(_ kind: StoreKind) throws {
        let place = try kind.makePlace()
        let store = try place.open()
        #expect(try store.loadRoster() == nil)
        #expect(try store.loadSettings() == nil)
        #expect(try store.loadPin() == nil)
        #expect(try store.loadAttendance() == nil)
        #expect(try store.loadMarkSummary() == nil)
        #expect(try store.marks(on: Samples.day).isEmpty)
        #expect(try store.markJournalLength(on: Samples.day) == 0)
        #expect(try store.markJournalDays().isEmpty)
        #expect(!store.isReadOnly)
    }

    @Test(arguments: StoreKind.available)
    func everyKindSurvivesAReopen(_ kind: StoreKind) throws {
        let place = try kind.makePlace()
        let roster = try Samples.roster()
        let summary = Samples.summary()
        var attendance = Attendance()
        attendance.set(ChildID(3), away: true, on: Samples.day)
        attendance.set(ChildID(4), away: true, on: Samples.day)
        attendance.set(ChildID(4), away: true, on: Samples.day.advanced(by: -3))
        let events = (0..<25).map { Samples.event($0, done: $0 % 7 != 3) }
        do {
            let store = try place.open()
            try store.saveRoster(roster)
            try store.saveSettings(Samples.settings)
            try store.savePin(Samples.pin)
            try store.saveAttendance(attendance)
            try store.saveMarkSummary(summary)
            for event in events { try store.appendMark(event, on: Samples.day) }
            try store.appendMark(Samples.event(99), on: Samples.day.advanced(by: 1))
            // The same store reads its own writes.
            #expect(try store.loadRoster() == roster)
            #expect(try store.marks(on: Samples.day) == events)
        }
        let store = try place.open()
        #expect(try store.loadRoster() == roster)
        #expect(try store.loadSettings() == Samples.settings)
        #expect(try store.loadPin() == Samples.pin)
        #expect(try store.loadAttendance() == attendance)
        #expect(try store.loadMarkSummary() == summary)
        #expect(try store.marks(on: Samples.day) == events)
        #expect(try store.marks(on: Samples.day.advanced(by: 1)) == [Samples.event(99)])
        #expect(try store.marks(on: Samples.day.advanced(by: -1)).isEmpty)
        #expect(try store.markJournalDays() == [Samples.day, Samples.day.advanced(by: 1)])
    }

    /// A run of days read at once (a first start's year) is what reading
    /// them one by one gives, old days and recent ones, with gaps.
    @Test(arguments: StoreKind.available)
    func severalDaysReadAtOnceAreTheDaysOneByOne(_ kind: StoreKind) throws {
        let place = try kind.makePlace()
        let old = Samples.day.advanced(by: -300)
        do {
            let store = try place.open()
            try store.appendMarks((0..<4).map { Samples.event($0) }, on: old)
            try store.appendMark(Samples.event(7, done: false), on: old.advanced(by: 2))
            try store.appendMarks((10..<13).map { Samples.event($0) }, on: Samples.day)
        }
        let store = try place.open()
        #expect(try store.marks(in: old...old.advanced(by: 30)) == [old: (0..<4).map { Samples.event($0) },
                                                                    old.advanced(by: 2): [Samples.event(7, done: false)]])
        #expect(try store.marks(in: old.advanced(by: 3)...old.advanced(by: 9)) == [:])
        #expect(try store.marks(in: Samples.day.advanced(by: -1)...Samples.day) == [Samples.day: (10..<13).map { Samples.event($0) }])
        #expect(try store.markJournalLength(on: old) > 0)
        #expect(try store.markJournalLength(on: old.advanced(by: 1)) == 0)
    }

    @Test(arguments: StoreKind.available)
    func aSaveReplacesWhatWasThere(_ kind: StoreKind) throws {
        let place = try kind.makePlace()
        var roster = try Samples.roster()
        var settings = Samples.settings
        var pin = Samples.pin
        var attendance = Attendance()
        do {
            let store = try place.open()
            try store.saveRoster(roster)
            // A child leaves, a task loses its icon and its weekdays go: nothing of the old stays.
            try roster.deleteChild(roster.children[0].id)
            roster.tasks[0].icon = nil
            roster.tasks[2].points = 7
            try store.saveRoster(roster)
            try store.saveSettings(Samples.settings)
            settings.idleLogoutMinutes = 17
            settings.language = nil
            settings.closedDays = []
            try store.saveSettings(settings)
            pin.hash = nil
            pin.lockedAt = nil
            try store.savePin(Samples.pin)
            try store.savePin(pin)
            attendance.set(ChildID(3), away: true, on: Samples.day)
            try store.saveAttendance(attendance)
            attendance.set(ChildID(3), away: false, on: Samples.day)
            attendance.set(ChildID(4), away: true, on: Samples.day)
            try store.saveAttendance(attendance)
        }
        let reopened = try place.open()
        #expect(try reopened.loadRoster() == roster)
        #expect(try reopened.loadSettings() == settings)
        #expect(try reopened.loadPin() == pin)
        #expect(try reopened.loadAttendance() == attendance)
    }

    @Test(arguments: StoreKind.available)
    func theJournalLengthGrowsWithEveryAppendAndEachDayKeepsItsOwn(_ kind: StoreKind) throws {
        let place = try kind.makePlace()
        let store = try place.open()
        var lengths = [try store.markJournalLength(on: Samples.day)]
        try store.appendMark(Samples.event(1), on: Samples.day)
        lengths.append(try store.markJournalLength(on: Samples.day))
        // A whole group ticked at once: several events in one append, in order.
        let group = (2..<8).map { Samples.event($0) }
        try store.appendMarks(group, on: Samples.day)
        lengths.append(try store.markJournalLength(on: Samples.day))
        try store.appendMark(Samples.event(8, done: false), on: Samples.day)
        lengths.append(try store.markJournalLength(on: Samples.day))
        #expect(lengths[0] == 0)
        #expect(zip(lengths, lengths.dropFirst()).allSatisfy { $0 < $1 }, "\(lengths)")
        #expect(try store.marks(on: Samples.day) == [Samples.event(1)] + group + [Samples.event(8, done: false)])
        #expect(try store.markJournalLength(on: Samples.day.advanced(by: 1)) == 0)
        // An empty append writes nothing.
        try store.appendMarks([], on: Samples.day.advanced(by: 2))
        #expect(try store.markJournalDays() == [Samples.day])
    }

    @Test(arguments: StoreKind.available)
    func aLedgerOverTheStoreCountsTheSameAfterARestart(_ kind: StoreKind) throws {
        let place = try kind.makePlace()
        let today = Samples.day
        let roster = try Samples.roster()
        let aino = roster.children[0], eino = roster.children[1]
        let points: [ChildID: Int]
        do {
            let store = try place.open()
            try store.saveRoster(roster)
            let ledger = try MarkLedger(store: store, today: today)
            for task in aino.board {
                try ledger.record(MarkEvent(child: aino.id, task: task, done: true, points: roster.task(task)?.points ?? 1,
                                            boardComplete: false, at: 1_795_334_400), on: today)
            }
            try ledger.record(MarkEvent(child: eino.id, task: eino.board[0], done: true, points: 1, boardComplete: true, at: 1_795_334_401),
                              on: today.advanced(by: -2))
            try ledger.record(MarkEvent(child: aino.id, task: aino.board[0], done: false, points: 2, boardComplete: false, at: 1_795_334_402),
                              on: today)
            ledger.flush()
            points = ledger.points(in: nil)
        }
        #expect(points == [aino.id: 1 + 3, eino.id: 1])
        let again = try MarkLedger(store: try place.open(), today: today)
        #expect(again.points(in: nil) == points)
        #expect(again.points(in: today...today) == [aino.id: 4])
    }
}

import Foundation
import Testing
@testable import TaskBoard
@testable import TaskBoardUI

/// A voice that writes down what it is asked to say. A sentence ends at
/// once, or, when `holding`, only when the test says so (`finish`), as a
/// sentence still being said would.
final class RecordingVoice: Voice {
    let availability: VoiceAvailability
    private let holding: Bool
    private let state = Locked(Recorded())

    private struct Recorded {
        var said: [Sentence] = []
        var stops = 0
        var speaking: (@Sendable () -> Void)?
    }

    init(_ availability: VoiceAvailability = .available, holding: Bool = false) {
        self.availability = availability
        self.holding = holding
    }

    func speak(_ sentence: Sentence, finished: @escaping @Sendable () -> Void) {
        let overlapping = state.withLock { recorded in
            recorded.said.append(sentence)
            defer { if holding { recorded.speaking = finished } }
            return recorded.speaking != nil
        }
        #expect(!overlapping, "a sentence was handed over while another was being said")
        if !holding { finished() }
    }

    /// A stop ends the sentence being said, as killing espeak-ng does.
    func stop() {
        state.withLock { $0.stops += 1 }
        finish()
    }

    /// The sentence being said comes to its end.
    func finish() {
        state.withLock { recorded in defer { recorded.speaking = nil }; return recorded.speaking }?()
    }

    func waitUntilQuiet() {}

    var sentences: [String] { state.withLock { $0.said.map(\.text) } }
    var languages: [Language] { state.withLock { $0.said.map(\.language) } }
    var stops: Int { state.withLock { $0.stops } }
    var isSpeaking: Bool { state.withLock { $0.speaking != nil } }
}

/// The speaker's clock, moved by the test: what waits for a pause is said when the test has moved past it.
final class HandMovedSpeechTime: Sendable {
    private let state = Locked((now: 0.0, waiting: [(at: Double, work: @Sendable () -> Void)]()))

    var time: SpeechTime {
        SpeechTime(now: { [state] in state.withLock { $0.now } },
                   after: { [state] delay, work in state.withLock { $0.waiting.append((at: $0.now + delay, work: work)) } })
    }

    /// Moves the clock on, and runs what was to be called back by then.
    func advance(by seconds: Double) {
        let due = state.withLock { state in
            state.now += seconds
            let due = state.waiting.filter { $0.at <= state.now }.map(\.work)
            state.waiting.removeAll { $0.at <= state.now }
            return due
        }
        for work in due { work() }
    }
}

/// Issue 25: the child's board read aloud, praise for a tick, a cheer for a
/// finished board and a reached goal; Space or Enter reads again; nothing
/// is said (and no key offered) while it is off or cannot be heard.
@Suite struct ReadAloudTests {
    private func kiosk(_ f: KioskFixture, voice: Voice?, readAloud: Bool = true, style: LeaderboardStyle? = nil,
                       time: HandMovedSpeechTime = HandMovedSpeechTime(), log: @escaping (String) -> Void = { _ in }) throws -> KioskRuntime {
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        var settings = f.daycare.settings
        settings.readAloud = readAloud
        if let style { settings.leaderboardStyle = style }
        try f.daycare.updateSettings(settings)
        return KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: 80, height: 24), log: log, voice: voice,
                            speechTime: time.time)
    }

    /// Squirrels, then Aino.
    private func openAinosBoard(_ runtime: KioskRuntime) {
        runtime.handle(.key(.enter))
        runtime.handle(.key(.enter))
    }

    @Test func openingABoardSaysTheNameAndWhatIsLeft() throws {
        let f = try KioskFixture()
        try f.daycare.toggle(child: f.aino, task: f.tasks[1])
        let voice = RecordingVoice()
        let runtime = try kiosk(f, voice: voice)
        runtime.handle(.key(.enter))
        #expect(voice.sentences == ["Squirrels. Who are you?"], "the group chosen, and what the screen asks")
        runtime.handle(.key(.enter))
        #expect(voice.sentences.last == "Aino, two to go: Get dressed, Tidy the toys.")
        #expect(voice.languages == [.en, .en])
        // Space and Enter read it again, as the hint bar says; a tap on the board too.
        #expect(runtime.render().textLines[23].contains("Space read aloud"))
        runtime.handle(.key(.character(" ")))
        runtime.handle(.key(.enter))
        runtime.handle(.click(x: 10, y: 5))
        #expect(voice.sentences.count == 5)
        #expect(Set(voice.sentences.dropFirst()).count == 1)
        // The month is looked at, not read.
        runtime.handle(.key(.character("v")))
        runtime.handle(.key(.character(" ")))
        #expect(voice.sentences.count == 5)
    }

    @Test func aBoardAllDoneOrAwayIsSaidSo() throws {
        let f = try KioskFixture()
        try f.daycare.toggle(child: f.eero, task: f.tasks[0])
        let voice = RecordingVoice()
        let runtime = try kiosk(f, voice: voice)
        for key: Key in [.enter, .down, .enter] { runtime.handle(.key(key)) }
        #expect(voice.sentences.last == "Eero Äijälä. All done today! Well done!")
        try f.daycare.setAway(child: f.aino, away: true)
        for key: Key in [.escape, .up, .enter] { runtime.handle(.key(key)) }
        #expect(voice.sentences.last == "Aino. Away today.")
    }

    @Test func offOrUnavailableSaysNothingAndOffersNoKey() throws {
        for (voice, readAloud) in [(RecordingVoice(), false), (RecordingVoice(.unavailable(.engineMissing("espeak-ng"))), true),
                                   (RecordingVoice(.unavailable(.noAudioDevice)), true)] {
            let f = try KioskFixture()
            let runtime = try kiosk(f, voice: voice, readAloud: readAloud)
            openAinosBoard(runtime)
            runtime.handle(.key(.character(" ")))
            #expect(voice.sentences == [])
            #expect(!runtime.render().textLines[23].contains("read aloud"))
        }
    }

    @Test func settingsSaysWhyItCannotBeHeardAndTheLogSaysItOnce() throws {
        let f = try KioskFixture()
        var logged: [String] = []
        let runtime = try kiosk(f, voice: RecordingVoice(.unavailable(.engineMissing("espeak-ng"))), log: { logged.append($0) })
        runtime.logIn()
        for _ in 0..<4 { runtime.handle(.key(.tab)) }
        #expect(runtime.state.side == .admin(.settings))
        runtime.handle(.key(.end))
        let row = runtime.render().textLines.first { $0.contains("Read aloud") } ?? ""
        #expect(row.contains("On: espeak-ng is not installed"))
        // Turned off and on again: still said once.
        runtime.handle(.key(.enter))
        #expect(runtime.render().textLines[22].contains("Read aloud is off."))
        runtime.handle(.key(.enter))
        #expect(logged.filter { $0.contains("read aloud") }
                == ["read aloud is on but not available: espeak-ng is not installed (not found on the PATH)"])
    }

    /// Issue 40: Settings lists the names the staff have recorded, in both
    /// languages and at the small sizes; the row is shown, not changed.
    @Test(arguments: [("en", 80, 24), ("fi", 80, 24), ("en", 40, 12), ("fi", 50, 16)])
    func settingsListsTheRecordedNames(_ language: String, _ width: Int, _ height: Int) throws {
        let f = try KioskFixture(language: language)
        try f.daycare.pin.setInitialPin("4829", confirmation: "4829")
        let files = Locked<[VoiceKey: String]>([:])
        let runtime = KioskRuntime(daycare: f.daycare, screen: f.screen(), size: Size(width: width, height: height), voice: RecordingVoice(),
                                   recordings: { files.withLock { $0 } })
        runtime.logIn()
        for _ in 0..<4 { runtime.handle(.key(.tab)) }
        runtime.handle(.key(.end))
        runtime.handle(.key(.up))
        let label = language == "fi" ? "Äänitetyt" : "Recorded"
        var row = runtime.render().textLines.first { $0.contains(label) } ?? ""
        #expect(row.contains(language == "fi" ? "ei yhtään" : "none"), "\(runtime.render().textLines.joined(separator: "\n"))")
        files.withLock { $0 = [.child(f.aino): "/v/a.wav", .task(f.tasks[0]): "/v/t.wav", .child(ChildID(999)): "/v/gone.wav"] }
        row = runtime.render().textLines.first { $0.contains(label) } ?? ""
        // The task first, then the child; one who is gone is not listed.
        #expect(row.contains("Get dressed, Aino") && !row.contains("999"), "\(row)")
        // Enter on it changes nothing and offers nothing.
        let settings = f.daycare.settings
        runtime.handle(.key(.enter))
        #expect(f.daycare.settings == settings)
    }

    @Test func theSettingsRowTurnsItOnAndOff() throws {
        let f = try KioskFixture()
        let runtime = try kiosk(f, voice: RecordingVoice(), readAloud: false)
        runtime.logIn()
        for _ in 0..<4 { runtime.handle(.key(.tab)) }
        runtime.handle(.key(.end))
        #expect(runtime.render().textLines.contains { $0.contains("Read aloud") && $0.contains("◂ Off ▸") })
        runtime.handle(.key(.right))
        #expect(f.daycare.settings.readAloud)
        #expect(runtime.render().textLines.contains { $0.contains("Read aloud") && $0.contains("◂ On ▸") })
        #expect(runtime.render().textLines[22].contains("Read aloud is on"))
    }

    @Test func aTickOnTheAdminSideIsPraisedAndAFinishedBoardCheered() throws {
        let f = try KioskFixture()
        let voice = RecordingVoice()
        let runtime = try kiosk(f, voice: voice)
        runtime.logIn()
        #expect(runtime.state.side == .admin(.mark))
        runtime.handle(.key(.character(" ")))
        #expect(voice.sentences == ["Done: Get dressed. Well done, Aino!"])
        // Taken back: nothing to praise.
        runtime.handle(.key(.character(" ")))
        #expect(voice.sentences.count == 1)
        runtime.handle(.key(.character(" ")))
        runtime.handle(.key(.right))
        runtime.handle(.key(.character(" ")))
        runtime.handle(.key(.right))
        runtime.handle(.key(.character(" ")))
        #expect(voice.sentences.last
                == "Done: Tidy the toys. Aino: all done today! Hooray! Squirrels: today's goal reached! Hooray!")
        // The whole group at once.
        runtime.handle(.key(.left))
        runtime.handle(.key(.left))
        runtime.handle(.key(.down))
        runtime.handle(.key(.character("*")))
        #expect(voice.sentences.last == "Done: Get dressed. Well done, everyone! Eero Äijälä: all done today! Hooray!")
    }

    @Test func theLeaderboardReadsTheChildsOwnRow() throws {
        let f = try KioskFixture()
        try f.daycare.toggle(child: f.aino, task: f.tasks[2])
        let voice = RecordingVoice()
        let runtime = try kiosk(f, voice: voice, style: .stars)
        // No child chosen yet: no row of one's own to hear.
        runtime.handle(.key(.tab))
        #expect(!runtime.render().textLines[23].contains("read aloud"))
        for _ in 0..<3 { runtime.handle(.key(.tab)) }
        openAinosBoard(runtime)
        runtime.handle(.key(.tab))
        #expect(runtime.state.side == .child(.leaderboard))
        runtime.handle(.key(.character(" ")))
        #expect(voice.sentences.last == "Aino: three stars.")
    }

    /// Issue 39: on the group-goal leaderboard each group's name and bar is
    /// one target two rows high, a blank row before the next; a tap says it.
    @Test func aGroupsGoalTappedIsReadAloud() throws {
        let f = try KioskFixture()
        try f.daycare.toggle(child: f.aino, task: f.tasks[2])
        let voice = RecordingVoice()
        let runtime = try kiosk(f, voice: voice, style: .groupGoal)
        runtime.handle(.key(.tab))
        #expect(runtime.state.side == .child(.leaderboard))
        let rows = runtime.render().targets.filter { if case .goalRow = $0.tap { true } else { false } }
        #expect(rows.count == 2 && rows.allSatisfy { $0.rect.height == 2 }, "\(rows)")
        #expect(rows.count == 2 && rows[1].rect.y == rows[0].rect.y + 3, "a blank row between")
        let squirrels = try #require(f.daycare.roster.groups.first).id
        runtime.handle(.click(x: rows[0].rect.x + 2, y: rows[0].rect.y + 1))
        #expect(runtime.render().targets.contains { $0.tap == .goalRow(squirrels) })
        #expect(voice.sentences.last?.hasPrefix("Squirrels: three points.") == true, "\(voice.sentences)")
    }

    @Test func ticksWhileASentenceIsSaidWaitAndMergeAndNoneIsCutOff() throws {
        let f = try KioskFixture()
        let voice = RecordingVoice(holding: true)
        let runtime = try kiosk(f, voice: voice)
        runtime.logIn()
        // Aino's first task, then Eero's (his only one), while the first praise is still being said.
        runtime.handle(.key(.character(" ")))
        #expect(voice.sentences == ["Done: Get dressed. Well done, Aino!"])
        runtime.handle(.key(.down))
        runtime.handle(.key(.character(" ")))
        runtime.handle(.key(.up))
        runtime.handle(.key(.right))
        runtime.handle(.key(.character(" ")))
        #expect(voice.sentences.count == 1, "nothing handed over while a sentence is said")
        voice.finish()
        #expect(voice.sentences.last == "Done: Get dressed, Brush teeth. Well done, Aino! Eero Äijälä: all done today! Hooray!")
        #expect(voice.stops == 0, "no praise was cut off")
        voice.finish()
        #expect(!voice.isSpeaking)
    }

    @Test func aTickTakenBackBeforeItsPraiseIsSaidIsNotPraised() throws {
        let f = try KioskFixture()
        let voice = RecordingVoice(holding: true)
        let runtime = try kiosk(f, voice: voice)
        runtime.logIn()
        runtime.handle(.key(.character(" ")))
        runtime.handle(.key(.right))
        runtime.handle(.key(.character(" ")))
        runtime.handle(.key(.character(" ")))
        voice.finish()
        #expect(voice.sentences == ["Done: Get dressed. Well done, Aino!"])
        #expect(!voice.isSpeaking)
    }

    @Test func theNameChosenIsSaidOnceTheSelectionRests() throws {
        let f = try KioskFixture()
        let voice = RecordingVoice(holding: true)
        let time = HandMovedSpeechTime()
        let runtime = try kiosk(f, voice: voice, time: time)
        // Squirrels chosen: its name and the question, to the end.
        runtime.handle(.key(.enter))
        voice.finish()
        // A run of arrow keys says only where it stops, after a short pause.
        runtime.handle(.key(.down))
        time.advance(by: 0.3)
        runtime.handle(.key(.up))
        time.advance(by: 0.3)
        runtime.handle(.key(.down))
        time.advance(by: 0.3)
        #expect(voice.sentences == ["Squirrels. Who are you?"])
        time.advance(by: 0.4)
        #expect(voice.sentences.last == "Eero Äijälä.")
        // Moved again while the name is said: the newer name stops it.
        runtime.handle(.key(.up))
        time.advance(by: 0.7)
        #expect(voice.stops == 1)
        #expect(voice.sentences.last == "Aino.")
        // Opened: the board is read at once, stopping the name.
        runtime.handle(.key(.enter))
        #expect(voice.stops == 2)
        #expect(voice.sentences.last == "Aino, three to go: Get dressed, Brush teeth, Tidy the toys.")
        // Back on the groups, the group the selection moves to is said.
        voice.finish()
        runtime.handle(.key(.escape))
        runtime.handle(.key(.escape))
        runtime.handle(.key(.down))
        time.advance(by: 0.7)
        #expect(voice.sentences.last == "Bears.")
    }

    @Test func turnedOffItStopsAtOnceAndSaysNoMore() throws {
        let f = try KioskFixture()
        let voice = RecordingVoice(holding: true)
        let runtime = try kiosk(f, voice: voice)
        runtime.logIn()
        runtime.handle(.key(.character(" ")))
        runtime.handle(.key(.right))
        runtime.handle(.key(.character(" ")))
        for _ in 0..<4 { runtime.handle(.key(.tab)) }
        runtime.handle(.key(.end))
        runtime.handle(.key(.enter))
        #expect(!f.daycare.settings.readAloud)
        #expect(voice.stops == 1)
        #expect(voice.sentences.count == 1)
        #expect(!voice.isSpeaking)
    }
}

/// The sentences in Finnish, written for the ear (FINNISH.md).
@Suite struct NarratorTests {
    @Test func finnishSentences() throws {
        let f = try KioskFixture(language: "fi")
        let narrator = Narrator(strings: f.strings)
        let aino = try #require(f.daycare.roster.child(f.aino))
        let tasks = f.daycare.roster.boardTasks(of: f.aino)
        func ticked(_ count: Int) -> DayMarks {
            DayMarks(replaying: f.tasks.prefix(count).map { MarkEvent(child: f.aino, task: $0, done: true, points: 1, boardComplete: false, at: 0) })
        }
        let today = ChildToday(progress: Progress(done: 1, total: 3, streak: 0), marks: ticked(1), week: [])
        #expect(narrator.board(aino, today, BoardDay(tasks: tasks)) == "Aino. Vielä kaksi: Brush teeth, Tidy the toys.")
        let one = ChildToday(progress: Progress(done: 2, total: 3, streak: 0), marks: ticked(2), week: [])
        #expect(narrator.board(aino, one, BoardDay(tasks: tasks)) == "Aino. Vielä yksi: Tidy the toys.")
        let marks = ticked(3)
        let done = ChildToday(progress: Progress(done: 3, total: 3, streak: 2), marks: marks, week: [])
        #expect(narrator.board(aino, done, BoardDay(tasks: tasks)) == "Aino. Kaikki tehty tänään! Hienoa!")
        // The one whose time is now first, then the rest as the board lists them.
        #expect(narrator.board(aino, today, BoardDay(tasks: tasks, now: f.tasks[2])) == "Aino. Vielä kaksi. Nyt: Tidy the toys. Sitten: Brush teeth.")
        // A day's activity on the board is said where it is now, never counted as to do.
        let visitor = LibraryTask(id: TaskID(-1), name: "Vierailija", points: 0)
        #expect(narrator.board(aino, today, BoardDay(tasks: [visitor] + tasks, now: visitor.id))
                == "Aino. Vielä kaksi. Nyt: Vierailija. Sitten: Brush teeth, Tidy the toys.")
        #expect(narrator.board(aino, today, BoardDay(tasks: [visitor] + tasks)) == "Aino. Vielä kaksi: Brush teeth, Tidy the toys.")
        #expect(narrator.board(aino, done, BoardDay(tasks: [visitor] + tasks, now: visitor.id)) == "Aino. Kaikki tehty tänään! Hienoa! Nyt: Vierailija.")
        #expect(narrator.board(aino, ChildToday(progress: Progress(done: 0, total: 0, streak: 0), marks: DayMarks(), week: []),
                               BoardDay(tasks: [visitor], now: visitor.id)) == "Aino. Tänään ei tehtäviä. Nyt: Vierailija.")
        #expect(narrator.board(aino, ChildToday(progress: Progress(done: 0, total: 3, streak: 0, away: true), marks: DayMarks(), week: []), BoardDay(tasks: tasks))
                == "Aino. Poissa tänään.")
        #expect(narrator.board(aino, ChildToday(progress: Progress(done: 0, total: 0, streak: 0), marks: DayMarks(), week: []), BoardDay(tasks: []))
                == "Aino. Tänään ei tehtäviä.")
        // Numbers said as words while small, as digits (which the voice reads) after.
        #expect(narrator.number(7) == "seitsemän")
        #expect(narrator.number(40) == "40")
    }

    @Test func finnishLeaderboardRows() throws {
        let f = try KioskFixture(language: "fi")
        let narrator = Narrator(strings: f.strings)
        let aino = try #require(f.daycare.roster.child(f.aino))
        let group = try #require(f.daycare.roster.groups.first)
        let entries = LeaderboardFacts.entries(.success([LeaderboardEntry(rank: 2, child: aino, points: 5)]))
        #expect(narrator.leaderboardRow(of: aino, entries, style: .ranking, period: .week) == "Aino: viisi tähteä.", "points as stars, never a place")
        #expect(narrator.leaderboardRow(of: aino, entries, style: .share, period: .week) == "Aino: viisi prosenttia taulusta tehty.")
        #expect(narrator.leaderboardRow(of: aino, .entries(.success([LeaderboardEntry(rank: 8, child: aino, points: 0)])), style: .ranking, period: .today)
                == "Aino: ei vielä tähtiä.")
        #expect(narrator.leaderboardRow(of: aino, .entries(.success([LeaderboardEntry(rank: 0, child: aino, points: 1)])), style: .stars, period: .today)
                == "Aino: yksi tähti.")
        let toward = LeaderboardFacts.groupGoals(.success([GroupGoal(group: group, points: 4, goal: 6, daysReached: nil)]))
        #expect(narrator.leaderboardRow(of: aino, toward, style: .groupGoal, period: .today) == "Squirrels: pisteitä on neljä. Tavoite on kuusi.")
        let days = LeaderboardFacts.groupGoals(.success([GroupGoal(group: group, points: 40, goal: 60, daysReached: 3)]))
        #expect(narrator.leaderboardRow(of: aino, days, style: .groupGoal, period: .allTime) == "Squirrels: tavoite saavutettu kolme päivänä.")
        // Old days that could not be read: nothing said rather than a wrong count.
        let unknown = LeaderboardFacts.groupGoals(.success([GroupGoal(group: group, points: 40, goal: 60, daysReached: nil)]))
        #expect(narrator.leaderboardRow(of: aino, unknown, style: .groupGoal, period: .allTime) == nil)
    }
}

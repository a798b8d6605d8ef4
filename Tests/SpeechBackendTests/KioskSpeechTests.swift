import Foundation
import Testing
@testable import TaskBoard
import TaskBoardUI
@testable import SpeechBackend

/// The kiosk with the real voice: a child's board opened is a WAV that is
/// heard, a thousand keys leave no process, a missing engine changes nothing
/// on the child's screen.
@Suite struct KioskSpeechTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Squirrels with Aino, whose board has two tasks; read aloud on; Finnish.
    /// `ainoRecorded`: a staff recording of Aino's name, played in its place.
    private func kiosk(voice: Voice, clock: FixedClock = FixedClock(Date(timeIntervalSince1970: 1_795_334_400)),
                       ainoRecorded: String? = nil) throws -> KioskRuntime {
        var ainoID: ChildID?
        let store = InMemoryStore()
        store.settings = Settings(timeZoneIdentifier: "Europe/Helsinki")
        let daycare = try Daycare(store: store, clock: clock, pinHasher: PinHasher(iterations: 1_000))
        try daycare.edit(RosterChange(.addGroup, "setup")) { (roster: inout Roster) throws(TaskBoardError) in
            let squirrels = try roster.addGroup(name: "Oravat", avatar: "🐿")
            let aino = try roster.addChild(name: "Aino", avatar: "🦊", group: squirrels)
            ainoID = aino
            let hands = try roster.addTask(name: "pese kädet", points: 1)
            try roster.addToBoard(hands, child: aino)
            try roster.addToBoard(try roster.addTask(name: "syö lounas", points: 1), child: aino)
            // Three more with one task each, for ticks in a row on the Mark sheet.
            for (name, avatar) in [("Eero", "🐢"), ("Leo", "🦁"), ("Siiri 🌸", "🐝")] {
                try roster.addToBoard(hands, child: try roster.addChild(name: name, avatar: avatar, group: squirrels))
            }
        }
        var settings = daycare.settings
        settings.readAloud = true
        try daycare.updateSettings(settings)
        try daycare.pin.setInitialPin("4829", confirmation: "4829")
        let strings = try Strings(data: Data(contentsOf: Self.repository.appendingPathComponent("assets/strings/fi.json")))
        return KioskRuntime(daycare: daycare, screen: KioskScreen(strings: strings, theme: Theme(color: false, unicode: true)),
                            size: Size(width: 80, height: 24), voice: voice,
                            recordings: ainoRecorded.map { file in { [VoiceKey.child(ainoID!): file] } })
    }

    @Test func openingAChildsBoardIsHeard() throws {
        guard EspeakRecordingTests.canListen else { return }
        let folder = try ScratchFolder()
        let voice = EspeakVoice(output: .wavFiles(directory: folder.path))
        let runtime = try kiosk(voice: voice)
        runtime.handle(.key(.enter))
        runtime.handle(.key(.enter))
        try #require(runtime.speaker).waitUntilQuiet()
        // The group's name and question first (0001, maybe stopped by the board asked for), then the board.
        let sentence = "Aino. Vielä kaksi: pese kädet, syö lounas."
        let heard = try EspeakRecordingTests.measure(folder.path + "/0002.wav")
        #expect(heard.rms > 0.02)
        let perCharacter = heard.seconds / Double(sentence.count)
        #expect(perCharacter > 0.03 && perCharacter < 0.15, "\(heard.seconds) s")
    }

    @Test func aThousandKeysLeaveNoSpeechBehind() throws {
        guard EspeakRecordingTests.canListen else { return }
        let folder = try ScratchFolder()
        let voice = EspeakVoice(output: .wavFiles(directory: folder.path))
        let runtime = try kiosk(voice: voice)
        runtime.handle(.key(.enter))
        runtime.handle(.key(.enter))
        var keys = 2
        // Space reads the board again, Esc closes it, Enter opens it (and reads it): a child at the keyboard.
        while keys < 1_000 {
            for key: Key in [.character(" "), .character(" "), .escape, .enter, .character("x"), .down] {
                runtime.handle(.key(key))
                keys += 1
            }
        }
        // Each key that asked stopped the sentence being said; the last one asked for is heard to its end.
        try #require(runtime.speaker).waitUntilQuiet()
        #expect(voice.processesLeft() == [])
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".wav") }.sorted()
        #expect(!files.isEmpty)
        let last = try EspeakRecordingTests.measure(folder.path + "/" + files[files.count - 1])
        #expect(last.rms > 0.02)
        #expect(last.seconds > 1, "the last sentence whole: \(last.seconds) s")
    }

    /// Issue 40: staff tick four children on the Mark sheet a second apart,
    /// with espeak-ng replaced by a stand-in that takes as long as the
    /// sentence would: every sentence is said to its end, one at a time,
    /// and the praise that waited is merged.
    @Test func ticksASecondApartAreEachPraisedToTheEndAndMerged() throws {
        let folder = try ScratchFolder()
        _ = try folder.pacedStandIn()
        let voice = EspeakVoice(output: .speaker, environment: ["PATH": folder.path, "PULSE_SERVER": "unix:/x"])
        let runtime = try kiosk(voice: voice)
        try tickFourChildrenASecondApart(runtime)
        let said = folder.said
        Self.expectEachStepToEndBeforeTheNext(said)
        let sentences = said.filter { $0.hasPrefix("said: ") }.map { String($0.dropFirst(6)) }
        #expect(sentences.first == "Tehty: pese kädet. Hienoa, Aino!")
        #expect(sentences.count < 4, "the praise that waited was merged: \(sentences)")
        #expect(sentences.contains { $0.contains(" ja ") }, "\(sentences)")
        // Every child praised, Siiri without her flower read out.
        let all = sentences.joined(separator: " ")
        for name in ["Aino", "Eero", "Leo", "Siiri"] { #expect(all.contains(name), "\(all)") }
        #expect(!all.contains("🌸"))
    }

    /// Issue 40: a task timed seven minutes ahead, ten minutes of the kiosk's
    /// timer (a tick every 15 s, each one a redraw): the warning is said
    /// once at five minutes, "Now" once at its time; with the warning off,
    /// only "Now"; nothing while the admin side is open.
    @Test(arguments: [5, 0])
    func aComingChangeIsSaidOnceAheadAndOnceAtItsTime(warning: Int) throws {
        let folder = try ScratchFolder()
        _ = try folder.pacedStandIn(perCharacter: 0.002)
        let voice = EspeakVoice(output: .speaker, environment: ["PATH": folder.path, "PULSE_SERVER": "unix:/x"])
        let clock = FixedClock(Date(timeIntervalSince1970: 1_795_334_400))   // 10:00 in Helsinki
        let runtime = try kiosk(voice: voice, clock: clock)
        let hands = try #require(runtime.daycare.roster.tasks.first { $0.name == "pese kädet" })
        try runtime.daycare.perform(.setTaskTime(hands.id, to: TimeOfDay(hour: 10, minute: 7)))
        var settings = runtime.daycare.settings
        settings.changeWarningMinutes = warning
        try runtime.daycare.updateSettings(settings)
        for _ in 0..<40 {
            clock.advance(by: 15)
            runtime.handle(.tick(clock.now()))
            _ = runtime.render()
        }
        try #require(runtime.speaker).waitUntilQuiet()
        let said = folder.said.filter { $0.hasPrefix("said: ") }
        #expect(said == (warning == 5 ? ["said: Viiden minuutin päästä: pese kädet.", "said: Nyt: pese kädet."] : ["said: Nyt: pese kädet."]))
        #expect(folder.said.filter { $0.hasPrefix("end: ") }.count == said.count, "each to its end")
        // The next day, with the admin side open: nothing.
        clock.advance(by: 24 * 60 * 60 - 10 * 60)
        runtime.handle(.tick(clock.now()))
        runtime.logIn()
        for step in 0..<40 {
            clock.advance(by: 15)
            // An adult at work, so the admin side stays open.
            runtime.handle(.key(step % 2 == 0 ? .down : .up))
            runtime.handle(.tick(clock.now()))
            #expect(runtime.state.side == .admin(.mark))
        }
        runtime.speaker?.waitUntilQuiet()
        #expect(folder.said.filter { $0.hasPrefix("said: ") } == said)
    }

    /// Issue 40: the same ticks a second apart with Aino's name recorded: her
    /// praise is one sound from the player with the recording in her name's
    /// place (espeak-ng never says "Aino"), and still every sentence is said
    /// to its end, one at a time, the praise that waited merged.
    @Test func aRecordedNameIsPlayedInItsPlaceAndNothingIsCutOff() throws {
        let folder = try ScratchFolder()
        try RecordedVoiceTests.espeakStandIn(folder, wordsSeconds: 1, pacedPerCharacter: 0.07)
        try RecordedVoiceTests.playerStandIn(folder)
        let aino = try RecordedVoiceTests.recording(in: folder)
        let voice = EspeakVoice(output: .speaker, environment: ["PATH": folder.path, "PULSE_SERVER": "unix:/x"])
        let runtime = try kiosk(voice: voice, ainoRecorded: aino.file)
        try tickFourChildrenASecondApart(runtime)
        let said = folder.said
        Self.expectEachStepToEndBeforeTheNext(said)
        // Aino's praise: the words before her name from espeak-ng, then one sound from the player.
        #expect(Array(said.prefix(4)) == ["said: Tehty: pese kädet. Hienoa, ", "end: Tehty: pese kädet. Hienoa, ", "played: 0", "end: played 0"], "\(said)")
        #expect(!said.contains { $0.hasPrefix("said: ") && $0.contains("Aino") }, "\(said)")
        let sentences = said.filter { $0.hasPrefix("said: ") }
        #expect(sentences.count < 5 && sentences.contains { $0.contains(" ja ") }, "the praise that waited was merged: \(sentences)")
        let played = try WaveAudio(wav: Data(contentsOf: URL(fileURLWithPath: folder.path + "/played-0.wav")))
        #expect(RecordedVoiceTests.runs(played).map(\.0) == [1000, 0, 5000, 0])
    }

    /// Logged in, Space on the Mark sheet for the first child, then each of the next three a second later.
    private func tickFourChildrenASecondApart(_ runtime: KioskRuntime) throws {
        runtime.logIn()
        for child in 0..<4 {
            if child > 0 {
                usleep(1_000_000)
                runtime.handle(.key(.down))
            }
            runtime.handle(.key(.character(" ")))
        }
        try #require(runtime.speaker).waitUntilQuiet()
    }

    /// Each start ("said: …", "played: N") followed by its own end before the
    /// next starts: none cut off, none over another.
    static func expectEachStepToEndBeforeTheNext(_ said: [String]) {
        #expect(said.count % 2 == 0, "\(said)")
        for pair in stride(from: 0, to: said.count - 1, by: 2) {
            let start = said[pair]
            let end = start.hasPrefix("played: ") ? "end: played " + start.dropFirst(8) : "end: " + start.dropFirst(6)
            #expect(start.hasPrefix("said: ") || start.hasPrefix("played: "), "\(said)")
            #expect(said[pair + 1] == end, "\(said)")
        }
    }

    @Test func withTheEngineMissingTheKioskRunsOn() throws {
        let voice = EspeakVoice(output: .speaker, environment: ["PATH": "/nonexistent"])
        let runtime = try kiosk(voice: voice)
        runtime.handle(.key(.enter))
        runtime.handle(.key(.enter))
        runtime.handle(.key(.character(" ")))
        let lines = runtime.render().textLines
        #expect(lines[2].contains("Aino"))
        #expect(!lines.joined().contains("espeak"))
        #expect(!lines[23].contains("lue ääneen"))
        #expect(voice.processesLeft() == [])
    }
}

extension KioskRuntime {
    /// Logs in as an adult: to the Admin tab, the grown-up check's number, then the PIN 4829.
    func logIn() {
        for _ in 0..<3 where state.side != .child(.admin) { handle(.key(.tab)) }
        for c in String(state.pin.check.number) { handle(.key(.character(c))) }
        handle(.key(.enter))
        for c in "4829" { handle(.key(.character(c))) }
        handle(.key(.enter))
    }
}

extension KioskSpeechTests {
    /// A tick of `task` for a child called `name`, as the Mark tab makes it.
    static func change(_ name: String, _ task: String) -> MarkChange {
        MarkChange(child: Child(id: ChildID(name.count), name: name, avatar: "🦊", groupID: GroupID(1)), task: LibraryTask(id: TaskID(1), name: task),
                   day: Day("2026-11-23")!, done: true, pointsDelta: 1, finishedBoard: false)
    }
}

import Foundation
import Testing
import TaskBoard
import TaskBoardUI
@testable import SpeechBackend

/// The kiosk with the real voice: a child's board opened is a WAV that is
/// heard, a thousand keys leave no process, a missing engine changes nothing
/// on the child's screen.
@Suite struct KioskSpeechTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Squirrels with Aino, whose board has two tasks; read aloud on; Finnish.
    private func kiosk(voice: Voice) throws -> KioskRuntime {
        let store = InMemoryStore()
        store.settings = Settings(timeZoneIdentifier: "Europe/Helsinki")
        let daycare = try Daycare(store: store, clock: FixedClock(Date(timeIntervalSince1970: 1_795_334_400)), pinHasher: PinHasher(iterations: 1_000))
        try daycare.edit(RosterChange(.addGroup, "setup")) { (roster: inout Roster) throws(TaskBoardError) in
            let squirrels = try roster.addGroup(name: "Oravat", avatar: "🐿")
            let aino = try roster.addChild(name: "Aino", avatar: "🦊", group: squirrels)
            try roster.addToBoard(try roster.addTask(name: "pese kädet", points: 1), child: aino)
            try roster.addToBoard(try roster.addTask(name: "syö lounas", points: 1), child: aino)
        }
        var settings = daycare.settings
        settings.readAloud = true
        try daycare.updateSettings(settings)
        try daycare.pin.setInitialPin("4829", confirmation: "4829")
        let strings = try Strings(data: Data(contentsOf: Self.repository.appendingPathComponent("assets/strings/fi.json")))
        return KioskRuntime(daycare: daycare, screen: KioskScreen(strings: strings, theme: Theme(color: false, unicode: true)),
                            size: Size(width: 80, height: 24), voice: voice)
    }

    @Test func openingAChildsBoardIsHeard() throws {
        guard EspeakRecordingTests.canListen else { return }
        let folder = try ScratchFolder()
        let voice = EspeakVoice(output: .wavFiles(directory: folder.path))
        let runtime = try kiosk(voice: voice)
        runtime.handle(.key(.enter))
        runtime.handle(.key(.enter))
        voice.waitUntilQuiet()
        let sentence = "Aino. Vielä kaksi: pese kädet, syö lounas."
        let heard = try EspeakRecordingTests.measure(folder.path + "/0001.wav")
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
        // The last sentence ends, and the next timer tick collects every process.
        voice.waitUntilQuiet()
        runtime.handle(.tick(Date(timeIntervalSince1970: 1_795_334_401)))
        #expect(voice.processesLeft() == [])
        // Each read started a sentence (the files are numbered), and each
        // next key stopped it before it got far: the last one is what is heard.
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".wav") }.sorted()
        let last = try #require(files.last.flatMap { Int($0.dropLast(4)) })
        #expect(last > 300, "\(files)")
        #expect(try EspeakRecordingTests.measure(folder.path + "/" + files[files.count - 1]).rms > 0.02)
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

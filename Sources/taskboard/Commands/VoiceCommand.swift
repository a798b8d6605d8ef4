import ArgumentParser
import Foundation
import SpeechBackend
import TaskBoard
import TaskBoardStorage
import TaskBoardTools

/// `taskboard voice`: the staff's own recordings of task and child names,
/// which read aloud plays in the names' place (the children know that voice).
struct VoiceCommand: ToolCommand {
    static let configuration = CommandConfiguration(
        commandName: "voice",
        abstract: "Record a task's or a child's name in your own voice for read aloud.",
        discussion: """
        Read aloud says every sentence with espeak-ng; where a sentence holds a \
        name that has a recording, the recording is played in its place \
        (through pw-play, paplay or aplay). `voice add` takes a WAV file (or, \
        with sox installed, anything sox reads), at most \(Int(StaffRecording.maxSeconds)) seconds \
        once its quiet ends are cut. `voice record` records with the \
        microphone (arecord), plays it back and asks whether to keep it. \
        Recordings go with their task or child (a renamed task keeps its \
        voice), into backups and `copy`, and on a shared database every \
        room's kiosk has them. A running kiosk plays a new recording from its \
        next sentence on.

        Examples:
          taskboard voice add --task "Get dressed" get-dressed.wav
          taskboard voice add --child Aino --group Squirrels aino.wav
          taskboard voice record --child Aino
          taskboard voice remove --task "Get dressed"
          taskboard voice list
        """)

    enum Action: String, ExpressibleByArgument, CaseIterable {
        case add, record, remove, list
    }

    var unchangedOnFailure: String? { action == .list ? nil : "Nothing was changed." }

    @Argument(help: "add, record, remove or list.")
    var action: Action

    @Argument(help: ArgumentHelp("The recording to add (WAV, or what sox reads).", valueName: "file"))
    var file: String?

    @OptionGroup var data: DataOptions

    @Option(name: .long, help: "The task whose name it says (as the library names it).")
    var task: String?

    @Option(name: .long, help: "The child whose name it says.")
    var child: String?

    @Option(name: .long, help: "The child's group, where the name is in more than one.")
    var group: String?

    @Option(name: .long, help: "How long to record (record; default 4).")
    var seconds: Int = 4

    @Flag(name: .long, help: "Keep the recording without playing it back and asking (record).")
    var yes = false

    func validate() throws {
        if action != .list, (task == nil) == (child == nil) {
            throw ValidationError("voice \(action.rawValue) needs --task or --child (one of them).")
        }
        if action == .add, file == nil { throw ValidationError("voice add needs the recording's file.") }
        if action != .add, file != nil { throw ValidationError("only voice add takes a file.") }
        if action == .record, !(1...Int(StaffRecording.maxSeconds)).contains(seconds) {
            throw ValidationError("--seconds is 1 to \(Int(StaffRecording.maxSeconds)).")
        }
    }

    func execute() throws {
        if action == .list { return try list() }
        // Nil while a running kiosk holds the data directory: it only reads recordings, so they are written beside it.
        let store = try KioskHandOff.openForWriting(data)
        let roster = try (store ?? data.openForReading()).loadRoster() ?? Roster()
        let (key, name) = try resolve(in: roster)
        switch action {
        case .add:
            let audio = try StaffRecording.prepare(file: file ?? "")
            try keep(audio, for: key, name, in: store)
        case .record:
            try record(key, name, in: store)
        case .remove:
            let had = try (store ?? data.openForReading()).loadVoice(key) != nil
            if let store { try store.removeVoice(key) } else { try JSONFileStore.deleteVoice(key, in: data.directory) }
            Output.line(had ? "\(name): recording removed; read aloud says the name itself again." : "\(name) had no recording; nothing to remove.")
        case .list:
            return
        }
    }

    private func record(_ key: VoiceKey, _ name: String, in store: (any BoardStore)?) throws {
        let folder = try StaffRecording.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/recording.wav"
        try StaffRecording.record(seconds: seconds, into: file) {
            Output.line("Say \"\(name)\" now: recording for \(seconds) seconds…")
        }
        let audio = try StaffRecording.prepare(file: file)
        if !yes {
            let kept = folder + "/kept.wav"
            try audio.wav.write(to: URL(fileURLWithPath: kept))
            if !StaffRecording.play(kept) { Output.note("it could not be played back (no player: paplay, pw-play or aplay; or no sound device)") }
            FileHandle.standardOutput.write(Data("Keep it? [y/N] ".utf8))
            guard let answer = readLine(), ["y", "yes", "k", "kyllä"].contains(answer.lowercased()) else {
                Output.line("Not kept. Nothing was changed.")
                return
            }
        }
        try keep(audio, for: key, name, in: store)
    }

    private func keep(_ audio: WaveAudio, for key: VoiceKey, _ name: String, in store: (any BoardStore)?) throws {
        if let store { try store.saveVoice(audio.wav, for: key) } else { try JSONFileStore.writeVoice(audio.wav, for: key, in: data.directory) }
        Output.line("\(name): recording kept (\(Self.seconds(audio))). Read aloud plays it in the name's place.")
    }

    /// The recording's key, and the name as the roster has it.
    private func resolve(in roster: Roster) throws -> (VoiceKey, String) {
        let lookup = NameLookup(roster: roster)
        if let task {
            let found = try lookup.task(named: task)
            return (.task(found.id), found.name)
        }
        let found = try lookup.child(named: child ?? "", inGroup: group)
        return (.child(found.id), found.name)
    }

    /// Every recording kept, with what it says and how long it is.
    private func list() throws {
        let store = try data.openForReading()
        let roster = try store.loadRoster() ?? Roster()
        let keys = try store.voiceKeys().filter(roster.holds)
        guard !keys.isEmpty else {
            Output.line("No recordings yet: read aloud says every name with espeak-ng. Add one with taskboard voice add --task NAME FILE.")
            return
        }
        for key in keys {
            let length = try store.loadVoice(key).flatMap { try? WaveAudio(wav: $0) }.map(Self.seconds) ?? "cannot be played; add it again"
            let kind = if case .task = key { "task" } else { "child" }
            Output.line("\(kind): \(roster.name(of: key) ?? "") (\(length))")
        }
    }

    private static func seconds(_ audio: WaveAudio) -> String { String(format: "%.1f s", audio.seconds) }
}

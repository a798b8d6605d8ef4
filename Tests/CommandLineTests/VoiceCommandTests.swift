import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport

/// Issue 40: the staff's own recordings of names, kept with the data: added
/// from a WAV file, listed, removed, beside a running kiosk, in a backup,
/// and carried by `copy` to a second kiosk's data directory.
@Suite struct VoiceCommandTests {
    private static func run(_ arguments: [String]) throws -> TaskBoardProcess.Result {
        try TaskBoardProcess.run(arguments, environment: PrintTests.plain)
    }

    /// A 16-bit WAV file: `seconds` of a square wave at `rate` with `channels`, quiet around it.
    static func wav(seconds: Double, rate: Int = 44100, channels: Int = 2) -> Data {
        var samples: [Int16] = Array(repeating: 0, count: rate / 10 * channels)
        for index in 0..<Int(seconds * Double(rate)) {
            samples += Array(repeating: index / 50 % 2 == 0 ? 8000 : -8000, count: channels)
        }
        samples += Array(repeating: 0, count: rate / 10 * channels)
        var data = Data()
        func add32(_ v: Int) { withUnsafeBytes(of: UInt32(v).littleEndian) { data.append(contentsOf: $0) } }
        func add16(_ v: Int) { withUnsafeBytes(of: UInt16(v).littleEndian) { data.append(contentsOf: $0) } }
        data.append(contentsOf: Array("RIFF".utf8)); add32(36 + samples.count * 2); data.append(contentsOf: Array("WAVE".utf8))
        data.append(contentsOf: Array("fmt ".utf8)); add32(16); add16(1); add16(channels); add32(rate); add32(rate * channels * 2)
        add16(channels * 2); add16(16)
        data.append(contentsOf: Array("data".utf8)); add32(samples.count * 2)
        for sample in samples { withUnsafeBytes(of: sample.littleEndian) { data.append(contentsOf: $0) } }
        return data
    }

    @Test func aRecordingIsAddedListedAndRemoved() throws {
        try withDemoDaycare { data in
            let file = data.deletingLastPathComponent().appendingPathComponent("aino.wav")
            try Self.wav(seconds: 1.2).write(to: file)
            let added = try Self.run(["voice", "add", "--child", "aino", file.path, "--data-dir", data.path])
            #expect(added.status == 0 && added.stdout == "Aino: recording kept (1.3 s). Read aloud plays it in the name's place.\n", "\(added.stdout)\(added.stderr)")
            let task = try Self.run(["voice", "add", "--task", "get dressed", file.path, "--data-dir", data.path])
            #expect(task.status == 0, "\(task.stderr)")
            // Kept as espeak-ng speaks: mono, 22050 Hz, 16-bit, its quiet ends cut to 0.05 s.
            let kept = try JSONFileStore(directory: data, readOnly: true).voiceKeys()
            #expect(kept.count == 2)
            let bytes = try Data(contentsOf: data.appendingPathComponent("voices/\(kept[1].stem).wav"))
            #expect(abs(bytes.count - (44 + Int(1.3 * 22050) * 2)) < 16, "\(bytes.count)")
            #expect(bytes[22] == 1 && bytes[24...27] == Data([0x22, 0x56, 0, 0]))
            let listed = try Self.run(["voice", "list", "--data-dir", data.path])
            #expect(listed.stdout == "task: Get dressed (1.3 s)\nchild: Aino (1.3 s)\n", "\(listed.stdout)\(listed.stderr)")
            let removed = try Self.run(["voice", "remove", "--task", "Get dressed", "--data-dir", data.path])
            #expect(removed.stdout == "Get dressed: recording removed; read aloud says the name itself again.\n", "\(removed.stdout)\(removed.stderr)")
            let again = try Self.run(["voice", "remove", "--task", "Get dressed", "--data-dir", data.path])
            #expect(again.status == 0 && again.stdout == "Get dressed had no recording; nothing to remove.\n")
            #expect(try Self.run(["voice", "list", "--data-dir", data.path]).stdout == "child: Aino (1.3 s)\n")
        }
    }

    @Test func whatIsNotARecordingIsRefusedAndNothingIsKept() throws {
        try withDemoDaycare { data in
            let folder = data.deletingLastPathComponent()
            let text = folder.appendingPathComponent("notes.wav")
            try Data("not a sound".utf8).write(to: text)
            let long = folder.appendingPathComponent("long.wav")
            try Self.wav(seconds: 11, rate: 8000, channels: 1).write(to: long)
            let quiet = folder.appendingPathComponent("quiet.wav")
            try Self.wav(seconds: 0, rate: 8000, channels: 1).write(to: quiet)
            let click = folder.appendingPathComponent("click.wav")
            try Self.wav(seconds: 0.01, rate: 8000, channels: 1).write(to: click)
            for (file, words) in [(text, "cannot be read"), (long, "seconds long; a name's recording is at most 10 seconds"), (quiet, "holds only silence"),
                                  (click, "seconds long once its quiet ends are cut; a name takes at least 0.2 seconds to say")] {
                let refused = try Self.run(["voice", "add", "--child", "Aino", file.path, "--data-dir", data.path])
                #expect(refused.status == 1 && refused.stderr.contains(words), "\(refused.stderr)")
            }
            let unknown = try Self.run(["voice", "add", "--child", "Nobody", text.path, "--data-dir", data.path])
            #expect(unknown.status == 1 && unknown.stderr.contains("no child called \"Nobody\""), "\(unknown.stderr)")
            let both = try Self.run(["voice", "remove", "--child", "Aino", "--task", "Eat lunch", "--data-dir", data.path])
            #expect(both.status != 0 && both.stderr.contains("--task or --child"), "\(both.stderr)")
            #expect(JSONFileStore.voiceFiles(in: data).isEmpty)
        }
    }

    @Test func besideARunningKioskTheRecordingIsKeptForItToPlay() throws {
        try withDemoDaycare { data in
            let file = data.deletingLastPathComponent().appendingPathComponent("eero.wav")
            try Self.wav(seconds: 0.8).write(to: file)
            let kiosk = try JSONFileStore(directory: data, holder: .kiosk)
            let added = try Self.run(["voice", "add", "--child", "Eero", file.path, "--data-dir", data.path])
            #expect(added.status == 0, "\(added.stderr)")
            #expect(JSONFileStore.voiceFiles(in: data).count == 1)
            let removed = try Self.run(["voice", "remove", "--child", "Eero", "--data-dir", data.path])
            #expect(removed.status == 0 && JSONFileStore.voiceFiles(in: data).isEmpty, "\(removed.stderr)")
            withExtendedLifetime(kiosk) {}
        }
    }

    @Test func aRecordingTravelsInABackupAndThroughCopyToASecondKiosk() throws {
        try withDemoDaycare { data in
            let folder = data.deletingLastPathComponent()
            let file = folder.appendingPathComponent("aino.wav")
            try Self.wav(seconds: 1).write(to: file)
            #expect(try Self.run(["voice", "add", "--child", "Aino", file.path, "--data-dir", data.path]).status == 0)
            let kept = try Data(contentsOf: data.appendingPathComponent("voices/child-10.wav"))
            // A backup archive restored elsewhere holds it, byte for byte.
            let archive = folder.appendingPathComponent("backup.zip")
            let backup = try Self.run(["backup", archive.path, "--data-dir", data.path])
            #expect(backup.status == 0, "\(backup.stderr)")
            let restored = folder.appendingPathComponent("restored")
            let restore = try Self.run(["restore", archive.path, "--data-dir", restored.path])
            #expect(restore.status == 0, "\(restore.stdout)\(restore.stderr)")
            #expect(try Data(contentsOf: restored.appendingPathComponent("voices/child-10.wav")) == kept)
            // A copy to a second kiosk's data directory plays the same.
            let second = folder.appendingPathComponent("second")
            let copied = try Self.run(["copy", "--from", data.path, "--to", second.path])
            #expect(copied.status == 0 && copied.stdout.contains("1 recording"), "\(copied.stdout)\(copied.stderr)")
            #expect(try Data(contentsOf: second.appendingPathComponent("voices/child-10.wav")) == kept)
            #expect(try Self.run(["voice", "list", "--data-dir", second.path]).stdout == "child: Aino (1.1 s)\n")
        }
    }
}

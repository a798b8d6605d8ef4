import Foundation
import SpeechBackend
import TaskBoard
import TaskBoardStorage
import TaskBoardUI

/// Read aloud on the daycare-year (issue 25): from the key that opens a
/// child's board to espeak-ng's first byte of audio (written to a pipe, as
/// it would go to a player), and key to frame with read aloud on beside off,
/// in alternating blocks of the same run. Needs espeak-ng on the PATH.
enum SpeechReport {
    static func measure(_ directory: URL) throws {
        guard let assets = AssetsDirectory.find() else {
            print("Speech timings skipped: no assets folder (set TASKBOARD_ASSETS)")
            return
        }
        let probe = EspeakVoice(output: .stream(1))
        guard probe.availability.isAvailable else {
            print("Speech timings skipped: \(probe.availability)")
            return
        }
        let daycare = try Daycare(store: try JSONFileStore(directory: directory))
        if !daycare.pin.isSet { try daycare.pin.reset(to: "4829", confirmation: "4829") }
        let strings = try Strings(data: Data(contentsOf: assets.appendingPathComponent("strings/fi.json")))
        let screen = KioskScreen(strings: strings, theme: Theme(color: true, unicode: true))
        try readAloud(true, daycare)
        defer { try? readAloud(false, daycare) }

        // Key to the first audio byte: Enter on the group's first child opens the board and reads it.
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw ScreenReport.WrongScreen(description: "no pipe") }
        defer { close(ends[0]); close(ends[1]) }
        let voice = EspeakVoice(output: .stream(ends[1]))
        let runtime = KioskRuntime(daycare: daycare, screen: screen, size: Size(width: 80, height: 24), voice: voice)
        runtime.handle(.key(.enter))
        var firstByte: [Double] = []
        var byte: UInt8 = 0
        for _ in 0..<31 {
            firstByte.append(Timing.seconds {
                runtime.handle(.key(.enter))
                _ = read(ends[0], &byte, 1)
            })
            voice.stop()
            drain(ends[0])
            runtime.handle(.key(.escape))
        }
        print("Key to first audio byte (espeak-ng): \(Timing.summary(firstByte))")

        // Key to frame, on and off: Space on a board reads it again when on, and does nothing when off.
        let nowhere = open("/dev/null", O_WRONLY)
        defer { close(nowhere) }
        let quiet = EspeakVoice(output: .stream(nowhere))
        let kiosk = KioskRuntime(daycare: daycare, screen: screen, size: Size(width: 80, height: 24), voice: quiet)
        kiosk.handle(.key(.enter))
        kiosk.handle(.key(.enter))
        var on: [Double] = [], off: [Double] = []
        for round in 0..<10 {
            let speaking = round % 2 == 0
            try readAloud(speaking, daycare)
            for _ in 0..<21 {
                let time = Timing.seconds {
                    kiosk.handle(.key(.character(" ")))
                    _ = kiosk.render()
                }
                if speaking { on.append(time) } else { off.append(time) }
            }
        }
        quiet.stop()
        print("Key to frame, board, read aloud on:  \(Timing.summary(on))")
        print("Key to frame, board, read aloud off: \(Timing.summary(off))")
    }

    private static func readAloud(_ on: Bool, _ daycare: Daycare) throws {
        var settings = daycare.settings
        settings.readAloud = on
        try daycare.updateSettings(settings)
    }

    /// Empties the pipe of what a stopped sentence left in it.
    private static func drain(_ descriptor: Int32) {
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while read(descriptor, &buffer, buffer.count) > 0 {}
        _ = fcntl(descriptor, F_SETFL, flags)
    }
}

import Foundation
import Testing
@testable import SpeechBackend

/// A program the kiosk starts (espeak-ng) gets standard input, output and
/// error and nothing else of the kiosk's: a descriptor left open without
/// close-on-exec (as the database driver leaves its sockets) is not inherited.
struct ChildProcessTests {
    @Test func aChildHasOnlyItsThreeStandardDescriptors() throws {
        let leaky = open("/dev/null", O_RDONLY)   // no O_CLOEXEC, as a socket of the driver's
        try #require(leaky > 2)
        defer { close(leaky) }
        var pipeEnds: [Int32] = [0, 0]
        try #require(pipe(&pipeEnds) == 0)
        let pid = try #require(ChildProcess.spawn("/bin/sh", ["-c", "test -e /proc/self/fd/\(leaky) && echo inherited || echo closed"],
                                                  output: pipeEnds[1]))
        close(pipeEnds[1])
        ChildProcess.wait(pid)
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(pipeEnds[0], &buffer, buffer.count)
        close(pipeEnds[0])
        #expect(String(decoding: buffer.prefix(max(0, count)), as: UTF8.self) == "closed\n")
    }
}

import Foundation
import Testing
import TaskBoard
@testable import TaskBoardPostgres
#if canImport(Glibc)
import Glibc
#endif

/// A server that is not there, or does not answer: every call ends by its
/// deadline with words that say so. No PostgreSQL is needed for these.
@Suite struct DatabaseOutageTests {
    @Test func nothingListeningIsSaidAtOnce() throws {
        let listener = try SilentListener()
        let port = listener.port
        listener.close() // the port is now closed: a connection is refused
        let started = ContinuousClock.now
        #expect {
            try PostgresBoardStore(address: DatabaseAddress(place: .host("127.0.0.1", port: port), user: "tb", database: "tb", tls: .disable),
                                   password: nil, kioskName: "Hall", deadline: .seconds(3))
        } throws: { error in
            let error = error as? DatabaseError
            return error?.problem == .unreachable && error?.message.contains("cannot reach postgres://tb@127.0.0.1:\(port)/tb") == true
        }
        #expect(ContinuousClock.now - started < .seconds(3))
    }

    @Test func aServerThatNeverAnswersEndsAtTheDeadline() throws {
        // It accepts the connection (the kernel does) and then says nothing.
        let listener = try SilentListener()
        defer { listener.close() }
        let started = ContinuousClock.now
        #expect {
            try PostgresBoardStore(address: DatabaseAddress(place: .host("127.0.0.1", port: listener.port), user: "tb", database: "tb", tls: .disable),
                                   password: nil, kioskName: "Hall", deadline: .seconds(1))
        } throws: { error in
            let error = error as? DatabaseError
            // The driver's connect timeout and the deadline are both 1 s: either may say it first.
            return error?.problem == .unreachable && (error?.message.contains("no answer within 1 s") == true
                                                      || error?.message.contains("(no answer in time)") == true)
        }
        let waited = ContinuousClock.now - started
        #expect(waited >= .seconds(1) && waited < .seconds(5), "\(waited)")
    }
}

/// A loopback socket that listens and never accepts or answers.
final class SilentListener {
    private var descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard descriptor >= 0, bound, listen(descriptor, 8) == 0 else {
            if descriptor >= 0 { _ = Glibc.close(descriptor) }
            throw POSIXError(.EADDRNOTAVAIL)
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() {
        if descriptor >= 0 { _ = Glibc.close(descriptor) }
        descriptor = -1
    }

    deinit { close() }
}

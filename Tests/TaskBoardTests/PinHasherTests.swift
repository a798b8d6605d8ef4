import Foundation
import Testing
@testable import TaskBoard

@Suite struct PinHasherTests {
    let hasher = PinHasher(iterations: 1_000)

    @Test func verifiesTheRightPinOnly() throws {
        let stored = try hasher.hash("4829")
        #expect(try hasher.verify("4829", against: stored))
        #expect(try !hasher.verify("4828", against: stored))
        #expect(try !hasher.verify("48290", against: stored))
        #expect(try !hasher.verify("", against: stored))
    }

    @Test func recordsItsParameters() throws {
        let stored = try hasher.hash("4829")
        #expect(stored.algorithm == "pbkdf2-sha256")
        #expect(stored.iterations == 1_000)
        #expect(stored.salt.count == 16)
        #expect(stored.hash.count == 32)
        #expect(stored.hash != Data("4829".utf8))
    }

    @Test func theDefaultIsSlow() {
        #expect(PinHasher().iterations == 600_000)
        #expect(PinHasher.defaultIterations == 600_000)
    }

    @Test func saltsDifferForTheSamePin() throws {
        let first = try hasher.hash("4829")
        let second = try hasher.hash("4829")
        #expect(first.salt != second.salt)
        #expect(first.hash != second.hash)
        #expect(try hasher.verify("4829", against: first))
        #expect(try hasher.verify("4829", against: second))
    }

    /// The same result as another implementation (Python's hashlib.pbkdf2_hmac),
    /// so a stored record stays checkable whatever library reads it later.
    @Test func matchesAKnownAnswer() throws {
        let stored = PinHash(
            algorithm: "pbkdf2-sha256", iterations: 1_000, salt: Data(0..<16),
            hash: try #require(Data(hex: "41d44028db57e902fb90d5e75cb1fd01520f1d36f50c6e64b26cbb8d9f99ea4e"))
        )
        #expect(try hasher.verify("4829", against: stored))
        #expect(try !hasher.verify("4830", against: stored))
        // A hasher set for other iterations still checks by the stored count.
        #expect(try PinHasher(iterations: 2_000).verify("4829", against: stored))
    }

    @Test func anUnknownAlgorithmIsAnErrorNotACrash() throws {
        var stored = try hasher.hash("4829")
        stored.algorithm = "argon2id"
        #expect(throws: PinHashError.unsupportedAlgorithm("argon2id")) { try hasher.verify("4829", against: stored) }
        #expect(throws: PinHashError.unsupportedAlgorithm("argon2id")) { try hasher.validate(stored) }
    }

    @Test func damagedParametersAreErrors() throws {
        let good = try hasher.hash("4829")
        for iterations in [0, -1, 100_000_000, Int.max] {
            var stored = good
            stored.iterations = iterations
            #expect(throws: PinHashError.invalidIterations(iterations)) { try hasher.verify("4829", against: stored) }
        }
        var noSalt = good
        noSalt.salt = Data()
        #expect(throws: PinHashError.emptySalt) { try hasher.verify("4829", against: noSalt) }
        var short = good
        short.hash = good.hash.prefix(16)
        #expect(throws: PinHashError.invalidHashLength(16)) { try hasher.verify("4829", against: short) }
        #expect(throws: PinHashError.invalidIterations(0)) { try PinHasher(iterations: 0).hash("4829") }
    }

    @Test func comparesWholeHashes() {
        let a = Data([1, 2, 3, 4])
        #expect(PinHasher.constantTimeEquals(a, Data([1, 2, 3, 4])))
        #expect(!PinHasher.constantTimeEquals(a, Data([1, 2, 3, 5])))
        #expect(!PinHasher.constantTimeEquals(a, Data([0, 2, 3, 4])))
        #expect(!PinHasher.constantTimeEquals(a, Data([1, 2, 3])))
        #expect(PinHasher.constantTimeEquals(Data(), Data()))
        // Slices compare by content, not by index.
        #expect(PinHasher.constantTimeEquals(Data([9, 1, 2, 3, 4]).dropFirst(), a))
    }

    @Test func knowsWhenAHashIsOutdated() throws {
        let stored = try hasher.hash("4829")
        #expect(!hasher.needsRehash(stored))
        #expect(PinHasher(iterations: 2_000).needsRehash(stored))
    }
}

private extension Data {
    init?(hex: String) {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex) ?? hex.endIndex
            guard let byte = UInt8(hex[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        self.init(bytes)
    }
}

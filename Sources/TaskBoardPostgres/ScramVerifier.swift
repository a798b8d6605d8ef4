import Crypto
import CryptoExtras
import Foundation

/// What PostgreSQL keeps of a SCRAM-SHA-256 password (RFC 5802, 7677), made
/// here so that `CREATE ROLE … PASSWORD` never carries the password itself:
/// a server that logs statements, or `pg_stat_activity`, would show it.
/// The server tells such a verifier from a password by its form and keeps
/// it as it is (as psql's `\password` does).
enum ScramVerifier {
    static let iterations = 4096

    static func make(password: String, salt: [UInt8] = randomSalt()) throws -> String {
        let salted = try KDF.Insecure.PBKDF2.deriveKey(from: Data(password.utf8), salt: Data(salt), using: .sha256,
                                                       outputByteCount: 32, unsafeUncheckedRounds: iterations)
        let clientKey = HMAC<SHA256>.authenticationCode(for: Data("Client Key".utf8), using: salted)
        let storedKey = SHA256.hash(data: Data(clientKey))
        let serverKey = HMAC<SHA256>.authenticationCode(for: Data("Server Key".utf8), using: salted)
        return "SCRAM-SHA-256$\(iterations):\(Data(salt).base64EncodedString())$"
            + "\(Data(storedKey).base64EncodedString()):\(Data(serverKey).base64EncodedString())"
    }

    static func randomSalt() -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }
}

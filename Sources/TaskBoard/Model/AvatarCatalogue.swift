import Foundation

/// The avatars a group or child can have (`assets/avatars.json`): symbols a
/// terminal can show, never photos. Each has a two-letter ASCII stand-in for
/// terminals without UTF-8 and a name in each language.
public struct AvatarCatalogue: Codable, Equatable, Sendable {
    public struct Avatar: Codable, Equatable, Sendable {
        public let symbol: String
        public let ascii: String
        public let name: [String: String]

        public init(symbol: String, ascii: String, name: [String: String]) {
            self.symbol = symbol
            self.ascii = ascii
            self.name = name
        }
    }

    public let schema: Int
    public let avatars: [Avatar]

    /// Reads the catalogue's JSON (the caller reads the file).
    public init(json: Data) throws {
        self = try JSONDecoder().decode(AvatarCatalogue.self, from: json)
    }

    public func avatar(symbol: String) -> Avatar? { avatars.first { $0.symbol == symbol } }
}

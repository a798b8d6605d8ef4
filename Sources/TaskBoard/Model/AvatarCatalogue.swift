import Foundation

/// The avatars a group or child can have (`assets/avatars.json`): symbols a
/// terminal can show, never photos. Each has a two-letter ASCII stand-in for
/// terminals without UTF-8 and a name in each language.
public struct AvatarCatalogue: Encodable, Equatable, Sendable {
    public struct Avatar: Encodable, JSONDecodable, Equatable, Sendable {
        public let symbol: String
        public let ascii: String
        public let name: [String: String]
        /// The words, by language, that lead to it besides its name: what
        /// people call a task it pictures ("wash hands", "kädet"). Icons only.
        public let words: [String: [String]]

        public init(symbol: String, ascii: String, name: [String: String], words: [String: [String]] = [:]) {
            self.symbol = symbol
            self.ascii = ascii
            self.name = name
            self.words = words
        }

        public init(json: JSONValue) throws {
            let object = try json.object()
            self.init(symbol: try object.string("symbol"), ascii: try object.string("ascii"),
                      name: try object.required("name") { try $0.object().mapValues { try $0.string() } },
                      words: try object.optional("words") { try $0.object().mapValues { try $0.array { try $0.string() } } } ?? [:])
        }
    }

    public let schema: Int
    public let avatars: [Avatar]

    /// Reads the catalogue's JSON (the caller reads the file).
    public init(json: Data) throws {
        let object = try JSONValue.parse(json).object()
        schema = try object.int("schema")
        avatars = try object.required("avatars") { try $0.array(Avatar.init(json:)) }
    }

    public func avatar(symbol: String) -> Avatar? { avatars.first { $0.symbol == symbol } }
}

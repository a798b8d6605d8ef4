import Foundation

/// The icons a task can have (`assets/icons.json`), chosen from a list as
/// avatars are, so a task never gets a stray letter for an icon. Each is
/// described like an avatar: the symbol, a two-letter ASCII stand-in for
/// terminals without UTF-8, and a name in each language.
public struct IconCatalogue: Encodable, Equatable, Sendable {
    public typealias Icon = AvatarCatalogue.Avatar

    public let schema: Int
    public let icons: [Icon]

    /// Reads the catalogue's JSON (the caller reads the file).
    public init(json: Data) throws {
        let object = try JSONValue.parse(json).object()
        schema = try object.int("schema")
        icons = try object.required("icons") { try $0.array(Icon.init(json:)) }
    }
}

import Foundation
import Testing
@testable import TaskBoard

/// The shipped catalogue is complete enough for a screen to line up.
@Suite struct AvatarCatalogueTests {
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("assets/avatars.json")

    @Test func everyAvatarIsTwoColumnsWithAnASCIIStandInAndBothNames() throws {
        let catalogue = try AvatarCatalogue(json: Data(contentsOf: Self.file))
        #expect(catalogue.schema == 1)
        // Enough for every child of a daycare to have a picture of their own.
        #expect(catalogue.avatars.count >= 100)
        for avatar in catalogue.avatars {
            #expect(DisplayWidth.of(avatar.symbol) == 2, "\(avatar.symbol)")
            // One picture: no ZWJ sequence, skin tone or flag, which terminals draw in pieces.
            let bare = avatar.symbol.unicodeScalars.filter { $0 != "\u{FE0F}" }
            #expect(bare.count == 1 && avatar.symbol.count == 1, "\(avatar.symbol)")
            #expect(avatar.ascii.count == 2 && avatar.ascii.allSatisfy { $0.isASCII && $0.isLetter }, "\(avatar.ascii)")
            #expect(avatar.name["en"]?.isEmpty == false && avatar.name["fi"]?.isEmpty == false)
        }
        // Distinct as a child sees them, and as staff type them in an import.
        let bareSymbols = catalogue.avatars.map { String(String.UnicodeScalarView($0.symbol.unicodeScalars.filter { $0 != "\u{FE0F}" })) }
        #expect(Self.repeated(bareSymbols) == [])
        #expect(Self.repeated(catalogue.avatars.map { $0.ascii.lowercased() }) == [])
        for language in ["en", "fi"] {
            #expect(Self.repeated(catalogue.avatars.map { ($0.name[language] ?? "").lowercased() }) == [], "\(language)")
        }
    }

    /// The catalogue's first pictures stay where they were: children already have them.
    @Test func theFirstAvatarsKeepTheirOrder() throws {
        let catalogue = try AvatarCatalogue(json: Data(contentsOf: Self.file))
        #expect(catalogue.avatars.prefix(6).map(\.symbol) == ["🦊", "🐻", "🐿️", "🦉", "🐢", "🐰"])
        #expect(catalogue.avatars[27].symbol == "🚀")
    }

    static func repeated(_ values: [String]) -> [String] {
        Dictionary(grouping: values) { $0 }.filter { $0.value.count > 1 }.keys.sorted()
    }
}

/// The shipped task icons: two columns on their own (no variation selector,
/// which the C library measures as one), an ASCII stand-in, both names and
/// words in both languages.
@Suite struct IconCatalogueTests {
    static let file = AvatarCatalogueTests.file.deletingLastPathComponent().appendingPathComponent("icons.json")

    @Test func everyIconIsTwoColumnsWithAnASCIIStandInAndBothNames() throws {
        let catalogue = try IconCatalogue(json: Data(contentsOf: Self.file))
        #expect(catalogue.schema == 1)
        #expect(catalogue.icons.count >= 20)
        for icon in catalogue.icons {
            #expect(DisplayWidth.of(icon.symbol) == 2 && !icon.symbol.unicodeScalars.contains("\u{FE0F}"), "\(icon.symbol)")
            #expect(icon.ascii.count == 2 && icon.ascii.allSatisfy(\.isASCII), "\(icon.ascii)")
            #expect(icon.name["en"]?.isEmpty == false && icon.name["fi"]?.isEmpty == false)
            #expect(icon.words["en"]?.isEmpty == false && icon.words["fi"]?.isEmpty == false, "\(icon.symbol) has words to be found by")
        }
        #expect(Set(catalogue.icons.map(\.symbol)).count == catalogue.icons.count)
        #expect(Set(catalogue.icons.map(\.ascii)).count == catalogue.icons.count)
        // The demo daycare's icons are all in it.
        for demo in ["👕", "🪥", "🧸", "🧼", "🍲", "🤝", "🌳", "📖"] {
            #expect(catalogue.icons.contains { $0.symbol == demo }, "\(demo)")
        }
    }
}

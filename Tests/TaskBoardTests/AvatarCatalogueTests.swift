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
        #expect(catalogue.avatars.count >= 20)
        for avatar in catalogue.avatars {
            #expect(DisplayWidth.of(avatar.symbol) == 2, "\(avatar.symbol)")
            #expect(avatar.ascii.count == 2 && avatar.ascii.allSatisfy(\.isASCII), "\(avatar.ascii)")
            #expect(avatar.name["en"]?.isEmpty == false && avatar.name["fi"]?.isEmpty == false)
        }
        #expect(Set(catalogue.avatars.map(\.symbol)).count == catalogue.avatars.count)
        #expect(Set(catalogue.avatars.map(\.ascii)).count == catalogue.avatars.count)
    }
}

/// The shipped task icons: two columns on their own (no variation selector,
/// which the C library measures as one), an ASCII stand-in, both names.
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
        }
        #expect(Set(catalogue.icons.map(\.symbol)).count == catalogue.icons.count)
        #expect(Set(catalogue.icons.map(\.ascii)).count == catalogue.icons.count)
        // The demo daycare's icons are all in it.
        for demo in ["👕", "🪥", "🧸", "🧼", "🍲", "🤝", "🌳", "📖"] {
            #expect(catalogue.icons.contains { $0.symbol == demo }, "\(demo)")
        }
    }
}

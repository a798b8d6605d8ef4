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

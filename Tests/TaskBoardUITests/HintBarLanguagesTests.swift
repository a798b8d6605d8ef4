import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Issue 41: a short hint bar drops the same keys in English and Finnish,
/// though the Finnish words are longer: what fits is measured in both.
@Suite struct HintBarLanguagesTests {
    static func table(_ language: String) throws -> [String: String] {
        let file = KioskFixture.repository.appendingPathComponent("assets/strings/\(language).json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
        return object?["strings"] as? [String: String] ?? [:]
    }

    /// The bar's keys (its bold runs), in English names.
    static func barKeys(_ buffer: ScreenBuffer, english: [String: String]) -> [String] {
        let row = buffer.size.height - 1
        var keys: [String] = [], run = ""
        for x in 0...buffer.size.width {
            let cell = buffer[x, row]
            if x < buffer.size.width, cell.style.bold { run += cell.text } else if !run.isEmpty { keys.append(run); run = "" }
        }
        return keys.map { english[$0] ?? $0 }
    }

    @Test(arguments: [(40, 12), (50, 16), (57, 17), (80, 24)])
    func everyTabsBarKeepsTheSameKeysInBothLanguages(width: Int, height: Int) throws {
        let f = try KioskFixture()
        let finnish = try Strings(data: Data(contentsOf: KioskFixture.repository.appendingPathComponent("assets/strings/fi.json")))
        let (en, fi) = (try Self.table("en"), try Self.table("fi"))
        // A Finnish key name to its English one ("Väli" is "Space").
        let english = Dictionary(fi.filter { $0.key.hasPrefix("key.") }.compactMap { key, value in en[key].map { (value, $0) } }) { first, _ in first }
        let theme = Theme(color: false, unicode: true)
        let screens = [KioskScreen(strings: f.strings, theme: theme), KioskScreen(strings: finnish, theme: theme)]
            .map { $0.measuringBars(in: [f.strings, finnish]) }
        let sides = KioskState.ChildTab.allCases.map { KioskState.Side.child($0) } + KioskState.AdminTab.allCases.map { .admin($0) }
        var compared = 0
        for side in sides {
            var state = f.state(width, height)
            state.side = side
            let bars = screens.map { Self.barKeys($0.render(state, over: f.daycare), english: english) }
            #expect(!bars[0].isEmpty, "\(side) has a bar")
            #expect(bars[0] == bars[1], "\(side) at \(width)×\(height): \(bars[0]) and \(bars[1])")
            compared += 1
        }
        #expect(compared == sides.count)
    }
}

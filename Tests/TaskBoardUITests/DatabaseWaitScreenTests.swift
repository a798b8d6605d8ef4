import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Issue 29: the screen of a kiosk that has never reached its database and
/// waits: why (in the language's words), that it tries again, and the
/// server's own words under it, at the smallest kiosk size too.
struct DatabaseWaitScreenTests {
    private func screen(_ language: String) throws -> DatabaseWaitScreen {
        let strings = try Strings(data: Data(contentsOf: KioskFixture.repository.appendingPathComponent("assets/strings/\(language).json")))
        return DatabaseWaitScreen(strings: strings, theme: Theme(color: false, unicode: true))
    }

    @Test(arguments: ["en", "fi"])
    func aFullServerIsSaidWithTheServersWordsUnder(_ language: String) throws {
        let reason = "cannot reach postgres://taskboard@db:5432/taskboard: the server has no room for another connection"
        let lines = try screen(language).render(size: Size(width: 40, height: 12), refusal: .serverFull, reason: reason, retrySeconds: 5).textLines
        let text = lines.joined(separator: " ")
        let english = language == "en"
        #expect(lines[0].contains(english ? "Waiting for the database" : "Odotetaan tietokantaa"), "\(lines)")
        #expect(text.contains(english ? "server is full" : "on täynnä"), "\(lines)")
        #expect(text.contains(english ? "every 5 seconds" : "5 sekunnin"), "\(lines)")
        #expect(text.contains("cannot reach"), "the server's words are there: \(lines)")
    }

    @Test func eachRefusalHasItsOwnWords() throws {
        let wait = try screen("en")
        func said(_ refusal: Offline.Refusal?) -> String {
            wait.render(size: Size(width: 80, height: 24), refusal: refusal, reason: "…", retrySeconds: 5).textLines.joined(separator: " ")
        }
        #expect(said(nil).contains("The database cannot be reached."))
        #expect(said(.loginRefused).contains("refused this kiosk's login"))
        #expect(said(.noSuchDatabase).contains("does not exist"))
        #expect(said(.serverFull).contains("is full"))
    }
}

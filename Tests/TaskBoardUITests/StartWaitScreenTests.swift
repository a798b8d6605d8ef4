import Foundation
import Testing
import TaskBoard
@testable import TaskBoardUI

/// Issue 29: the screen of a kiosk that has never reached its database and
/// waits: why (in the language's words), that it tries again, and the
/// server's own words under it, at the smallest kiosk size too. Issue 42:
/// the same for data written by a newer taskboard, and a damaged file.
struct StartWaitScreenTests {
    private func screen(_ language: String) throws -> StartWaitScreen {
        let strings = try Strings(data: Data(contentsOf: KioskFixture.repository.appendingPathComponent("assets/strings/\(language).json")))
        return StartWaitScreen(strings: strings, theme: Theme(color: false, unicode: true))
    }

    @Test(arguments: ["en", "fi"])
    func aFullServerIsSaidWithTheServersWordsUnder(_ language: String) throws {
        let reason = "cannot reach postgres://taskboard@db:5432/taskboard: the server has no room for another connection"
        let lines = try screen(language).render(size: Size(width: 40, height: 12), problem: .database(.serverFull), reason: reason, retrySeconds: 5).textLines
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
            wait.render(size: Size(width: 80, height: 24), problem: .database(refusal), reason: "…", retrySeconds: 5).textLines.joined(separator: " ")
        }
        #expect(said(nil).contains("The database cannot be reached."))
        #expect(said(.loginRefused).contains("refused this kiosk's login"))
        #expect(said(.noSuchDatabase).contains("does not exist"))
        #expect(said(.serverFull).contains("is full"))
        #expect(said(.removed).contains("This kiosk was removed from the daycare's database"))
    }

    /// Issue 43: a kiosk started after it was removed (its login revoked)
    /// says so at a big font's size in both languages, and knocks rarely.
    @Test(arguments: ["en", "fi"])
    func aRemovedKioskSaysSoAndTriesRarely(_ language: String) throws {
        let reason = "postgres://db_kiosk_hall@db:5432/taskboard refused the connection: role \"db_kiosk_hall\" is not permitted to log in"
        let lines = try screen(language).render(size: Size(width: 40, height: 12), problem: .database(.removed), reason: reason,
                                                retrySeconds: 300).textLines
        print(lines.joined(separator: "\n"))
        let text = lines.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        let english = language == "en"
        #expect(lines[0].contains(english ? "This kiosk was removed" : "Kioski on poistettu"), "\(lines)")
        #expect(text.contains(english ? "ask the person who looks after the machines." : "Kysy laitteista huolehtivalta henkilöltä."), "\(text)")
        #expect(text.contains(english ? "every 300 seconds" : "300 sekunnin"), "\(text)")
    }

    /// An older package installed over newer data: the screen says so, that
    /// nothing was changed and what to do, with the file under it, whole at
    /// the smallest kiosk size.
    @Test(arguments: ["en", "fi"], [Size(width: 40, height: 12), Size(width: 80, height: 24)])
    func dataFromANewerTaskboardIsSaidWithTheFileUnder(_ language: String, size: Size) throws {
        let reason = "/var/lib/taskboard/settings.json: written by a newer taskboard (schema 9); this version reads schema 3."
        let lines = try screen(language).render(size: size, problem: .newerData, reason: reason, retrySeconds: 5).textLines
        let text = lines.joined(separator: " ").split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let english = language == "en"
        #expect(lines.contains { $0.contains(english ? "The board cannot open" : "Taulu ei aukea") }, "\(lines)")
        #expect(text.contains(english ? "newer taskboard than the one on this machine" : "uudempi taskboard kuin tässä koneessa"), "\(lines)")
        #expect(text.contains(english ? "Nothing was changed" : "Mitään ei muutettu"), "\(lines)")
        #expect(text.contains(english ? "every 5 seconds" : "5 sekunnin"), "\(lines)")
        #expect(text.contains("settings.json"), "the file is named: \(lines)")
    }

    @Test func aDamagedFileHasItsOwnWords() throws {
        let lines = try screen("en").render(size: Size(width: 80, height: 24), problem: .damagedData,
                                            reason: "/data/roster.json: ends too early — the file is truncated.", retrySeconds: 5).textLines
        let text = lines.joined(separator: " ")
        #expect(text.contains("cannot be read") && text.contains("taskboard check") && text.contains("roster.json"), "\(lines)")
    }
}

import Foundation
import Testing
import TaskBoardTestSupport

/// Issue 9, finding 6: a name with a terminal control character (put into
/// roster.json by hand) never reaches a terminal or a file: the roster is
/// refused with a message naming the file and the child, written out.
@Suite struct ControlCharacterTests {
    @Test func finding6_aRosterWithAnEscapeInANameIsRefusedAndNothingPrintsIt() throws {
        try withDemoDaycare { data in
            let file = data.appendingPathComponent("roster.json")
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.contains("\"Aino\""))
            try text.replacingOccurrences(of: "\"Aino\"", with: "\"Ai\\u001b[31mno\"").write(to: file, atomically: true, encoding: .utf8)

            for arguments in [["check"], ["print", "board", "--child", "Väinö"], ["export"], ["leaderboard"]] {
                let result = try TaskBoardProcess.run(arguments + ["--data-dir", data.path])
                #expect(result.status != 0, "\(arguments)")
                #expect(!result.stdout.contains("\u{1B}") && !result.stderr.contains("\u{1B}"), "\(arguments)")
                let said = result.stdout + result.stderr
                #expect(said.contains("roster.json") && said.contains("(Ai\\u{1B}[31mno) has a control character"), "\(arguments): \(said)")
            }
        }
    }

    /// The second line of defence: whatever reaches a line of output has its
    /// control characters written out, even text that never was in a roster.
    @Test func finding6_aNameTypedWithAnEscapeIsEchoedWrittenOut() throws {
        try withDemoDaycare { data in
            let typed = "Ai\u{1B}]0;owned\u{07}no"
            let result = try TaskBoardProcess.run(["mark", "--data-dir", data.path, "--child", typed, "--task", "Brush teeth"])
            #expect(result.status == 1)
            #expect(!result.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
            #expect(result.stderr.contains("Ai\\u{1B}]0;owned\\u{7}no"), "\(result.stderr)")
        }
    }

    /// A bidirectional control (U+202E, RIGHT-TO-LEFT OVERRIDE) would reverse
    /// the rest of every line that prints the name: an import refuses the
    /// line as it does one with a control character, and adds nothing.
    @Test func anImportedNameWithARightToLeftOverrideIsRefusedWithItsLine() throws {
        try withDemoDaycare { data in
            let roster = data.deletingLastPathComponent().appendingPathComponent("roster.csv")
            try "group,child,avatar\nKotkat,Iida\nSquirrels,Ai\u{202E}no\n".write(to: roster, atomically: true, encoding: .utf8)
            let before = try DirectorySnapshot.of(data)
            for extra in [[], ["--dry-run"]] {
                let result = try TaskBoardProcess.run(["import", roster.path, "--data-dir", data.path] + extra)
                #expect(result.status == 1)
                #expect(result.stderr == "taskboard: \(extra.isEmpty ? "Added" : "Would add") nothing: 1 line refused. Fix it and import the file again.\n")
                #expect(result.stdout == "line 3: refused: The child name contains control characters.\n")
                #expect(!(result.stdout + result.stderr).unicodeScalars.contains { $0.properties.isBidiControl })
                #expect(try DirectorySnapshot.of(data) == before)
            }
        }
    }

    /// The same name in roster.json (by hand, or from an older version that
    /// took it): check names it as a problem, and the roster still opens,
    /// the name written out wherever it is printed.
    @Test func aRosterWithARightToLeftOverrideInANameIsNamedByCheckAndStillOpens() throws {
        try withDemoDaycare { data in
            let file = data.appendingPathComponent("roster.json")
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: "\"Aino\"", with: "\"Ai\\u202eno\"").write(to: file, atomically: true, encoding: .utf8)
            let result = try TaskBoardProcess.run(["check", "--data-dir", data.path])
            #expect(result.status != 0)
            let said = result.stdout + result.stderr
            #expect(!said.unicodeScalars.contains { $0.properties.isBidiControl })
            #expect(said.contains("roster.json") && said.contains("Ai\\u{202E}no"), "\(said)")
            let board = try TaskBoardProcess.run(["leaderboard", "--data-dir", data.path, "--period", "all"])
            #expect(board.status == 0, "\(board.stderr)")
            #expect(!board.stdout.unicodeScalars.contains { $0.properties.isBidiControl }, "\(board.stdout)")
        }
    }
}

import Foundation
import Testing

@Suite("taskboard demo, help and errors")
struct DemoAndHelpTests {
    @Test func demoWritesADaycareAndPrintsItsPin() throws {
        try withTemporaryDirectory { root in
            let data = root.appendingPathComponent("data")
            let result = try TaskBoardProcess.run(["demo", "--data-dir", data.path])
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("Wrote the demo daycare into \(data.path). Its admin PIN is "))
            #expect(result.stderr == "")
            let summary = try TaskBoardProcess.run(["--data-dir", data.path, "--summary"])
            #expect(summary.stdout.contains("3 groups, 12 children, 8 tasks in the library"))
        }
    }

    /// `--demo --summary` summarises the demo (not the data directory), and leaves nothing behind.
    @Test func theDemosSummaryIsTheDemos() throws {
        try withTemporaryDirectory { root in
            let empty = root.appendingPathComponent("none")
            let result = try TaskBoardProcess.run(["--demo", "--summary", "--data-dir", empty.path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout.hasPrefix("taskboard data in a demo daycare (PIN "), "\(result.stdout)")
            #expect(result.stdout.contains("3 groups, 12 children, 8 tasks in the library"))
            #expect(!FileManager.default.fileExists(atPath: empty.path))
        }
    }

    /// Issue 26: the demo's words (its tasks and groups) in the language of --lang, else of the
    /// locale as the kiosk reads it (LC_ALL, LC_MESSAGES, LANG).
    @Test func demoWritesItsWordsInTheLanguageAskedFor() throws {
        try withTemporaryDirectory { root in
            var count = 0
            func roster(_ arguments: [String], _ environment: [String: String] = [:]) throws -> String {
                count += 1
                let data = root.appendingPathComponent("data\(count)")
                let result = try TaskBoardProcess.run(["demo", "--data-dir", data.path] + arguments, environment: environment)
                #expect(result.status == 0, "\(arguments) \(environment): \(result.stderr)")
                return (try? String(contentsOf: data.appendingPathComponent("roster.json"), encoding: .utf8)) ?? ""
            }
            func isFinnish(_ roster: String) -> Bool {
                roster.contains("Pue vaatteet") && roster.contains("Pese hampaat") && roster.contains("Oravat")
                    && !roster.contains("Get dressed") && !roster.contains("Squirrels")
            }
            func isEnglish(_ roster: String) -> Bool {
                roster.contains("Get dressed") && roster.contains("Squirrels") && !roster.contains("Pue vaatteet") && !roster.contains("Oravat")
            }
            let unset = ["LC_ALL": "", "LC_MESSAGES": ""]
            #expect(isFinnish(try roster(["--lang", "fi"])))
            #expect(isEnglish(try roster(["--lang", "en"], unset.merging(["LANG": "fi_FI.UTF-8"]) { $1 })))
            #expect(isFinnish(try roster([], unset.merging(["LANG": "fi_FI.UTF-8"]) { $1 })))
            #expect(isFinnish(try roster([], ["LC_ALL": "", "LC_MESSAGES": "fi_FI.UTF-8", "LANG": "en_GB.UTF-8"])))
            #expect(isFinnish(try roster([], ["LC_ALL": "fi_FI.UTF-8", "LANG": "C"])))
            #expect(isEnglish(try roster([], unset.merging(["LANG": "C.UTF-8"]) { $1 })))
            let swedish = try TaskBoardProcess.run(["demo", "--lang", "sv", "--data-dir", root.appendingPathComponent("sv").path])
            #expect(swedish.status != 0 && swedish.stderr.contains("--lang"))
            #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("sv").path))
        }
    }

    /// `taskboard` alone skips ArgumentParser (a faster start); it must be the
    /// same kiosk as `taskboard kiosk`: the data directory from the
    /// environment, the same words and exit code when it cannot start.
    @Test func theBareCommandIsTheKioskOnTheEnvironmentsDataDirectory() throws {
        try withTemporaryDirectory { root in
            let data = root.appendingPathComponent("data")
            let environment = ["TASKBOARD_DATA_DIR": data.path, "TERM": "no-such-terminal"]
            let bare = try TaskBoardProcess.run([], environment: environment)
            // It opened that directory (and made it: a kiosk starts a new daycare).
            #expect(FileManager.default.fileExists(atPath: data.appendingPathComponent("marks").path))
            let named = try TaskBoardProcess.run(["kiosk"], environment: environment)
            #expect(bare.status == 1)
            #expect(bare.stderr == "taskboard: cannot start the screen: the terminal type \"no-such-terminal\" (TERM) is not known here; try TERM=xterm-256color, or install its terminfo entry\n")
            #expect(bare.status == named.status && bare.stderr == named.stderr && bare.stdout == named.stdout)
        }
    }

    @Test func demoRefusesADirectoryWithData() throws {
        try withDemoDaycare { data in
            let before = try FileManager.default.contentsOfDirectory(atPath: data.path).sorted()
            let result = try TaskBoardProcess.run(["demo", "--data-dir", data.path])
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr == "taskboard: \(data.path) is not empty; the demo goes into an empty or new directory\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: data.path).sorted() == before)
        }
    }

    @Test func everySubcommandHasHelpWithAnExample() throws {
        let root = try TaskBoardProcess.run(["--help"])
        #expect(root.status == 0)
        let names = Self.subcommands(in: root.stdout)
        #expect(names.contains("demo"))
        for name in names {
            let help = try TaskBoardProcess.run([name, "--help"], environment: ["COLUMNS": "80"])
            #expect(help.status == 0, "\(name) --help failed")
            // A command of several (rooms: list, add, revoke): each of them.
            let parts = help.stdout.contains("SUBCOMMANDS:") ? Self.subcommands(in: help.stdout).map { [name, $0] } : [[name]]
            #expect(!parts.isEmpty)
            for command in parts {
                let help = command.count == 1 ? help : try TaskBoardProcess.run(command + ["--help"], environment: ["COLUMNS": "80"])
                let words = command.joined(separator: " ")
                // An example wrapped at 80 columns runs as two commands when pasted.
                #expect(Self.wrappedExampleLines(in: help.stdout).isEmpty, "\(words): \(Self.wrappedExampleLines(in: help.stdout))")
                #expect(help.status == 0, "\(words) --help failed")
                #expect(help.stdout.contains("taskboard \(name)") || name == "kiosk", "\(words) --help has no example")
                // copy names both of its places itself.
                #expect(help.stdout.contains("--data-dir") || (name == "copy" && help.stdout.contains("--from")), "\(words) takes no --data-dir")
            }
        }
    }

    /// The lines of a help's examples that start at the margin: the ends of
    /// examples the help wrapped (every example line is indented).
    static func wrappedExampleLines(in help: String) -> [String] {
        var inExamples = false
        var wrapped: [String] = []
        for line in help.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("Example") { inExamples = true; continue }
            if line.isEmpty || line.hasPrefix("USAGE:") { inExamples = false }
            if inExamples, !line.isEmpty, !line.hasPrefix(" ") { wrapped.append(String(line)) }
        }
        return wrapped
    }

    /// The README's command table has a row for every subcommand the program
    /// has, the default `kiosk` too: a row that starts with its name.
    @Test func everySubcommandIsInTheReadme() throws {
        let root = try TaskBoardProcess.run(["--help"])
        let names = Self.subcommands(in: root.stdout)
        #expect(names.count >= 13, "SUBCOMMANDS not read from the help: \(names)")
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                                    .deletingLastPathComponent().appendingPathComponent("README.md"), encoding: .utf8)
        let rows = readme.split(separator: "\n").filter { $0.hasPrefix("| `") }
        for name in names {
            #expect(rows.contains { $0.hasPrefix("| `\(name) ") || $0.hasPrefix("| `\(name)`") },
                    "README.md's command table has no row for \(name)")
        }
    }

    /// Issue 26: the root help lists every command there is (each file of
    /// Sources/taskboard/Commands that names one), and nothing else.
    @Test func theRootHelpListsEveryCommand() throws {
        let commands = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/taskboard/Commands")
        var names: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: commands.path) where file.hasSuffix(".swift") {
            let source = try String(contentsOf: commands.appendingPathComponent(file), encoding: .utf8)
            if let match = source.firstMatch(of: /commandName: "([a-z-]+)"/) { names.append(String(match.1)) }
        }
        #expect(names.count >= 13)
        let root = try TaskBoardProcess.run(["--help"])
        #expect(Self.subcommands(in: root.stdout).sorted() == names.sorted())
    }

    /// Issue 26: `print --help` lists every page `print` takes (the values
    /// its parser names when given a wrong one), each with what it prints.
    @Test func printHelpListsEveryPage() throws {
        let wrong = try TaskBoardProcess.run(["print", "nothing"])
        #expect(wrong.status != 0)
        let pages = wrong.stderr.matches(of: /'([a-z]+)'/).map { String($0.1) }.filter { $0 != "nothing" }
        #expect(pages == ["board", "sheet", "day", "leaderboard", "history"])
        let help = try TaskBoardProcess.run(["print", "--help"])
        #expect(help.status == 0)
        for page in pages {
            #expect(help.stdout.contains(page), "\(page) is not in print --help")
            // Listed as a value with its description, one to a line.
            #expect(help.stdout.split(separator: "\n").contains { $0.trimmingCharacters(in: .whitespaces).hasPrefix(page + " ") }, "\(page)")
        }
        #expect(help.stdout.contains("history           - a child's month"))
    }

    /// The names listed under SUBCOMMANDS in the root help.
    static func subcommands(in help: String) -> [String] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("SUBCOMMANDS:") }) else { return [] }
        // A name stands two spaces in; its wrapped description further in.
        return lines[(start + 1)...].prefix { !$0.isEmpty }
            .filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }
            .compactMap { $0.split(separator: " ").first.map { String($0) } }
    }
}

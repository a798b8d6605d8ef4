import Foundation
import Testing

/// Fenced code blocks as CommonMark tells them, for finding one that is
/// opened and never closed (which turns the rest of a page into code).
///
/// A fence is a line of three or more backticks or tildes, indented at most
/// three spaces (after any `>` of a block quote); after backticks the rest
/// of the line (the info string) may not hold a backtick, or the line is no
/// fence. The block it opens is closed only by a line of the same character,
/// at least as long, indented at most three spaces, with nothing after it
/// but spaces; any other line inside, a shorter fence or one with an info
/// string included, is code. Not modelled: a fence inside a list item
/// indented four spaces or more, which this does not see as a fence; and a
/// block that CommonMark ends where its list item or block quote ends, which
/// this counts as never closed (its closing fence is missing all the same).
enum MarkdownFences {
    struct Unclosed: Equatable, CustomStringConvertible {
        /// The line the fence opened on, from 1.
        let line: Int
        /// The fence as written: "```", "~~~~".
        let fence: String

        var description: String { "line \(line): \(fence)" }
    }

    /// The fence left open at the end of `text`, if any (an open block runs
    /// to the end of the page, so there is at most one).
    static func unclosed(in text: String) -> Unclosed? { scan(text).unclosed }

    /// The lines of `text` outside fenced code blocks (fences excluded),
    /// numbered from 1.
    static func prose(in text: String) -> [(line: Int, text: Substring)] { scan(text).prose }

    private static func scan(_ text: String) -> (prose: [(line: Int, text: Substring)], unclosed: Unclosed?) {
        var open: (line: Int, character: Character, length: Int, quotes: Int)?
        var prose: [(line: Int, text: Substring)] = []
        // CommonMark's line endings; "\r\n" is one Character.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (index, raw) in lines.enumerated() {
            if let current = open {
                // Inside the block only its own block quotes' markers are
                // markup; a `>` after them is code.
                let (line, quotes) = withoutQuoteMarkers(raw, atMost: current.quotes)
                if quotes == current.quotes, let fence = fence(in: line),
                   fence.character == current.character, fence.length >= current.length, fence.info.isEmpty {
                    open = nil
                }
            } else {
                let (line, quotes) = withoutQuoteMarkers(raw)
                if let fence = fence(in: line) {
                    open = (index + 1, fence.character, fence.length, quotes)
                } else {
                    prose.append((index + 1, raw))
                }
            }
        }
        return (prose, open.map { Unclosed(line: $0.line, fence: String(repeating: $0.character, count: $0.length)) })
    }

    /// A fence line's character, its length and what follows it (spaces
    /// trimmed); nil for a line that is no fence.
    static func fence(in line: Substring) -> (character: Character, length: Int, info: Substring)? {
        var rest = line
        let indent = rest.prefix { $0 == " " }.count
        guard indent <= 3 else { return nil }
        rest = rest.dropFirst(indent)
        guard let character = rest.first, character == "`" || character == "~" else { return nil }
        let length = rest.prefix { $0 == character }.count
        guard length >= 3 else { return nil }
        var info = rest.dropFirst(length).drop { $0 == " " || $0 == "\t" }
        while let last = info.last, last == " " || last == "\t" { info = info.dropLast() }
        if character == "`" && info.contains("`") { return nil }
        return (character, length, info)
    }

    /// A line without the `>` markers of its block quotes (each with the one
    /// space after it, if any), up to `limit` of them, and how many it had.
    static func withoutQuoteMarkers(_ line: Substring, atMost limit: Int = .max) -> (Substring, Int) {
        var rest = line, quotes = 0
        while quotes < limit {
            let indent = rest.prefix { $0 == " " }.count
            guard indent <= 3, rest.dropFirst(indent).first == ">" else { break }
            rest = rest.dropFirst(indent + 1)
            if rest.first == " " { rest = rest.dropFirst() }
            quotes += 1
        }
        return (rest, quotes)
    }

    /// Every Markdown file (`*.md`) under `root`, skipping build folders
    /// (`.build`, `.build-tsan`, …), `.git`, `.swiftpm` and `node_modules`;
    /// paths relative to `root`, sorted.
    static func markdownFiles(under root: URL) -> [String] {
        let skipped: Set<String> = [".git", ".swiftpm", "node_modules"]
        guard let walk = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        var base = root.standardizedFileURL.path
        while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
        var found: [String] = []
        for case let url as URL in walk {
            let name = url.lastPathComponent
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                if skipped.contains(name) || name.hasPrefix(".build") { walk.skipDescendants() }
            } else if name.hasSuffix(".md") {
                let path = url.standardizedFileURL.path
                found.append(path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path)
            }
        }
        return found.sorted()
    }

    /// "FILE:LINE: …" for every Markdown file under `root` that leaves a fence open.
    static func problems(under root: URL) throws -> [String] {
        try markdownFiles(under: root).compactMap { path in
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            return unclosed(in: text).map { "\(path):\($0.line): the code fence \($0.fence) opened here is never closed" }
        }
    }
}

/// Links between the repository's pages: `[text](target)` and images, to
/// files and to headings (`#anchor`, as GitHub names a heading: lower case,
/// spaces as hyphens, other punctuation dropped, `-1`, `-2` after a repeat).
enum MarkdownLinks {
    /// The targets of the links on the prose lines of `text`, with their
    /// lines; code spans and links to other sites (`scheme:`) left out.
    static func targets(in text: String) -> [(line: Int, target: String)] {
        var found: [(line: Int, target: String)] = []
        for (line, prose) in MarkdownFences.prose(in: text) {
            let plain = String(prose).replacing(try! Regex("`+[^`]*`+"), with: "")
            for match in plain.matches(of: try! Regex(#"\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)"#)) {
                guard let target = match.output[1].substring.map(String.init) else { continue }
                if target.firstMatch(of: try! Regex("^[a-zA-Z][a-zA-Z0-9+.-]*:")) != nil { continue }
                found.append((line, target))
            }
        }
        return found
    }

    /// The anchors of the headings of `text`.
    static func anchors(in text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        for (_, prose) in MarkdownFences.prose(in: text) {
            let line = prose.drop { $0 == " " }
            let hashes = line.prefix { $0 == "#" }.count
            guard (1...6).contains(hashes), line.dropFirst(hashes).first == " " else { continue }
            var title = line.dropFirst(hashes).trimmingCharacters(in: .whitespaces)
            while title.hasSuffix("#") { title.removeLast() }
            let slug = String(title.trimmingCharacters(in: .whitespaces).lowercased().compactMap { character -> Character? in
                if character == " " { return "-" }
                return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
            })
            let repeats = seen[slug, default: 0]
            seen[slug] = repeats + 1
            anchors.insert(repeats == 0 ? slug : "\(slug)-\(repeats)")
        }
        return anchors
    }

    /// "FILE:LINE: …" for every link under `root` that leads nowhere.
    static func problems(under root: URL) throws -> [String] {
        var problems: [String] = []
        for path in MarkdownFences.markdownFiles(under: root) {
            let page = root.appendingPathComponent(path)
            let text = try String(contentsOf: page, encoding: .utf8)
            for (line, target) in targets(in: text) {
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let file = parts[0].isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(String(parts[0]))
                guard FileManager.default.fileExists(atPath: file.standardizedFileURL.path) else {
                    problems.append("\(path):\(line): \(target): no such file")
                    continue
                }
                guard parts.count == 2, file.pathExtension == "md" else { continue }
                let anchors = anchors(in: try String(contentsOf: file, encoding: .utf8))
                if !anchors.contains(String(parts[1])) { problems.append("\(path):\(line): \(target): no such heading") }
            }
        }
        return problems
    }
}

/// The repository's Markdown renders as written, and the README stays a page
/// a newcomer can read: short, with how to test it and what it needs.
@Suite struct DocumentationTests {
    static let repository = PrintFixture.repository

    // MARK: Code fences

    @Test func noMarkdownFileOfTheRepositoryLeavesAFenceOpen() throws {
        let files = MarkdownFences.markdownFiles(under: Self.repository)
        // The walk found the pages, so the check below is no empty pass.
        for page in ["README.md", "docs/using.md", "docs/kiosk.md", "docs/rooms.md"] {
            #expect(files.contains(page), "\(page) was not found under \(Self.repository.path)")
        }
        let problems = try MarkdownFences.problems(under: Self.repository)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func aFenceNeverClosedIsFoundWithTheLineItOpenedOn() {
        let bad = """
            # A page

            ```sh
            swift test
            ```

            A board at 40×12:

            ```
             Tasks  Leaderboard  Admin

            ## Test

            ```sh
            swift test
            """
        // Line 14 cannot close the block opened on line 9 (a closing fence
        // has no info string): that block runs to the end, "## Test" in it.
        #expect(MarkdownFences.unclosed(in: bad) == .init(line: 9, fence: "```"))
        #expect(MarkdownFences.unclosed(in: "text\n~~~~\ncode\n~~~\n") == .init(line: 2, fence: "~~~~"))
    }

    @Test func aFenceIsClosedAsCommonMarkClosesIt() {
        let good = [
            "```\ncode\n```",
            "```sh\ncode\n```\n",
            "````markdown\n```\ninner\n```\n````",   // a longer fence holds a shorter one
            "~~~\n```\n~~~",                         // tildes are not closed by backticks, nor opened inside
            "```\ncode\n`````",                      // a closing fence may be longer
            "```\ncode\n   ```  ",                   // indented up to three spaces, spaces after
            "```\r\ncode\r\n```\r\n",                // CRLF
            "```code``` inline is no fence",        // a backtick in the info string
            "    ```\n    indented code, not a fence",
            "> ```\n> quoted\n> ```",
            "```\n> ```\n```",                      // in code, a `>` is code
            "- an item\n\n  ```\n  code\n  ```",
            "",
        ]
        for text in good {
            #expect(MarkdownFences.unclosed(in: text) == nil, "\(text.debugDescription)")
        }
        let bad = [
            ("```\ncode\n``", 1),                    // a closing fence may not be shorter
            ("~~~\ncode\n```", 1),                   // nor of the other character
            ("```\ncode\n``` sh", 1),                // nor have an info string
            ("```\ncode\n    ```", 1),               // nor be indented four spaces
            ("text\n\n> ```\n> quoted", 3),
            ("text\r\n```\r\ncode\r\n``\r\n", 2),
        ]
        for (text, line) in bad {
            #expect(MarkdownFences.unclosed(in: text)?.line == line, "\(text.debugDescription)")
        }
    }

    @Test func theFileCheckNamesTheFileAndLineAndSkipsBuildFolders() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("taskboard-md-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["docs", ".build/checkouts/x", ".build-tsan", ".git"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try "# Fine\n\n```sh\nswift test\n```\n".write(to: root.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)
        try "# Broken\n\nText.\n\n```\nopen\n".write(to: root.appendingPathComponent("docs/broken.md"), atomically: true, encoding: .utf8)
        for skipped in [".build/checkouts/x/README.md", ".build-tsan/a.md", ".git/b.md"] {
            try "```\n".write(to: root.appendingPathComponent(skipped), atomically: true, encoding: .utf8)
        }
        #expect(MarkdownFences.markdownFiles(under: root) == ["README.md", "docs/broken.md"])
        #expect(try MarkdownFences.problems(under: root) == ["docs/broken.md:5: the code fence ``` opened here is never closed"])
    }

    // MARK: Links

    @Test func everyLinkBetweenThePagesLeadsSomewhere() throws {
        let problems = try MarkdownLinks.problems(under: Self.repository)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    }

    @Test func linksAndHeadingsAreReadAsGitHubReadsThem() {
        let page = """
            # How it is built
            ## 5. The text console instead (fallback)
            ### foot's own keys
            ## What happens when…
            ## Keys
            ## Keys
            See [the keys](using.md#keys), ![a board](docs/screenshots/board.png "A board"),
            [a site](https://example.org/x.md), `[code](not-a-link.md)`.
            ```
            [in code](nowhere.md)
            ```
            """
        #expect(MarkdownLinks.anchors(in: page) == ["how-it-is-built", "5-the-text-console-instead-fallback", "foots-own-keys",
                                                   "what-happens-when", "keys", "keys-1"])
        #expect(MarkdownLinks.targets(in: page).map(\.target) == ["using.md#keys", "docs/screenshots/board.png"])
        #expect(MarkdownLinks.targets(in: page).map(\.line) == [7, 7])
    }

    // MARK: The README

    private func readme() throws -> [Substring] {
        let text = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    @Test func theReadmeIsShort() throws {
        let lines = try readme()
        #expect(lines.count - (lines.last == "" ? 1 : 0) <= 220, "README.md has \(lines.count) lines; move the detail into docs/")
    }

    /// "## Test", then a fenced block with one command in it, and that
    /// command is one that CI (`.ci/run`) runs, perhaps with flags added.
    @Test func theReadmeSaysHowToTestInOneCommand() throws {
        let lines = try readme()
        let heading = try #require(lines.firstIndex(of: "## Test"), "README.md has no \"## Test\" heading")
        let opening = try #require(lines[(heading + 1)...].firstIndex { !$0.allSatisfy(\.isWhitespace) })
        let fence = try #require(MarkdownFences.fence(in: lines[opening]), "\"## Test\" is not followed by a fenced block")
        let closing = try #require(lines[(opening + 1)...].firstIndex { line in
            MarkdownFences.fence(in: line).map { $0.character == fence.character && $0.length >= fence.length && $0.info.isEmpty } ?? false
        }, "the block under \"## Test\" is never closed")
        let commands = lines[(opening + 1)..<closing].map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        #expect(commands.count == 1, "the block under \"## Test\" should hold one command: \(commands)")
        let command = try #require(commands.first)
        let ci = try String(contentsOf: Self.repository.appendingPathComponent(".ci/run"), encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        // CI may add flags of its own (--skip-build over the build it made).
        #expect(ci.contains { $0 == command || $0.hasPrefix(command + " --") }, "README.md's test command \"\(command)\" is not one .ci/run runs")
    }

    @Test func theReadmeNamesWhatItNeeds() throws {
        let lines = try readme()
        let heading = try #require(lines.firstIndex(of: "## Requirements"), "README.md has no \"## Requirements\" heading")
        let section = lines[(heading + 1)...].prefix { !$0.hasPrefix("## ") }.joined(separator: "\n")
        for need in ["Linux", "Swift 6.1", "libncurses-dev", "PostgreSQL", "espeak-ng"] {
            #expect(section.contains(need), "README.md's requirements do not name \(need)")
        }
    }
}

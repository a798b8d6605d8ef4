import Foundation
import Testing
import TaskBoard
import TaskBoardStorage
import TaskBoardTestSupport
#if canImport(Glibc)
import Glibc
#endif

@Suite("taskboard export and import")
struct ExportImportTests {
    // MARK: export

    @Test func exportShowsOnlyTheMarksThatStoodAtTheEndOfTheDay() throws {
        try withDemoDaycare { data in
            for arguments in [["--child", "Aino", "--task", "Get dressed"], ["--child", "Aino", "--task", "Brush teeth"],
                              ["--child", "Ällä Öhman", "--task", "Eat lunch"], ["--child", "Aino", "--task", "Get dressed", "--undo"]] {
                let mark = try TaskBoardProcess.run(["mark", "--data-dir", data.path] + arguments)
                #expect(mark.status == 0, "\(mark.stderr)")
            }
            let result = try TaskBoardProcess.run(["export", "--data-dir", data.path, "--from", "today", "--no-bom"])
            #expect(result.status == 0)
            #expect(result.stderr == "")
            // Squirrels's marks, then what the demo had ticked today in the other groups.
            #expect(result.stdout == """
                date,group,child,task,points,child_id,task_id\r
                2026-11-22,Squirrels,Aino,Brush teeth,1,10,2\r
                2026-11-22,Squirrels,Ällä Öhman,Eat lunch,1,13,5\r
                2026-11-22,Bears,Ville,Get dressed,1,15,1\r
                2026-11-22,Bears,Siiri 🌸,Brush teeth,1,16,2\r
                2026-11-22,Bears,Siiri 🌸,Tidy the toys,2,16,3\r
                2026-11-22,Bears,Onni,Tidy the toys,2,17,3\r
                2026-11-22,Hedgehogs,Elsa,Get dressed,1,20,1\r
                2026-11-22,Hedgehogs,Elsa,Brush teeth,1,20,2\r
                2026-11-22,Hedgehogs,Hilla,Tidy the toys,2,22,3\r
                2026-11-22,Hedgehogs,Hilla,Wash hands,1,22,4\r
                2026-11-22,Hedgehogs,Mio 美羽,Wash hands,1,23,4\r

                """)
        }
    }

    @Test func exportTotalsOfOneDayOfTheDemo() throws {
        try withDemoDaycare { data in
            // Friday 20 November (the demo's weekends are closed and empty).
            let result = try TaskBoardProcess.run(["export", "--data-dir", data.path, "--totals", "--from", "2026-11-20", "--to", "2026-11-20"])
            #expect(result.status == 0)
            #expect(result.stdout == """
                \u{FEFF}group,child,points,marks,child_id\r
                Squirrels,Aino,1,1,10\r
                Squirrels,Eero,7,4,11\r
                Squirrels,Väinö,6,4,12\r
                Squirrels,Ällä Öhman,4,2,13\r
                Bears,Ville,5,4,15\r
                Bears,Siiri 🌸,8,5,16\r
                Bears,Onni,8,4,17\r
                Bears,Lumi,3,1,18\r
                Hedgehogs,Elsa,4,3,20\r
                Hedgehogs,Leo,8,5,21\r
                Hedgehogs,Hilla,7,4,22\r
                Hedgehogs,Mio 美羽,5,3,23\r

                """)
        }
    }

    @Test func exportJSONParsesBackToTheSameRowsAsTheCSV() throws {
        try withDemoDaycare { data in
            let csv = try TaskBoardProcess.run(["export", "--data-dir", data.path])
            let json = try TaskBoardProcess.run(["export", "--data-dir", data.path, "--format", "json"])
            #expect(csv.status == 0 && json.status == 0)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["from"] as? String == "2026-11-02")
            #expect(object["to"] as? String == "2026-11-22")
            let marks = try #require(object["marks"] as? [[String: Any]])
            let rows = csv.stdout.dropFirst().split(separator: "\r\n").dropFirst()
            #expect(marks.count == rows.count)
            #expect(marks.count > 500)
            let fromJSON = marks.map { mark in
                ["date", "group", "child", "task", "points", "child_id", "task_id"].map { "\(mark[$0] ?? "missing")" }.joined(separator: ",")
            }
            #expect(fromJSON == rows.map(String.init))
        }
    }

    @Test func exportRefusesABadDateOrAnInvertedRangeInOneLine() throws {
        try withDemoDaycare { data in
            let bad = try TaskBoardProcess.run(["export", "--data-dir", data.path, "--from", "2026-13-01"])
            #expect(bad.status == 1)
            #expect(bad.stdout == "")
            #expect(bad.stderr == "taskboard: \"2026-13-01\" is not a day: write YYYY-MM-DD, today or yesterday\n")
            let inverted = try TaskBoardProcess.run(["export", "--data-dir", data.path, "--from", "2026-11-20", "--to", "2026-11-10"])
            #expect(inverted.status == 1)
            #expect(inverted.stderr == "taskboard: --from 2026-11-20 is after --to 2026-11-10\n")
        }
    }

    /// A journal shorter than recorded is refused as print refuses it, never
    /// exported without its lost ticks (before: exit 0, fewer rows).
    @Test func exportRefusesMarksShorterThanRecorded() throws {
        try withDemoDaycare { data in
            try Daycare(store: JSONFileStore(directory: data), clock: FixedClock(TaskBoardProcess.date)).flush()
            let journal = data.appendingPathComponent("marks/2026-11-20.jsonl")
            let whole = try Data(contentsOf: journal)
            try Data(whole.prefix(whole.count / 2)).write(to: journal)
            for extra in [[], ["--totals"], ["--from", "2026-11-19", "--to", "2026-11-21"]] {
                let export = try TaskBoardProcess.run(["export", "--data-dir", data.path] + extra)
                #expect(export.status == 1 && export.stdout == "", "\(extra): \(export.stdout)")
                #expect(export.stderr.contains("The marks of 2026-11-20 are shorter than recorded"), "\(extra): \(export.stderr)")
            }
        }
    }

    @Test func exportWorksWhileAKioskHoldsTheDataDirectory() throws {
        try withDemoDaycare { data in
            let kiosk = try holdAsKiosk(data)
            defer { withExtendedLifetime(kiosk) {} }
            let result = try TaskBoardProcess.run(["export", "--data-dir", data.path, "--format", "json", "--totals"])
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("{\"from\":\"2026-11-02\",\"to\":\"2026-11-22\",\"totals\":[\n{\"group\":\"Squirrels\",\"child\":\"Aino\","))
        }
    }

    // MARK: import

    static let badRoster = """
        group,child,avatar
        Squirrels,Aino
        Kotkat,Iida,Kettu
        Kotkat,Otso,Dragon
        ,Lumi
        Kotkat,Kristiina-Annikki Maria Josefiina
        "Kotkat","Saga
        Lilja"
        kotkat,IIDA

        """

    @Test func importReportsBadLinesWithNumbersAndAddsNothing() throws {
        try withDemoDaycare { data in
            let roster = try writeFile(data, "roster.csv", Self.badRoster)
            let before = try DirectorySnapshot.of(data)
            for extra in [[], ["--dry-run"]] {
                let result = try TaskBoardProcess.run(["import", roster.path, "--data-dir", data.path] + extra)
                #expect(result.status == 1)
                #expect(result.stderr == "taskboard: \(extra.isEmpty ? "Added" : "Would add") nothing: 5 lines refused. Fix them and import the file again.\n")
                #expect(result.stdout == """
                    line 2: skipped: "Aino" is already in Squirrels
                    line 4: refused: no avatar "Dragon" in the catalogue
                    line 5: refused: The group name cannot be empty.
                    line 6: refused: The child name is too long (at most 30 columns).
                    line 7: refused: The child name contains control characters.
                    line 9: refused: "Iida" in Kotkat is already on line 3

                    """)
                #expect(try DirectorySnapshot.of(data) == before)
            }
        }
    }

    @Test func importDryRunReportsAndChangesNothing() throws {
        try withDemoDaycare { data in
            let roster = try writeFile(data, "roster.csv", "\u{FEFF}Squirrels,Aino\r\nSquirrels,Saga,Kettu\r\nKotkat,Iida\r\nKotkat,\"Otso, jr\",Br\r\n")
            let before = try DirectorySnapshot.of(data)
            let result = try TaskBoardProcess.run(["import", roster.path, "--dry-run", "--data-dir", data.path])
            #expect(result.status == 0)
            #expect(result.stdout == """
                line 1: skipped: "Aino" is already in Squirrels
                Would add 1 group and 3 children; 1 line skipped.

                """)
            #expect(try DirectorySnapshot.of(data) == before)
        }
    }

    @Test func importAddsOnceAndARepeatIsHarmless() throws {
        try withDemoDaycare { data in
            let roster = try writeFile(data, "roster.csv", "Squirrels,Aino\nSquirrels,Saga,Kettu\nKotkat,Iida\nKotkat,\"Otso, jr\",Br\n")
            let first = try TaskBoardProcess.run(["import", roster.path, "--data-dir", data.path])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout == """
                line 1: skipped: "Aino" is already in Squirrels
                Added 1 group and 3 children; 1 line skipped.

                """)
            let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: data.appendingPathComponent("roster.json"))) as? [String: Any]
            let children = try #require((saved?["roster"] as? [String: Any])?["children"] as? [[String: Any]])
            let avatars = Dictionary(uniqueKeysWithValues: children.map { ($0["name"] as? String ?? "", $0["avatar"] as? String ?? "") })
            #expect(avatars["Saga"] == "🦊")
            #expect(avatars["Otso, jr"] == "🐻")
            // Every child of the roster is a row of the totals, in roster order.
            let totals = try TaskBoardProcess.run(["export", "--data-dir", data.path, "--totals", "--no-bom", "--from", "today"])
            #expect(totals.stdout == """
                group,child,points,marks,child_id\r
                Squirrels,Aino,0,0,10\r
                Squirrels,Eero,0,0,11\r
                Squirrels,Väinö,0,0,12\r
                Squirrels,Ällä Öhman,0,0,13\r
                Squirrels,Saga,0,0,24\r
                Bears,Ville,1,1,15\r
                Bears,Siiri 🌸,3,2,16\r
                Bears,Onni,2,1,17\r
                Bears,Lumi,0,0,18\r
                Hedgehogs,Elsa,2,2,20\r
                Hedgehogs,Leo,0,0,21\r
                Hedgehogs,Hilla,3,2,22\r
                Hedgehogs,Mio 美羽,1,1,23\r
                Kotkat,Iida,0,0,26\r
                Kotkat,"Otso, jr",0,0,27\r

                """)

            let again = try TaskBoardProcess.run(["import", roster.path, "--data-dir", data.path])
            #expect(again.status == 0)
            #expect(again.stdout.hasSuffix("Nothing to add; 4 lines skipped.\n"))
        }
    }

    /// Issue 11: the files people have: a Finnish spreadsheet's (semicolons, a
    /// Finnish header), an English one's (commas, a header), and one without a header.
    @Test func importTakesSemicolonsCommasAndHeadersInEitherLanguage() throws {
        try withDemoDaycare { data in
            let finnish = try writeFile(data, "fi.csv", "\u{FEFF}Ryhmä;Lapsi\r\nKotkat;Iida\r\nKotkat;\"Otso; jr\"\r\n")
            let first = try TaskBoardProcess.run(["import", finnish.path, "--data-dir", data.path])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout == "Fields separated by semicolons, a header on line 1.\nAdded 1 group and 2 children.\n")
            let english = try writeFile(data, "en.csv", "Group,Child,Avatar\nKotkat,Saga,Fox\n")
            let second = try TaskBoardProcess.run(["import", english.path, "--data-dir", data.path])
            #expect(second.stdout == "Added 1 child.\n", "\(second.stderr)")
            let bare = try writeFile(data, "bare.csv", "Kotkat\tPekka\n")
            let third = try TaskBoardProcess.run(["import", bare.path, "--data-dir", data.path])
            #expect(third.stdout == "Fields separated by tabs.\nAdded 1 child.\n", "\(third.stderr)")
            let totals = try TaskBoardProcess.run(["export", "--data-dir", data.path, "--totals", "--no-bom", "--from", "today"])
            #expect(totals.stdout.contains("Kotkat,Iida,0,0,"))
            #expect(totals.stdout.contains("Kotkat,Otso; jr,0,0,"))
            #expect(totals.stdout.contains("Kotkat,Saga,0,0,"))
            #expect(totals.stdout.contains("Kotkat,Pekka,0,0,"))
            #expect(!totals.stdout.contains("Ryhmä"))
            // A header that is not ours: refused, nothing imported, and the words say why.
            let odd = try writeFile(data, "odd.csv", "Ryhmä,Nimi\nKotkat,Aada\n")
            let refused = try TaskBoardProcess.run(["import", odd.path, "--data-dir", data.path])
            #expect(refused.status == 1)
            #expect(refused.stdout.hasPrefix("line 1: refused: looks like a header, but the header is group,child,avatar or ryhmä,lapsi,avatar"))
            #expect(refused.stderr.contains("Added nothing: 1 line refused."))
        }
    }

    /// Issue 26: Excel's plain "CSV" on a Finnish Windows is Windows-1252
    /// (ä is the byte 0xE4), its "Unicode text" UTF-16 with tabs.
    @Test func importReadsAWindows1252FileAndSaysSo() throws {
        try withDemoDaycare { data in
            // Ryhmä;Lapsi / Oravat;Väinö Äijälä / Kotkat;Ööpinen, as Excel writes them (two
            // new groups: the English demo's are Squirrels, Bears and Hedgehogs).
            let bytes: [UInt8] = [0x52, 0x79, 0x68, 0x6D, 0xE4, 0x3B, 0x4C, 0x61, 0x70, 0x73, 0x69, 0x0D, 0x0A,
                                  0x4F, 0x72, 0x61, 0x76, 0x61, 0x74, 0x3B, 0x56, 0xE4, 0x69, 0x6E, 0xF6, 0x20,
                                  0xC4, 0x69, 0x6A, 0xE4, 0x6C, 0xE4, 0x0D, 0x0A,
                                  0x4B, 0x6F, 0x74, 0x6B, 0x61, 0x74, 0x3B, 0xD6, 0xF6, 0x70, 0x69, 0x6E, 0x65, 0x6E, 0x0D, 0x0A]
            let roster = try writeFile(data, "excel.csv", bytes: bytes)
            let result = try TaskBoardProcess.run(["import", roster.path, "--data-dir", data.path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdout == """
                Read as Windows-1252 (not UTF-8): check the names with letters like ä and ö.
                Fields separated by semicolons, a header on line 1.
                Added 2 groups and 2 children.

                """)
            let totals = try TaskBoardProcess.run(["export", "--data-dir", data.path, "--totals", "--no-bom", "--from", "today"])
            #expect(totals.stdout.contains("\nOravat,Väinö Äijälä,0,0,"))
            #expect(totals.stdout.contains("\nKotkat,Ööpinen,0,0,"))

            // Excel's "Unicode text": UTF-16 little-endian with its byte order mark, tabs between fields.
            var utf16: [UInt8] = [0xFF, 0xFE]
            for unit in "Ryhmä\tLapsi\r\nKotkat\tSiiri 🌸\r\n".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            let unicode = try writeFile(data, "unicode.txt", bytes: utf16)
            let second = try TaskBoardProcess.run(["import", unicode.path, "--data-dir", data.path])
            #expect(second.status == 0, "\(second.stderr)")
            #expect(second.stdout == "Fields separated by tabs, a header on line 1.\nAdded 1 child.\n")
        }
    }

    @Test func importRefusesBytesThatAreNeitherUTF8NorWindows1252() throws {
        try withDemoDaycare { data in
            let before = try DirectorySnapshot.of(data)
            // Oravat;Väinö, then 0x81 (nothing in Windows-1252) on line 3.
            let bytes: [UInt8] = [0x4F, 0x72, 0x61, 0x76, 0x61, 0x74, 0x3B, 0x56, 0xE4, 0x69, 0x6E, 0xF6, 0x0D, 0x0A,
                                  0x4F, 0x72, 0x61, 0x76, 0x61, 0x74, 0x3B, 0x41, 0x69, 0x6E, 0x6F, 0x0D, 0x0A,
                                  0x4F, 0x72, 0x61, 0x76, 0x61, 0x74, 0x3B, 0x81, 0x0D, 0x0A]
            let roster = try writeFile(data, "odd.csv", bytes: bytes)
            let result = try TaskBoardProcess.run(["import", roster.path, "--data-dir", data.path])
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr == "taskboard: \(roster.path): line 3: the text is neither UTF-8 nor Windows-1252: "
                + "the byte 0x81 means nothing in Windows-1252 (save the file as \"CSV UTF-8\")\n")
            #expect(try DirectorySnapshot.of(data) == before)
        }
    }

    @Test func importReadsStandardInput() throws {
        try withDemoDaycare { data in
            let result = try TaskBoardProcess.run(["import", "-", "--dry-run", "--data-dir", data.path], input: "Hedgehogs,Pekka\n")
            #expect(result.status == 0)
            #expect(result.stdout == "Would add 1 child.\n")
        }
    }

    @Test func importFailsClearlyWhileAKioskHoldsTheDataDirectory() throws {
        try withDemoDaycare { data in
            let roster = try writeFile(data, "roster.csv", "Kotkat,Iida\n")
            let kiosk = try holdAsKiosk(data)
            defer { withExtendedLifetime(kiosk) {} }
            let before = try DirectorySnapshot.of(data)
            let result = try TaskBoardProcess.run(["import", roster.path, "--data-dir", data.path])
            #expect(result.status == 1)
            #expect(result.stdout == "")
            #expect(result.stderr == heldByKioskRefusal(data))
            #expect(try DirectorySnapshot.of(data) == before)
        }
    }

    @Test func importOfAFileThatIsNotCSVNamesTheLine() throws {
        try withDemoDaycare { data in
            let roster = try writeFile(data, "roster.csv", "Squirrels,Saga\nSquirrels,\"Open\n")
            let result = try TaskBoardProcess.run(["import", roster.path, "--data-dir", data.path])
            #expect(result.status == 1)
            #expect(result.stderr == "taskboard: \(roster.path): line 2: a quoted field is not closed\n")
            let missing = try TaskBoardProcess.run(["import", data.appendingPathComponent("nope.csv").path, "--data-dir", data.path])
            #expect(missing.stderr == "taskboard: cannot read \(data.appendingPathComponent("nope.csv").path)\n")
        }
    }

    // MARK: Helpers

    /// Holds the data directory as a running kiosk does (its lock file and
    /// the directory's own lock), for as long as the value lives.
    private func holdAsKiosk(_ data: URL) throws -> JSONFileStore {
        try JSONFileStore(directory: data, holder: .kiosk)
    }

    /// A file beside the data directory (not inside it, so snapshots ignore it).
    private func writeFile(_ data: URL, _ name: String, _ text: String) throws -> URL {
        try writeFile(data, name, bytes: Array(text.utf8))
    }

    private func writeFile(_ data: URL, _ name: String, bytes: [UInt8]) throws -> URL {
        let url = data.deletingLastPathComponent().appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

}

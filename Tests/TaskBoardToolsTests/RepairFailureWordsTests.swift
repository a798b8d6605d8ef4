import Foundation
import Testing
import TaskBoardStorage
@testable import TaskBoardTools

/// A failed `check --repair` says, after why, what it left as it was.
struct RepairFailureWordsTests {
    private let full = StorageError(path: "/srv/tb/summary.json", problem: .diskFull)

    @Test func beforeAnyFixNothingWasRepaired() {
        let words = RepairFailure(cause: full, stage: .beforeAnyFix).description
        #expect(words.hasSuffix(". Nothing was repaired: the data directory is as it was."), "\(words)")
    }

    @Test func aFixThatFailedSaysWhatWasMadeBeforeItAndWhereTheArchiveIs() {
        let words = RepairFailure(cause: full, stage: .fixing(made: ["roster.json: task 9 on a board does not exist"],
                                                              failing: .setPinMode("pin.json"), archive: "/srv/tb/backups/r.zip")).description
        #expect(words.contains(". Repaired before it: roster.json: task 9 on a board does not exist. That fix was not made; the rest is as it was."),
                "\(words)")
        #expect(words.hasSuffix("is in /srv/tb/backups/r.zip (taskboard restore /srv/tb/backups/r.zip puts it back)."))
    }

    @Test func aSummaryRebuildThatFailedSaysTheMarksAreAsTheyWere() {
        let words = RepairFailure(cause: full, stage: .fixing(made: [], failing: .rebuildSummary, archive: "a.zip")).description
        #expect(words.contains(". Nothing was repaired before it. The marks, roster and settings are as they were;"), "\(words)")
    }

    @Test func aWriteThatMayHaveLandedSaysMayOrMayNot() {
        var perhaps = full
        perhaps.mayBeWritten = true
        let words = RepairFailure(cause: perhaps, stage: .fixing(made: [], failing: .repairRoster, archive: "a.zip")).description
        #expect(words.contains("That fix may or may not have been made"), "\(words)")
    }
}

import Foundation
import Testing
@testable import TaskBoard
@testable import TaskBoardUI

/// Issue 40: whose turn it is to be said, on a fixed clock. One sentence at
/// a time to its end; praise waits and merges; a child asking stops what is
/// said; a name chosen waits for its pause and goes stale.
@Suite struct SpeechLineTests {
    let narrator: Narrator

    init() throws {
        narrator = Narrator(strings: try KioskFixture().strings)
    }

    private func praise(_ child: Int, _ name: String, task: Int = 1, _ taskName: String = "Get dressed", finished: Bool = false) -> Utterance {
        .praise(Praise(ticks: [Praise.Tick(child: ChildID(child), task: TaskID(task), childName: name, taskName: taskName,
                                           finishedBoard: finished, goals: [])], everyone: false, narrator: narrator))
    }

    private func said(_ step: SpeechLine.Step) -> String? {
        if case .speak(let sentence, _) = step { return sentence.text }
        return nil
    }

    private func turn(_ step: SpeechLine.Step) -> Int {
        if case .speak(_, let turn) = step { return turn }
        return -1
    }

    @Test func praiseWaitsForTheSentenceBeingSaidAndMerges() {
        var line = SpeechLine()
        line.add(praise(1, "Aino"), at: 0)
        let first = line.next(at: 0)
        #expect(said(first) == "Done: Get dressed. Well done, Aino!")
        line.add(praise(2, "Eero"), at: 1)
        line.add(praise(3, "Leo", task: 2, "Brush teeth", finished: true), at: 2)
        #expect(line.next(at: 2) == .nothing, "nothing stops praise, and nothing starts over it")
        line.finished(turn: turn(first))
        #expect(said(line.next(at: 2.5)) == "Done: Get dressed, Brush teeth. Well done, Eero! Leo: all done today! Hooray!")
    }

    @Test func aChildAskingStopsAnySentenceAndGoesFirst() {
        var line = SpeechLine()
        line.add(praise(1, "Aino"), at: 0)
        let first = line.next(at: 0)
        line.add(praise(2, "Eero"), at: 0.5)
        line.add(.asked(Sentence("Aino, two to go.", language: .en)), at: 1)
        #expect(line.next(at: 1) == .stop)
        #expect(line.next(at: 1.1) == .nothing, "stopped once, and waiting for the end")
        line.finished(turn: turn(first))
        let asked = line.next(at: 1.2)
        #expect(said(asked) == "Aino, two to go.")
        line.finished(turn: turn(asked))
        #expect(said(line.next(at: 3)) == "Done: Get dressed. Well done, Eero!", "the waiting praise still comes")
    }

    @Test func aNameWaitsForItsPauseNeverStopsPraiseAndGoesStale() {
        var line = SpeechLine()
        line.add(.choice(Sentence("Aino.", language: .en)), at: 0)
        #expect(line.next(at: 0) == .wake(at: SpeechLine.choicePause))
        line.add(.choice(Sentence("Eero.", language: .en)), at: 0.4)
        #expect(line.next(at: 0.6) == .wake(at: 0.4 + SpeechLine.choicePause), "the newer name replaced it, with its own pause")
        #expect(said(line.next(at: 1.0)) == "Eero.")
        // Behind long praise, a name is dropped once it is stale.
        var busy = SpeechLine()
        busy.add(praise(1, "Aino"), at: 0)
        let speaking = busy.next(at: 0)
        busy.add(.choice(Sentence("Leo.", language: .en)), at: 0.1)
        #expect(busy.next(at: 1) == .nothing, "a name does not stop praise")
        busy.finished(turn: turn(speaking))
        #expect(busy.next(at: 0.1 + SpeechLine.choiceLife + 0.1) == .nothing)
        #expect(busy.isQuiet)
    }

    @Test func withdrawnTicksAndOldPraiseAreNotSaid() {
        var line = SpeechLine()
        line.add(.asked(Sentence("Aino, two to go.", language: .en)), at: 0)
        let asked = line.next(at: 0)
        line.add(praise(1, "Aino"), at: 1)
        line.add(praise(2, "Eero"), at: 1)
        line.withdraw([TickKey(child: ChildID(1), task: TaskID(1))])
        line.finished(turn: turn(asked))
        let merged = line.next(at: 2)
        #expect(said(merged) == "Done: Get dressed. Well done, Eero!")
        line.finished(turn: turn(merged))
        line.add(praise(3, "Leo"), at: 3)
        line.withdraw([TickKey(child: ChildID(3), task: TaskID(1))])
        #expect(line.next(at: 3) == .nothing)
        line.add(praise(4, "Siiri"), at: 10)
        #expect(line.next(at: 10 + SpeechLine.praiseLife + 1) == .nothing, "praise of a child long gone")
    }

    @Test func clearingStopsOnceAndForgetsWhatWaits() {
        var line = SpeechLine()
        line.add(praise(1, "Aino"), at: 0)
        let first = line.next(at: 0)
        line.add(praise(2, "Eero"), at: 0.5)
        #expect(line.clear() == .stop)
        #expect(line.clear() == .nothing)
        line.finished(turn: turn(first))
        #expect(line.next(at: 1) == .nothing)
        #expect(line.isQuiet)
    }

    @Test func namesAreSaidWithoutTheirPictures() {
        #expect(SpokenName.of("Siiri 🌸") == "Siiri")
        #expect(SpokenName.of("Mio 美羽") == "Mio")
        #expect(SpokenName.of("美羽") == "")
        #expect(SpokenName.of("Eero Äijälä") == "Eero Äijälä")
        #expect(SpokenName.of("Anna-Liisa O'Brien ⭐") == "Anna-Liisa O'Brien")
        #expect(SpokenName.of("🐻 Karhut") == "Karhut")
        // Nothing of a name to say: the sentence goes without it.
        let child = Child(id: ChildID(9), name: "美羽", avatar: "🦊", groupID: GroupID(1))
        let tick = Praise.Tick(child: child.id, task: TaskID(1), childName: SpokenName.of(child.name), taskName: "Get dressed", finishedBoard: false, goals: [])
        #expect(narrator.praise(Praise(ticks: [tick], everyone: false, narrator: narrator)).text == "Done: Get dressed. Well done!")
        let today = ChildToday(progress: Progress(done: 0, total: 1, streak: 0), marks: DayMarks(), week: [])
        #expect(narrator.board(child, today, BoardDay(tasks: [LibraryTask(id: TaskID(1), name: "Get dressed")])) == "One to go: Get dressed.")
    }
}

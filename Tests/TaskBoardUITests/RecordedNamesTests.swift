import Testing
@testable import TaskBoard
@testable import TaskBoardUI

/// Issue 40: a staff recording is played where its name stands in a
/// sentence, and nowhere else.
@Suite struct RecordedNamesTests {
    private let aino = NameRecording(name: "Aino", file: "/v/child-1.wav")
    private let hands = NameRecording(name: "Pese kädet", file: "/v/task-2.wav")

    private func sentence(_ text: String, _ recordings: [NameRecording]) -> Sentence {
        var sentence = Sentence(text, language: .fi)
        sentence.recordings = recordings
        return sentence
    }

    @Test func aNameIsCutOutWhereverItStandsAsAWholeWord() {
        #expect(sentence("Tehty: pese kädet. Hienoa, Aino!", [aino, hands]).parts == [
            .words("Tehty: "), .recording(hands), .words(". Hienoa, "), .recording(aino), .words("!"),
        ])
        #expect(sentence("Aino. Vielä kaksi.", [aino]).parts == [.recording(aino), .words(". Vielä kaksi.")])
        // "Ainoa" (the only one) is another word, and "Saino" is not Aino either.
        #expect(sentence("Ainoa Saino jäi.", [aino]).parts == [.words("Ainoa Saino jäi.")])
        #expect(sentence("Hienoa, Aino ja Aino!", [aino]).parts == [.words("Hienoa, "), .recording(aino), .words(" ja "), .recording(aino), .words("!")])
    }

    @Test func withoutRecordingsTheSentenceIsOnePart() {
        #expect(sentence("Hienoa, Aino!", []).parts == [.words("Hienoa, Aino!")])
        #expect(sentence("", []).parts == [])
    }

    @Test func theLongerNameWinsWhereTwoStartTogether() {
        let anna = NameRecording(name: "Anna", file: "/v/child-3.wav")
        let annaLiisa = NameRecording(name: "Anna-Liisa", file: "/v/child-4.wav")
        #expect(sentence("Hienoa, Anna-Liisa ja Anna!", [anna, annaLiisa]).parts == [
            .words("Hienoa, "), .recording(annaLiisa), .words(" ja "), .recording(anna), .words("!"),
        ])
    }

    @Test func theRosterDecidesWhichRecordingsAreNames() throws {
        var roster = Roster()
        let group = try roster.addGroup(name: "Oravat", avatar: "🐿")
        let siiri = try roster.addChild(name: "Siiri 🌸", avatar: "🐝", group: group)
        let aino = try roster.addChild(name: "Aino", avatar: "🦊", group: group)
        let task = try roster.addTask(name: "Pese kädet", points: 1)
        let files: [VoiceKey: String] = [.child(siiri): "/v/siiri.wav", .child(aino): "/v/aino.wav", .task(task): "/v/hands.wav",
                                         .child(ChildID(99)): "/v/gone.wav"]
        var recorded = RecordedNames(roster: roster, files: files)
        // The name as the voice says it (no flower); a child who is gone has no name to stand for.
        #expect(Set(recorded.recordings.map(\.name)) == ["Siiri", "Aino", "Pese kädet"])
        #expect(recorded.attached(to: Sentence("Hienoa, Siiri!", language: .fi)).recordings == [NameRecording(name: "Siiri", file: "/v/siiri.wav")])
        #expect(recorded.attached(to: Sentence("Hienoa, Leo!", language: .fi)).recordings == [])
        // A task's name as the narrator says it, emoji and all: a recording of "Lunch 🍽" plays where it stands.
        let lunch = try roster.addTask(name: "Lunch 🍽 & more", points: 1)
        let withLunch = RecordedNames(roster: roster, files: [.task(lunch): "/v/lunch.wav"])
        let said = withLunch.attached(to: Sentence("Done: Lunch 🍽 & more. Well done, Aino!", language: .en))
        #expect(said.parts == [.words("Done: "), .recording(NameRecording(name: "Lunch 🍽 & more", file: "/v/lunch.wav")), .words(". Well done, Aino!")])
        // A renamed task keeps its voice under its new name.
        try roster.renameTask(task, to: "Kädet pesulle")
        recorded = RecordedNames(roster: roster, files: files)
        #expect(recorded.recordings.contains(NameRecording(name: "Kädet pesulle", file: "/v/hands.wav")))
    }
}

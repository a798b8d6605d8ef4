import Testing
@testable import TaskBoardUI

@Suite struct TextFieldTests {
    @Test func editsByCharacterNotByCodeUnit() {
        var field = TextField(text: "Ai")
        field.apply(.insert("🦊"))
        field.apply(.left)
        field.apply(.insert("ä"))
        #expect(field.text == "Aiä🦊")
        #expect(field.cursor == 3)
        field.apply(.right)
        field.apply(.backspace)
        #expect(field.text == "Aiä")
        field.apply(.insert("👩‍👧"))
        field.apply(.backspace)
        #expect(field.text == "Aiä")
        field.apply(.home)
        let moved = field.apply(.backspace)
        #expect(!moved)
        field.apply(.delete)
        #expect(field.text == "iä")
    }

    @Test func refusesControlCharactersAndTooMuchText() {
        var field = TextField(maxLength: 3)
        let inserted = field.apply(.insert("\u{7}"))
        #expect(!inserted)
        for c in "abcd" { field.apply(.insert(c)) }
        #expect(field.text == "abc")
    }

    @Test func aMaskedFieldShowsBulletsAndTheCursor() {
        var field = TextField(masked: true)
        for c in "4829" { field.apply(.insert(c)) }
        var buffer = ScreenBuffer(size: Size(width: 8, height: 1))
        field.render(into: &buffer, x: 0, y: 0, width: 8, style: .plain)
        #expect(buffer.textLines == ["••••    "])
        #expect(buffer[4, 0].style.reverse && !buffer[3, 0].style.reverse)
    }

    @Test func longTextScrollsToKeepTheCursorVisible() {
        let field = TextField(text: "Squirrels and friends")
        var buffer = ScreenBuffer(size: Size(width: 6, height: 1))
        field.render(into: &buffer, x: 0, y: 0, width: 6, style: .plain)
        #expect(buffer.textLines == ["iends "])
    }
}

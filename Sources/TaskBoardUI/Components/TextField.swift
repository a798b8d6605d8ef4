import TaskBoard

/// A one-line text field that edits by character (grapheme cluster), so
/// "ä", "🦊" and "👩‍👧" are each one step of the cursor and one backspace.
/// A masked field (the PIN) shows a bullet per character.
public struct TextField: Equatable, Sendable {
    public private(set) var characters: [Character]
    /// Position between characters: 0 is before the first.
    public private(set) var cursor: Int
    public let maxLength: Int
    public let masked: Bool

    public init(text: String = "", maxLength: Int = 60, masked: Bool = false) {
        characters = Array(text.prefix(maxLength))
        cursor = characters.count
        self.maxLength = maxLength
        self.masked = masked
    }

    public var text: String { String(characters) }

    public enum Edit: Equatable, Sendable {
        case insert(Character), backspace, delete, left, right, home, end
    }

    /// Applies an edit; returns false when the key does nothing (for a bell).
    @discardableResult
    public mutating func apply(_ edit: Edit) -> Bool {
        switch edit {
        case .insert(let character):
            guard characters.count < maxLength, !character.isNewline,
                  !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return false }
            characters.insert(character, at: cursor)
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return false }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            guard cursor < characters.count else { return false }
            characters.remove(at: cursor)
        case .left:
            guard cursor > 0 else { return false }
            cursor -= 1
        case .right:
            guard cursor < characters.count else { return false }
            cursor += 1
        case .home: cursor = 0
        case .end: cursor = characters.count
        }
        return true
    }

    /// The edit a key means in a text field, if any.
    public static func edit(for key: Key) -> Edit? {
        switch key {
        case .character(let c): .insert(c)
        case .backspace: .backspace
        case .delete: .delete
        case .left: .left
        case .right: .right
        case .home: .home
        case .end: .end
        default: nil
        }
    }

    /// Draws the field in `width` columns, scrolled so the cursor shows; the
    /// cursor cell is reversed.
    public func render(into buffer: inout ScreenBuffer, x: Int, y: Int, width: Int, style: Style, bullet: String = "•") {
        guard width > 0 else { return }
        buffer.fill(Rect(x: x, y: y, width: width, height: 1), style: style.with(reverse: false, background: style.background))
        let shown = masked ? Array(repeating: Character(bullet), count: characters.count) : characters
        // Start far enough right that the cursor fits.
        var start = 0
        while DisplayWidth.of(String(shown[start..<cursor])) > width - 1 { start += 1 }
        var column = x
        for index in start..<shown.count {
            let w = DisplayWidth.of(shown[index])
            guard column + w <= x + width else { break }
            let cellStyle = index == cursor ? style.with(reverse: !style.reverse) : style
            buffer.write(String(shown[index]), x: column, y: y, style: cellStyle)
            column += w
        }
        if cursor == shown.count, column < x + width {
            buffer.write(" ", x: column, y: y, style: style.with(reverse: !style.reverse))
        }
    }
}

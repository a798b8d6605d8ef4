/// What to send for one cell so that ncurses, the terminal and the buffer
/// agree on its width. The buffer measures with `DisplayWidth` (its own
/// tables); ncurses and most terminals measure with the C library's
/// `wcwidth`. Where they disagree the row would shift, so the cell is
/// reduced to something both sides measure the same.
struct Glyph: Equatable, Sendable {
    /// A spacing code point followed by at most `maximumMarks` combining marks.
    var scalars: [UInt32]
    /// Spaces written after it to fill the columns the buffer gave the cell.
    var padding: Int

    /// ncurses keeps CCHARW_MAX (5) code points per cell: one spacing, four combining.
    static let maximumMarks = 4
    static let replacement: UInt32 = 0x3F  // "?"
    static let space = Glyph(scalars: [0x20], padding: 0)

    /// `text` is one grapheme cluster that the buffer gave `columns` (1 or
    /// 2) columns; `width` is the C library's width of a code point (-1 for
    /// unprintable, as in a non-UTF-8 locale).
    ///
    /// - The first code point is drawn if its width fits the columns; the
    ///   rest are padded with spaces (e.g. "☀️", two columns in the buffer,
    ///   one for `wcwidth`, becomes "☀" and a space).
    /// - Combining marks (width 0) stay; variation selectors, a ZWJ and
    ///   everything after it, skin tone modifiers and a flag's second
    ///   letter are dropped: terminals disagree about their widths.
    /// - Unprintable, or wider than the columns: "?".
    static func make(_ text: String, columns: Int, width: (Unicode.Scalar) -> Int) -> Glyph {
        let columns = max(1, columns)
        var scalars = text.unicodeScalars.makeIterator()
        guard let base = scalars.next() else { return Glyph(scalars: [0x20], padding: columns - 1) }
        let baseWidth = width(base)
        guard baseWidth >= 1, baseWidth <= columns else {
            return Glyph(scalars: [replacement], padding: columns - 1)
        }
        var glyph = Glyph(scalars: [base.value], padding: columns - baseWidth)
        while let scalar = scalars.next(), scalar.value != 0x200D {
            guard glyph.scalars.count <= maximumMarks else { break }
            if isVariationSelector(scalar.value) || scalar.value < 0x20 { continue }
            if width(scalar) == 0 { glyph.scalars.append(scalar.value) }
        }
        return glyph
    }

    private static func isVariationSelector(_ value: UInt32) -> Bool {
        (0xFE00...0xFE0F).contains(value) || (0xE0100...0xE01EF).contains(value)
    }
}

/// A name as the voice can say it: letters of the Latin script (with their
/// accents), digits, spaces, hyphens and apostrophes. Emoji, symbols and
/// other scripts are left out, since espeak-ng's Finnish and English voices
/// read them as their names ("cherry blossom", "Chinese letter"), which is
/// not the child's name. May be empty: then the sentence goes without it.
enum SpokenName {
    static func of(_ name: String) -> String {
        let kept = name.unicodeScalars.map { isSayable($0) ? Character($0) : " " }
        return String(kept).split(separator: " ").joined(separator: " ")
            .trimmingCharacters(in: ["-", "'", "’", " "])
    }

    private static func isSayable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true // digits, A–Z, a–z
        case 0x20, 0x2D, 0x27, 0x2019: true // space, hyphen, apostrophes
        case 0xC0...0x24F: scalar.value != 0xD7 && scalar.value != 0xF7 // Latin-1 letters and Latin Extended (not × ÷)
        case 0x300...0x36F: true // combining accents
        case 0x1E00...0x1EFF: true // Latin Extended Additional
        default: false
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
        var characters = Substring(self)
        while let first = characters.first, set.contains(first) { characters.removeFirst() }
        while let last = characters.last, set.contains(last) { characters.removeLast() }
        return String(characters)
    }
}

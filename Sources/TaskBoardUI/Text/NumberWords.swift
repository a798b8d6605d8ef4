/// A whole number from 1 to 999 written out in words, as an adult reads it
/// and a child who cannot read yet cannot copy: the grown-up check asks for
/// the digits of a number shown this way.
///
///     NumberWords.text(347, in: .en)   // "three hundred forty-seven"
///     NumberWords.text(347, in: .fi)   // "kolmesataaneljäkymmentäseitsemän"
///
/// Finnish writes a number as one word (shared/FINNISH.md); on a narrow
/// screen `breakable` lets it break after the hundreds, with a hyphen.
public enum NumberWords {
    public static let range = 1...999

    public static func text(_ number: Int, in language: Language) -> String {
        breakable(number, in: language).filter { $0 != ScreenBuffer.softHyphen }
    }

    /// The same with a soft hyphen where a Finnish number may break (after "sataa").
    public static func breakable(_ number: Int, in language: Language) -> String {
        precondition(range.contains(number), "NumberWords covers 1...999")
        switch language {
        case .en: return english(number)
        case .fi: return finnish(number)
        }
    }

    private static let englishOnes = ["", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                                      "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
                                      "eighteen", "nineteen"]
    private static let englishTens = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"]

    private static func english(_ number: Int) -> String {
        var parts: [String] = []
        if number >= 100 { parts.append("\(englishOnes[number / 100]) hundred") }
        let rest = number % 100
        if rest >= 20 {
            parts.append(rest % 10 == 0 ? englishTens[rest / 10] : "\(englishTens[rest / 10])-\(englishOnes[rest % 10])")
        } else if rest > 0 {
            parts.append(englishOnes[rest])
        }
        return parts.joined(separator: " ")
    }

    private static let finnishOnes = ["", "yksi", "kaksi", "kolme", "neljä", "viisi", "kuusi", "seitsemän", "kahdeksan", "yhdeksän"]

    private static func finnish(_ number: Int) -> String {
        let hundreds = number / 100
        let head = hundreds == 1 ? "sata" : hundreds > 1 ? finnishOnes[hundreds] + "sataa" : ""
        let rest = number % 100
        let tail = switch rest {
        case 0: ""
        case 1...9: finnishOnes[rest]
        case 10: "kymmenen"
        case 11...19: finnishOnes[rest - 10] + "toista"
        default: finnishOnes[rest / 10] + "kymmentä" + finnishOnes[rest % 10]
        }
        return head.isEmpty || tail.isEmpty ? head + tail : head + String(ScreenBuffer.softHyphen) + tail
    }
}

import Testing

/// A screen size and a language: the sizes a kiosk's font gives (40×12,
/// 50×16), the terminal's 80×24 and a big screen's 120×40, in English and Finnish.
struct Screenful: Sendable, CustomTestStringConvertible {
    let width: Int
    let height: Int
    let language: String

    var english: Bool { language == "en" }
    var testDescription: String { "\(width)×\(height) \(language)" }

    static let all: [Screenful] = [(40, 12), (50, 16), (80, 24), (120, 40)].flatMap { size in
        ["en", "fi"].map { Screenful(width: size.0, height: size.1, language: $0) }
    }
}

/// What stands before a screen's title where it goes back: the back button
/// (the arrow alone below 60 columns) and the gap after it.
func backButton(_ width: Int, english: Bool = true) -> String {
    width < 60 ? "   ◀   " : english ? "  ◀ Back  " : "  ◀ Takaisin  "
}

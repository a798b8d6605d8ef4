/// The kiosk's languages. The raw value is the code used by `--lang`, by
/// `Settings.language` and in the strings file's name.
public enum Language: String, CaseIterable, Sendable, Codable {
    case fi, en

    /// Finnish for a `LANG` such as `fi_FI.UTF-8`, `fi_FI@euro` or `fi`;
    /// English for anything else, including `C`, `POSIX`, empty and unset.
    public static func from(environment lang: String?) -> Language {
        guard let lang else { return .en }
        let code = lang.prefix { $0 != "_" && $0 != "." && $0 != "@" && $0 != "-" }
        return code.lowercased() == "fi" ? .fi : .en
    }

    /// The file in `assets/strings/` that holds this language's texts.
    public var fileName: String { "\(rawValue).json" }
}

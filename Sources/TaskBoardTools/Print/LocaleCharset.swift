import TaskBoardStorage
import TaskBoardUI

/// Whether printed pages may use emoji and symbols, decided from the
/// environment the way the kiosk decides for its terminal: the locale's
/// character set is UTF-8, and the screen is not the Linux text console.
public enum LocaleCharset {
    /// The locale as the C library picks the character type: the first of
    /// `LC_ALL`, `LC_CTYPE` and `LANG` that is set and not empty. Unset means
    /// the C locale, which is ASCII.
    public static func isUTF8(environment: ProcessEnvironment) -> Bool {
        guard let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
            return false
        }
        let codeset = locale.lowercased().filter { $0 != "-" && $0 != "_" }
        return codeset.contains("utf8")
    }

    /// The kiosk's rule (`Theme.drawsSymbols`), so `watch taskboard print …`
    /// on tty1 gets the same ASCII stand-ins as the kiosk there.
    public static func showsSymbols(environment: ProcessEnvironment) -> Bool {
        Theme.drawsSymbols(utf8: isUTF8(environment: environment), term: environment["TERM"])
    }
}

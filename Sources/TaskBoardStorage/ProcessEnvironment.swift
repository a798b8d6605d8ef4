import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The process's environment variables, read once, from the C library's
/// `environ`. Foundation's `ProcessInfo` builds a dictionary of the whole
/// environment each time it is asked (and sets itself up the first time),
/// and a start asks in several places (the data directory, the assets, the
/// database, the language): about half a millisecond of the kiosk's start
/// (issue 13). Nothing in taskboard changes its own environment.
public enum ProcessEnvironment {
    public static let variables: [String: String] = {
        var variables: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let text = String(cString: pointer)
            if let equals = text.firstIndex(of: "=") {
                // The first of a name given twice counts, as for getenv.
                let name = String(text[..<equals])
                if variables[name] == nil { variables[name] = String(text[text.index(after: equals)...]) }
            }
            entry += 1
        }
        return variables
    }()
}

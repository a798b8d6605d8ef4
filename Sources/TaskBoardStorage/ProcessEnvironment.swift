import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Environment variables by name: the process's own (`current`, read with
/// getenv when asked), or given ones (a test's, written as a dictionary).
///
/// Not a `[String: String]` of the whole environment: building one cost
/// the kiosk's start a scan of all the binary's protocol conformance records
/// (its Dictionary code asks at run time whether String is Hashable), and
/// Foundation's `ProcessInfo` builds it anew each time it is asked (issue 13).
/// Nothing in taskboard changes its own environment.
public struct ProcessEnvironment: ExpressibleByDictionaryLiteral, Sendable {
    private let given: [String: String]?

    /// This process's environment.
    public static let current = ProcessEnvironment(given: nil)

    private init(given: [String: String]?) {
        self.given = given
    }

    public init(dictionaryLiteral elements: (String, String)...) {
        given = Dictionary(uniqueKeysWithValues: elements)
    }

    public subscript(name: String) -> String? {
        if let given { return given[name] }
        return getenv(name).map { String(cString: $0) }
    }

    /// `NO_COLOR` set and not empty (https://no-color.org).
    public var noColor: Bool { !(self["NO_COLOR"] ?? "").isEmpty }
}

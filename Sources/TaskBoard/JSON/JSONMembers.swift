/// A JSON object's fields in the order they were written.
///
/// Kept as a list rather than a dictionary: the data files' objects have a
/// handful of fields each, read once, and hashing every key into a fresh
/// dictionary per object was most of the cost of reading the roster at
/// start-up. A name written twice keeps its first value, as with JSONDecoder.
public struct JSONMembers: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    @usableFromInline let pairs: [(key: String, value: JSONValue)]

    init(_ pairs: [(key: String, value: JSONValue)]) {
        self.pairs = pairs
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        pairs = elements.map { (key: $0.0, value: $0.1) }
    }

    /// The first value written under `key`.
    public subscript(key: String) -> JSONValue? {
        for pair in pairs where pair.key == key { return pair.value }
        return nil
    }

    /// By name, the first of two same names.
    public var dictionary: [String: JSONValue] {
        Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }

    /// Objects are equal when they name the same values, in any order.
    public static func == (lhs: JSONMembers, rhs: JSONMembers) -> Bool {
        lhs.dictionary == rhs.dictionary
    }
}

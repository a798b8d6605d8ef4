import Foundation
import TaskBoard

/// Turns a failed decode into a `StorageError` in plain words. Foundation's
/// JSONDecoder only says "not valid JSON" for any syntax error, so a small
/// syntax check tells a cut-off file from garbage and finds the bad byte.
enum DecodeFailure {
    static func storageError(_ error: any Error, data: Data, path: String, line: Int? = nil) -> StorageError {
        if let error = error as? StorageError { return error }
        if let error = error as? SchemaError {
            let problem: StorageError.Problem = switch error {
            case .newer(let found): .newerSchema(found: found, supported: StorageSchema.current)
            case .unknown(let found): .unknownSchema(found)
            }
            return StorageError(path: path, line: line, problem: problem)
        }
        if let error = error as? JSONError {
            let field = error.field
            let problem: StorageError.Problem
            switch error.problem {
            case .endsEarly: problem = .truncated
            case .unexpected(let offset):
                let (l, c) = position(of: offset, in: data)
                problem = line == nil ? .notJSON(line: l, column: c) : .notJSON(line: nil, column: c)
            case .missing: problem = .missingField(field)
            case .null: problem = .missingValue(field: field)
            case .wrongType(let expected): problem = .wrongType(field: field, expected: expected)
            case .invalid(let reason): problem = .invalidValue(field: field, reason: reason)
            }
            return StorageError(path: path, line: line, problem: problem)
        }
        guard let error = error as? DecodingError else {
            return StorageError(path: path, line: line, problem: .invalidValue(field: "", reason: "\(error)"))
        }
        let problem: StorageError.Problem
        switch error {
        case .keyNotFound(let key, let context):
            problem = .missingField(fieldName(context.codingPath + [key]))
        case .valueNotFound(_, let context):
            problem = .missingValue(field: fieldName(context.codingPath))
        case .typeMismatch(let type, let context):
            problem = .wrongType(field: fieldName(context.codingPath), expected: describe(type))
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                switch JSONSyntax.check(data) {
                case .endsEarly:
                    problem = .truncated
                case .unexpected(let offset):
                    let (l, c) = position(of: offset, in: data)
                    problem = line == nil ? .notJSON(line: l, column: c) : .notJSON(line: nil, column: c)
                case .valid:
                    problem = .invalidValue(field: "", reason: context.debugDescription)
                }
            } else {
                problem = .invalidValue(field: fieldName(context.codingPath), reason: context.debugDescription)
            }
        @unknown default:
            problem = .invalidValue(field: "", reason: "\(error)")
        }
        return StorageError(path: path, line: line, problem: problem)
    }

    /// "roster.children[2].name"
    static func fieldName(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue, key.stringValue == "Index \(index)" || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                if !text.isEmpty { text += "." }
                text += key.stringValue
            }
        }
        return text
    }

    static func describe(_ type: Any.Type) -> String {
        if type == Int.self || type == Int64.self || type == Int32.self || type == UInt.self
            || type == Double.self || type == Float.self || type == Decimal.self {
            return "a number"
        }
        if type == String.self { return "text" }
        if type == Bool.self { return "true or false" }
        if type == Data.self { return "base64 text" }
        if type == Date.self { return "a number of seconds" }
        let name = String(describing: type)
        if name.hasPrefix("Array") || name.hasPrefix("[") && !name.contains(":") { return "a list" }
        if name.hasPrefix("Dictionary") || name.contains(":") { return "an object" }
        return "a \(name)"
    }

    /// 1-based line and column (in bytes) of a byte offset.
    static func position(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var index = 0
        for byte in data.prefix(offset) {
            index += 1
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index
            }
        }
        return (line, offset - lineStart + 1)
    }
}

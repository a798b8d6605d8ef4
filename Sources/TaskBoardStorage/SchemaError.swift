import Foundation

/// Thrown from inside decoding when the schema number rules the file out.
enum SchemaError: Error {
    case newer(Int)
    case unknown(Int)

    static func check(_ schema: Int) throws(SchemaError) {
        if schema > StorageSchema.current { throw .newer(schema) }
        if schema < 1 { throw .unknown(schema) }
    }
}

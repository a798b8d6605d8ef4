import Foundation

/// A small file of the program's own beside the data (a kiosk's copy of
/// what a shared database held), replaced whole and durably, readable by its
/// owner only.
public enum PrivateFile {
    /// The file's bytes, or nil when there is none.
    public static func read(_ url: URL) throws -> Data? {
        try Posix.readFile(url.path)
    }

    /// Replaces the file so that a crash leaves the old or the new one.
    public static func replace(_ url: URL, with data: Data) throws {
        try Posix.replaceDurably(url.path, with: data, mode: 0o600)
    }
}

import Foundation

extension StorageError {
    /// A Foundation or library error from writing `path`, in the store's
    /// words: the system's cause when one lies underneath ("the disk is
    /// full."), never "The operation could not be completed.
    /// (NSCocoaErrorDomain error 512.)".
    public static func wrapping(_ error: Error, path: String, operation: String) -> StorageError {
        if let error = error as? StorageError { return error }
        // The cause may sit under Foundation's error as a POSIXError (which
        // on Linux does not turn into an NSError) or as an NSError.
        var next: Any? = error
        while let current = next {
            if let posix = current as? POSIXError { return Posix.error(path, operation, posix.code.rawValue) }
            guard let ns = current as? NSError else { break }
            if ns.domain == NSPOSIXErrorDomain { return Posix.error(path, operation, Int32(ns.code)) }
            if ns.domain == NSCocoaErrorDomain, let code = posixCode(forCocoa: ns.code) { return Posix.error(path, operation, code) }
            next = ns.userInfo[NSUnderlyingErrorKey]
        }
        let said = error.localizedDescription
        let reason = said.contains("could not be completed") || said.contains("ErrorDomain")
            ? "the system gave no cause (a failing or full disk?)" : said
        return StorageError(path: path, problem: .failed(operation: operation, reason: reason))
    }

    /// The system's cause that a Cocoa file error stands for, where it says one.
    private static func posixCode(forCocoa code: Int) -> Int32? {
        switch code {
        case CocoaError.fileWriteOutOfSpace.rawValue: ENOSPC
        case CocoaError.fileWriteNoPermission.rawValue, CocoaError.fileReadNoPermission.rawValue: EACCES
        case CocoaError.fileWriteVolumeReadOnly.rawValue: EROFS
        case CocoaError.fileNoSuchFile.rawValue, CocoaError.fileReadNoSuchFile.rawValue: ENOENT
        default: nil
        }
    }
}

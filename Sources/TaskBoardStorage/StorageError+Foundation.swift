import Foundation

extension StorageError {
    /// A Foundation or library error from writing `path`, in the store's
    /// words: the system's cause when one lies underneath ("the disk is
    /// full."), rather than "The operation could not be completed.".
    public static func wrapping(_ error: Error, path: String, operation: String) -> StorageError {
        if let error = error as? StorageError { return error }
        var next: NSError? = error as NSError
        while let current = next {
            if current.domain == NSPOSIXErrorDomain { return Posix.error(path, operation, Int32(current.code)) }
            next = current.userInfo[NSUnderlyingErrorKey] as? NSError
        }
        return StorageError(path: path, problem: .failed(operation: operation, reason: error.localizedDescription))
    }
}

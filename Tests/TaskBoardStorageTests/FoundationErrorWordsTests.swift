import Foundation
import Testing
@testable import TaskBoardStorage

/// Foundation's and libraries' errors said in the store's words: the
/// system's cause where one lies underneath, never Foundation's placeholder
/// ("The operation could not be completed. (NSCocoaErrorDomain error 512.)").
struct FoundationErrorWordsTests {
    private let path = "/media/usb/tb.zip"

    @Test func aCauseUnderFoundationsWriteErrorIsSaid() {
        let underPosix = CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: POSIXError(.EIO)])
        let underNSError = CocoaError(.fileWriteUnknown, userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EIO))])
        for error in [underPosix, underNSError] {
            let words = StorageError.wrapping(error, path: path, operation: "writing the archive").description
            #expect(words.contains(Posix.message(EIO)), "\(words)")
            #expect(words.contains(path))
        }
        let full = StorageError.wrapping(POSIXError(.ENOSPC), path: path, operation: "writing the archive")
        #expect(full.problem == .diskFull)
    }

    @Test func aCocoaCodeThatNamesItsCauseIsSaidAsThatCause() {
        #expect(StorageError.wrapping(CocoaError(.fileWriteOutOfSpace), path: path, operation: "writing").problem == .diskFull)
        #expect(StorageError.wrapping(CocoaError(.fileWriteVolumeReadOnly), path: path, operation: "writing").problem == .readOnlyDisk)
    }

    @Test func noCauseAtAllIsSaidWithoutFoundationsPlaceholder() {
        let words = StorageError.wrapping(CocoaError(.fileWriteUnknown), path: path, operation: "writing the archive").description
        #expect(!words.contains("NSCocoaErrorDomain") && !words.contains("could not be completed"), "\(words)")
        #expect(words.contains("no cause"), "\(words)")
    }
}

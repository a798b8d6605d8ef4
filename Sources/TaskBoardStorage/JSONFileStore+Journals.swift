import Foundation
import TaskBoard
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A day's journal held open for appending.
struct OpenJournal {
    let day: Day
    let descriptor: Int32
    /// The file's length after the last acknowledged append.
    var size: Int
}

private let newline = UInt8(ascii: "\n")

/// Day journals, `marks/YYYY-MM-DD.jsonl`:
///
///     {"schema":1,"day":"2026-11-22"}
///     {"c":3,"t":7,"on":true,"p":2,"all":false,"at":1795334400}
///     ...
///
/// Every line ends in "\n". A last line without one was being appended when
/// the process died and was never acknowledged: reading ignores it, and the
/// next append first truncates the file back to its last "\n" (the only
/// change ever made to existing bytes). Any complete line that does not
/// parse is an error naming the file and line; the file is left as it is.
extension JSONFileStore {
    /// Appends the events' lines in one write and one fdatasync: a crash
    /// leaves none of them acknowledged, or all.
    func append(_ events: [MarkEvent], on day: Day) throws(StorageError) {
        let path = journalPath(day)
        try requireWritable(path)
        guard !events.isEmpty else { return }
        var line = Data()
        for event in events {
            do {
                line.append(try encoder.encode(event))
            } catch {
                throw StorageError(path: path, problem: .cannotEncode("\(error)"))
            }
            line.append(newline)
        }

        if let journal = openJournal, journal.day == day {
            try appendLine(line, to: journal, path: path)
            return
        }
        closeJournal()
        // Never append to a journal with a line that does not parse.
        if !verifiedJournals.contains(day) { _ = try readJournal(day) }
        let fd = Posix.open(path, O_RDWR | O_APPEND)
        if fd < 0 {
            guard errno == ENOENT else { throw Posix.error(path, "opening the journal for appending") }
            try createJournal(day, firstLine: line, path: path)
            return
        }
        let size: Int
        do throws(StorageError) {
            size = try prepareForAppend(fd, day: day, path: path)
        } catch {
            close(fd)
            throw error
        }
        var data = Data()
        // Empty, or nothing but a torn header: the file starts again.
        if size == 0 { data.append(contentsOf: JournalHeader.line(for: day).utf8) }
        data.append(line)
        try appendLine(data, to: OpenJournal(day: day, descriptor: fd, size: size), path: path)
    }

    func closeJournal() {
        if let journal = openJournal { close(journal.descriptor) }
        openJournal = nil
    }

    /// Writes one or more complete lines at the end and fdatasyncs. On any
    /// failure the file is cut back to its previous length and the
    /// descriptor closed, so the next append checks the tail again; where
    /// it cannot be cut back, the error says the line may be on disk.
    private func appendLine(_ line: Data, to journal: OpenJournal, path: String) throws(StorageError) {
        do throws(StorageError) {
            try Posix.writeAll(journal.descriptor, line, path: path)
            try Posix.datasyncOrThrow(journal.descriptor, path: path)
        } catch {
            var error = error
            if ftruncate(journal.descriptor, off_t(journal.size)) != 0 { error.mayBeWritten = true }
            if openJournal?.descriptor == journal.descriptor { openJournal = nil }
            close(journal.descriptor)
            throw error
        }
        var updated = journal
        updated.size += line.count
        openJournal = updated
    }

    /// A new journal appears whole: header and first line in a temp file,
    /// fsynced, renamed into place, then `marks/` fsynced. The descriptor
    /// stays open for the next tick.
    private func createJournal(_ day: Day, firstLine: Data, path: String) throws(StorageError) {
        var data = Data(JournalHeader.line(for: day).utf8)
        data.append(firstLine)
        let temp = Posix.tempPath(in: marksPath, for: "\(day).jsonl")
        let fd = Posix.open(temp, O_RDWR | O_CREAT | O_EXCL | O_APPEND, 0o644)
        guard fd >= 0 else { throw Posix.error(path, "creating the journal") }
        do throws(StorageError) {
            try Posix.writeAll(fd, data, path: path)
            guard fchmod(fd, 0o644) == 0 else { throw Posix.error(path, "fchmod") }
            try Posix.fsyncOrThrow(fd, path: path)
            guard rename(temp, path) == 0 else { throw Posix.error(path, "rename") }
        } catch {
            close(fd)
            unlink(temp)
            throw error
        }
        do throws(StorageError) {
            try Posix.fsyncDirectory(marksPath)
        } catch {
            // The new name is not durable, so the tick is refused: take it away
            // (when even that fails, the journal may stay: say so).
            close(fd)
            var error = error
            if unlink(path) != 0 { error.mayBeWritten = true }
            throw error
        }
        openJournal = OpenJournal(day: day, descriptor: fd, size: data.count)
    }

    /// Checks the header of an existing journal (refusing a newer schema or
    /// another day) and truncates a torn last line. Returns the length to
    /// append at; 0 when the file holds no complete line.
    private func prepareForAppend(_ fd: Int32, day: Day, path: String) throws(StorageError) -> Int {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw Posix.error(path, "stat") }
        let size = Int(info.st_size)
        let end = try Self.lastNewline(fd, size: size, path: path).map { $0 + 1 } ?? 0
        if end > 0 {
            guard let header = try Self.firstLine(fd, path: path) else { return 0 }
            try checkHeader(header, day: day, path: path)
        }
        if end < size {
            guard ftruncate(fd, off_t(end)) == 0 else { throw Posix.error(path, "truncating a torn last line") }
            droppedTails.append((day, size - end))
            tornTails[day] = nil
        }
        return end
    }

    private static func firstLine(_ fd: Int32, path: String) throws(StorageError) -> Data? {
        var collected = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, off_t(collected.count)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Posix.error(path, "read")
            }
            if n == 0 { return nil }
            if let index = buffer.prefix(n).firstIndex(of: newline) {
                collected.append(contentsOf: buffer.prefix(index))
                return collected
            }
            collected.append(contentsOf: buffer.prefix(n))
        }
    }

    /// Offset of the last "\n", read backwards in blocks from the end.
    private static func lastNewline(_ fd: Int32, size: Int, path: String) throws(StorageError) -> Int? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var blockEnd = size
        while blockEnd > 0 {
            let start = max(0, blockEnd - buffer.count)
            let count = blockEnd - start
            let n = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, count, off_t(start)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Posix.error(path, "read")
            }
            guard n == count else { throw StorageError(path: path, problem: .system(operation: "read", code: EIO)) }
            if let index = buffer.prefix(count).lastIndex(of: newline) { return start + index }
            blockEnd = start
        }
        return nil
    }

    private func checkHeader(_ line: Data, day: Day, path: String) throws(StorageError) {
        let header: JournalHeader
        do {
            header = try JournalHeader(json: JSONValue.parse(line))
        } catch {
            throw DecodeFailure.storageError(error, data: line, path: path, line: 1)
        }
        guard header.day == day.description else {
            throw StorageError(path: path, line: 1, problem: .wrongDay(header: header.day, expected: day.description))
        }
    }

    // MARK: Reading

    /// The complete lines of the day's journal, read by `MarkLineParser`
    /// when they are in the store's own form, else decoded with one JSONDecoder
    /// call over "[" + lines joined by "," + "]"; only when that fails are
    /// the lines decoded one by one to name the bad one.
    func readJournal(_ day: Day) throws(StorageError) -> [MarkEvent] {
        let path = journalPath(day)
        guard let data = try Posix.readFile(path) else {
            verifiedJournals.insert(day)
            return []
        }
        let bytes = [UInt8](data)
        // Journals appear whole (header and first line, renamed into place), so
        // a file without one complete line was not written by this program.
        guard let headerEnd = bytes.firstIndex(of: newline), let lastEnd = bytes.lastIndex(of: newline) else {
            throw StorageError(path: path, problem: .truncated)
        }
        try checkHeader(Data(bytes[..<headerEnd]), day: day, path: path)
        let torn = bytes.count - (lastEnd + 1)
        tornTails[day] = torn > 0 ? torn : nil
        let body = bytes[(headerEnd + 1)..<(lastEnd + 1)]
        guard !body.isEmpty else {
            verifiedJournals.insert(day)
            return []
        }

        if let events = MarkLineParser.parse(body) {
            try Self.checkValues(events, path: path)
            verifiedJournals.insert(day)
            return events
        }

        var lineCount = 0
        var array = [UInt8](repeating: 0, count: body.count + 1)
        array[0] = UInt8(ascii: "[")
        var index = 1
        for byte in body {
            if byte == newline {
                array[index] = UInt8(ascii: ",")
                lineCount += 1
            } else {
                array[index] = byte
            }
            index += 1
        }
        array[array.count - 1] = UInt8(ascii: "]")

        if let events = try? decoder.decode([MarkEvent].self, from: Data(array)), events.count == lineCount {
            try Self.checkValues(events, path: path)
            verifiedJournals.insert(day)
            return events
        }
        throw locateBadLine(body, path: path)
    }

    /// Values no version of this program writes: refused with the line, so
    /// a damaged number cannot overflow a total later.
    private static func checkValues(_ events: [MarkEvent], path: String) throws(StorageError) {
        for (index, event) in events.enumerated() {
            let problem: StorageError.Problem? =
                !(0...MarkEvent.maxPoints).contains(event.points) ? .invalidValue(field: "p", reason: "points must be 0 to \(MarkEvent.maxPoints), not \(event.points)")
                : event.child.rawValue < 0 ? .invalidValue(field: "c", reason: "a child id cannot be negative")
                : event.task.rawValue < 0 ? .invalidValue(field: "t", reason: "a task id cannot be negative")
                : nil
            // Line 1 is the header.
            if let problem { throw StorageError(path: path, line: index + 2, problem: problem) }
        }
    }

    /// The first complete line that does not decode as one event.
    private func locateBadLine(_ body: ArraySlice<UInt8>, path: String) -> StorageError {
        var lineNumber = 2
        var start = body.startIndex
        while start < body.endIndex, let end = body[start...].firstIndex(of: newline) {
            let line = Data(body[start..<end])
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
                return StorageError(path: path, line: lineNumber, problem: .invalidValue(field: "", reason: "the line is empty"))
            }
            do {
                _ = try decoder.decode(MarkEvent.self, from: line)
            } catch {
                return DecodeFailure.storageError(error, data: line, path: path, line: lineNumber)
            }
            start = end + 1
            lineNumber += 1
        }
        return StorageError(path: path, problem: .invalidValue(field: "", reason: "the lines do not form a list of mark events"))
    }
}

extension JSONFileStore {
    /// Days that have a journal, oldest first.
    public func markJournalDays() throws -> [Day] {
        try Posix.listDirectory(marksPath)
            .filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix(Posix.tempPrefix) }
            .compactMap { Day($0.dropLast(".jsonl".count)) }
            .sorted()
    }

    /// Writes a day's journal with these events in one durable write: for
    /// importing history into a data directory that has no summary yet (the
    /// first start then builds it from every journal). Refused once a summary
    /// exists, since it would not know of the change, and over a journal that
    /// cannot be read, which is never replaced.
    public func replaceMarks(_ events: [MarkEvent], on day: Day) throws {
        let path = journalPath(day)
        try requireWritable(path)
        if try Posix.fileSize(self.path(of: SummaryDocument.fileName)) > 0 {
            throw StorageError(path: path, problem: .failed(
                operation: "importing marks", reason: "the data directory already has a summary of its marks."))
        }
        _ = try readJournal(day)
        if openJournal?.day == day { closeJournal() }
        var data = Data(JournalHeader.line(for: day).utf8)
        do {
            for event in events {
                data.append(try encoder.encode(event))
                data.append(newline)
            }
        } catch {
            throw StorageError(path: path, problem: .cannotEncode("\(error)"))
        }
        try Posix.replaceDurably(path, with: data, mode: 0o644)
        verifiedJournals.insert(day)
    }
}

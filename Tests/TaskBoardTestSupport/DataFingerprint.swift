import Foundation
import TaskBoard
import TaskBoardStorage

/// What a data directory holds, as text: the roster, the settings, who was away, the PIN's
/// hash and every day's marks as replayed from its journal. Caches (the
/// summary, backups, the log) are left out, so two directories with the same
/// fingerprint show the same board. Throws when any of it cannot be read.
public enum DataFingerprint {
    public static func of(_ directory: URL) throws -> String {
        let store = try JSONFileStore(directory: directory, readOnly: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var text = ""
        if let roster = try store.loadRoster() { text += "roster " + String(decoding: try encoder.encode(roster), as: UTF8.self) + "\n" }
        if let settings = try store.loadSettings() { text += "settings " + String(decoding: try encoder.encode(settings), as: UTF8.self) + "\n" }
        if let attendance = try store.loadAttendance() { text += "attendance " + String(decoding: try encoder.encode(attendance), as: UTF8.self) + "\n" }
        if let pin = try store.loadPin()?.hash { text += "pin " + String(decoding: try encoder.encode(pin), as: UTF8.self) + "\n" }
        for day in try store.markJournalDays() {
            let marks = DayMarks(replaying: try store.marks(on: day))
            let done = marks.done.sorted { $0.key < $1.key }.map { child, tasks in
                "\(child.rawValue):" + tasks.sorted { $0.key < $1.key }.map { "\($0.key.rawValue)=\($0.value)" }.joined(separator: ",")
            }
            if !done.isEmpty { text += "\(day) " + done.joined(separator: " ") + "\n" }
        }
        return text
    }
}

import Foundation

/// Local date and time in file names: sortable, no characters a shell or a
/// USB stick's file system minds.
enum TimeStamp {
    /// "2026-11-22-103000": the one spelling of every name with a time in it
    /// (backup archives, repair archives, replaced data), also the backup timer's.
    static func dashed(_ date: Date, in zone: TimeZone = .current) -> String {
        let c = parts(date, zone)
        return String(format: "%04d-%02d-%02d-%02d%02d%02d", c.year, c.month, c.day, c.hour, c.minute, c.second)
    }

    private static func parts(_ date: Date, _ zone: TimeZone) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return (c.year ?? 0, c.month ?? 0, c.day ?? 0, c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
    }

    /// `base + suffix`, or `base-2 + suffix`, … : the first name not taken.
    static func unusedPath(_ base: String, suffix: String = "") -> String {
        var candidate = base + suffix
        var number = 2
        while FileManager.default.fileExists(atPath: candidate) {
            candidate = "\(base)-\(number)\(suffix)"
            number += 1
        }
        return candidate
    }
}

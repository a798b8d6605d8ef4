import TaskBoard

/// A change of the room's day said aloud, once per kiosk: "In five minutes:
/// Go outside." when the warning time is reached, and "Now: Go outside." at
/// the change. The runtime keeps the ones said, so a redraw never repeats one.
public struct ChangeNotice: Hashable, Sendable {
    public let day: Day
    public let group: GroupID
    /// The change's time, in minutes since midnight.
    public let minute: Int
    /// Said ahead (the warning), or at the change.
    public let ahead: Bool
}

extension Narrator {
    /// The changes of `day` due to be said at `clock`, with `warning`
    /// minutes ahead (0: none ahead): none on a closed day, for a group
    /// whose children are all away, or after the day is over.
    public func changes(in day: RoomDay, at clock: TimeOfDay, warning: Int) -> [(ChangeNotice, Sentence)] {
        guard day.isOpen, !day.present.isEmpty, !day.schedule.position(at: clock).isOver else { return [] }
        var said: [(ChangeNotice, Sentence)] = []
        // Those at the same time are one change.
        for minute in Set(day.schedule.entries.map(\.time.minutes)).sorted() {
            let names = day.schedule.entries.filter { $0.time.minutes == minute }.map(\.item.task.name).joined(separator: ", ")
            let notice = { (ahead: Bool) in ChangeNotice(day: day.day, group: day.group.id, minute: minute, ahead: ahead) }
            if warning > 0, minute - clock.minutes == warning, let key = strings.text(for: "speech.soon.\(warning)") {
                said.append((notice(true), spoken(key.replacingOccurrences(of: "{task}", with: names))))
            }
            if minute == clock.minutes {
                said.append((notice(false), spoken(strings["speech.day.now", arguments: ["task": names]])))
            }
        }
        return said
    }

    private func spoken(_ text: String) -> Sentence { Sentence(text, language: strings.language) }
}

import Foundation
import TaskBoard

/// A one-field form: Enter saves, Esc cancels, and a refusal keeps what was
/// typed and shows why.
public struct Form: Equatable, Sendable {
    public enum Purpose: Equatable, Sendable {
        case newTask
        case renameTask(TaskID)
        /// When in the day the task happens: 11, 11:00 or 11.00; empty for no time.
        case taskTime(TaskID)
        case newGroup(avatar: String)
        case renameGroup(GroupID)
        case newChild(GroupID, avatar: String)
        case renameChild(ChildID)
        case timeZone
        /// Holidays: the dates typed, separated by spaces.
        case closedDays
        /// Changing the PIN: the current one, then the new one twice.
        case currentPin
        case newPin(current: String)
        case repeatPin(current: String, new: String)
        /// An activity for a group's day: its time and name, "9.30-10.30 Visitor".
        case dayActivity(GroupID, Day)
        /// A task at another time on a group's day; empty: its usual time.
        case dayTaskTime(TaskID, GroupID, Day)

        /// A form of Settings (saved as settings, not as the roster).
        var isSetting: Bool {
            switch self {
            case .timeZone, .closedDays: true
            default: false
            }
        }
    }

    public let purpose: Purpose
    public var field: TextField
    public var problem: TaskBoardError?

    public init(_ purpose: Purpose, text: String = "") {
        self.purpose = purpose
        switch purpose {
        case .currentPin, .newPin, .repeatPin: field = TextField(maxLength: PinPolicy.lengthRange.upperBound, masked: true)
        // A year's holidays, each 10 characters and a space.
        case .closedDays: field = TextField(text: text, maxLength: 400)
        default: field = TextField(text: text, maxLength: NameRules.maxWidth * 2)
        }
    }

    /// What Enter does with the typed text: the next step of a PIN change, or an effect.
    func submit(settings: Settings, today: Day, icons: [IconCatalogue.Icon] = []) -> (next: Form?, effects: [KioskEffect]) {
        let text = field.text
        func refused(_ problem: TaskBoardError) -> (next: Form?, effects: [KioskEffect]) {
            var refused = self
            refused.problem = problem
            return (refused, [])
        }
        switch purpose {
        // Checked before the new PIN is asked for; the form stays until the answer.
        case .currentPin: return (self, [.checkCurrentPin(text)])
        case .newPin(let current):
            // Too short or too easy is said at once, with what was typed kept to mend.
            do throws(TaskBoardError) {
                try PinPolicy.validate(text)
            } catch {
                var refused = self
                refused.problem = error
                return (refused, [])
            }
            return (Form(.repeatPin(current: current, new: text)), [])
        // The form stays until the outcome: a refusal starts again from the current PIN.
        case .repeatPin(let current, let new): return (self, [.changePin(current: current, new: new, confirmation: text)])
        case .timeZone:
            var changed = settings
            let zone = text.trimmingCharacters(in: .whitespaces)
            // "Helsinki" means Europe/Helsinki; what matches nothing is refused as typed.
            changed.timeZoneIdentifier = zone.isEmpty ? nil : Settings.timeZoneIdentifier(for: zone) ?? zone
            return (self, [.settings(changed)])
        case .taskTime(let id):
            let typed = text.trimmingCharacters(in: .whitespaces)
            guard !typed.isEmpty else { return (self, [.roster(.setTaskTime(id, to: nil))]) }
            do {
                let time = try TypedTaskTime.parse(typed)
                return (self, [.roster(.setTaskTime(id, to: time.start, until: time.end))])
            } catch {
                var refused = self
                refused.problem = error
                return (refused, [])
            }
        case .dayActivity(let group, let day):
            // The time first, then the name; the picture its words find.
            let typed = text.trimmingCharacters(in: .whitespaces)
            let time = typed.prefix { !$0.isWhitespace }, name = typed.dropFirst(time.count).trimmingCharacters(in: .whitespaces)
            do {
                let parsed = try TypedTaskTime.parse(String(time))
                let activity = DayChange.Activity(name: name, icon: IconFinder(icons).best(for: name)?.symbol, time: parsed.start, until: parsed.end)
                return (self, [.roster(.addDayActivity(activity, group: group, day: day))])
            } catch {
                return refused(error)
            }
        case .dayTaskTime(let task, let group, let day):
            let typed = text.trimmingCharacters(in: .whitespaces)
            guard !typed.isEmpty else { return (self, [.roster(.takeBackDayChange(group: group, day: day, task: task, activity: nil))]) }
            do {
                let time = try TypedTaskTime.parse(typed)
                return (self, [.roster(.moveOnDay(task, group: group, day: day, to: time.start, until: time.end))])
            } catch {
                return refused(error)
            }
        case .closedDays:
            var days: [Day] = []
            for word in text.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" }) {
                guard let day = Day.typed(word, near: today) else {
                    var refused = self
                    refused.problem = .invalidDate(String(word))
                    return (refused, [])
                }
                days.append(day)
            }
            var changed = settings
            changed.closedDays = Array(Set(days)).sorted()
            return (self, [.settings(changed)])
        default: return (self, command().map { [.roster($0)] } ?? [])
        }
    }

    /// The roster command the typed text asks for, if this form edits the roster.
    func command() -> RosterCommand? {
        let text = field.text
        switch purpose {
        case .newTask: return .addTask(name: text, icon: nil, points: LibraryTask.defaultPoints)
        case .renameTask(let id): return .renameTask(id, to: text)
        case .newGroup(let avatar): return .addGroup(name: text, avatar: avatar)
        case .renameGroup(let id): return .renameGroup(id, to: text)
        case .newChild(let group, let avatar): return .addChild(name: text, avatar: avatar, group: group)
        case .renameChild(let id): return .renameChild(id, to: text)
        case .taskTime, .timeZone, .closedDays, .currentPin, .newPin, .repeatPin, .dayActivity, .dayTaskTime: return nil
        }
    }
}

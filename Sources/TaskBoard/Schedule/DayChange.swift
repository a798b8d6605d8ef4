/// A group's day that is not like its other days (a trip, a visitor, a
/// party), as the wall schedule is changed for that morning: on one date, an
/// activity added at a time, or one of the boards' tasks cancelled or moved.
/// Kept with the roster, so undo, backups, `copy` and the shared database
/// carry it; it applies on its date only, and other days stay as they are.
public struct DayChange: Equatable, Sendable {
    public enum What: Equatable, Sendable {
        /// Something happening that day only: a picture and a name at a time.
        /// It is on no board: there is nothing to tick and no points.
        case activity(Activity)
        /// A task of the boards that does not happen that day: it is off that
        /// day's boards, so nobody misses it and no count waits for it.
        case cancelled(TaskID)
        /// A task of the boards at another time that day (and its own end, if any).
        case moved(TaskID, to: TimeOfDay, until: TimeOfDay?)
    }

    /// A one-day activity ("🚌 Trip to the library" at 9:00–11:30).
    public struct Activity: Equatable, Sendable {
        public let name: String
        public let icon: String?
        public let time: TimeOfDay
        public let until: TimeOfDay?

        public init(name: String, icon: String? = nil, time: TimeOfDay, until: TimeOfDay? = nil) {
            self.name = name
            self.icon = icon
            self.time = time
            self.until = until
        }
    }

    public let group: GroupID
    public let day: Day
    public let what: What

    public init(group: GroupID, day: Day, what: What) {
        self.group = group
        self.day = day
        self.what = what
    }

    /// The library task it changes; nil for an activity.
    public var task: TaskID? {
        switch what {
        case .activity: nil
        case .cancelled(let task), .moved(let task, _, _): task
        }
    }

    /// Whether it and `other` are about the same thing on the same day (one
    /// change per task or activity name: a newer one replaces it).
    func isAbout(sameAs other: DayChange) -> Bool {
        guard group == other.group, day == other.day else { return false }
        if let task { return task == other.task }
        if case .activity(let mine) = what, case .activity(let theirs) = other.what {
            return NameRules.same(mine.name, theirs.name)
        }
        return false
    }
}

// MARK: JSON (roster.json)

extension DayChange: Encodable, JSONDecodable {
    enum CodingKeys: String, CodingKey {
        case group, day, activity, cancel, move, to, until, name, icon, time
    }

    /// `{"group": 1, "day": "2026-12-03", "cancel": 5}`,
    /// `{"group": 1, "day": …, "move": 5, "to": "10:00"}` or
    /// `{"group": 1, "day": …, "activity": {"name": "Trip", "icon": "🚌", "time": "09:00"}}`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(group, forKey: .group)
        try container.encode(day, forKey: .day)
        switch what {
        case .activity(let activity):
            var nested = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .activity)
            try nested.encode(activity.name, forKey: .name)
            try nested.encodeIfPresent(activity.icon, forKey: .icon)
            try nested.encode(activity.time, forKey: .time)
            try nested.encodeIfPresent(activity.until, forKey: .until)
        case .cancelled(let task):
            try container.encode(task, forKey: .cancel)
        case .moved(let task, let time, let until):
            try container.encode(task, forKey: .move)
            try container.encode(time, forKey: .to)
            try container.encodeIfPresent(until, forKey: .until)
        }
    }

    public init(json: JSONValue) throws {
        let object = try json.object()
        let group = GroupID(try object.int("group")), day = try object.required("day", Day.init(json:))
        if let activity = try object.optional("activity", { try $0.object() }) {
            self.init(group: group, day: day, what: .activity(Activity(
                name: try activity.string("name"), icon: try activity.optional("icon") { try $0.string() },
                time: try activity.required("time", TimeOfDay.init(json:)), until: try activity.optional("until", TimeOfDay.init(json:)))))
        } else if let task = try object.optional("cancel", { try $0.int() }) {
            self.init(group: group, day: day, what: .cancelled(TaskID(task)))
        } else if let task = try object.optional("move", { try $0.int() }) {
            self.init(group: group, day: day, what: .moved(TaskID(task), to: try object.required("to", TimeOfDay.init(json:)),
                                                           until: try object.optional("until", TimeOfDay.init(json:))))
        } else {
            throw JSONError(.invalid("a day's change is an activity, a cancel or a move"))
        }
    }
}

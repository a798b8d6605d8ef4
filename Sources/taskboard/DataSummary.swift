import TaskBoard

/// A few lines about a data directory: what is in it and today's top children.
struct DataSummary {
    let daycare: Daycare
    let directory: String

    var text: String {
        let roster = daycare.roster
        var lines = [
            "taskboard data in \(directory)",
            "today: \(daycare.today) (\(daycare.calendar.timeZone.identifier))",
            "\(roster.groups.count) groups, \(roster.children.count) children, \(roster.tasks.count) tasks in the library",
        ]
        let top = daycare.leaderboard(.allGroups, .allTime).prefix(3)
        if top.isEmpty {
            lines.append("No children yet. The kiosk screens will let you add them.")
        } else {
            lines.append("Top of the all-time leaderboard:")
            for entry in top {
                lines.append("  \(entry.rank). \(entry.child.name): \(entry.points) points")
            }
        }
        return lines.joined(separator: "\n")
    }
}

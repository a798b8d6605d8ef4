import TaskBoard

/// The export as JSON with the same rows as the CSV, keys always in the
/// same order, one row per line:
///
///     {"from":"2026-11-01","to":"2026-11-21","marks":[
///     {"date":"2026-11-01","group":"Oravat","child":"Aino","task":"Brush teeth","points":1,"child_id":4,"task_id":2},
///     ...
///     ]}
extension MarkExport {
    public func marksJSON() -> String {
        var text = ""
        text.reserveCapacity(marks.count * 120)
        var days = TextCache<Day> { "{\"date\":\"\($0)\"," }
        var children = TextCache<ChildID> { [names] id in
            let name = names.child(id)
            return "\"group\":" + JSONText.string(name.group) + ",\"child\":" + JSONText.string(name.child) + ","
        }
        var tasks = TextCache<TaskID> { [names] id in "\"task\":" + JSONText.string(names.task(id).name) + "," }
        text += opening("marks")
        for (index, mark) in marks.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += days.text(mark.day)
            text += children.text(mark.child)
            text += tasks.text(mark.task)
            text += "\"points\":\(mark.points),\"child_id\":\(mark.child.rawValue),\"task_id\":\(mark.task.rawValue)}"
        }
        return text + "\n]}\n"
    }

    public func totalsJSON() -> String {
        var text = opening("totals")
        for (index, total) in totals.enumerated() {
            let name = names.child(total.child)
            text += index == 0 ? "\n" : ",\n"
            text += "{\"group\":\(JSONText.string(name.group)),\"child\":\(JSONText.string(name.child)),"
            text += "\"points\":\(total.points),\"marks\":\(total.marks),\"child_id\":\(total.child.rawValue)}"
        }
        return text + "\n]}\n"
    }

    private func opening(_ list: String) -> String {
        "{\"from\":\(JSONText.day(range?.lowerBound)),\"to\":\(JSONText.day(range?.upperBound)),\"\(list)\":["
    }
}

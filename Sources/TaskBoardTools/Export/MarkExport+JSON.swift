import TaskBoard

/// The export as JSON with the same rows as the CSV, keys always in the
/// same order, one row per line:
///
///     {"from":"2026-11-01","to":"2026-11-21","marks":[
///     {"date":"2026-11-01","group":"Oravat","child":"Aino","task":"Brush teeth","points":1,"child_id":4,"task_id":2},
///     ...
///     ]}
extension MarkExport {
    public func marksJSON() -> ExportText {
        var text = ExportText(capacity: marks.count * 130)
        var days = TextCache<Day> { "{\"date\":\"\($0)\"," }
        var children = TextCache<ChildID> { [names] id in
            let name = names.child(id)
            return "\"group\":" + JSONText.string(name.group) + ",\"child\":" + JSONText.string(name.child) + ","
        }
        var tasks = TextCache<TaskID> { [names] id in "\"task\":" + JSONText.string(names.task(id).name) + "," }
        text.append(opening("marks"))
        for (index, mark) in marks.enumerated() {
            text.append(index == 0 ? "\n" : ",\n")
            text.append(days.text(mark.day))
            text.append(children.text(mark.child))
            text.append(tasks.text(mark.task))
            text.append("\"points\":")
            text.append(mark.points)
            text.append(",\"child_id\":")
            text.append(mark.child.rawValue)
            text.append(",\"task_id\":")
            text.append(mark.task.rawValue)
            text.append("}")
        }
        text.append("\n]}\n")
        return text
    }

    public func totalsJSON() -> ExportText {
        var text = ExportText()
        text.append(opening("totals"))
        for (index, total) in totals.enumerated() {
            let name = names.child(total.child)
            text.append(index == 0 ? "\n" : ",\n")
            text.append("{\"group\":\(JSONText.string(name.group)),\"child\":\(JSONText.string(name.child)),")
            text.append("\"points\":\(total.points),\"marks\":\(total.marks),\"child_id\":\(total.child.rawValue)}")
        }
        text.append("\n]}\n")
        return text
    }

    private func opening(_ list: String) -> String {
        "{\"from\":\(JSONText.day(range?.lowerBound)),\"to\":\(JSONText.day(range?.upperBound)),\"\(list)\":["
    }
}

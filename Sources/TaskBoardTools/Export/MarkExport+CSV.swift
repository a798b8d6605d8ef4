import TaskBoard

/// The export as CSV for spreadsheets and scripts: a header row, then one
/// row per mark, RFC 4180 quoting, CRLF line ends. The ids make a row
/// unambiguous when names repeat or were deleted.
extension MarkExport {
    public static let marksHeader = ["date", "group", "child", "task", "points", "child_id", "task_id"]
    public static let totalsHeader = ["group", "child", "points", "marks", "child_id"]

    /// `byteOrderMark` starts the text with one so that Excel reads UTF-8.
    public func marksCSV(byteOrderMark: Bool) -> ExportText {
        var text = ExportText(capacity: marks.count * 60)
        if byteOrderMark { text.append(CSVWriter.byteOrderMark) }
        text.append(CSVWriter.record(Self.marksHeader))
        var days = TextCache<Day> { "\($0)," }
        var children = TextCache<ChildID> { [names] id in
            let name = names.child(id)
            return CSVWriter.field(name.group) + "," + CSVWriter.field(name.child) + ","
        }
        var tasks = TextCache<TaskID> { [names] id in CSVWriter.field(names.task(id).name) + "," }
        for mark in marks {
            text.append(days.text(mark.day))
            text.append(children.text(mark.child))
            text.append(tasks.text(mark.task))
            text.append(mark.points)
            text.append(",")
            text.append(mark.child.rawValue)
            text.append(",")
            text.append(mark.task.rawValue)
            text.append(CSVWriter.lineEnd)
        }
        return text
    }

    public func totalsCSV(byteOrderMark: Bool) -> ExportText {
        var text = ExportText()
        if byteOrderMark { text.append(CSVWriter.byteOrderMark) }
        text.append(CSVWriter.record(Self.totalsHeader))
        for total in totals {
            let name = names.child(total.child)
            text.append(CSVWriter.record([name.group, name.child, "\(total.points)", "\(total.marks)", "\(total.child.rawValue)"]))
        }
        return text
    }
}

/// What `taskboard import` prints: how the file was read where that is not
/// plain UTF-8 CSV, one line per line left out, then a summary.
///
///     line 7: skipped: "Aino" is already in Oravat
///     line 9: refused: The child name is too long (at most 30 columns).
///     Added nothing: 1 line refused. Fix it and import the file again.
public enum RosterImportReport {
    public enum Outcome: Sendable {
        /// --dry-run: nothing was saved.
        case wouldAdd
        case added
    }

    public static func lines(for plan: RosterImportPlan, _ outcome: Outcome) -> [String] {
        // A file not separated by commas says how it was read; a guessed
        // code page, that the letters beyond ASCII are worth a look.
        let encoding = plan.encoding == .windows1252 ? ["Read as Windows-1252 (not UTF-8): check the names with letters like ä and ö."] : []
        let reading = plan.delimiter == .comma ? [] : ["Fields separated by \(plan.delimiter.plural)"
            + (plan.headerLine.map { ", a header on line \($0)" } ?? "") + "."]
        let skipped = plan.skipped.map { "line \($0.line): \($0.refused ? "refused" : "skipped"): \($0.reason)" }
        return encoding + reading + skipped + [summary(plan, outcome)]
    }

    static func summary(_ plan: RosterImportPlan, _ outcome: Outcome) -> String {
        let verb = outcome == .wouldAdd ? "Would add" : "Added"
        guard plan.isAcceptable else {
            let refused = plan.refusedCount
            return "\(verb) nothing: \(count(refused, "line", "lines")) refused. Fix \(refused == 1 ? "it" : "them") and import the file again."
        }
        let left = plan.skipped.isEmpty ? "" : "; \(count(plan.skipped.count, "line", "lines")) skipped"
        guard !plan.isEmpty else { return "Nothing to add\(left)." }
        let groups = plan.groupCount > 0 ? count(plan.groupCount, "group", "groups") + " and " : ""
        return "\(verb) \(groups)\(count(plan.childCount, "child", "children"))\(left)."
    }

    static func count(_ n: Int, _ one: String, _ many: String) -> String {
        "\(n) \(n == 1 ? one : many)"
    }
}

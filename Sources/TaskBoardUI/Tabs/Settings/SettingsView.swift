import Foundation
import TaskBoard

/// The admin Settings tab: one row per setting with its current value.
struct SettingsView {
    let frame: Frame

    /// A setting's row; where it would be cut, its shorter words (a label's
    /// `.short` text, the value's narrow form).
    private func item(_ label: String, _ value: String, narrow: String? = nil) -> ListView.Item {
        let strings = frame.strings
        let short = (strings.text(for: label + ".short") ?? strings[label], narrow ?? value)
        return ListView.Item(label: strings[label], trailing: value,
                             narrow: short == (strings[label], value) ? nil : ListView.Item.Narrow(label: short.0, trailing: short.1))
    }

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let screen = frame.screen, strings = frame.strings, theme = frame.theme, settings = frame.data.settings, state = frame.state
        buffer.write(strings["tab.admin.settings"], x: 2, y: area.y, style: theme.title, maxWidth: area.width - 4)
        let items = SettingsRow.shown(setsHistory: frame.data.setsHistory).map { row -> ListView.Item in
            switch row {
            case .pin:
                return ListView.Item(label: strings["settings.pin"], trailing: strings["settings.changePin"])
            case .language:
                return ListView.Item(label: strings["settings.language"], trailing: strings["language.\(strings.language.rawValue)"])
            case .idleMinutes:
                return item("settings.idleMinutes", "◂ \(settings.idleLogoutMinutes) ▸")
            case .timeZone:
                let system = { (key: String) in strings[key, arguments: ["zone": frame.data.calendar.timeZone.identifier]] }
                return item("settings.timeZone", settings.timeZoneIdentifier ?? system("settings.timeZoneSystem"),
                            narrow: settings.timeZoneIdentifier ?? system("settings.timeZoneSystem.short"))
            case .openDays:
                let letters = (1...7).filter { !settings.closedWeekdays.contains($0) }.map { strings["weekday.letter.\($0)"] }.joined(separator: " ")
                let week = { (suffix: String) in OpeningWeek(closedWeekdays: settings.closedWeekdays).map { strings["settings.openDays.\($0)" + suffix] } ?? letters }
                return item("settings.openDays", "◂ \(week("")) ▸", narrow: "◂ \(week(".short")) ▸")
            case .closedDays:
                // The next ones to come, which are what staff check.
                let today = frame.data.today
                let coming = settings.closedDays.filter { $0 >= today }
                let shown = coming.prefix(2).map { strings.date($0) }.joined(separator: ", ") + (coming.count > 2 ? " …" : "")
                return ListView.Item(label: strings["settings.closedDays"], trailing: coming.isEmpty ? strings["settings.closedDaysNone"] : shown)
            case .closingTime:
                return ListView.Item(label: strings["settings.closingTime"], trailing: "◂ \(strings.time(settings.closingTime)) ▸")
            case .changeWarning:
                let minutes = settings.changeWarningMinutes
                let value = minutes == 0 ? strings["settings.changeWarning.off"] : strings["settings.changeWarning.minutes", arguments: ["minutes": "\(minutes)"]]
                return ListView.Item(label: strings["settings.changeWarning"], trailing: "◂ \(value) ▸")
            case .keepHistory:
                let months = settings.keepHistoryMonths
                let value = months == 0 ? strings["settings.keepHistory.forever"] : strings["settings.keepHistory.months", arguments: ["months": "\(months)"]]
                return ListView.Item(label: strings["settings.keepHistory"], trailing: "◂ \(value) ▸")
            case .leaderboardStyle:
                let style = "settings.leaderboardStyle.\(settings.leaderboardStyle.rawValue)"
                return item("settings.leaderboardStyle", "◂ \(strings[style]) ▸", narrow: "◂ \(strings.text(for: style + ".short") ?? strings[style]) ▸")
            case .groupGoal:
                return item("settings.groupGoal", "◂ \(settings.goalPerChild) ▸")
            case .readAloud:
                let stateKey = settings.readAloud ? "settings.readAloud.on" : "settings.readAloud.off"
                let state = strings[stateKey]
                // Why it cannot speak, where it cannot: staff turning it on see what to install.
                guard case .unavailable(let problem)? = frame.data.voice else {
                    return ListView.Item(label: strings["settings.readAloud"], trailing: "◂ \(state) ▸")
                }
                let reason = switch problem {
                case .engineMissing: "speech.problem.engineMissing"
                case .noAudioDevice: "speech.problem.noAudioDevice"
                }
                let says = { (suffix: String) in
                    strings["settings.readAloud.unavailable", arguments: ["state": strings[stateKey + suffix], "reason": strings[reason + suffix]]]
                }
                return item("settings.readAloud", says(""), narrow: says(".short"))
            case .voices:
                let names = frame.data.recordedNames ?? []
                let value = names.isEmpty ? strings["settings.voices.none"] : names.joined(separator: ", ")
                return item("settings.voices", value, narrow: names.isEmpty ? strings["settings.voices.none.short"] : "\(names.count)")
            }
        }
        // Scrolled to the cursor's row like every list: the rows outgrow a small screen.
        // On a shared database the kiosks take what room the rows leave under them.
        let listHeight = area.y + area.height - KioskLayout.contentTop
        let spare = listHeight - items.count
        guard let roll = frame.data.kiosks, spare >= 3 else {
            screen.renderList(items, selection: state.settings.list, empty: "", focused: state.form == nil, into: &buffer, area: area)
            return
        }
        screen.renderList(items, selection: state.settings.list, empty: "", focused: state.form == nil, into: &buffer,
                          area: Rect(x: area.x, y: area.y, width: area.width, height: area.height - spare))
        KioskRollView(frame: frame, roll: roll).render(into: &buffer, area: Rect(x: area.x, y: KioskLayout.contentTop + items.count + 1,
                                                                                 width: area.width, height: spare - 1))
    }
}

/// The kiosks on the shared database under the settings, one line each:
/// its name, and online, offline since when, stopped or not seen lately,
/// with its waiting changes (`taskboard rooms` has the rest).
struct KioskRollView {
    let frame: Frame
    let roll: KioskRoll

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let strings = frame.strings, theme = frame.theme
        buffer.write(strings["settings.kiosks"], x: 2, y: area.y, style: theme.title, maxWidth: area.width - 4)
        let rows = area.height - 1
        guard rows > 0 else { return }
        let fits = roll.kiosks.count <= rows ? roll.kiosks.count : rows - 1
        let nameWidth = min(max(area.width / 3, 8), roll.kiosks.map { DisplayWidth.of($0.name) }.max() ?? 0)
        for (line, kiosk) in roll.kiosks.prefix(fits).enumerated() {
            let y = area.y + 1 + line
            let (words, style) = state(of: kiosk)
            buffer.write(DisplayWidth.truncate(kiosk.name, to: nameWidth), x: 4, y: y, style: theme.text)
            buffer.write(words, x: 4 + nameWidth + 2, y: y, style: style, maxWidth: max(0, area.width - nameWidth - 8))
        }
        if fits < roll.kiosks.count {
            buffer.write(strings["settings.kiosks.more", arguments: ["count": "\(roll.kiosks.count - fits)"]],
                         x: 4, y: area.y + rows, style: theme.dim, maxWidth: area.width - 6)
        }
    }

    private func state(of kiosk: KioskStatus) -> (String, Style) {
        let strings = frame.strings, theme = frame.theme
        let (state, style): (String, Style) = switch kiosk.state(at: roll.now) {
        case .online: (strings["settings.kiosks.online"], theme.text)
        case .catchingUp(let since): (strings["settings.kiosks.offline", arguments: ["when": when(since)]], theme.problem)
        case .stopped(let at): (strings["settings.kiosks.stopped", arguments: ["when": when(at)]], theme.dim)
        case .missing: (strings["settings.kiosks.missing", arguments: ["when": when(kiosk.lastSeen)]], theme.problem)
        }
        guard kiosk.waiting > 0 else { return (state, style) }
        return (strings["settings.kiosks.waiting", arguments: ["state": state, "count": "\(kiosk.waiting)"]], style)
    }

    /// "9:40" today, "25/11/2026 16:05" another day (in Finnish "klo 9.40").
    private func when(_ date: Date) -> String {
        let strings = frame.strings, calendar = frame.data.calendar
        let time = strings.time(date, in: calendar.timeZone), day = calendar.day(of: date)
        return day == frame.data.today ? strings["settings.kiosks.today", arguments: ["time": time]]
            : strings["settings.kiosks.otherDay", arguments: ["date": strings.date(day), "time": time]]
    }
}

import TaskBoard

/// The admin Settings tab: one row per setting with its current value.
struct SettingsView {
    let frame: Frame

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let screen = frame.screen, strings = frame.strings, theme = frame.theme, settings = frame.data.settings, state = frame.state
        buffer.write(strings["tab.admin.settings"], x: 2, y: area.y, style: theme.title, maxWidth: area.width - 4)
        let items = SettingsRow.allCases.map { row -> ListView.Item in
            switch row {
            case .pin:
                return ListView.Item(label: strings["settings.pin"], trailing: strings["settings.changePin"])
            case .language:
                return ListView.Item(label: strings["settings.language"], trailing: strings["language.\(strings.language.rawValue)"])
            case .idleMinutes:
                return ListView.Item(label: strings["settings.idleMinutes"], trailing: "◂ \(settings.idleLogoutMinutes) ▸")
            case .timeZone:
                let zone = settings.timeZoneIdentifier
                    ?? strings["settings.timeZoneSystem", arguments: ["zone": frame.data.calendar.timeZone.identifier]]
                return ListView.Item(label: strings["settings.timeZone"], trailing: zone)
            case .openDays:
                let week = OpeningWeek(closedWeekdays: settings.closedWeekdays).map { strings["settings.openDays.\($0)"] }
                    ?? (1...7).filter { !settings.closedWeekdays.contains($0) }.map { strings["weekday.letter.\($0)"] }.joined(separator: " ")
                return ListView.Item(label: strings["settings.openDays"], trailing: "◂ \(week) ▸")
            case .closedDays:
                // The next ones to come, which are what staff check.
                let today = frame.data.today
                let coming = settings.closedDays.filter { $0 >= today }
                let shown = coming.prefix(2).map { strings.date($0) }.joined(separator: ", ") + (coming.count > 2 ? " …" : "")
                return ListView.Item(label: strings["settings.closedDays"], trailing: coming.isEmpty ? strings["settings.closedDaysNone"] : shown)
            case .leaderboardStyle:
                return ListView.Item(label: strings["settings.leaderboardStyle"],
                                     trailing: "◂ \(strings["settings.leaderboardStyle.\(settings.leaderboardStyle.rawValue)"]) ▸")
            case .groupGoal:
                return ListView.Item(label: strings["settings.groupGoal"], trailing: "◂ \(settings.goalPerChild) ▸")
            case .readAloud:
                let state = strings[settings.readAloud ? "settings.readAloud.on" : "settings.readAloud.off"]
                // Why it cannot speak, where it cannot: staff turning it on see what to install.
                guard case .unavailable(let problem)? = frame.data.voice else {
                    return ListView.Item(label: strings["settings.readAloud"], trailing: "◂ \(state) ▸")
                }
                let reason = switch problem {
                case .engineMissing: strings["speech.problem.engineMissing"]
                case .noAudioDevice: strings["speech.problem.noAudioDevice"]
                }
                return ListView.Item(label: strings["settings.readAloud"],
                                     trailing: strings["settings.readAloud.unavailable", arguments: ["state": state, "reason": reason]])
            }
        }
        // Scrolled to the cursor's row like every list: the rows outgrow a small screen.
        screen.renderList(items, selection: state.settings.list, empty: "", focused: state.form == nil, into: &buffer, area: area)
    }
}

import TaskBoard

/// A group's day in pictures: on a wide screen the whole day as cards in
/// time order (past ones dimmed, now and next marked); at 50 columns or
/// fewer just now and then, big (first–then). Words where there is no
/// program: a closed day, nobody here, nothing with a time.
struct TodayView {
    let frame: Frame

    /// At this width or less only now and then show.
    static let firstThenWidth = 50

    func render(into buffer: inout ScreenBuffer, area: Rect) {
        let screen = frame.screen, strings = frame.strings, theme = frame.theme, data = frame.data
        guard let id = frame.state.today.shown(in: data.roster),
              let day = data.roomDay(id) else {
            let x = BackButton(frame).render(into: &buffer, titleRow: area.y, maxWidth: area.width / 2)
            buffer.write(strings["tasks.chooseGroup"], x: x, y: area.y, style: theme.title, maxWidth: area.width - x - 2)
            let items = data.roster.groups.map { ListView.Item(symbol: screen.shown($0.avatar), label: $0.name) }
            screen.renderList(items, selection: frame.state.today.groups, empty: strings["tasks.noGroups"], layout: Kiosk.listLayout(frame.state), into: &buffer, area: area)
            return
        }
        // A tap anywhere on the day does what Enter does: says now and then.
        buffer.target(area, .action(.choose))
        let x = BackButton(frame).render(into: &buffer, titleRow: area.y, maxWidth: area.width / 2)
        let named = buffer.write("\(screen.shown(day.group.avatar)) \(day.group.name)", x: x, y: area.y, style: theme.title,
                                 maxWidth: area.width - x - 2)
        if day.isDifferent { renderDifferent(day, into: &buffer, area: area, after: x + named) }
        let body = Rect(x: 2, y: area.y + 2, width: area.width - 4, height: area.height - 2)
        // A day without a program is said in words, with a picture for those who cannot read them.
        let clock = data.calendar.timeOfDay(of: data.now)
        let position = day.schedule.position(at: clock)
        let said: (picture: String?, words: String)? = if !day.isOpen { ("🏠", strings["roomDay.closed"]) }
            else if day.groupSize == 0 { (nil, strings["tasks.noChildren"]) }
            else if day.present.isEmpty { ("🏠", strings["roomDay.everyoneAway"]) }
            else if day.schedule.isEmpty { ("🕘", strings["roomDay.noTimes"]) }
            else if position.isOver { ("🏠", strings["roomDay.over"]) }
            else { nil }
        if let said {
            var y = body.y
            if let picture = said.picture, theme.unicode, body.height >= 4 {
                buffer.write(picture, x: body.x, y: y, style: theme.text)
                y += 2
            }
            buffer.writeWrapped(said.words, x: body.x, y: y, width: body.width, maxLines: body.y + body.height - y, style: theme.text)
            return
        }
        let shown = Shown(position: position, coming: day.schedule.coming(at: clock, within: data.settings.changeWarningMinutes))
        if area.width <= Self.firstThenWidth {
            renderFirstThen(day.schedule, shown, day.schedule.firstThen(at: clock),
                            into: &buffer, area: Rect(x: 2, y: area.y + 1, width: body.width, height: area.height - 1))
        } else {
            renderDay(day.schedule, shown, into: &buffer, area: body)
        }
    }

    /// A day that is different says so beside the group's name (the picture
    /// first, words where they fit), and under it what does not happen today.
    private func renderDifferent(_ day: RoomDay, into buffer: inout ScreenBuffer, area: Rect, after x: Int) {
        let strings = frame.strings, theme = frame.theme, screen = frame.screen
        let room = area.x + area.width - x - 5
        let words = "\(theme.changedDayMark) \(strings["roomDay.different"])"
        buffer.write(DisplayWidth.of(words) <= room ? words : theme.changedDayMark, x: x + 3, y: area.y, style: theme.title, maxWidth: max(0, room))
        guard !day.cancelled.isEmpty else { return }
        let cancelled = day.cancelled.map { task in (screen.shown(icon: task.icon).map { $0 + " " } ?? "") + task.name }.joined(separator: ", ")
        buffer.write("\(theme.cancelledMark) " + strings["roomDay.cancelled", arguments: ["tasks": cancelled]], x: 2, y: area.y + 1, style: theme.dim,
                     maxWidth: area.width - 4)
    }

    /// Where the clock is, and the one coming soon enough to be marked.
    private struct Shown {
        let position: DaySchedule<RoomDay.Item>.Position
        let coming: Int?
    }

    private func card(_ entry: DaySchedule<RoomDay.Item>.Entry, _ moment: PictureCard.Moment, _ shown: Shown) -> PictureCard {
        PictureCard(time: frame.strings.time(entry.time), picture: frame.screen.shown(icon: entry.item.task.icon),
                    name: entry.item.task.name, moment: moment, theme: frame.theme, left: shown.position.left,
                    badge: entry.item.change == nil ? nil : frame.theme.changedDayMark)
    }

    private func moment(_ index: Int, _ shown: Shown) -> PictureCard.Moment {
        let position = shown.position
        if index == position.now { return .now }
        if index == shown.coming { return .coming }
        if index == position.next { return .next }
        return index < (position.now ?? -1) ? .past : .later
    }

    /// The whole day, row after row of cards in reading order; where they do
    /// not all fit, the rows from the one with now (▲ ▼ say there are more).
    private func renderDay(_ schedule: DaySchedule<RoomDay.Item>, _ shown: Shown, into buffer: inout ScreenBuffer, area: Rect) {
        let position = shown.position
        let gap = 2, count = schedule.entries.count
        let columns = max(1, min(count, (area.width - 2 + gap) / (Self.cardWidth.lowerBound + gap)))
        let width = min(Self.cardWidth.upperBound, (area.width - 2 - gap * (columns - 1)) / columns)
        let rows = (count + columns - 1) / columns
        // As tall as the rows of cards let them be, within reason; where
        // they do not all fit even at the smallest, they scroll.
        let height = max(Self.cardHeight.lowerBound, min(Self.cardHeight.upperBound, (area.height + 1) / rows - 1))
        let shownRows = max(1, min(rows, (area.height + 1) / (height + 1)))
        let focus = position.now ?? position.next ?? 0
        let firstRow = min(focus / columns, rows - shownRows)
        for row in firstRow..<(firstRow + shownRows) {
            for column in 0..<columns {
                let index = row * columns + column
                guard index < count else { break }
                let rect = Rect(x: area.x + 1 + column * (width + gap), y: area.y + (row - firstRow) * (height + 1), width: width,
                                height: min(height, area.y + area.height - (area.y + (row - firstRow) * (height + 1))))
                card(schedule.entries[index], moment(index, shown), shown).render(into: &buffer, rect: rect)
            }
        }
        ScrollMarks(offset: firstRow, shown: shownRows, count: rows)
            .render(into: &buffer, x: area.x - 1, top: area.y, bottom: area.y + shownRows * (height + 1) - 2, theme: frame.theme)
    }

    static let cardWidth = 14...20
    static let cardHeight = 4...7

    /// Now and then, big, side by side with an arrow between; before the
    /// first, the next and the one after it; after the last, only it.
    private func renderFirstThen(_ schedule: DaySchedule<RoomDay.Item>, _ shown: Shown,
                                 _ pair: DaySchedule<RoomDay.Item>.FirstThen?, into buffer: inout ScreenBuffer, area: Rect) {
        let strings = frame.strings, theme = frame.theme
        guard let pair else { return }
        let first = pair.first, then = pair.then
        let firstMoment = moment(first, shown)
        let firstLabel = firstMoment == .now ? "\(theme.nowMark) \(strings["roomDay.now"])" : "\(theme.nextMark) \(strings["roomDay.next"])"
        let arrow = theme.unicode ? "→" : "->"
        let height = min(Self.firstThenHeight, area.height - 2)
        guard height >= PictureCard.minimumHeight else { return }
        let top = area.y + 1
        if let then {
            let width = (area.width - 4) / 2
            let right = area.x + area.width - width
            buffer.write(firstLabel, x: area.x, y: top, style: firstMoment == .now ? theme.title : theme.text.with(bold: true), maxWidth: width)
            let thenLabel = (firstMoment == .now ? "\(theme.nextMark) " : "") + strings["roomDay.then"]
            buffer.write(thenLabel, x: right, y: top, style: theme.text, maxWidth: width)
            card(schedule.entries[first], firstMoment, shown).render(into: &buffer, rect: Rect(x: area.x, y: top + 1, width: width, height: height))
            buffer.write(arrow, x: area.x + width + (4 - DisplayWidth.of(arrow)) / 2, y: top + 1 + height / 2, style: theme.title)
            card(schedule.entries[then], moment(then, shown), shown).render(into: &buffer, rect: Rect(x: right, y: top + 1, width: width, height: height))
        } else {
            let width = min(area.width, 24)
            let x = area.x + (area.width - width) / 2
            buffer.write(firstLabel, x: x, y: top, style: firstMoment == .now ? theme.title : theme.text.with(bold: true), maxWidth: width)
            card(schedule.entries[first], firstMoment, shown).render(into: &buffer, rect: Rect(x: x, y: top + 1, width: width, height: height))
        }
    }

    static let firstThenHeight = 7
}

extension KioskSnapshot {
    /// A group's day as the snapshot knows it (today, who is away); nil for a group not in the roster.
    func roomDay(_ group: GroupID) -> RoomDay? {
        RoomDay(group: group, on: today, roster: roster, settings: settings, away: awayToday)
    }
}

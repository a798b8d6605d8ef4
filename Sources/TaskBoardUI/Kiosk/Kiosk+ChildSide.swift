import Foundation
import TaskBoard

/// Keys on the child side and on the PIN screens.
extension Kiosk {
    static func switchChildTab(_ state: inout KioskState, from tab: KioskState.ChildTab, by step: Int) {
        let tabs = KioskState.ChildTab.allCases
        let index = tabs.firstIndex(of: tab) ?? 0
        state.side = .child(tabs[(index + step + tabs.count) % tabs.count])
        // A PIN half typed is never left behind for the next person.
        state.resetPinEntry()
        state.notice = nil
    }

    static func tasksKey(_ state: inout KioskState, _ action: Action?, _ context: KioskContext) {
        let roster = context.roster
        switch (state.tasksStep, action) {
        case (.chooseGroup, .up?), (.chooseGroup, .down?):
            state.groupList.resize(to: roster.groups.count)
            state.groupList.move(by: action == .up ? -1 : 1)
        case (.chooseGroup, .choose?):
            state.groupList.resize(to: roster.groups.count)
            guard roster.groups.indices.contains(state.groupList.index) else { return }
            let group = roster.groups[state.groupList.index].id
            state.tasksStep = .chooseChild(group)
            state.childList = ListSelection(count: roster.children(in: group).count)
        case (.chooseChild(let group), .up?), (.chooseChild(let group), .down?):
            state.childList.resize(to: roster.children(in: group).count)
            state.childList.move(by: action == .up ? -1 : 1)
        case (.chooseChild(let group), .choose?):
            let children = roster.children(in: group)
            state.childList.resize(to: children.count)
            guard children.indices.contains(state.childList.index) else { return }
            state.tasksStep = .board(children[state.childList.index].id)
        case (.chooseChild, .back?):
            state.tasksStep = .chooseGroup
        case (.board(let child), .back?):
            if let group = roster.child(child)?.groupID {
                state.tasksStep = .chooseChild(group)
            } else {
                state.tasksStep = .chooseGroup
            }
        default:
            break
        }
    }

    static func leaderboardKey(_ state: inout KioskState, _ action: Action?, _ context: KioskContext) {
        let periods = Period.allCases
        let index = periods.firstIndex(of: state.leaderboardPeriod) ?? 0
        switch action {
        case .left?: state.leaderboardPeriod = periods[(index + periods.count - 1) % periods.count]
        case .right?: state.leaderboardPeriod = periods[(index + 1) % periods.count]
        case .choose?:
            // All groups, then each group in turn.
            let groups = context.roster.groups.map(\.id)
            if let current = state.leaderboardGroup, let at = groups.firstIndex(of: current) {
                state.leaderboardGroup = at + 1 < groups.count ? groups[at + 1] : nil
            } else {
                state.leaderboardGroup = groups.first
            }
            state.leaderboardScroll = 0
        case .up?: state.leaderboardScroll = max(0, state.leaderboardScroll - 1)
        case .down?: state.leaderboardScroll += 1
        default: break
        }
    }

    /// The Admin tab: first the grown-up check, then one try at the PIN.
    static func pinEntryKey(_ state: inout KioskState, _ key: Key, _ action: Action?, _ context: KioskContext) -> [KioskEffect] {
        guard state.adultCheckPassed else {
            // Right after a wrong answer keys are not taken, so a child
            // hammering the keys gets very few tries.
            guard !state.adultCheck.isWaiting(at: context.now) else { return [] }
            switch action {
            case .choose?:
                guard !state.adultCheck.field.text.isEmpty else { return [] }
                if state.adultCheck.answer(at: context.now) {
                    state.adultCheckPassed = true
                    state.notice = nil
                } else {
                    state.notice = .adultCheckWrong
                }
            case .back?:
                state.resetPinEntry()
            default:
                editDigits(&state.adultCheck.field, key)
            }
            return []
        }
        if action == .choose {
            let pin = state.pinField.text
            state.pinField = TextField(maxLength: 8, masked: true)
            return pin.isEmpty ? [] : [.login(pin)]
        }
        if action == .back {
            state.resetPinEntry()
            return []
        }
        editDigits(&state.pinField, key)
        return []
    }

    static func firstStartKey(_ state: inout KioskState, _ key: Key, _ action: Action?) -> [KioskEffect] {
        switch action {
        case .choose?:
            let pin = state.pinField.text
            state.pinField = TextField(maxLength: 8, masked: true)
            if let first = state.pinToConfirm {
                if first != pin {
                    state.pinToConfirm = nil
                    state.notice = .pinsDiffer
                    return []
                }
                return [.setFirstPin(first, confirmation: pin)]
            }
            do {
                try PinPolicy.validate(pin)
                state.pinToConfirm = pin
                state.notice = nil
            } catch {
                state.notice = .refused(error)
            }
        case .back?:
            state.pinToConfirm = nil
            state.pinField = TextField(maxLength: 8, masked: true)
        default:
            editDigits(&state.pinField, key)
        }
        return []
    }

    /// A PIN field takes digits and editing keys only.
    static func editDigits(_ field: inout TextField, _ key: Key) {
        guard let edit = TextField.edit(for: key) else { return }
        if case .insert(let c) = edit, !(c.isASCII && c.isNumber) { return }
        field.apply(edit)
    }
}

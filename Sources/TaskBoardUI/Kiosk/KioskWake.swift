import Foundation
import TaskBoard

/// When the kiosk must look again without a key: the next moment its screen
/// or its rules change by themselves. The runtime sleeps until then, or
/// until a key, a tap, a resize, a signal or news from outside wakes it, so
/// an idle kiosk wakes about once a minute instead of every second.
public enum KioskWake {
    /// Seconds from `now` (at least 0) until the next such moment, at most
    /// until the wall clock's next minute: the Today tab's marker, a board's
    /// "now" and what is left of it, a change said before it comes and the
    /// day's change all move by the minute. `uptime` is the clock that only
    /// moves forward (the idle times and the notices count on it);
    /// `lockedUntil` is when a locked PIN entry opens again.
    public static func seconds(for state: KioskState, now: Date, uptime: TimeInterval,
                               idleLogoutMinutes: Int, lockedUntil: Date?) -> TimeInterval {
        var due = secondsToNextMinute(now)
        func consider(_ seconds: TimeInterval) { due = min(due, max(0, seconds)) }
        switch state.side {
        case .firstStart:
            break
        case .admin:
            // The status line counts the last seconds down before the logout.
            let left = state.lastInput + Double(idleLogoutMinutes * 60) - uptime
            let warning = Double(KioskScreen.idleWarningSeconds)
            consider(left > warning ? left - warning + margin : countdownStep(left) ?? 0)
        case .child(let tab):
            // Once past, the fresh start has been made: nothing more is due.
            let freshStart = state.lastInput + Kiosk.childSideIdleSeconds - uptime
            if freshStart > 0 { consider(freshStart + margin) }
            if tab == .admin {
                if let step = lockedUntil.flatMap({ countdownStep($0.timeIntervalSince(now)) }) { consider(step) }
                if let wait = state.pin.check.waitUntil, wait > uptime { consider(wait - uptime + margin) }
            }
        }
        if let notice = state.notice {
            // A lockout's notice counts down while the lockout lasts (it may outlast it: then it stands still).
            if case .locked(let until) = notice, let step = countdownStep(until.timeIntervalSince(now)) { consider(step) }
            // A notice's time starts at the first look after it came (`Kiosk.update`'s tick).
            consider(state.noticeSince.map { $0 + notice.seconds - uptime + margin } ?? 0)
        }
        return due
    }

    /// A little past the next minute on the wall clock, so the look lands in it.
    static func secondsToNextMinute(_ now: Date) -> TimeInterval {
        let into = now.timeIntervalSince1970.truncatingRemainder(dividingBy: 60)
        return 60 - (into < 0 ? into + 60 : into) + margin
    }

    /// When a countdown with `left` seconds to go (written in whole
    /// seconds, rounded up) next shows another number; nil once it is over.
    static func countdownStep(_ left: TimeInterval) -> TimeInterval? {
        guard left > 0 else { return nil }
        let fraction = left.truncatingRemainder(dividingBy: 1)
        return (fraction == 0 ? 1 : fraction) + margin
    }

    /// Past the moment, never a hair before it: the wait is rounded down to
    /// whole milliseconds, and a look a hair early would find nothing due
    /// and look again at once.
    static let margin: TimeInterval = 0.005
}

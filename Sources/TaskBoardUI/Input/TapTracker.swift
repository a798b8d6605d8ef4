import Foundation

/// Makes taps of presses and releases, as a touch screen should: a tap acts
/// when the finger lifts on the target where it went down. A press that
/// slides to another target, or rests longer than `longest` (a palm, a
/// child leaning on the screen), does nothing; a second tap on the same
/// place within `again` counts once (a double tap, a bounce), but for a key
/// of the number pad (a PIN may have a digit twice). A drag
/// scrolls what is under the finger instead, a row for each `pitch` screen
/// rows the finger moves (a tile and its gap), so the list follows it.
public struct TapTracker: Equatable, Sendable {
    public static let longest: TimeInterval = 1
    public static let again: TimeInterval = 0.5

    /// What a finger that went down and has not lifted is on.
    struct Down: Equatable, Sendable {
        var target: TouchTarget?
        var at: TimeInterval
        /// The row the finger was last on, for a drag.
        var y: Int
        /// Has scrolled: a drag, not a tap.
        var dragged = false
    }

    /// The last tap that counted: where, and when.
    struct LastTap: Equatable, Sendable {
        var rect: Rect
        var at: TimeInterval
    }

    /// What a pointer event comes to.
    public enum Gesture: Equatable, Sendable {
        case tap(Tap)
        /// A drag: the list under the finger follows it, by this many rows
        /// (positive: the finger went up, so later rows come into view).
        case scroll(under: Tap?, rows: Int)
    }

    var down: Down?
    var lastTap: LastTap?

    public init() {}

    /// `target` is what the frame on screen has where the event is; `pitch`
    /// the screen rows of a row of what scrolls there.
    public mutating func handle(_ pointer: Pointer, target: TouchTarget?, at time: TimeInterval, pitch: Int = 1) -> Gesture? {
        switch pointer.kind {
        case .press:
            down = Down(target: target, at: time, y: pointer.y)
            return nil
        case .drag:
            // Rounded toward zero: a finger that wobbles inside a tile still taps.
            guard var finger = down, case let rows = (finger.y - pointer.y) / max(1, pitch), rows != 0 else { return nil }
            finger.y -= rows * max(1, pitch)
            finger.dragged = true
            down = finger
            return .scroll(under: finger.target?.tap, rows: rows)
        case .release:
            guard let finger = down else { return nil }
            down = nil
            guard !finger.dragged, time - finger.at <= Self.longest,
                  let pressed = finger.target, let target, pressed == target else { return nil }
            // On the same place: what is there now may be what the first tap opened.
            // A key of the number pad is typed again, as a PIN's 4 4 is.
            let typed = if case .key = target.tap { true } else { false }
            if !typed, let last = lastTap, time - last.at < Self.again, last.rect.contains(x: pointer.x, y: pointer.y) { return nil }
            lastTap = LastTap(rect: target.rect, at: time)
            return .tap(target.tap)
        case .wheelUp, .wheelDown:
            return .scroll(under: target?.tap, rows: pointer.kind == .wheelDown ? 1 : -1)
        }
    }
}

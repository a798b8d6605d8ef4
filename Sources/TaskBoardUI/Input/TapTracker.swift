import Foundation

/// Makes taps of presses and releases, as a touch screen should: a tap acts
/// when the finger lifts on the target where it went down. A press that
/// slides to another target, or rests longer than `longest` (a palm, a
/// child leaning on the screen), does nothing; a second tap on the same
/// place within `again` counts once (a double tap, a bounce). A drag on a
/// list scrolls it instead.
public struct TapTracker: Equatable, Sendable {
    public static let longest: TimeInterval = 1
    public static let again: TimeInterval = 0.5

    /// What a finger that went down and has not lifted is on.
    struct Down: Equatable, Sendable {
        var target: TouchTarget?
        var at: TimeInterval
        /// The row the finger was last on, for a drag.
        var y: Int
        /// Moved off its row: scrolling, not tapping.
        var dragged = false
    }

    /// What a pointer event comes to.
    public enum Gesture: Equatable, Sendable {
        case tap(Tap)
        /// A drag: the list under the finger follows it, by this many rows
        /// (positive: the finger went up, so later rows come into view).
        case scroll(under: Tap?, rows: Int)
    }

    var down: Down?
    /// The last tap that counted: where, and when.
    var lastTap: (rect: Rect, at: TimeInterval)?

    public init() {}

    public static func == (lhs: TapTracker, rhs: TapTracker) -> Bool {
        lhs.down == rhs.down && lhs.lastTap?.rect == rhs.lastTap?.rect && lhs.lastTap?.at == rhs.lastTap?.at
    }

    /// `target` is what the frame on screen has where the event is.
    public mutating func handle(_ pointer: Pointer, target: TouchTarget?, at time: TimeInterval) -> Gesture? {
        switch pointer.kind {
        case .press:
            down = Down(target: target, at: time, y: pointer.y)
            return nil
        case .drag:
            guard var finger = down, pointer.y != finger.y else { return nil }
            let rows = finger.y - pointer.y
            finger.y = pointer.y
            finger.dragged = true
            down = finger
            return .scroll(under: finger.target?.tap, rows: rows)
        case .release:
            guard let finger = down else { return nil }
            down = nil
            guard !finger.dragged, time - finger.at <= Self.longest,
                  let pressed = finger.target, let target, pressed == target else { return nil }
            // On the same place: what is there now may be what the first tap opened.
            if let last = lastTap, time - last.at < Self.again,
               TouchTarget(last.rect, .nothing).contains(x: pointer.x, y: pointer.y) { return nil }
            lastTap = (target.rect, time)
            return .tap(target.tap)
        case .wheelUp, .wheelDown:
            return .scroll(under: target?.tap, rows: pointer.kind == .wheelDown ? 1 : -1)
        }
    }
}

import Foundation

/// A key as the screens see it, whatever terminal it came from.
public enum Key: Hashable, Sendable {
    case character(Character)
    /// Ctrl plus a letter, e.g. `.control("c")`; in raw mode these arrive as keys, not signals.
    case control(Character)
    case enter, escape, tab, backTab, backspace, delete
    case up, down, left, right, home, end, pageUp, pageDown
    case function(Int)

    /// A letter typed as text (in either case, with or without an accent).
    public var isLetter: Bool {
        if case .character(let c) = self { c.isLetter } else { false }
    }
}

/// Everything that can wake the program up.
public enum InputEvent: Equatable, Sendable {
    case key(Key)
    /// A press and its release at one cell at once: a terminal that reports
    /// clicks whole, and the tests' shorthand for a quick tap.
    case click(x: Int, y: Int)
    /// A finger or a mouse button going down, moving, lifting; a wheel.
    case pointer(Pointer)
    case resize(Size)
    /// The timer: the day may have rolled over, the idle logout may be due.
    case tick(Date)

    /// A click or another pointer event: it acts on the targets on screen.
    public var isPointer: Bool {
        switch self {
        case .click, .pointer: true
        case .key, .resize, .tick: false
        }
    }
}

/// What a finger or a mouse did at a cell. A tap is made of a press and a
/// release (`TapTracker`); a terminal that reports motion sends drags.
public struct Pointer: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case press, release
        /// Moved with the button down.
        case drag
        /// The wheel, one notch; a touchpad's two-finger swipe.
        case wheelUp, wheelDown
    }

    public var kind: Kind
    public var x: Int
    public var y: Int

    public init(_ kind: Kind, x: Int, y: Int) {
        self.kind = kind
        self.x = x
        self.y = y
    }
}

/// What the terminal backend does; the screens never see more than this.
public protocol Terminal: AnyObject {
    var size: Size { get }
    /// Shows the buffer; only the cells that changed are sent to the terminal.
    func draw(_ buffer: ScreenBuffer)
    /// Waits at most `timeout` seconds for input; nil when none came.
    func nextEvent(timeout: TimeInterval) -> InputEvent?
    /// The terminal is gone (its tty hung up): no key will ever come, and
    /// reading returns at once, so the loop must end rather than spin.
    var isGone: Bool { get }
    /// The kiosk was asked to stop ("SIGTERM": its unit is stopped, the
    /// machine shuts down): it ends as a quit does. `isGone` is then true too.
    var stopRequest: String? { get }
}

extension Terminal {
    public var isGone: Bool { false }
    public var stopRequest: String? { nil }
}

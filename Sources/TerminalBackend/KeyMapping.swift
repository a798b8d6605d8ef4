import CNcursesw
import TaskBoardUI

/// What one `wget_wch` result means, without a terminal: the pure half of
/// `NcursesTerminal.nextEvent(timeout:)`, so the mapping can be tested.
public enum KeyMapping {
    /// A `wget_wch` result the screens care about. A resize and a mouse
    /// event need one more ncurses call (the new size, `getmouse`), which the
    /// terminal makes.
    public enum Outcome: Equatable, Sendable {
        case key(Key)
        case resize
        case mouse
        /// A key the screens have no use for (Shift-arrows, C1 controls, ...).
        case ignored
    }

    /// The highest function key reported as `.function(n)`.
    public static let maximumFunctionKey = 63

    /// `status` is what `wget_wch` returned (`OK`, `KEY_CODE_YES` or `ERR`),
    /// `code` what it stored. Nil for `ERR`: nothing came before the timeout.
    public static func outcome(status: Int32, code: UInt32) -> Outcome? {
        switch status {
        case OK: return character(code)
        case KEY_CODE_YES: return keyCode(Int32(truncatingIfNeeded: code))
        default: return nil
        }
    }

    /// What `wgetch` returned, for a locale whose character set is ASCII
    /// (LANG=C): there `wget_wch` cannot decode bytes above 0x7F and, waiting
    /// for the rest of a character that never comes, swallows the keys typed
    /// after them. `wgetch` gives bytes (dropped here) and keys one by one.
    public static func outcome(byteOrKey value: Int32) -> Outcome? {
        switch value {
        case ERR: return nil
        case 0..<0x80: return character(UInt32(value))
        case 0x80...0xFF: return .ignored
        default: return keyCode(value)
        }
    }

    /// A code point typed as text, or a control character. In raw mode
    /// Ctrl-C, Ctrl-Z and Ctrl-\ arrive here as 3, 26 and 28.
    static func character(_ code: UInt32) -> Outcome {
        switch code {
        case 8, 127: return .key(.backspace)
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        case 0: return .key(.control("@"))
        case 1...26:
            guard let letter = Unicode.Scalar(UInt32(("a" as Unicode.Scalar).value) + code - 1) else { return .ignored }
            return .key(.control(Character(letter)))
        case 28: return .key(.control("\\"))
        case 29: return .key(.control("]"))
        case 30: return .key(.control("^"))
        case 31: return .key(.control("_"))
        case 0x80...0x9F: return .ignored  // C1 controls
        default:
            guard let scalar = Unicode.Scalar(code) else { return .ignored }  // surrogates, beyond U+10FFFF
            return .key(.character(Character(scalar)))
        }
    }

    /// A key ncurses decoded from an escape sequence (`KEY_CODE_YES`).
    static func keyCode(_ code: Int32) -> Outcome {
        switch code {
        case KEY_ENTER: return .key(.enter)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_DC: return .key(.delete)
        case KEY_BTAB: return .key(.backTab)
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_HOME, KEY_A1: return .key(.home)
        case KEY_END, KEY_C1: return .key(.end)
        case KEY_PPAGE, KEY_A3: return .key(.pageUp)
        case KEY_NPAGE, KEY_C3: return .key(.pageDown)
        case KEY_RESIZE: return .resize
        case KEY_MOUSE: return .mouse
        default:
            let n = Int(code) - Int(cnc_key_f(0))
            if (1...maximumFunctionKey).contains(n) { return .key(.function(n)) }
            return .ignored
        }
    }
}

/// Turns ncurses' mouse events into pointer events: button 1 pressed and
/// released (click detection is off, so a touch screen's finger lifting is
/// seen), the wheel, and motion with the button down (a drag, where the
/// terminal reports it). A click reported whole counts as a press and a
/// release at once.
public struct PointerMapping: Sendable {
    public struct Masks: Sendable {
        public var pressed: UInt32
        public var released: UInt32
        public var clicked: UInt32
        public var doubleClicked: UInt32
        public var tripleClicked: UInt32
        public var wheelUp: UInt32
        public var wheelDown: UInt32
        public var moved: UInt32

        public init(pressed: UInt32, released: UInt32, clicked: UInt32, doubleClicked: UInt32, tripleClicked: UInt32,
                    wheelUp: UInt32, wheelDown: UInt32, moved: UInt32) {
            self.pressed = pressed
            self.released = released
            self.clicked = clicked
            self.doubleClicked = doubleClicked
            self.tripleClicked = tripleClicked
            self.wheelUp = wheelUp
            self.wheelDown = wheelDown
            self.moved = moved
        }

        /// ncurses' own masks (mouse version 2: the wheel is buttons 4 and 5).
        public static var ncurses: Masks {
            Masks(
                pressed: UInt32(truncatingIfNeeded: cnc_button1_pressed()),
                released: UInt32(truncatingIfNeeded: cnc_button1_released()),
                clicked: UInt32(truncatingIfNeeded: cnc_button1_clicked()),
                doubleClicked: UInt32(truncatingIfNeeded: cnc_button1_double_clicked()),
                tripleClicked: UInt32(truncatingIfNeeded: cnc_button1_triple_clicked()),
                wheelUp: UInt32(truncatingIfNeeded: cnc_button4_pressed()),
                wheelDown: UInt32(truncatingIfNeeded: cnc_button5_pressed()),
                moved: UInt32(truncatingIfNeeded: cnc_report_mouse_position())
            )
        }

        /// Everything the terminal asks ncurses to report.
        public var all: UInt32 { pressed | released | clicked | doubleClicked | tripleClicked | wheelUp | wheelDown | moved }
    }

    public let masks: Masks
    /// Whether button 1 is down: motion then is a drag, else only a hover.
    private var buttonDown = false

    public init(masks: Masks = .ncurses) {
        self.masks = masks
    }

    /// The event that a mouse event with button state `state` at (x, y) is, if any.
    public mutating func event(state: UInt32, x: Int, y: Int) -> InputEvent? {
        if state & (masks.clicked | masks.doubleClicked | masks.tripleClicked) != 0 {
            buttonDown = false
            return .click(x: x, y: y)
        }
        if state & masks.pressed != 0 {
            buttonDown = true
            return .pointer(Pointer(.press, x: x, y: y))
        }
        if state & masks.released != 0 {
            buttonDown = false
            return .pointer(Pointer(.release, x: x, y: y))
        }
        if state & masks.wheelUp != 0 { return .pointer(Pointer(.wheelUp, x: x, y: y)) }
        if state & masks.wheelDown != 0 { return .pointer(Pointer(.wheelDown, x: x, y: y)) }
        if state & masks.moved != 0, buttonDown { return .pointer(Pointer(.drag, x: x, y: y)) }
        return nil
    }
}

import CNcursesw
import Foundation
import TaskBoardUI

/// Why the terminal could not be started.
public enum NcursesTerminalError: Error, Equatable, Sendable, CustomStringConvertible {
    /// ncurses does not know the terminal (`$TERM` unset or without a terminfo entry).
    case cannotStart(term: String?)

    public var description: String {
        switch self {
        case .cannotStart(let term?):
            "cannot start the screen: the terminal type \"\(term)\" (TERM) is not known here; try TERM=xterm-256color, or install its terminfo entry"
        case .cannotStart(nil):
            "cannot start the screen: TERM is not set; run taskboard in a terminal"
        }
    }
}

/// The full-screen terminal, on ncurses (libncursesw). The only code in the
/// project that talks to ncurses.
///
/// - The terminal is in raw mode: Ctrl-C, Ctrl-Z and Ctrl-\ arrive as keys
///   (`.control("c")`, ...), never as signals (a kiosk).
/// - The caller **must** call `shutdown()` on every exit path (a normal
///   quit, an error thrown to the top, before `exit`), or the user's terminal
///   stays raw, without echo and with mouse reporting on. `deinit` calls it
///   too, but `exit()` and crashes do not run `deinit`.
/// - ncurses is not thread-safe: create the terminal and make every call on
///   it (and its deinit) on one thread.
/// - Nothing may print to stdout/stderr while the terminal is up: it owns
///   the screen. Log to a file.
/// - ncurses installs its own SIGWINCH handler (resizes arrive as
///   `.resize`, woken at once by `ResizeSignal`); install none of your own.
public final class NcursesTerminal: Terminal {
    /// Colours are in use: the terminal has them and `NO_COLOR` is unset or empty.
    public let supportsColor: Bool
    /// Whether backgrounds can be bright too (16 colours or more): with 8,
    /// a bright colour is the plain one made bold, which a blank cannot show.
    public var hasBrightBackgrounds: Bool { supportsColor && colorPairs.colorCount >= 16 }
    /// The locale's character set is UTF-8 (`nl_langinfo(CODESET)`) and the
    /// terminal has the glyphs; when not, the screens should draw ASCII
    /// instead of emoji and symbols (anything else is shown as "?", or as
    /// one replacement glyph for ✔ and ○ alike). Names are written as they
    /// are either way.
    public let supportsUnicode: Bool
    /// The terminal has a Shift-Tab key to offer. Not on the Linux console,
    /// where whether Shift-Tab sends anything of its own depends on the
    /// loaded keymap (the kernel's sends a plain Tab).
    public let sendsBackTab: Bool
    /// The locale is plain ASCII: read bytes with `wgetch` rather than `wget_wch`.
    private let readsBytes: Bool
    /// Readable when another thread has news for the screen (see `init`).
    private let wake: Int32?
    /// Readable once SIGTERM or SIGHUP came (`StopSignals`).
    private let stop: Int32?
    /// Readable after a SIGWINCH, whichever thread took it (`ResizeSignal`).
    private let resize: Int32?

    private var screen: OpaquePointer?
    private var window: UnsafeMutablePointer<WINDOW>?
    private var colorPairs: ColorPairs
    private var clicks = PointerMapping()
    /// The buffer last drawn: the next draw sends only the cells that differ.
    private var lastDrawn: ScreenBuffer?
    /// After a resize the terminal's contents are unknown: repaint everything once.
    private var repaintAll = true
    /// The last glyph and style drawn, made again only when they change:
    /// a bar or a row of spaces repeats them cell after cell.
    private var lastGlyph: (text: String, columns: Int, glyph: Glyph)?
    private var lastLook: (style: Style, attributes: attr_t, pair: Int16)?
    private let attributes = (
        normal: cnc_a_normal(), bold: cnc_a_bold(), reverse: cnc_a_reverse(), underline: cnc_a_underline()
    )

    /// Takes over the terminal on stdin/stdout. ncurses itself reads `TERM`,
    /// `LANG`/`LC_*` and friends; `term` is `TERM` again, for what ncurses
    /// does not tell, and `noColor` is a set `NO_COLOR` (no-color.org).
    /// `wake`, when given, is a descriptor that ends a wait for input early
    /// when it becomes readable (another thread has news for the screen):
    /// `nextEvent` then returns nil at once and reads it empty.
    public init(term: String?, noColor: Bool, wake: Int32? = nil) throws {
        self.wake = wake
        _ = cnc_setlocale_from_environment()
        let codeset = cnc_codeset().map { String(cString: $0) }
        supportsUnicode = NcursesTerminal.drawsSymbols(codeset: codeset, term: term)
        readsBytes = NcursesTerminal.isASCII(codeset: codeset)

        guard let screen = cnc_newterm(), let window = cnc_stdscr() else {
            throw NcursesTerminalError.cannotStart(term: term)
        }
        self.screen = screen
        self.window = window
        // After newterm, which puts its own SIGTERM handler in (ours replaces it: the kiosk stops in order).
        stop = StopSignals.install()
        resize = ResizeSignal.install()

        raw()
        noecho()
        nonl()
        keypad(window, true)
        sendsBackTab = has_key(KEY_BTAB) != 0 && !(term ?? "").hasPrefix("linux")
        leaveok(window, true)
        _ = set_escdelay(25)
        NcursesTerminal.defineCommonKeys()
        _ = curs_set(0)
        // A touch screen sends presses and releases. Click detection off:
        // each comes at once, and a tap is made of them (`TapTracker`).
        _ = mouseinterval(0)
        _ = mousemask(mmask_t(clicks.masks.all), nil)

        if !noColor, has_colors(), start_color() == OK {
            let defaultColors = use_default_colors() == OK
            supportsColor = true
            colorPairs = ColorPairs(colorCount: Int(cnc_colors()), pairCount: Int(cnc_color_pairs()), defaultColors: defaultColors)
        } else {
            supportsColor = false
            colorPairs = ColorPairs(colorCount: 0, pairCount: 0, defaultColors: false)
        }
        Self.writeFramesWhole()
        sendKeypadModeNow(window)
    }

    /// ncurses sends its output after every cursor move until its screen
    /// has once been left and come back to (ncurses 6.4, `_nc_mvcur`: the
    /// screen stays "initial" after `newterm`): a leaderboard's frame at
    /// 120×40 went out in 136 writes, and the terminal had to take each
    /// (issue 13). Left and come back to here, before anything is on it, it
    /// sends a frame in one write, or a few when large.
    private static func writeFramesWhole() {
        endwin()
        refresh()
    }

    /// ncurses puts the keypad in its transmit mode at the first read, not
    /// when asked: read once now without waiting (a key already typed is put
    /// back), so that this goes out before the first frame rather than
    /// after whatever the program does between its first frame and its
    /// first read (issue 13: the marks are read there).
    private func sendKeypadModeNow(_ window: UnsafeMutablePointer<WINDOW>) {
        wtimeout(window, 0)
        if readsBytes {
            let typed = wgetch(window)
            if typed != ERR { ungetch(typed) }
            return
        }
        var typed: wint_t = 0
        switch wget_wch(window, &typed) {
        case KEY_CODE_YES: ungetch(Int32(typed))
        case OK: unget_wch(wchar_t(typed))
        default: break
        }
    }

    deinit {
        shutdown()
    }

    /// Gives the terminal back: `endwin` (cooked mode, echo, cursor and
    /// mouse reporting restored) and frees the screen. Safe to call more than
    /// once; afterwards `draw` does nothing and `nextEvent` returns nil.
    public func shutdown() {
        guard let screen else { return }
        endwin()
        delscreen(screen)
        self.screen = nil
        window = nil
        lastDrawn = nil
    }

    public var size: Size {
        guard let window else { return Size(width: 0, height: 0) }
        var rows: Int32 = 0
        var columns: Int32 = 0
        cnc_getmaxyx(window, &rows, &columns)
        return Size(width: max(0, Int(columns)), height: max(0, Int(rows)))
    }

    /// Sends the cells that differ from the last buffer drawn (all of them
    /// after a resize, on the first draw, or when the buffer's size
    /// changed). A buffer larger than the screen is clipped.
    public func draw(_ buffer: ScreenBuffer) {
        guard let window else { return }
        let screenSize = size
        // Empty when every cell is to be drawn.
        let previous = lastDrawn.flatMap { $0.size == buffer.size && !repaintAll ? $0.cells : nil } ?? []
        if previous.isEmpty {
            werase(window)
            if repaintAll { clearok(window, true) }
        }
        let width = buffer.size.width
        let columns = min(width, screenSize.width)
        let rows = min(buffer.size.height, screenSize.height)
        // Read in place: copying each of 4,800 cells out of the arrays
        // (retaining its text) was a tenth of a leaderboard key's time.
        buffer.cells.withUnsafeBufferPointer { cells in
            previous.withUnsafeBufferPointer { before in
                for y in 0..<rows {
                    let row = y * width
                    if !before.isEmpty && Self.sameRepresentation(cells, before, from: row, count: width) { continue }
                    var x = 0
                    while x < columns {
                        let i = row + x
                        if !before.isEmpty {
                            // A wide character is redrawn when its right half changed too.
                            let changed = !Self.same(cells[i], before[i])
                            let neighbourChanged = x + 1 < width && !Self.same(cells[i + 1], before[i + 1])
                                && (cells[i + 1].isContinuation || before[i + 1].isContinuation)
                            if !changed && !neighbourChanged {
                                x += 1
                                continue
                            }
                        }
                        x += drawCells(cells, index: i, x: x, y: y, bufferWidth: width, screenWidth: screenSize.width, window: window)
                    }
                }
            }
        }
        wnoutrefresh(window)
        doupdate()
        lastDrawn = buffer
        repaintAll = false
    }

    /// Waits at most `timeout` seconds (0: only what is already there) for
    /// a key, a click or a resize. Nil when nothing came in time, or when
    /// the wake descriptor was signalled first.
    public func nextEvent(timeout: TimeInterval) -> InputEvent? {
        guard let window else { return nil }
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(NcursesTerminal.milliseconds(timeout))
        let blocking = timeout.isInfinite && timeout > 0
        while true {
            let remaining = clock.now.duration(to: deadline)
            let wait: Int32
            if blocking {
                wait = -1
            } else {
                let (seconds, attoseconds) = remaining.components
                wait = Int32(clamping: max(0, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
            }
            guard let outcome = read(window, waiting: wait) else { return nil }
            switch outcome {
            case .key(let key):
                return .key(key)
            case .resize:
                repaintAll = true
                return .resize(size)
            case .mouse:
                var event = MEVENT()
                if getmouse(&event) == OK,
                   let pointer = clicks.event(state: UInt32(truncatingIfNeeded: event.bstate), x: Int(event.x), y: Int(event.y)) {
                    return pointer
                }
            case .ignored:
                break
            }
            if !blocking && clock.now >= deadline { return nil }
        }
    }

    /// stdin reports a hang-up or an error: the tty is gone (a closed
    /// terminal window, a killed tmux pane, a console taken away).
    public var isGone: Bool {
        if stopRequest != nil { return true }
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 0) >= 0 else { return false }
        return descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
    }

    /// SIGTERM or SIGHUP came: the kiosk is to stop ("SIGTERM").
    public var stopRequest: String? { StopSignals.request }

    /// What comes within `wait` milliseconds (-1: no limit); nil when
    /// nothing did, or the wake descriptor or a stop came first.
    private func read(_ window: UnsafeMutablePointer<WINDOW>, waiting wait: Int32) -> KeyMapping.Outcome? {
        if wake != nil || stop != nil || resize != nil, wait != 0 {
            // What ncurses holds already (the rest of a sequence) first, then a key, the wake or a stop.
            wtimeout(window, 0)
            if let held = read(window) { return held }
            switch InputWait.wait(input: STDIN_FILENO, wake: wake, stop: stop, resize: resize, milliseconds: wait) {
            case .input:
                break
            case .resized:
                // At once: ncurses would wait out `wait` before it looked at the resize.
                return read(window)
            case .woken, .stopRequested, .timedOut:
                return nil
            }
        }
        wtimeout(window, wait)
        return read(window)
    }

    private func read(_ window: UnsafeMutablePointer<WINDOW>) -> KeyMapping.Outcome? {
        if readsBytes { return KeyMapping.outcome(byteOrKey: wgetch(window)) }
        var code: wint_t = 0
        let status = wget_wch(window, &code)
        return KeyMapping.outcome(status: status, code: UInt32(truncatingIfNeeded: code))
    }

    // MARK: - Drawing

    /// The same bytes in the same style. Faster than `==` on the text, which
    /// compares non-ASCII text by Unicode's canonical equivalence: a cell
    /// written in another form of the same text is only drawn again.
    private static func same(_ a: Cell, _ b: Cell) -> Bool {
        guard a.style == b.style else { return false }
        return sameBytes(a.text, b.text)
    }

    /// Whether a run of cells is stored with the same bytes in both frames.
    /// Then they are the same: the same bytes hold the same small string
    /// (a cell's character) or point at the same storage, with the same
    /// style. Different bytes may still be the same cells (equal text in
    /// other storage), which the cell-by-cell comparison then finds. A move
    /// changes two rows of forty; the other rows cost one memcmp each. (A
    /// cell has no padding bytes, which would differ: see `Style`.)
    private static func sameRepresentation(_ a: UnsafeBufferPointer<Cell>, _ b: UnsafeBufferPointer<Cell>, from start: Int, count: Int) -> Bool {
        guard let x = a.baseAddress, let y = b.baseAddress else { return false }
        return memcmp(x + start, y + start, count * MemoryLayout<Cell>.stride) == 0
    }

    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        // In place, without copying either string (small ones are read off the stack).
        let inPlace = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in
                x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
            }
        }
        if let inPlace, let same = inPlace { return same }
        return a.utf8.elementsEqual(b.utf8)
    }

    private func glyph(_ text: String, columns: Int) -> Glyph {
        if let last = lastGlyph, last.columns == columns, Self.sameBytes(last.text, text) { return last.glyph }
        let glyph = Glyph.make(text, columns: columns) { Int(cnc_wcwidth(wchar_t(truncatingIfNeeded: $0.value))) }
        lastGlyph = (text, columns, glyph)
        return glyph
    }

    /// ncurses' attributes and colour pair for a style.
    private func look(_ style: Style) -> (attributes: attr_t, pair: Int16) {
        if let last = lastLook, last.style == style { return (last.attributes, last.pair) }
        var attrs = attributes.normal
        if style.bold { attrs |= attributes.bold }
        if style.reverse { attrs |= attributes.reverse }
        if style.underline { attrs |= attributes.underline }
        var pair: Int16 = 0
        if supportsColor {
            let allocation = colorPairs.pair(foreground: style.foreground, background: style.background)
            if allocation.isNew {
                _ = init_pair(allocation.pair, allocation.colors.foreground, allocation.colors.background)
            }
            pair = allocation.pair
            if allocation.bold { attrs |= attributes.bold }
        }
        lastLook = (style, attrs, pair)
        return (attrs, pair)
    }

    /// Draws the cell at `i` and any run of the same narrow cell after it
    /// (a bar, a stretch of blanks) in one call; returns the cells done.
    private func drawCells(_ cells: UnsafeBufferPointer<Cell>, index i: Int, x: Int, y: Int, bufferWidth: Int, screenWidth: Int,
                           window: UnsafeMutablePointer<WINDOW>) -> Int {
        let cell = cells[i]
        if cell.isContinuation {
            // The right half of the wide character before it, drawn with it;
            // one without a left half is a blank.
            if x > 0 && !cells[i - 1].isContinuation { return 1 }
            put(Glyph.space, style: cell.style, x: x, y: y, window: window)
            return 1
        }
        let wide = x + 1 < bufferWidth && cells[i + 1].isContinuation
        if wide {
            put(x + 1 >= screenWidth ? Glyph.space : glyph(cell.text, columns: 2), style: cell.style, x: x, y: y, window: window)
            return 1
        }
        let glyph = self.glyph(cell.text, columns: 1)
        // ncurses adds a run of one narrow cell as a line (whline_set) far
        // quicker than cell by cell: a leaderboard's bars are 3,000 cells.
        var run = 1
        if glyph.padding == 0 {
            let rowEnd = i - x + min(bufferWidth, screenWidth)
            while i + run < rowEnd, Self.same(cells[i + run], cell),
                  i + run + 1 >= i - x + bufferWidth || !cells[i + run + 1].isContinuation {
                run += 1
            }
        }
        put(glyph, style: cell.style, x: x, y: y, count: run, window: window)
        return run
    }

    private func put(_ glyph: Glyph, style: Style, x: Int, y: Int, count: Int = 1, window: UnsafeMutablePointer<WINDOW>) {
        let (attrs, pair) = look(style)
        var cell = cchar_t()
        // At most five code points and the terminating zero, without an array per cell.
        withUnsafeTemporaryAllocation(of: wchar_t.self, capacity: glyph.scalars.count + 1) { text in
            for (index, scalar) in glyph.scalars.enumerated() { text[index] = wchar_t(truncatingIfNeeded: scalar) }
            text[glyph.scalars.count] = 0
            _ = cnc_setcchar(&cell, text.baseAddress, attrs, pair)
        }
        if count > 1 {
            // A line leaves the cursor where it is, so the bottom-right cell is no different.
            if wmove(window, Int32(y), Int32(x)) != ERR { _ = whline_set(window, &cell, Int32(count)) }
            return
        }
        // The bottom-right cell reports ERR (the cursor cannot move on) but is written.
        _ = mvwadd_wch(window, Int32(y), Int32(x), &cell)
        if glyph.padding > 0 {
            var space = cchar_t()
            let blank: [wchar_t] = [0x20, 0]
            _ = cnc_setcchar(&space, blank, attrs, pair)
            for column in 1...glyph.padding {
                _ = mvwadd_wch(window, Int32(y), Int32(x + column), &space)
            }
        }
    }

    // MARK: - Helpers

    /// Home and End as the common terminals send them, for when `TERM` does
    /// not quite match the terminal (TERM=xterm-256color inside tmux or
    /// screen sends \e[1~ and \e[4~ for Home and End). Only sequences the
    /// terminfo entry leaves unbound are added.
    private static func defineCommonKeys() {
        let sequences: [(String, Int32)] = [
            ("\u{1B}[1~", KEY_HOME), ("\u{1B}[7~", KEY_HOME), ("\u{1B}[H", KEY_HOME), ("\u{1B}OH", KEY_HOME),
            ("\u{1B}[4~", KEY_END), ("\u{1B}[8~", KEY_END), ("\u{1B}[F", KEY_END), ("\u{1B}OF", KEY_END),
            ("\u{1B}[Z", KEY_BTAB),
        ]
        for (sequence, key) in sequences where key_defined(sequence) == 0 {
            _ = define_key(sequence, key)
        }
    }

    static func drawsSymbols(codeset: String?, term: String?) -> Bool {
        Theme.drawsSymbols(utf8: isUTF8(codeset: codeset), term: term)
    }

    static func isUTF8(codeset: String?) -> Bool {
        guard let codeset else { return false }
        let normalized = codeset.lowercased().filter { $0 != "-" && $0 != "_" }
        return normalized == "utf8"
    }

    /// The C locale's "ANSI_X3.4-1968" and its aliases.
    static func isASCII(codeset: String?) -> Bool {
        guard let codeset else { return true }
        let normalized = codeset.uppercased()
        return normalized == "ANSI_X3.4-1968" || normalized == "ASCII" || normalized == "US-ASCII" || normalized.isEmpty
    }

    /// Seconds as whole milliseconds for a wait: negative and NaN are 0,
    /// anything beyond a day is capped at one.
    static func milliseconds(_ timeout: TimeInterval) -> Int {
        guard timeout.isFinite, timeout > 0 else { return timeout == .infinity ? 86_400_000 : 0 }
        return Int(min(timeout, 86_400) * 1000)
    }
}

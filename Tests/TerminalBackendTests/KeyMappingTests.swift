import CNcursesw
import TaskBoardUI
import Testing
@testable import TerminalBackend

/// `wget_wch` results as the terminal sees them, mapped without a terminal.
@Suite struct KeyMappingTests {
    private func typed(_ code: UInt32) -> KeyMapping.Outcome? {
        KeyMapping.outcome(status: OK, code: code)
    }

    private func keyCode(_ code: Int32) -> KeyMapping.Outcome? {
        KeyMapping.outcome(status: KEY_CODE_YES, code: UInt32(truncatingIfNeeded: code))
    }

    @Test func kioskControlKeysArriveAsKeysNotSignals() {
        #expect(typed(3) == .key(.control("c")))    // Ctrl-C
        #expect(typed(26) == .key(.control("z")))   // Ctrl-Z
        #expect(typed(28) == .key(.control("\\")))  // Ctrl-\
        #expect(typed(1) == .key(.control("a")))
        #expect(typed(17) == .key(.control("q")))
        #expect(typed(4) == .key(.control("d")))
    }

    @Test func escape() {
        #expect(typed(27) == .key(.escape))
    }

    @Test func tabAndBackTab() {
        #expect(typed(9) == .key(.tab))
        #expect(keyCode(KEY_BTAB) == .key(.backTab))
    }

    @Test func enterVariants() {
        #expect(typed(10) == .key(.enter))
        #expect(typed(13) == .key(.enter))
        #expect(keyCode(KEY_ENTER) == .key(.enter))
    }

    @Test func backspaceVariantsAndDelete() {
        #expect(typed(127) == .key(.backspace))
        #expect(typed(8) == .key(.backspace))
        #expect(keyCode(KEY_BACKSPACE) == .key(.backspace))
        #expect(keyCode(KEY_DC) == .key(.delete))
    }

    @Test func arrowsAndPaging() {
        #expect(keyCode(KEY_UP) == .key(.up))
        #expect(keyCode(KEY_DOWN) == .key(.down))
        #expect(keyCode(KEY_LEFT) == .key(.left))
        #expect(keyCode(KEY_RIGHT) == .key(.right))
        #expect(keyCode(KEY_HOME) == .key(.home))
        #expect(keyCode(KEY_END) == .key(.end))
        #expect(keyCode(KEY_PPAGE) == .key(.pageUp))
        #expect(keyCode(KEY_NPAGE) == .key(.pageDown))
    }

    @Test func functionKeys() {
        #expect(keyCode(cnc_key_f(1)) == .key(.function(1)))
        #expect(keyCode(cnc_key_f(5)) == .key(.function(5)))
        #expect(keyCode(cnc_key_f(12)) == .key(.function(12)))
        #expect(keyCode(cnc_key_f(0)) == .ignored)
    }

    @Test func textArrivesAsOneCharacterPerCodePoint() {
        #expect(typed(0x61) == .key(.character("a")))
        #expect(typed(0x20) == .key(.character(" ")))
        #expect(typed(0x3F) == .key(.character("?")))
        #expect(typed(0xE4) == .key(.character("ä")))
        #expect(typed(0x1F98A) == .key(.character("🦊")))
        #expect(typed(0x6F22) == .key(.character("漢")))
    }

    @Test func resizeAndMouseNeedTheTerminal() {
        #expect(keyCode(KEY_RESIZE) == .resize)
        #expect(keyCode(KEY_MOUSE) == .mouse)
    }

    @Test func nothingBeforeTheTimeoutIsNil() {
        #expect(KeyMapping.outcome(status: ERR, code: 0) == nil)
        #expect(KeyMapping.outcome(status: ERR, code: 97) == nil)
    }

    @Test func keysTheScreensDoNotUseAreIgnored() {
        #expect(keyCode(KEY_SLEFT) == .ignored)
        #expect(typed(0x85) == .ignored)        // C1 control
        #expect(typed(0xD800) == .ignored)      // a lone surrogate is no character
        #expect(typed(0x110000) == .ignored)
    }

    @Test func inAnASCIILocaleBytesAndKeysComeFromWgetch() {
        #expect(KeyMapping.outcome(byteOrKey: 3) == .key(.control("c")))
        #expect(KeyMapping.outcome(byteOrKey: 27) == .key(.escape))
        #expect(KeyMapping.outcome(byteOrKey: 0x71) == .key(.character("q")))
        #expect(KeyMapping.outcome(byteOrKey: 0xC3) == .ignored)  // half of a UTF-8 "ä"
        #expect(KeyMapping.outcome(byteOrKey: KEY_UP) == .key(.up))
        #expect(KeyMapping.outcome(byteOrKey: KEY_RESIZE) == .resize)
        #expect(KeyMapping.outcome(byteOrKey: ERR) == nil)
    }

    @Test func theConstantsAreNcursesOwn() {
        // The values in ncurses 6 curses.h, so the tests above test something.
        #expect(KEY_CODE_YES == 0o400)
        #expect(KEY_UP == 0o403)
        #expect(cnc_key_f(1) == 0o411)
        #expect(KEY_RESIZE == 0o632)
        #expect(ERR == -1)
    }
}

@Suite struct PointerMappingTests {
    private let masks = PointerMapping.Masks.ncurses

    @Test func aClickReportedWholeIsOneEvent() {
        var mapping = PointerMapping()
        #expect(mapping.event(state: masks.clicked, x: 3, y: 4) == .click(x: 3, y: 4))
        #expect(mapping.event(state: masks.doubleClicked, x: 0, y: 0) == .click(x: 0, y: 0))
    }

    @Test func aPressAndItsReleaseAreTwoEvents() {
        var mapping = PointerMapping()
        #expect(mapping.event(state: masks.pressed, x: 10, y: 2) == .pointer(Pointer(.press, x: 10, y: 2)))
        #expect(mapping.event(state: masks.released, x: 10, y: 3) == .pointer(Pointer(.release, x: 10, y: 3)))
    }

    @Test func motionIsADragOnlyWithTheButtonDown() {
        var mapping = PointerMapping()
        // A mouse hovering (any-motion reporting): nothing.
        #expect(mapping.event(state: masks.moved, x: 5, y: 5) == nil)
        _ = mapping.event(state: masks.pressed, x: 5, y: 5)
        #expect(mapping.event(state: masks.moved, x: 5, y: 7) == .pointer(Pointer(.drag, x: 5, y: 7)))
        _ = mapping.event(state: masks.released, x: 5, y: 7)
        #expect(mapping.event(state: masks.moved, x: 5, y: 9) == nil)
    }

    @Test func theWheelScrollsAndOtherButtonsDoNothing() {
        var mapping = PointerMapping()
        #expect(mapping.event(state: masks.wheelUp, x: 1, y: 1) == .pointer(Pointer(.wheelUp, x: 1, y: 1)))
        #expect(mapping.event(state: masks.wheelDown, x: 1, y: 1) == .pointer(Pointer(.wheelDown, x: 1, y: 1)))
        // Button 3 pressed: mouse masks have five bits per button in mouse version 2.
        #expect(mapping.event(state: masks.pressed << 10, x: 0, y: 0) == nil)
    }

    @Test func theMasksAreDistinct() {
        let all = [masks.pressed, masks.released, masks.clicked, masks.doubleClicked, masks.tripleClicked,
                   masks.wheelUp, masks.wheelDown, masks.moved]
        #expect(Set(all).count == all.count)
        #expect(all.allSatisfy { $0 != 0 })
    }
}

/// What a key press means to a screen. Screens handle actions, never raw keys,
/// so the hint bar and the help screen, both generated from `KeyMap`, always
/// tell the truth about the keys.
public enum Action: String, CaseIterable, Sendable {
    case nextTab, previousTab
    case up, down, left, right
    case first, last, pageUp, pageDown
    case choose, toggle, tickAll, away, back
    case add, edit, delete, forget, undo, symbol
    case moveEarlier, moveLater, moveChild, addToGroup, copy, view, days, time
    case help, logOut, quit
}

public struct KeyBinding: Sendable {
    public let action: Action
    /// The first key is the one the hint bar shows.
    public let keys: [Key]

    public init(_ action: Action, _ keys: [Key]) {
        self.action = action
        self.keys = keys
    }
}

/// The key table. One table for the whole program, so the same key never
/// means two things on two screens.
public struct KeyMap: Sendable {
    public let bindings: [KeyBinding]
    private let actions: [Key: Action]

    public init(_ bindings: [KeyBinding]) {
        self.bindings = bindings
        var actions: [Key: Action] = [:]
        for binding in bindings {
            for key in binding.keys where actions[key] == nil { actions[key] = binding.action }
        }
        self.actions = actions
    }

    /// What a key does. A letter counts the same in either case, so Caps
    /// Lock changes nothing: no action may be bound to a capital letter.
    public func action(for key: Key) -> Action? {
        if let action = actions[key] { return action }
        if case .character(let c) = key, c.isLetter, c.isUppercase {
            return actions[.character(Character(c.lowercased()))]
        }
        return nil
    }

    public func keys(for action: Action) -> [Key] {
        bindings.first { $0.action == action }?.keys ?? []
    }

    /// The same without a key this terminal cannot send (Shift-Tab on the
    /// Linux console), so it is neither offered nor waited for.
    public func without(_ key: Key) -> KeyMap {
        KeyMap(bindings.map { KeyBinding($0.action, $0.keys.filter { $0 != key }) })
    }

    /// The same without letters: where letters go to names (the Mark
    /// sheet, a list of groups, children or tasks), an action is reached by
    /// its other keys only, and shown so.
    public func withoutLetters() -> KeyMap {
        KeyMap(bindings.map { KeyBinding($0.action, $0.keys.filter { !$0.isLetter }) })
    }

    public static let standard = KeyMap([
        KeyBinding(.nextTab, [.tab]),
        KeyBinding(.previousTab, [.backTab]),
        KeyBinding(.up, [.up, .character("k")]),
        KeyBinding(.down, [.down, .character("j")]),
        KeyBinding(.left, [.left]),
        KeyBinding(.right, [.right]),
        KeyBinding(.first, [.home]),
        KeyBinding(.last, [.end]),
        KeyBinding(.pageUp, [.pageUp]),
        KeyBinding(.pageDown, [.pageDown]),
        KeyBinding(.choose, [.enter]),
        KeyBinding(.toggle, [.character(" ")]),
        // Not a letter: on the Mark sheet a letter goes to a child.
        KeyBinding(.tickAll, [.character("*")]),
        KeyBinding(.away, [.character("-")]),
        KeyBinding(.back, [.escape]),
        // Every letter action has a key that is not a letter too: on a list
        // of names letters go to the names, and the bar shows the other key.
        KeyBinding(.add, [.character("a"), .character("+"), .control("n")]),
        KeyBinding(.edit, [.character("e"), .control("e")]),
        KeyBinding(.delete, [.character("d"), .delete]),
        // A child forgotten for good (asks first).
        KeyBinding(.forget, [.character("f"), .control("f")]),
        KeyBinding(.undo, [.control("z"), .character("u")]),
        // A picture (Ctrl-I is Tab).
        KeyBinding(.symbol, [.character("i"), .control("p")]),
        // Not letters: with Caps Lock on, j and k would reorder a board.
        KeyBinding(.moveEarlier, [.character("<"), .character(",")]),
        KeyBinding(.moveLater, [.character(">"), .character(".")]),
        // Cut from one group, to go into another.
        KeyBinding(.moveChild, [.character("m"), .control("x")]),
        KeyBinding(.addToGroup, [.character("g"), .control("g")]),
        // Duplicate (Ctrl-C stops a program run outside kiosk mode).
        KeyBinding(.copy, [.character("c"), .control("d")]),
        KeyBinding(.view, [.character("v"), .control("v")]),
        KeyBinding(.days, [.character("w"), .control("w")]),
        KeyBinding(.time, [.character("t"), .control("t")]),
        KeyBinding(.help, [.character("?")]),
        // Ctrl first: the same on every admin tab, those where letters are names included.
        KeyBinding(.logOut, [.control("l"), .character("l")]),
        // Asks first.
        KeyBinding(.quit, [.control("q"), .character("q")]),
    ])
}

/// How a key is written in the hint bar and on the help screen.
public enum KeyLabel {
    public static func text(_ key: Key, unicode: Bool = true) -> String {
        switch key {
        case .character(" "): "Space"
        case .character(let c): String(c)
        case .control(let c): "Ctrl-\(c.uppercased())"
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .backspace: "Backspace"
        case .delete: "Del"
        case .up: unicode ? "↑" : "Up"
        case .down: unicode ? "↓" : "Down"
        case .left: unicode ? "←" : "Left"
        case .right: unicode ? "→" : "Right"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .function(let n): "F\(n)"
        }
    }
}

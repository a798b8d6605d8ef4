/// One thing a key does on the screen showing now: the action (whose keys
/// come from the key table), the words for it on the hint bar and in help,
/// and whether it acts now. A screen's list of bindings is what its keys
/// do and what the hint bar and help say, so the two cannot drift; a
/// binding that is not enabled neither acts nor shows.
public struct Binding: Equatable, Sendable {
    public let action: Action
    /// The key of its short name in the string tables ("action.nextGroup");
    /// the help text is under "help." + this key.
    public let label: String
    public let enabled: Bool
    /// On the hint bar as well as in help; the bar has room for the main keys only.
    public let inBar: Bool
    /// Kept on a short hint bar before the others: a key that leads on (the
    /// next tab, child or row, back, help), without which a screen is a dead end.
    public let leadsOn: Bool

    /// `leadsOn` by default for the next tab, back and help.
    public init(_ action: Action, _ label: String? = nil, enabled: Bool = true, inBar: Bool = true, leadsOn: Bool? = nil) {
        self.action = action
        self.label = label ?? "action.\(action.rawValue)"
        self.enabled = enabled
        self.inBar = inBar
        self.leadsOn = leadsOn ?? [.nextTab, .back, .help].contains(action)
    }

    public var helpLabel: String { "help." + label }
}

/// The keys of the screen showing now: its bindings, and what keys without
/// a binding do there (type into a field, or close what is open).
public struct ScreenKeys: Equatable, Sendable {
    public enum Other: Equatable, Sendable {
        /// Nothing.
        case ignored
        /// Typed into the field: any text, or digits only (a PIN, a number).
        case typed(digitsOnly: Bool)
        /// Close what is open (help; a confirmation, which only Enter confirms).
        case close
        /// Every letter goes to the names (`TypeAhead`), none to an action:
        /// the actions bound to letters are reached by their other keys.
        case typeAhead
    }

    public var bindings: [Binding]
    public var other: Other

    public init(_ bindings: [Binding], other: Other = .ignored) {
        // The keys not on the bar come last in help too, after the main ones.
        self.bindings = bindings.filter(\.inBar) + bindings.filter { !$0.inBar }
        self.other = other
    }

    /// The enabled binding of an action, if this screen has one.
    public func binding(for action: Action?) -> Binding? {
        guard let action else { return nil }
        return bindings.first { $0.action == action && $0.enabled }
    }

    /// The keys as this screen takes them: where letters go to names, none is an action.
    public func keyMap(_ keyMap: KeyMap) -> KeyMap {
        other == .typeAhead ? keyMap.withoutLetters() : keyMap
    }

    /// What the hint bar and help show: the enabled bindings.
    public var shown: [Binding] { bindings.filter(\.enabled) }
}

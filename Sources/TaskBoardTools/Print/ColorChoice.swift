import TaskBoardStorage

/// `--color auto|always|never`. Auto colours only a terminal, and never when
/// `NO_COLOR` is set and not empty (https://no-color.org), so a file or a
/// printer gets plain text.
public enum ColorChoice: String, CaseIterable, Sendable {
    case auto, always, never

    public func usesColor(outputIsTerminal: Bool, environment: ProcessEnvironment) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: outputIsTerminal && !environment.noColor
        }
    }
}

import Foundation
import TaskBoard

/// Something open over a tab: it has the keys until it closes.
public enum Overlay: Equatable, Sendable {
    /// A form: a name, a time zone, a PIN change.
    case form(Form)
    /// A list to choose from: an avatar, a group, a task, whose boards get a copy.
    case picker(Picker)
    /// Something that destroys or leaves, waiting for Enter.
    case confirmation(Confirmation)
    /// The keys of the screen beneath.
    case help
}

/// Each kind of overlay read and set as if it were a field: setting one
/// replaces an open one of its kind or opens it on top; nil closes it.
extension KioskState {
    public var form: Form? {
        get { overlays.lazy.compactMap { if case .form(let form) = $0 { form } else { nil } }.last }
        set { setOverlay(newValue.map(Overlay.form)) { if case .form = $0 { true } else { false } } }
    }

    public var picker: Picker? {
        get { overlays.lazy.compactMap { if case .picker(let picker) = $0 { picker } else { nil } }.last }
        set { setOverlay(newValue.map(Overlay.picker)) { if case .picker = $0 { true } else { false } } }
    }

    public var confirming: Confirmation? {
        get { overlays.lazy.compactMap { if case .confirmation(let confirmation) = $0 { confirmation } else { nil } }.last }
        set { setOverlay(newValue.map(Overlay.confirmation)) { if case .confirmation = $0 { true } else { false } } }
    }

    public var showingHelp: Bool {
        get { overlays.contains(.help) }
        set { setOverlay(newValue ? .help : nil) { $0 == .help } }
    }

    private mutating func setOverlay(_ overlay: Overlay?, kind: (Overlay) -> Bool) {
        if let index = overlays.lastIndex(where: kind) {
            if let overlay { overlays[index] = overlay } else { overlays.remove(at: index) }
        } else if let overlay {
            overlays.append(overlay)
        }
    }
}

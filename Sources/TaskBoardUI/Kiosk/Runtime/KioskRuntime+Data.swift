import Foundation
import TaskBoard

/// The data a frame shows, read from the daycare, and the daycare taken
/// afresh when it changed elsewhere.
extension KioskRuntime {
    /// The data as the frame for `state` shows it (nil: the state's page left out), with whether the voice can speak.
    func data(for state: KioskState?) -> KioskSnapshot {
        var data = daycare.snapshot(for: state, language: screen.strings.language)
        data.voice = speaker?.availability
        if state?.side == .admin(.settings) {
            let roster = data.roster
            data.recordedNames = recordings.map { $0().keys.sorted().compactMap(roster.name) }
        }
        data.kiosks = shared?.kiosks()
        data.setsHistory = reload == nil
        data.canForget = reload == nil && forgetter != nil
        if let forgetter, case .confirmation(.forgetChild(let child))? = state?.overlays.last {
            if forgetPreview?.child != child {
                forgetPreview = (child, Readout { try forgetter.preview(child, daycare) })
            }
            data.page = forgetPreview.map { .forgetting($0.preview) }
        } else if state != nil {
            // Asked again later, the counts are read again (ticks since).
            forgetPreview = nil
        }
        return data
    }

    /// The same data read afresh (another kiosk changed it, or a save the
    /// screen stopped waiting for came through): what can be undone here
    /// stays, and the language follows the settings.
    func take(_ fresh: Daycare) {
        shownFrame = nil
        fresh.continueHistory(of: daycare)
        let language = fresh.settings.language.flatMap(Language.init(rawValue:))
        let spoken = daycare.settings.language.flatMap(Language.init(rawValue:))
        daycare = fresh
        if language != spoken, let language, let strings = languages[language] {
            screen = screen.speaking(strings)
        }
    }
}

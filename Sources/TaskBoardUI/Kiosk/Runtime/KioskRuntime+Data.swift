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
        data.kiosks = shared?.kioskRoll
        data.setsHistory = viewerChanges == nil
        data.canForget = viewerChanges == nil && forgetter != nil
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

    /// The data an event is handled with: the frame's on screen, with the
    /// clock and the PIN's lock as they are now (they move while the
    /// screen waits); read afresh where the frame on screen is not current.
    func eventData() -> KioskSnapshot {
        guard var data = shown?.data else { return data(for: nil) }
        data.now = daycare.now
        data.uptime = daycare.uptime
        data.pin = daycare.pin.status()
        return data
    }

    /// What changed elsewhere (another kiosk on the shared database, a save
    /// the screen stopped waiting for, the kiosk a viewer stands beside),
    /// read again part by part; the language follows the settings. What
    /// cannot be read now is asked again each second until it is (said in
    /// the log once for each problem).
    func take(_ changes: Set<StoreChange>) {
        let changes = changes.union(changesNotTaken)
        guard !changes.isEmpty else { return }
        let spoken = daycare.settings.language
        do {
            try daycare.take(changes)
            changesNotTaken = []
        } catch {
            if changesNotTaken.isEmpty { log("reading what changed elsewhere: \(error); tried again each second") }
            changesNotTaken = changes
        }
        followSettings(spoken: spoken)
    }

    /// After data read afresh: the frame is drawn again, in the language the settings now ask for.
    private func followSettings(spoken: String?) {
        shown = nil
        let language = daycare.settings.language
        if language != spoken, let language = language.flatMap(Language.init(rawValue:)), let strings = languages[language] {
            screen = screen.speaking(strings)
        }
    }
}

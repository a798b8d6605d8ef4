import Foundation
import TaskBoard

/// The avatar column of a roster file: an emoji from the catalogue, its
/// ASCII stand-in ("Fx") or its name in any language ("Fox", "Kettu").
/// Empty means the one `AvatarPick` gives, as the kiosk does for a new child.
struct AvatarChoice {
    let catalogue: [AvatarCatalogue.Avatar]

    /// The symbol for `text`, or nil when the catalogue has no such avatar.
    func symbol(for text: String) -> String? {
        let wanted = text.trimmingCharacters(in: .whitespaces)
        let bare = AvatarPick.picture(wanted)
        let found = catalogue.first { avatar in
            AvatarPick.picture(avatar.symbol) == bare
                || NameRules.same(avatar.ascii, wanted)
                || avatar.name.values.contains { NameRules.same($0, wanted) }
        }
        return found?.symbol
    }
}

import Foundation
import TaskBoard

/// The avatar column of a roster file: an emoji from the catalogue, its
/// ASCII stand-in ("Fx") or its name in any language ("Fox", "Kettu").
/// Empty means the catalogue's next one in turn, the way the kiosk gives a
/// new child an avatar, so neighbours in a list differ.
struct AvatarChoice {
    static let fallback = "🙂"

    let catalogue: [AvatarCatalogue.Avatar]

    /// The symbol for `text`, or nil when the catalogue has no such avatar.
    func symbol(for text: String) -> String? {
        let wanted = text.trimmingCharacters(in: .whitespaces)
        let bare = Self.withoutVariationSelector(wanted)
        let found = catalogue.first { avatar in
            Self.withoutVariationSelector(avatar.symbol) == bare
                || NameRules.same(avatar.ascii, wanted)
                || avatar.name.values.contains { NameRules.same($0, wanted) }
        }
        return found?.symbol
    }

    /// The default for the n-th group or child.
    func inTurn(_ index: Int) -> String {
        catalogue.isEmpty ? Self.fallback : catalogue[index % catalogue.count].symbol
    }

    /// "🐿" typed without U+FE0F is the catalogue's "🐿️".
    private static func withoutVariationSelector(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{FE0F}" }))
    }
}

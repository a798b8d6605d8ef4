import Foundation
import TaskBoard
import TaskBoardStorage
import TaskBoardUI

/// What the screens need from `assets/`: the texts in every language and the
/// avatar and task icon catalogues. Loaded once, the same way for the kiosk and for the
/// printed pages, so both speak and draw alike.
public struct KioskAssets: Sendable {
    public let languages: [Language: Strings]
    public let avatars: [AvatarCatalogue.Avatar]
    public let icons: [IconCatalogue.Icon]

    public init(languages: [Language: Strings], avatars: [AvatarCatalogue.Avatar], icons: [IconCatalogue.Icon] = []) {
        self.languages = languages
        self.avatars = avatars
        self.icons = icons
    }

    public struct Missing: Error, CustomStringConvertible {
        public var description: String { "cannot find the assets folder (strings/en.json); set TASKBOARD_ASSETS to it" }
    }

    /// Reads the folder `AssetsDirectory.find` names; a missing folder or
    /// language file fails with a one-line message.
    public static func load(environment: ProcessEnvironment = .current) throws -> KioskAssets {
        try load(from: folder(environment: environment))
    }

    /// The folder `AssetsDirectory.find` names, or a one-line message.
    public static func folder(environment: ProcessEnvironment = .current) throws -> URL {
        guard let folder = AssetsDirectory.find(environment: environment) else { throw Missing() }
        return folder
    }

    /// With the texts of `languages` only: the kiosk reads the others after
    /// its first frame (`strings(of:from:)`), each a fraction of a millisecond.
    public static func load(from folder: URL, languages wanted: [Language] = Language.allCases) throws -> KioskAssets {
        let languages = try strings(of: wanted, from: folder)
        let avatars = try read("avatars.json", in: folder) { try AvatarCatalogue(json: $0).avatars }
        let icons = try read("icons.json", in: folder) { try IconCatalogue(json: $0).icons }
        return KioskAssets(languages: languages, avatars: avatars, icons: icons)
    }

    /// The texts of each of `languages`, or an error that names the file.
    public static func strings(of languages: [Language], from folder: URL) throws -> [Language: Strings] {
        var strings: [Language: Strings] = [:]
        for language in languages {
            strings[language] = try read("strings/" + language.fileName, in: folder) { try Strings(data: $0) }
        }
        return strings
    }

    /// A file of the assets decoded, or an error that names it.
    private static func read<T>(_ name: String, in folder: URL, _ decode: (Data) throws -> T) throws -> T {
        let path = folder.fileSystemPath(of: name)
        guard let data = FileManager.default.contents(atPath: path) else { throw Unreadable(file: path, reason: "cannot read it") }
        do {
            return try decode(data)
        } catch {
            throw Unreadable(file: path, reason: "\(error)")
        }
    }

    public struct Unreadable: Error, CustomStringConvertible {
        public let file: String
        public let reason: String
        public var description: String { "\(file): \(reason)" }
    }

    /// The language asked for, else the daycare's setting, else the locale's
    /// for messages: the first of `LC_ALL`, `LC_MESSAGES`, `LANG` that is set
    /// and not empty, as the C library picks it.
    public static func language(asked: Language?, settings: Settings,
                                environment: ProcessEnvironment = .current) -> Language {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return asked
            ?? settings.language.flatMap(Language.init(rawValue:))
            ?? Language.from(environment: locale)
    }

    /// The texts in `language`; fails for a language not loaded.
    public func strings(_ language: Language) throws -> Strings {
        guard let strings = languages[language] else { throw Missing() }
        return strings
    }
}

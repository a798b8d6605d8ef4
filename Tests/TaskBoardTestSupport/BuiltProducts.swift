import Foundation

/// Finds executables built next to the test bundle.
public enum BuiltProducts {
    public static func executable(_ name: String) -> URL? {
        var candidates = [Bundle.main.bundleURL.deletingLastPathComponent()]
        if let first = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        for case let bundle in Bundle.allBundles {
            candidates.append(bundle.bundleURL.deletingLastPathComponent())
        }
        for directory in candidates {
            let url = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }
}

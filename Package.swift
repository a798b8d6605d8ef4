// swift-tools-version:6.1
import Foundation
import PackageDescription
#if canImport(Glibc)
import Glibc
#endif

// The tricks below make the kiosk start sooner (issue 13). Each is used
// only where its check (below the tricks) says yes, else the build links the
// plain way (issue 24). Why each exists, what it saves, and what to do after
// installing or removing libstdc++.a: docs/performance.md, "How the kiosk's
// binary is built for its start". .ci/verify-linking.sh builds a small
// package from all that comes before `let package`.

// Generic metadata from each type's accessor: a lookup by mangled name at run
// time scans every conformance record of the binary (docs/performance.md,
// the same section).
let accessorsFlag = "-disable-concrete-type-metadata-mangled-name-accessors"
let startUp: [SwiftSetting] = compilerKnows(accessorsFlag) ? [.unsafeFlags(["-Xfrontend", accessorsFlag])] : []

// How the kiosk's binary is linked, for its start; each setting's reason
// and saving is in docs/performance.md, the same section.
let linking = Context.packageDirectory + "/Linking"
let withLLD = glibcVersion >= (2, 36) && clangFinds(program: "ld.lld")
let kioskLinking: [LinkerSetting] = [
    // No symbols exported to the dynamic loader: nothing looks them up, and they slow each start.
    .unsafeFlags(["-Xlinker", "--no-export-dynamic"], .when(platforms: [.linux])),
    // lld, to pack the relocations as RELR: far less for each start to read (needs glibc 2.36).
    .unsafeFlags(withLLD ? ["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs"] : []),
    // The functions the first frame runs side by side, so fewer pages are touched (Linking/first-frame.order).
    .unsafeFlags(withLLD ? ["-Xlinker", "--symbol-ordering-file=\(linking)/first-frame.order", "-Xlinker", "--no-warn-symbol-ordering"] : [],
                 .when(configuration: .release)),
    // The C++ runtime from its archive, so no start loads libstdc++.so (Linking/libstdc++.so).
    .unsafeFlags(clangFinds(file: "libstdc++.a") ? ["-L", linking] : [], .when(platforms: [.linux], configuration: .release)),
]

// The checks. Each asks the toolchain that builds the package, and any
// failure to ask counts as a no.

/// The toolchain's folder of programs, where swiftc finds clang and clang
/// finds lld: that of the SwiftPM that runs this file. Linux only (/proc).
func toolchainPrograms() -> URL? {
    #if os(Linux)
    return URL(fileURLWithPath: "/proc/\(getppid())/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    #else
    return nil
    #endif
}

/// Whether the compiler takes the frontend flag: an undocumented one, which
/// a toolchain may drop, and then every build would fail.
func compilerKnows(_ flag: String) -> Bool {
    run("swift-frontend", ["-frontend", "-parse", flag, "/dev/null"]) != nil
}

/// Whether the linker, run by clang as swiftc runs it, will find the file
/// (libstdc++.a: Fedora, for one, ships it apart from libstdc++.so, in
/// libstdc++-static) or the program (ld.lld: Swift's toolchain ships it, a
/// distribution's may not). clang names a path only if it found one.
func clangFinds(file: String) -> Bool { run("clang", ["-print-file-name=" + file])?.hasPrefix("/") ?? false }
func clangFinds(program: String) -> Bool { run("clang", ["-print-prog-name=" + program])?.hasPrefix("/") ?? false }

/// What the toolchain's program printed, or nil if it could not run or failed.
func run(_ program: String, _ arguments: [String]) -> String? {
    guard let programs = toolchainPrograms() else { return nil }
    let process = Process()
    process.executableURL = programs.appendingPathComponent(program)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let printed = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? String(decoding: printed, as: UTF8.self) : nil
}

/// The version of the C library that the binary is built against, and will
/// run on (docs/kiosk.md: the kiosk is built on its own Debian release).
var glibcVersion: (Int, Int) {
    #if canImport(Glibc)
    var buffer = [CChar](repeating: 0, count: 64)
    guard confstr(Int32(_CS_GNU_LIBC_VERSION), &buffer, buffer.count) > 0 else { return (0, 0) }
    // "glibc 2.36"
    let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let numbers = text.split(separator: " ").last?.split(separator: ".").compactMap { Int($0) } ?? []
    return (numbers.first ?? 0, numbers.dropFirst().first ?? 0)
    #else
    return (0, 0)
    #endif
}

let package = Package(
    name: "taskboard",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "taskboard", targets: ["taskboard"]),
        .library(name: "TaskBoard", targets: ["TaskBoard"]),
        // Test-only: the fault-injection tests load it with LD_PRELOAD into the real taskboard.
        .library(name: "TaskBoardFaultShim", type: .dynamic, targets: ["CFaultShim"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        // The rules: no terminal, no file I/O, time comes in from outside.
        .target(
            name: "TaskBoard",
            dependencies: [.product(name: "CryptoExtras", package: "swift-crypto")],
            swiftSettings: startUp
        ),
        // The screens: state + event -> state + effects, render -> ScreenBuffer. No ncurses.
        .target(name: "TaskBoardUI", dependencies: ["TaskBoard"], swiftSettings: startUp),
        // libncursesw, the wide-character ncurses, with a shim for its macros and globals.
        // No pkgConfig: SwiftPM would warn about (and drop) its -D flags; the shim defines them.
        // Needs libncurses-dev (Debian/Ubuntu).
        .systemLibrary(name: "CNcursesw", path: "Sources/CNcursesw"),
        // The only code that talks to ncurses: draws a ScreenBuffer, reads keys, clicks and resizes.
        .target(name: "TerminalBackend", dependencies: ["CNcursesw", "TaskBoardUI"], swiftSettings: startUp),
        // The only code that starts the speech program (espeak-ng): a Voice for the kiosk.
        .target(name: "SpeechBackend", dependencies: ["TaskBoard", "TaskBoardUI"], swiftSettings: startUp),
        // JSON files in a data directory: the durable BoardStore.
        .target(name: "TaskBoardStorage", dependencies: ["TaskBoard", "CFileExchange"], swiftSettings: startUp),
        // A PostgreSQL database that several rooms' kiosks share: the BoardStore over postgres-nio.
        .target(
            name: "TaskBoardPostgres",
            dependencies: [
                "TaskBoard", "TaskBoardStorage",
                .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "Logging", package: "swift-log"),
                // A kiosk login's password is sent to the server as its SCRAM verifier, never as text.
                .product(name: "Crypto", package: "swift-crypto"), .product(name: "CryptoExtras", package: "swift-crypto"),
            ],
            swiftSettings: startUp
        ),
        // renameat2(RENAME_EXCHANGE), which Swift's Glibc module does not show: restore swaps folders with it.
        .target(name: "CFileExchange"),
        // Fails one chosen write, fsync, fdatasync, rename or open on the data directory (see faultshim.c).
        .target(name: "CFaultShim", linkerSettings: [.linkedLibrary("dl")]),
        // The command line's work, without the command line: printing, export,
        // import, checks, archives, the demo daycare. Tested without a process.
        .target(
            name: "TaskBoardTools",
            dependencies: ["TaskBoard", "TaskBoardStorage", "TaskBoardUI", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            swiftSettings: startUp
        ),
        .executableTarget(
            name: "taskboard",
            dependencies: [
                "TaskBoard", "TaskBoardStorage", "TaskBoardPostgres", "TaskBoardTools", "TaskBoardUI", "TerminalBackend", "SpeechBackend",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // kioskLinking, above: linked for a fast start (docs/performance.md,
            // "How the kiosk's binary is built for its start").
            swiftSettings: startUp,
            linkerSettings: kioskLinking
        ),
        // Generates a daycare-year and times load, tick, leaderboards and screen frames.
        .executableTarget(name: "taskboard-bench", dependencies: ["TaskBoard", "TaskBoardStorage", "TaskBoardUI", "TaskBoardPostgres", "TaskBoardTools",
                                                             "TaskBoardTestSupport", "SpeechBackend"]),
        // The floor for the benchmark's outside timings: a bare Swift + Foundation + ncurses leaderboard.
        .executableTarget(name: "taskboard-floor", dependencies: ["CNcursesw"]),
        // Ticks in a loop for the crash test, which kills it with SIGKILL.
        .executableTarget(name: "taskboard-crash-writer", dependencies: ["TaskBoard", "TaskBoardStorage"]),
        // A kiosk's database store ticking in a loop, for the tests of several writers and of a kill.
        .executableTarget(name: "taskboard-tick-writer", dependencies: ["TaskBoard", "TaskBoardPostgres"]),
        .testTarget(name: "TaskBoardTests", dependencies: ["TaskBoard"]),
        .testTarget(name: "TaskBoardUITests", dependencies: ["TaskBoardUI", "TaskBoard"]),
        // Snapshots and damage of data directories, shared by the tests below.
        .target(
            name: "TaskBoardTestSupport",
            dependencies: [
                "TaskBoard", "TaskBoardStorage", "TaskBoardPostgres",
                .product(name: "PostgresNIO", package: "postgres-nio"), .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/TaskBoardTestSupport"
        ),
        .testTarget(
            name: "TaskBoardToolsTests",
            dependencies: ["TaskBoardTools", "TaskBoard", "TaskBoardStorage", "TaskBoardUI", "TaskBoardTestSupport"]
        ),
        // Runs the real taskboard executable over fixture data directories.
        .testTarget(
            name: "CommandLineTests",
            dependencies: ["taskboard", "TaskBoard", "TaskBoardStorage", "TaskBoardPostgres", "TaskBoardTools", "TaskBoardUI", "TaskBoardTestSupport"]
        ),
        .testTarget(name: "TerminalBackendTests", dependencies: ["TerminalBackend", "TaskBoardUI", "CNcursesw"]),
        // espeak-ng itself (writing WAV files) and a stand-in for it on the PATH.
        .testTarget(name: "SpeechBackendTests", dependencies: ["SpeechBackend", "TaskBoardUI", "TaskBoard", "TaskBoardTestSupport"]),
        // One contract, every BoardStore: memory, a data directory, PostgreSQL (.ci/with-postgres.sh).
        .testTarget(
            name: "BoardStoreContractTests",
            dependencies: ["TaskBoard", "TaskBoardStorage", "TaskBoardPostgres", "TaskBoardTestSupport", "TaskBoardUI", "taskboard-tick-writer"]
        ),
        .testTarget(
            name: "TaskBoardStorageTests",
            dependencies: ["TaskBoard", "TaskBoardStorage", "TaskBoardTestSupport", "taskboard-crash-writer"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

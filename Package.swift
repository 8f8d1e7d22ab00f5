// swift-tools-version:6.0
import PackageDescription

// Layout: see README.md ("Architecture").
let package = Package(
    name: "linkstr",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "linkstr", targets: ["linkstr"]),
        // Programs `linkstr` runs from its own folder, so that it links neither the tour nor the
        // conformance checks' test doubles: `linkstr demo` and `linkstr plugins conformance`.
        .executable(name: "linkstr-demo", targets: ["linkstr-demo"]),
        .executable(name: "linkstr-storage-conformance", targets: ["linkstr-storage-conformance"]),
        // The embedding API: liblinkstr.so (Sources/LinkstrC) + Sources/CLinkstr/include/linkstr.h.
        .library(name: "Linkstr", type: .dynamic, targets: ["LinkstrC"]),
        .library(name: "LinkstrHost", targets: ["LinkstrHost"]),
        .library(name: "LinkstrRuntime", targets: ["LinkstrRuntime"]),
        .library(name: "LinkstrPluginKit", targets: ["LinkstrPluginKit"]),
        .library(name: "PluginTesting", targets: ["PluginTesting"]),
        .library(name: "StorageConformance", targets: ["StorageConformance"]),
        .library(name: "NostrCore", targets: ["NostrCore"]),
        // Storage plugins (Plugins/Storage): liblinkstr-plugin-<name>.so, found by the host's discovery.
        .library(name: "linkstr-plugin-sqlite", type: .dynamic, targets: ["SQLiteStorage"]),
        .library(name: "linkstr-plugin-memory", type: .dynamic, targets: ["MemoryStorage"]),
        .library(name: "linkstr-plugin-postgresql", type: .dynamic, targets: ["PostgreSQLStorage"]),
        .executable(name: "linkstr-storage-bench", targets: ["StorageBench"]),
        .executable(name: "linkstr-ingest-bench", targets: ["IngestBench"]),
        .executable(name: "linkstr-nostr-bench", targets: ["NostrBench"]),
        .executable(name: "linkstr-publish-bench", targets: ["PublishBench"]),
        // The built-in media providers: liblinkstr-plugin-media.so (the six named providers, priority 0)
        // and liblinkstr-plugin-media-generic.so (every other link, priority INT32_MIN).
        .library(name: "linkstr-plugin-media", type: .dynamic, targets: ["MediaBuiltinPlugin"]),
        .library(name: "linkstr-plugin-media-generic", type: .dynamic, targets: ["MediaGenericPlugin"]),
        .executable(name: "linkstr-media-bench", targets: ["linkstr-media-bench"]),
        // Notifier plugins (Plugins/Notify): liblinkstr-plugin-notify-<name>.so, found by the host's discovery.
        .library(name: "linkstr-plugin-notify-desktop", type: .dynamic, targets: ["NotifyDesktopPlugin"]),
        .library(name: "linkstr-plugin-notify-http", type: .dynamic, targets: ["NotifyHTTPPlugin"]),
        .library(name: "linkstr-plugin-notify-command", type: .dynamic, targets: ["NotifyCommandPlugin"]),
        // The relay transport plugin (liblinkstr-plugin-relay-pool.so), loaded through the ABI.
        .library(name: "linkstr-plugin-relay-pool", type: .dynamic, targets: ["RelayPoolPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        // The service group watch runs in (graceful shutdown on SIGTERM/SIGINT); swift-websocket uses it too.
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        // Already dependencies of swift-websocket; named here because the relay pool and the runtime
        // import them (swift-log 1.11 has the `LogHandler.log(event:)` the runtime implements).
        .package(url: "https://github.com/apple/swift-log", from: "1.11.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.29.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
        // The local web app (`linkstr app`): its HTTP server.
        .package(url: "https://github.com/hummingbird-project/hummingbird", exact: "2.28.1"),
        // Already a dependency of Hummingbird; named because the web app sets header fields by name.
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // Tests only: the delivery-order property tests.
        .package(url: "https://github.com/x-sheep/swift-property-based", exact: "2.0.1"),
    ],
    targets: [
        // MARK: The plugin ABI (header only) and its Swift support for both sides
        .target(name: "PluginABI"),
        .target(name: "LinkstrPluginKit", dependencies: ["PluginABI", "COpenSSL"]),

        // MARK: System libraries (Debian -dev packages; see .ci/run)
        .systemLibrary(name: "CSecp256k1", pkgConfig: "libsecp256k1", providers: [.apt(["libsecp256k1-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),

        // MARK: The strict JSON reader of Nostr events and relay frames (no dependency: the relay
        // pool plugin reads frames with it without linking NostrCore and its secp256k1)
        .target(name: "StrictJSON"),

        // MARK: Nostr protocol core (keys, NIP-01/19/44/49/59)
        .target(name: "NostrCore", dependencies: ["StrictJSON", "CSecp256k1", "COpenSSL"]),

        // MARK: The linkstr engine: the wire rules as a deterministic state machine
        .target(name: "LinkstrEngine", dependencies: ["NostrCore"]),

        // MARK: The host: loader, registry, configuration, capabilities
        .target(name: "CHostSupport"),
        .target(
            name: "LinkstrHost",
            dependencies: [
                "PluginABI", "CHostSupport", "LinkstrPluginKit", "NostrCore",
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]),

        // MARK: The application: every use case, over the host, the engine and the Nostr core
        .target(
            name: "LinkstrRuntime",
            dependencies: [
                "LinkstrHost", "LinkstrEngine", "NostrCore", "COpenSSL", "CHostSupport", "CQRencode", "LinkstrProcess",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"), .product(name: "Logging", package: "swift-log"),
                .product(name: "TOMLKit", package: "TOMLKit"),
            ]),
        // MARK: The local web app `linkstr app` serves: screens, security layers, live updates
        .target(
            name: "LinkstrWebApp",
            dependencies: [
                "LinkstrRuntime", "LinkstrProcess",
                .product(name: "Hummingbird", package: "hummingbird"), .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"), .product(name: "Logging", package: "swift-log"),
            ]),
        .target(name: "CLinkstr", dependencies: ["PluginABI"]),
        // SwiftPM names the file libLinkstr.so (a product may not share the executable's name); its
        // SONAME is liblinkstr.so, the name `make install` gives it and programs link against.
        .target(
            name: "LinkstrC", dependencies: ["CLinkstr", "LinkstrRuntime", "PluginABI", "LinkstrPluginKit"],
            linkerSettings: [.unsafeFlags(["-Xlinker", "-soname=liblinkstr.so"])]),
        // The one way linkstr's programs start child processes, and the launcher of the programs
        // nobody waits for.
        .target(name: "LinkstrProcess"),
        // Colours, terminal widths and whole writes, for `linkstr` and `linkstr-demo`.
        .target(name: "LinkstrTerminal", dependencies: ["LinkstrRuntime"]),
        .executableTarget(
            name: "linkstr",
            dependencies: [
                "LinkstrRuntime", "LinkstrTerminal", "LinkstrProcess", "LinkstrWebApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]),
        // `linkstr demo`: the guided tour on 127.0.0.1 (rust-nostr's relay, two throwaway accounts).
        .executableTarget(name: "linkstr-demo", dependencies: ["LinkstrRuntime", "LinkstrTerminal", "LinkstrProcess"], path: "Sources/LinkstrDemo"),

        // MARK: Media plugins (Plugins/Media): classification, metadata, yt-dlp extraction
        .target(
            name: "LinkstrMediaKit",
            dependencies: [
                "PluginABI", "LinkstrPluginKit", "COpenSSL", .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"), .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ],
            path: "Plugins/Media/Kit"),
        .target(name: "MediaBuiltinPlugin", dependencies: ["LinkstrMediaKit", "PluginABI"], path: "Plugins/Media/Builtin"),
        .target(name: "MediaGenericPlugin", dependencies: ["LinkstrMediaKit", "PluginABI"], path: "Plugins/Media/Generic"),
        .executableTarget(
            name: "linkstr-media-bench", dependencies: ["LinkstrMediaKit", "LinkstrPluginKit", "PluginABI", "PluginTesting"],
            path: "Benchmarks/MediaBench"),

        // MARK: Notifier plugins: a shared kit and three notifiers, each its own .so
        .systemLibrary(
            name: "CSystemd", path: "Plugins/Notify/CSystemd", pkgConfig: "libsystemd", providers: [.apt(["libsystemd-dev"])]),
        .target(name: "NotifierKit", dependencies: ["PluginABI", "LinkstrPluginKit"], path: "Plugins/Notify/Kit"),
        .target(
            name: "NotifyDesktopPlugin", dependencies: ["NotifierKit", "LinkstrPluginKit", "PluginABI", "CSystemd"],
            path: "Plugins/Notify/Desktop"),
        .target(
            name: "NotifyHTTPPlugin", dependencies: ["NotifierKit", "LinkstrPluginKit", "PluginABI"], path: "Plugins/Notify/HTTP"),
        .target(
            name: "NotifyCommandPlugin", dependencies: ["NotifierKit", "LinkstrPluginKit", "PluginABI"],
            path: "Plugins/Notify/Command"),

        // MARK: Plugins built by this package
        .target(
            name: "RelayPoolPlugin",
            dependencies: [
                "PluginABI", "LinkstrPluginKit", "StrictJSON", .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Plugins/Transport/RelayPool"),

        // MARK: Testing support for plugin authors: FakeHost, and FakeRelay (an in-memory transport)
        .target(name: "PluginTesting", dependencies: ["PluginABI", "LinkstrPluginKit", "LinkstrHost", "NostrCore"]),
        // The storage contract as checks any storage plugin can be run against (the test suite, and
        // `linkstr plugins conformance` through linkstr-storage-conformance).
        .target(name: "StorageConformance", dependencies: ["PluginABI", "LinkstrPluginKit", "LinkstrHost", "PluginTesting", "LinkstrProcess"]),
        .executableTarget(
            name: "linkstr-storage-conformance", dependencies: ["StorageConformance", "LinkstrHost"], path: "Sources/StorageConformanceProgram"),

        // MARK: Benchmarks (release builds; see README "Benchmarks")
        // NostrCore's crypto and parsing throughput, held against libsecp256k1 alone (scripts/bench-nostr.sh),
        // and the relay pool's frame parsing.
        .executableTarget(name: "NostrBench", dependencies: ["NostrCore", "CSecp256k1", "RelayPoolPlugin"], path: "Benchmarks/NostrBench"),
        .executableTarget(
            name: "linkstr-host-bench", dependencies: ["LinkstrHost", "LinkstrPluginKit", "PluginABI"],
            path: "Benchmarks/HostBench"),
        // MARK: Storage plugins: one shared kit, three backends, each its own .so
        .systemLibrary(
            name: "CSQLite", path: "Plugins/Storage/CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibPQ", path: "Plugins/Storage/CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .target(name: "StoragePluginKit", dependencies: ["PluginABI", "LinkstrPluginKit"], path: "Plugins/Storage/Kit"),
        .target(
            name: "SQLiteStorage", dependencies: ["StoragePluginKit", "LinkstrPluginKit", "PluginABI", "CSQLite"],
            path: "Plugins/Storage/SQLite", linkerSettings: pluginExportsOnlyEntry),
        .target(
            name: "MemoryStorage", dependencies: ["StoragePluginKit", "LinkstrPluginKit", "PluginABI"],
            path: "Plugins/Storage/Memory", linkerSettings: pluginExportsOnlyEntry),
        .target(
            name: "PostgreSQLStorage", dependencies: ["StoragePluginKit", "LinkstrPluginKit", "PluginABI", "CLibPQ"],
            path: "Plugins/Storage/PostgreSQL", linkerSettings: pluginExportsOnlyEntry),
        .executableTarget(
            name: "StorageBench", dependencies: ["LinkstrRuntime", "LinkstrHost", "LinkstrPluginKit", "PluginTesting", "PluginABI", "CLibPQ"],
            path: "Benchmarks/Storage"),
        // `linkstr sync` minus the network: gift wraps through unwrap, engine and the SQLite plugin.
        .executableTarget(
            name: "IngestBench", dependencies: ["LinkstrRuntime", "LinkstrHost", "LinkstrEngine", "NostrCore", "CSecp256k1"], path: "Benchmarks/IngestBench"),
        // The publish round trip to a local relay through the relay client every command uses.
        .executableTarget(name: "PublishBench", dependencies: ["LinkstrRuntime", "NostrCore"], path: "Benchmarks/PublishBench"),

        // MARK: Fuzzing: the parsers of untrusted input, driven by libFuzzer (scripts/fuzz.sh; README "Testing")
        .target(
            name: "FuzzTargets", dependencies: ["NostrCore", "LinkstrEngine", "LinkstrHost", "LinkstrMediaKit", "RelayPoolPlugin"],
            path: "Fuzz/Targets"),
        .executableTarget(name: "linkstr-fuzz", dependencies: ["FuzzTargets"], path: "Fuzz/Driver"),

        // MARK: Tests
        // Helpers for the tests that start programs: `linkstr` (ProcessRunner), real relays and the
        // rust-nostr peer (TestRelay, ExternalProcess), scratch folders.
        // Also the helpers of the host, runtime, CLI and C-API tests: C fixtures built with cc
        // (FixtureBuilder), Python helpers (TestPython, HelperProcess), recording servers, the unlock agent.
        .target(name: "TestSupport", dependencies: ["PluginTesting", "NostrCore", "LinkstrRuntime", "LinkstrProcess"], path: "Tests/Support/TestSupport"),
        .testTarget(name: "StrictJSONTests", dependencies: ["StrictJSON"]),
        .testTarget(name: "NostrCoreTests", dependencies: ["NostrCore", "CSecp256k1"]),
        .testTarget(
            name: "LinkstrEngineTests",
            dependencies: ["LinkstrEngine", "NostrCore", .product(name: "PropertyBased", package: "swift-property-based")]),
        // The generic host: plugin loading and discovery, the registry, configuration, PluginTesting's fakes.
        .testTarget(
            name: "LinkstrHostTests",
            dependencies: ["LinkstrHost", "LinkstrRuntime", "NostrCore", "LinkstrPluginKit", "PluginTesting", "PluginABI", "TestSupport"]),
        // The runtime's use cases and parts: receive, lock, saved links, bunker, browser host, notify.
        .testTarget(
            name: "LinkstrRuntimeTests",
            dependencies: [
                "LinkstrRuntime", "LinkstrHost", "LinkstrEngine", "NostrCore", "LinkstrPluginKit", "PluginTesting", "PluginABI", "TestSupport",
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"), .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Fixtures"]),
        // The `linkstr` program: its commands run as a child process, its output, README examples,
        // and its own logic (argument handling) tested in-process.
        .testTarget(
            name: "LinkstrCLITests",
            dependencies: [
                "linkstr", "LinkstrRuntime", "LinkstrHost", "LinkstrEngine", "NostrCore", "LinkstrPluginKit", "PluginTesting", "TestSupport",
                "CHostSupport", "LinkstrProcess",
            ],
            exclude: ["Fixtures"]),
        // The local web app: its security layers against a real server, its screens in headless Chromium.
        .testTarget(
            name: "LinkstrWebAppTests",
            dependencies: ["LinkstrWebApp", "LinkstrRuntime", "NostrCore", "PluginTesting", "TestSupport"]),
        // The C API (liblinkstr.so, linkstr.h) and the Python binding, from programs built in the tests.
        .testTarget(
            name: "LinkstrCTests",
            dependencies: ["LinkstrRuntime", "LinkstrHost", "NostrCore", "PluginTesting", "PluginABI", "TestSupport"],
            exclude: ["Fixtures"]),
        // A helper process for the storage tests: concurrent writers and SIGKILL in the middle of a batch.
        .executableTarget(
            name: "StorageTestProbe", dependencies: ["LinkstrHost", "LinkstrPluginKit", "PluginTesting", "PluginABI"],
            path: "Tests/Support/StorageTestProbe"),
        .testTarget(
            name: "StorageConformanceTests",
            dependencies: [
                "LinkstrRuntime", "LinkstrHost", "LinkstrEngine", "NostrCore", "LinkstrPluginKit", "PluginTesting", "StorageConformance", "PluginABI",
                "CSQLite", "CLibPQ", "TestSupport", "LinkstrProcess",
            ]),
        .testTarget(
            name: "MediaTests",
            dependencies: [
                "LinkstrMediaKit", "LinkstrRuntime", "LinkstrHost", "LinkstrPluginKit", "PluginTesting", "PluginABI", "TestSupport", "LinkstrProcess",
            ]),
        .testTarget(
            name: "RelayPoolTests",
            dependencies: ["LinkstrRuntime", "LinkstrHost", "LinkstrPluginKit", "PluginTesting", "PluginABI", "NostrCore", "TestSupport"],
            exclude: [
                "Support/relay.py", "Support/misbehaving_relay.py", "Support/tls_proxy.py", "Support/nostr_peer.py",
                "Support/linkstr_peer.py", "Support/test_bunker.py", "Support/nostr_connect_client.py",
            ]),
        // `linkstr` end to end: the built executable against real relays, with rust-nostr as a member.
        .testTarget(name: "EngineEndToEndTests", dependencies: ["NostrCore", "PluginTesting", "TestSupport"]),
        // Replays every input under Fuzz/regressions through its fuzz target.
        .testTarget(name: "FuzzRegressionTests", dependencies: ["FuzzTargets"]),
        .testTarget(name: "LinkstrProcessTests", dependencies: ["LinkstrProcess", "TestSupport"]),
        .testTarget(
            name: "RelayPoolPluginTests",
            dependencies: [
                "RelayPoolPlugin", "LinkstrPluginKit", "PluginABI", "PluginTesting", "NostrCore",
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "NIOCore", package: "swift-nio"),
            ]),
    ]
)

/// Swift plugins export only `lkh_plugin_entry`: the public symbols of the Swift modules linked into
/// them statically (LinkstrPluginKit, StoragePluginKit) stay local to the plugin image.
var pluginExportsOnlyEntry: [LinkerSetting] {
    let packageDirectory = String(#filePath.dropLast("Package.swift".count))
    return [.unsafeFlags(["-Xlinker", "--version-script=\(packageDirectory)Plugins/plugin-exports.map"])]
}

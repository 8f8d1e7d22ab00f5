// swift-tools-version:6.0
import PackageDescription

// Layout: see README.md ("Architecture") and ../shared/DESIGN.md §2.
let package = Package(
    name: "linkstr",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "linkstr", targets: ["linkstr"]),
        // The embedding API: liblinkstr.so (Sources/LinkstrC) + Sources/CLinkstr/include/linkstr.h.
        .library(name: "Linkstr", type: .dynamic, targets: ["LinkstrC"]),
        .library(name: "LinkstrHost", targets: ["LinkstrHost"]),
        .library(name: "LinkstrPluginKit", targets: ["LinkstrPluginKit"]),
        .library(name: "PluginTesting", targets: ["PluginTesting"]),
        .library(name: "NostrCore", targets: ["NostrCore"]),
        // The relay transport plugin (liblinkstr-plugin-relay-pool.so), loaded through the ABI.
        .library(name: "linkstr-plugin-relay-pool", type: .dynamic, targets: ["RelayPoolPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/LebJe/TOMLKit", from: "0.6.0"),
        .package(url: "https://github.com/hummingbird-project/swift-websocket", from: "1.6.2"),
        // Already dependencies of swift-websocket; named here because the relay pool imports them.
        .package(url: "https://github.com/apple/swift-log", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.29.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.80.0"),
    ],
    targets: [
        // MARK: The plugin ABI (header only) and its Swift support for both sides
        .target(name: "PluginABI"),
        .target(name: "LinkstrPluginKit", dependencies: ["PluginABI"]),

        // MARK: System libraries (Debian -dev packages; see .ci/run)
        .systemLibrary(name: "CSecp256k1", pkgConfig: "libsecp256k1", providers: [.apt(["libsecp256k1-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),

        // MARK: Nostr protocol core (keys, NIP-01/19/44/49/59)
        .target(name: "NostrCore", dependencies: ["CSecp256k1", "COpenSSL"]),

        // MARK: The host: loader, registry, configuration, capabilities
        .target(name: "CHostSupport"),
        .target(
            name: "LinkstrHost",
            dependencies: ["PluginABI", "CHostSupport", "LinkstrPluginKit", "NostrCore", .product(name: "TOMLKit", package: "TOMLKit")]),
        .target(name: "CLinkstr", dependencies: ["PluginABI"]),
        // SwiftPM names the file libLinkstr.so (a product may not share the executable's name); its
        // SONAME is liblinkstr.so, the name `make install` gives it and programs link against.
        .target(
            name: "LinkstrC", dependencies: ["CLinkstr", "LinkstrHost", "PluginABI", "LinkstrPluginKit"],
            linkerSettings: [.unsafeFlags(["-Xlinker", "-soname=liblinkstr.so"])]),
        .executableTarget(
            name: "linkstr",
            dependencies: ["LinkstrHost", "LinkstrPluginKit", .product(name: "ArgumentParser", package: "swift-argument-parser")]),

        // MARK: Plugins built by this package
        .target(
            name: "RelayPoolPlugin",
            dependencies: [
                "PluginABI", "LinkstrPluginKit", .product(name: "WSClient", package: "swift-websocket"),
                .product(name: "Logging", package: "swift-log"), .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            path: "Plugins/Transport/RelayPool"),

        // MARK: Testing support for plugin authors
        .target(name: "PluginTesting", dependencies: ["PluginABI", "LinkstrPluginKit", "LinkstrHost"]),

        // MARK: Tests
        .testTarget(name: "NostrCoreTests", dependencies: ["NostrCore"]),
        .testTarget(
            name: "LinkstrHostTests",
            dependencies: ["LinkstrHost", "LinkstrPluginKit", "PluginTesting", "PluginABI"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "RelayPoolTests",
            dependencies: ["LinkstrHost", "LinkstrPluginKit", "PluginTesting", "PluginABI", "NostrCore"],
            exclude: ["Support/relay.py", "Support/misbehaving_relay.py", "Support/tls_proxy.py", "Support/nostr_peer.py"]),
        .testTarget(name: "RelayPoolPluginTests", dependencies: ["RelayPoolPlugin", "LinkstrPluginKit", "PluginABI"]),
    ]
)

// swift-tools-version:6.0
import PackageDescription

// Layout: see README.md ("Architecture") and ../shared/DESIGN.md §2.
let package = Package(
    name: "linkstr",
    platforms: [.macOS(.v14)],
    products: [
        .library(name: "NostrCore", targets: ["NostrCore"]),
    ],
    dependencies: [],
    targets: [
        // MARK: System libraries (Debian -dev packages; see .ci/run)
        .systemLibrary(name: "CSecp256k1", pkgConfig: "libsecp256k1", providers: [.apt(["libsecp256k1-dev"])]),
        .systemLibrary(name: "COpenSSL", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),

        // MARK: Nostr protocol core (keys, NIP-01/19/44/49/59)
        .target(name: "NostrCore", dependencies: ["CSecp256k1", "COpenSSL"]),
        .testTarget(name: "NostrCoreTests", dependencies: ["NostrCore"]),
    ]
)

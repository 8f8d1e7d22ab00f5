import Foundation
import LinkstrHost
import LinkstrPluginKit
import PluginABI

/// `linkstr-host-bench PLUGIN.so`: the cost of a call through the plugin ABI against a direct Swift
/// call doing the same work, in ns per call (release build; best of 5 runs of 5 M calls).
@main
enum HostBench {
    static func main() {
        guard CommandLine.arguments.count == 2, !CommandLine.arguments[1].hasPrefix("-") else {
            fail("usage: linkstr-host-bench PATH/liblinkstr-plugin-vimeo.so (a media-provider plugin file)")
        }
        let path = CommandLine.arguments[1]
        var configuration = Configuration()
        configuration.pluginPaths = [path]
        let host = LinkstrHost(
            paths: LinkstrPaths.resolve(home: NSTemporaryDirectory() + "linkstr-bench", configFile: nil, environment: [:]),
            configuration: configuration, log: HostLog(threshold: .error))
        let media: Capability<lkh_media_provider_v1>
        do {
            let plugin = try PluginLoader.load(path: path)
            host.loadPlugins(discovery: PluginDiscovery(configuration: configuration, paths: host.paths, executableDirectory: nil))
            media = try host.instance(of: plugin).capability(CapabilityID.mediaProvider, as: lkh_media_provider_v1.self)
        } catch {
            fail("linkstr-host-bench: \(error)")
        }
        let classify = media.vtable.pointee.classify!
        let instance = media.rawInstance
        var result = lkh_media_classification()
        result.struct_size = UInt32(MemoryLayout<lkh_media_classification>.size)

        let iterations = 5_000_000
        // Two inputs alternate so that no call can be hoisted out of the loop.
        let notMine: [UnsafeMutablePointer<CChar>] = ["ftp://example.org/x", "gopher://example.org/y"].map { (text: String) in strdup(text)! }
        let vimeo = "https://vimeo.com/76979871"

        // Statuses are summed into a checksum that is printed, so no call can be optimized away.
        var checksum: Int32 = 0
        let abiReject = measure(iterations) { index in checksum &+= classify(instance, notMine[index & 1], &result, nil) }
        let directReject = measure(iterations) { index in checksum &+= directSchemeCheck(notMine[index & 1]) }
        let abiClassify = vimeo.withCString { url in
            measure(iterations) { _ in checksum &+= classify(instance, url, &result, nil) }
        }
        print("ABI call, URL rejected by the C plugin:  \(format(abiReject)) ns/call")
        print("direct Swift call, same check:           \(format(directReject)) ns/call")
        print("ABI call, Vimeo URL fully classified:    \(format(abiClassify)) ns/call")
        var found = 0
        let hostClassify = measure(200_000) { _ in found &+= (try? host.classify(vimeo)) == nil ? 0 : 1 }
        print("host.classify (provider order + copies): \(format(hostClassify)) ns/call")
        print("(checksum \(checksum), \(found))")
    }

    /// Bad arguments or a file that is no media-provider plugin: one line on stderr, exit 2.
    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data((message + "\n").utf8))
        exit(2)
    }

    /// The same work as the plugin's rejection path: compare the scheme, case-insensitively.
    @inline(never)
    static func directSchemeCheck(_ url: UnsafeMutablePointer<CChar>) -> Int32 {
        strncasecmp(url, https, 8) == 0 || strncasecmp(url, http, 7) == 0 ? 0 : 3
    }

    nonisolated(unsafe) static let https = strdup("https://")!
    nonisolated(unsafe) static let http = strdup("http://")!

    /// Best of 5 runs, in ns per iteration.
    static func measure(_ iterations: Int, _ body: (Int) -> Void) -> Double {
        var best = Double.infinity
        for _ in 0..<5 {
            let start = DispatchTime.now().uptimeNanoseconds
            for index in 0..<iterations { body(index) }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
            best = min(best, elapsed / Double(iterations))
        }
        return best
    }

    static func format(_ value: Double) -> String { String(format: "%6.1f", value) }
}

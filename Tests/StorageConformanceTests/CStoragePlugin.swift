import Foundation
import TestSupport

/// The C storage plugin, built once per test run by the Makefile's `c-storage-plugin` rule (the one
/// the README documents) into a private folder the plugin loader accepts.
enum CStoragePlugin {
    static var path: String {
        get throws { try built.get() }
    }

    private static let built: Result<String, TestFailure> = {
        let output = Scratch.directory("c-storage-plugin") + "/liblinkstr-plugin-c-memory.so"
        do {
            let make = try ProcessRunner.run(
                "/usr/bin/make", ["-s", "-C", Scratch.packageDirectory, "c-storage-plugin", "C_STORAGE_PLUGIN=\(output)"])
            guard make.status == 0 else { return .failure(TestFailure("make c-storage-plugin failed: \(make.stderr)")) }
            return .success(output)
        } catch {
            return .failure(TestFailure("cannot run make: \(error)"))
        }
    }()
}

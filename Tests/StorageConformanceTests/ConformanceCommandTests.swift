import Foundation
import PluginTesting
import Testing
import TestSupport

/// `linkstr plugins conformance PATH`, run as a third party would: the built program on a plugin file.
@Suite("linkstr plugins conformance")
struct ConformanceCommandTests {
    func linkstr(_ arguments: [String]) throws -> ProcessRunner.Result {
        let home = Scratch.directory("conformance-home")
        return try ProcessRunner.linkstr(["plugins", "conformance"] + arguments, environment: ["LINKSTR_HOME": home])
    }

    @Test("the C storage plugin passes every check (--json)")
    func cPluginPasses() throws {
        let plugin = try CStoragePlugin.path
        let result = try linkstr([plugin, "--json"])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(report["id"] as? String == "org.linkstr.storage.c-memory")
        #expect(report["passed"] as? Bool == true)
        let checks = try #require(report["checks"] as? [[String: Any]])
        #expect(checks.map { $0["name"] as? String } == StorageConformance.checks.map(\.name))
        #expect(checks.allSatisfy { $0["passed"] as? Bool == true && ($0["failures"] as? [String])?.isEmpty == true })
    }

    @Test("the SQLite plugin passes with its default scratch path, in human form")
    func sqlitePassesHuman() throws {
        let result = try linkstr([BuildProducts.plugin("sqlite")])
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stdout.contains("ok   order by (sort, key), both directions, bounds, limit, parent and flags\n"))
        #expect(result.stdout.hasSuffix("org.linkstr.storage.sqlite: \(StorageConformance.checks.count) of \(StorageConformance.checks.count) checks passed\n"))
    }

    @Test("a store that forgets what it is given fails, with the failing checks named")
    func forgetfulStoreFails() throws {
        let plugin = try Self.buildForgetfulStore()
        let json = try linkstr([plugin, "--json"])
        #expect(json.status == 1)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(report["passed"] as? Bool == false)
        let checks = try #require(report["checks"] as? [[String: Any]])
        let failed = checks.filter { $0["passed"] as? Bool == false }
        #expect(failed.contains { $0["name"] as? String == "put, get, replace and binary fields" })
        #expect(failed.contains { $0["name"] as? String == "the plugin describes itself" })
        #expect(json.stderr.hasPrefix("linkstr: org.example.storage.forgetful failed \(failed.count) of \(checks.count) conformance checks: "))
        #expect(json.stderr.contains("put, get, replace and binary fields"))

        let human = try linkstr([plugin])
        #expect(human.status == 1)
        #expect(human.stdout.contains("FAIL put, get, replace and binary fields\n       get after put: expected "))
    }

    @Test("a plugin that is not a storage plugin, and a missing file, are refused")
    func refusals() throws {
        let media = try linkstr([BuildProducts.plugin("media-generic")])
        #expect(media.status == 1)
        #expect(media.stderr.contains("does not provide org.linkstr.storage/1"), "stderr: \(media.stderr)")
        let missing = try linkstr([Scratch.root + "/no-such-plugin.so"])
        #expect(missing.status == 2)
        #expect(missing.stderr.hasPrefix("linkstr: there is no plugin file at "))
        let plugin = try CStoragePlugin.path
        let badSetting = try linkstr([plugin, "--set", "no-equals-sign"])
        #expect(badSetting.status == 2)
    }

    /// A storage plugin in C whose writes succeed and are forgotten.
    static func buildForgetfulStore() throws -> String {
        let folder = Scratch.directory("forgetful")
        let source = folder + "/forgetful.c"
        try """
            #include <string.h>
            #include "linkstr_plugin.h"
            static lkh_status open_store(void *i, lkh_error *e) { (void)i; (void)e; return LKH_OK; }
            static lkh_status apply(void *i, const lkh_storage_op *o, size_t n, lkh_error *e) { (void)i; (void)o; (void)n; (void)e; return LKH_OK; }
            static lkh_status get(void *i, lkh_bytes o, lkh_bytes c, lkh_bytes k, lkh_record_fn f, void *x, lkh_error *e) {
                (void)i; (void)o; (void)c; (void)k; (void)f; (void)x;
                return lkh_error_set(e, LKH_E_NOT_FOUND, "no such record");
            }
            static lkh_status query(void *i, const lkh_storage_query *q, lkh_record_fn f, void *x, lkh_error *e) {
                (void)i; (void)q; (void)f; (void)x; (void)e; return LKH_OK;
            }
            static lkh_status count(void *i, lkh_bytes o, lkh_bytes c, uint64_t *out, lkh_error *e) { (void)i; (void)o; (void)c; (void)e; *out = 0; return LKH_OK; }
            static lkh_status delete_owner(void *i, lkh_bytes o, uint64_t *out, lkh_error *e) { (void)i; (void)o; (void)e; *out = 0; return LKH_OK; }
            static const lkh_storage_v1 table = {sizeof table, open_store, apply, get, query, count, delete_owner, NULL};
            static int instance;
            static lkh_status create(const lkh_host *h, void **out, lkh_error *e) { (void)h; (void)e; *out = &instance; return LKH_OK; }
            static void destroy(void *i) { (void)i; }
            static const void *capability(void *i, const char *id) { (void)i; return strcmp(id, LKH_CAP_STORAGE_V1) == 0 ? &table : NULL; }
            static const char *const provides[] = {LKH_CAP_STORAGE_V1, NULL};
            static const lkh_plugin_desc desc = {.struct_size = sizeof desc, .abi_major = LKH_ABI_MAJOR, .abi_minor = LKH_ABI_MINOR,
                .id = "org.example.storage.forgetful", .name = "Forgetful", .version = "1.0.0", .provides = provides,
                .create = create, .destroy = destroy, .get_capability = capability, .built_with = "cc"};
            LKH_EXPORT const lkh_plugin_desc *lkh_plugin_entry(uint32_t major, uint32_t minor) { (void)minor; return major == LKH_ABI_MAJOR ? &desc : NULL; }
            """.write(toFile: source, atomically: true, encoding: .utf8)
        let output = folder + "/libforgetful.so"
        let cc = try ProcessRunner.run(
            "/usr/bin/cc",
            ["-std=c11", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC", "-fvisibility=hidden",
             "-I", Scratch.packageDirectory + "/Sources/PluginABI/include", source, "-o", output])
        try #require(cc.status == 0, "cc: \(cc.stderr)")
        return output
    }
}

import Foundation
import PluginTesting
import StorageConformance
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
        // A store in memory skips what needs its records to outlive an instance, and says so.
        let skipped = checks.filter { $0["skipped"] != nil }.compactMap { $0["name"] as? String }
        #expect(skipped == StorageConformance.checks.filter(\.needsPersistence).map(\.name))
        #expect(checks.first { $0["skipped"] != nil }?["skipped"] as? String == "the store describes itself as not persistent (\"persistent\":false)")
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

    @Test("a store whose locks are removed fails: readers see part of a batch, or writers lose records")
    func lockFreeStoreFails() throws {
        let plugin = try Self.buildLockFreeStore()
        let result = try linkstr([plugin, "--json"])
        #expect(result.status != 0, "\(result.stdout)")
        let report = try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
        if let checks = report?["checks"] as? [[String: Any]] {
            // It did not crash: the check of threads writing at once names what went wrong.
            let failed = checks.filter { $0["passed"] as? Bool == false }.compactMap { $0["name"] as? String }
            #expect(failed.contains("threads write batches at once; readers see whole batches"), "\(failed)")
        }
    }

    @Test("a store that wipes its file when it opens fails: nothing survives destroy and re-create")
    func amnesiacStoreFails() throws {
        let plugin = try Self.buildAmnesiacStore()
        let result = try linkstr([plugin, "--json"])
        #expect(result.status == 1, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let checks = try #require(report["checks"] as? [[String: Any]])
        let failed = checks.filter { $0["passed"] as? Bool == false }.compactMap { $0["name"] as? String }
        #expect(failed.contains("records survive destroy and re-create on the same location"), "\(failed)")
        #expect(result.stderr.contains("org.example.storage.amnesiac failed"), "\(result.stderr)")
    }

    /// The C storage plugin with every mutex operation made a no-op.
    static func buildLockFreeStore() throws -> String {
        let folder = Scratch.directory("lock-free")
        let header = folder + "/no-locks.h"
        try """
            #include <pthread.h>
            static inline int no_lock(pthread_mutex_t *mutex) { (void)mutex; return 0; }
            #define pthread_mutex_lock no_lock
            #define pthread_mutex_unlock no_lock
            """.write(toFile: header, atomically: true, encoding: .utf8)
        let output = folder + "/liblock-free.so"
        let cc = try ProcessRunner.run(
            "/usr/bin/cc",
            ["-std=c11", "-O2", "-D_POSIX_C_SOURCE=200809L", "-shared", "-fPIC", "-fvisibility=hidden", "-pthread", "-include", header,
             "-I", Scratch.packageDirectory + "/Sources/PluginABI/include", Scratch.packageDirectory + "/Plugins/Storage/CMemory/memory_store.c",
             "-o", output])
        try #require(cc.status == 0, "cc: \(cc.stderr)")
        return output
    }

    /// The SQLite plugin behind a shim that deletes the database file each time an instance is
    /// created: every write succeeds, and the next instance starts empty.
    static func buildAmnesiacStore() throws -> String {
        let folder = Scratch.directory("amnesiac")
        let source = folder + "/amnesiac.c"
        try """
            #define _POSIX_C_SOURCE 200809L
            #include <dlfcn.h>
            #include <stdio.h>
            #include <unistd.h>
            #include "linkstr_plugin.h"
            static const lkh_plugin_desc *inner;
            static lkh_plugin_desc shim;
            static lkh_status create(const lkh_host *host, void **out, lkh_error *err) {
                char path[4096], side[4200];
                if (host->config_get(host, "path", path, sizeof path) > 0) {
                    unlink(path);
                    snprintf(side, sizeof side, "%s-wal", path); unlink(side);
                    snprintf(side, sizeof side, "%s-shm", path); unlink(side);
                }
                return inner->create(host, out, err);
            }
            LKH_EXPORT const lkh_plugin_desc *lkh_plugin_entry(uint32_t major, uint32_t minor) {
                if (inner == NULL) {
                    void *library = dlopen("\(BuildProducts.plugin("sqlite"))", RTLD_NOW | RTLD_LOCAL);
                    if (library == NULL) return NULL;
                    lkh_plugin_entry_fn entry = (lkh_plugin_entry_fn)dlsym(library, LKH_ENTRY_SYMBOL);
                    if (entry == NULL || (inner = entry(major, minor)) == NULL) return NULL;
                    shim = *inner;
                    shim.id = "org.example.storage.amnesiac";
                    shim.create = create;
                }
                return &shim;
            }
            """.write(toFile: source, atomically: true, encoding: .utf8)
        let output = folder + "/libamnesiac.so"
        let cc = try ProcessRunner.run(
            "/usr/bin/cc",
            ["-std=c11", "-Wall", "-Werror", "-shared", "-fPIC", "-fvisibility=hidden", "-I", Scratch.packageDirectory + "/Sources/PluginABI/include",
             source, "-o", output, "-ldl"])
        try #require(cc.status == 0, "cc: \(cc.stderr)")
        return output
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

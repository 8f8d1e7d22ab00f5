import Foundation
import LinkstrHost
import LinkstrPluginKit
import NostrCore
import PluginABI
import PluginTesting
import Synchronization
import Testing

@Suite("The host's signer service (lkh_signer_v1)")
struct SignerServiceTests {
    /// What a done callback received.
    final class ResultBox: Sendable {
        let value = Mutex<(Int32, [UInt8])?>(nil)
    }

    /// The service offered by a fake host to a plugin that may sign AUTH events (kind 22242), and the
    /// host table that plugin would receive. The caller keeps `service` alive (the host only holds
    /// the table's address).
    private static func offered(_ service: SignerService) -> (HostServicesTable, UnsafePointer<lkh_signer_v1>) {
        let host = FakeHost()
        let table = service.table(for: "org.example.auth", kinds: [22242])
        host.offerService(LKH_SERVICE_SIGNER_V1, table)
        return (HostServicesTable(provider: host), table.assumingMemoryBound(to: lkh_signer_v1.self))
    }

    /// Signs `template` through `signer`: the status of the call, and what `done` received.
    private static func sign(_ template: String, _ table: HostServicesTable, _ signer: UnsafePointer<lkh_signer_v1>, error: inout lkh_error)
        -> (Int32, (Int32, [UInt8])?)
    {
        let box = ResultBox()
        let bytes = Array(template.utf8)
        let status = bytes.withUnsafeBufferPointer { buffer in
            signer.pointee.sign_event!(
                table.pointer, lkh_bytes(data: buffer.baseAddress, len: buffer.count),
                { userData, status, _, result in
                    let box = Unmanaged<ResultBox>.fromOpaque(userData!).takeUnretainedValue()
                    box.value.withLock { $0 = (status, OwnedBytes.take(result)) }
                }, Unmanaged.passUnretained(box).toOpaque(), &error)
        }
        return (status, box.value.withLock { $0 })
    }

    @Test("public_key: the account's key, or LKH_E_UNAVAILABLE with a reason while there is none")
    func publicKey() throws {
        let service = SignerService(signer: nil)
        let (table, signer) = Self.offered(service)
        var output = [CChar](repeating: 0, count: 65)
        var error = LKHErrorSlot.make()
        #expect(signer.pointee.public_key!(table.pointer, &output, &error) == LKH_E_UNAVAILABLE)
        #expect(LKHErrorSlot.message(of: &error) == "no account is loaded; create or import one first")

        let account = LocalSigner(keypair: .generate())
        service.setSigner(account)
        #expect(signer.pointee.public_key!(table.pointer, &output, &error) == LKH_OK)
        #expect(String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) == account.publicKey.hex)
    }

    @Test("sign_event completes the template with the account's key; the result verifies")
    func signEvent() throws {
        let account = LocalSigner(keypair: .generate())
        let service = SignerService(signer: account)
        defer { withExtendedLifetime(service) {} }
        let (table, signer) = Self.offered(service)
        let template = Array(#"{"created_at":1700000000,"kind":22242,"tags":[["relay","wss://r.example"],["challenge","c"]],"content":""}"#.utf8)
        let box = ResultBox()
        var error = LKHErrorSlot.make()
        let status = template.withUnsafeBufferPointer { buffer in
            signer.pointee.sign_event!(
                table.pointer, lkh_bytes(data: buffer.baseAddress, len: buffer.count),
                { userData, status, _, result in
                    let box = Unmanaged<ResultBox>.fromOpaque(userData!).takeUnretainedValue()
                    box.value.withLock { $0 = (status, OwnedBytes.take(result)) }
                }, Unmanaged.passUnretained(box).toOpaque(), &error)
        }
        #expect(status == LKH_OK)
        let (doneStatus, json) = try #require(box.value.withLock { $0 })
        #expect(doneStatus == LKH_OK)
        let event = try Event(json: json)
        try event.verify()
        #expect(event.pubkey == account.publicKey)
        #expect(event.kind == 22242 && event.createdAt == 1_700_000_000 && event.tags == [["relay", "wss://r.example"], ["challenge", "c"]])
    }

    @Test("a template that is not an unsigned event is refused with what is wrong")
    func badTemplate() {
        let service = SignerService(signer: LocalSigner(keypair: .generate()))
        defer { withExtendedLifetime(service) {} }
        let (table, signer) = Self.offered(service)
        let template = Array(#"{"created_at":1,"tags":[],"content":""}"#.utf8)
        var error = LKHErrorSlot.make()
        let status = template.withUnsafeBufferPointer { buffer in
            signer.pointee.sign_event!(table.pointer, lkh_bytes(data: buffer.baseAddress, len: buffer.count), { _, _, _, _ in }, nil, &error)
        }
        #expect(status == LKH_E_INVALID)
        #expect(LKHErrorSlot.message(of: &error) == "sign_event: the unsigned event has no \"kind\"")
    }

    @Test("a plugin may sign only the kinds it was granted; another kind is refused, naming them")
    func onlyGrantedKinds() throws {
        let service = SignerService(signer: LocalSigner(keypair: .generate()))
        defer { withExtendedLifetime(service) {} }
        let (table, signer) = Self.offered(service)
        var error = LKHErrorSlot.make()
        let (status, done) = Self.sign(#"{"created_at":1700000000,"kind":1,"tags":[],"content":"gm"}"#, table, signer, error: &error)
        #expect(status == LKH_E_PERMISSION)
        #expect(done == nil)
        #expect(LKHErrorSlot.message(of: &error)
            == "sign_event: plugin 'org.example.auth' may sign only the event kinds it declares (signer_kinds: 22242), not kind 1")
    }

    /// A host with three in-process plugins: one that signs AUTH events, one that never signs, and
    /// one that signs notes (kind 1).
    private static func host(_ configuration: Configuration = Configuration()) -> LinkstrHost {
        let host = LinkstrHost(
            paths: LinkstrPaths.resolve(home: "/nonexistent-linkstr-home", configFile: nil, environment: [:]), configuration: configuration,
            log: HostLog(threshold: .error))
        host.loadPlugins(discovery: PluginDiscovery(files: []), inProcess: [relayPool.pointer, quiet.pointer, notes.pointer])
        return host
    }

    private static func descriptor(_ id: String, requires: [String] = [], signerKinds: [UInt32]) -> PluginDescriptor {
        PluginDescriptor.make(
            id: id, name: id, version: "1.0.0", provides: ["org.example.thing/1"], requires: requires, signerKinds: signerKinds,
            create: { _, out, _ in
                out?.pointee = UnsafeMutableRawPointer(bitPattern: 1)
                return LKH_OK
            },
            destroy: { _ in }, getCapability: { _, _ in nil })
    }
    private static let relayPool = descriptor("org.linkstr.transport.relay-pool", signerKinds: [22242])
    private static let quiet = descriptor("org.example.quiet", signerKinds: [])
    private static let notes = descriptor("org.example.notes", requires: [LKH_SERVICE_SIGNER_V1], signerKinds: [1])

    @Test("the real host offers the signer only to plugins that declare kinds and that signer_plugins lists")
    func hostOffersItWhereGranted() throws {
        let host = Self.host()
        #expect(host.signerKinds(for: "org.linkstr.transport.relay-pool") == [22242])
        #expect(host.services(for: "org.linkstr.transport.relay-pool").service(LKH_SERVICE_SIGNER_V1) != nil)
        #expect(host.services(for: "org.example.quiet").service(LKH_SERVICE_SIGNER_V1) == nil)
        #expect(host.services(for: "org.example.notes").service(LKH_SERVICE_SIGNER_V1) == nil)

        var configuration = Configuration()
        configuration.signerPlugins = ["org.example.notes", "org.example.quiet"]
        let granting = Self.host(configuration)
        #expect(granting.signerKinds(for: "org.example.notes") == [1])
        #expect(granting.services(for: "org.example.quiet").service(LKH_SERVICE_SIGNER_V1) == nil)
        #expect(granting.services(for: "org.linkstr.transport.relay-pool").service(LKH_SERVICE_SIGNER_V1) == nil)
    }

    @Test("a plugin that requires the signer is not created unless signer_plugins grants it")
    func requiredButNotGranted() throws {
        let host = Self.host()
        let notes = try #require(host.registry.plugins.first { $0.id == "org.example.notes" })
        let error = try #require(throws: PluginError.self) { try host.instance(of: notes) }
        #expect(error.status == .permission)
        #expect(error.message == "plugin 'org.example.notes' requires the signer service (to sign event kinds 1), which config.toml does not grant it; "
            + "add \"org.example.notes\" to signer_plugins = [...] if you trust it to sign those")
    }

    @Test("a plugin that requires the signer must declare the kinds it signs")
    func requiredWithoutKinds() throws {
        let undeclared = Self.descriptor("org.example.vague", requires: [LKH_SERVICE_SIGNER_V1], signerKinds: [])
        var registry = PluginRegistry()
        let error = try #require(throws: PluginLoadError.self) { try registry.add(inProcess: undeclared.pointer) }
        #expect(error.description.hasSuffix("it requires the signer service but declares no signer_kinds (the event kinds it signs)"))
    }
}

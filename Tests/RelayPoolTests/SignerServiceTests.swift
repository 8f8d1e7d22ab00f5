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

    /// The service offered by a fake host, and the host table a plugin would receive. The caller
    /// keeps `service` alive (the host only holds the table's address).
    private static func offered(_ service: SignerService) -> (HostServicesTable, UnsafePointer<lkh_signer_v1>) {
        let host = FakeHost()
        host.offerService(LKH_SERVICE_SIGNER_V1, service.table)
        return (HostServicesTable(provider: host), service.table.assumingMemoryBound(to: lkh_signer_v1.self))
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

    @Test("the real host offers its signer service to every plugin")
    func hostOffersIt() {
        let host = LinkstrHost(
            paths: LinkstrPaths.resolve(home: "/nonexistent-linkstr-home", configFile: nil, environment: [:]), configuration: Configuration(),
            log: HostLog(threshold: .error))
        #expect(host.services(for: "org.example.plugin").service(LKH_SERVICE_SIGNER_V1) == host.signerService.table)
    }
}

import Foundation

/// A private certificate authority and a server certificate it signed (openssl, valid one day), for
/// tests of TLS with a CA the system does not trust.
public struct TestCertificates: Sendable {
    /// The CA's certificate (PEM): what a client is told to trust.
    public let authority: String
    public let certificate: String
    public let key: String

    /// - Parameter names: the certificate's subject alternative names.
    public init(in scratch: TestScratch, names: String = "DNS:localhost,IP:127.0.0.1") throws {
        authority = scratch.file("ca.pem")
        certificate = scratch.file("cert.pem")
        key = scratch.file("key.pem")
        let caKey = scratch.file("ca-key.pem")
        let request = scratch.file("request.csr")
        let extensions = scratch.file("extensions.cnf")
        try "subjectAltName=\(names)\nbasicConstraints=CA:FALSE\n".write(toFile: extensions, atomically: true, encoding: .utf8)
        let steps: [[String]] = [
            ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", caKey, "-out", authority,
             "-days", "1", "-subj", "/CN=linkstr test CA"],
            ["req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", key, "-out", request,
             "-subj", "/CN=localhost"],
            ["x509", "-req", "-in", request, "-CA", authority, "-CAkey", caKey, "-CAcreateserial", "-out", certificate, "-days", "1",
             "-extfile", extensions],
        ]
        for arguments in steps {
            let result = try ProcessRunner.run("/usr/bin/openssl", arguments)
            guard result.status == 0 else { throw TestFailure("openssl \(arguments[0]) failed: \(result.stderr)") }
        }
    }
}

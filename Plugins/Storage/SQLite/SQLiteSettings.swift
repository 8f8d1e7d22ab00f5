import Glibc
import LinkstrPluginKit

/// The SQLite plugin's settings, read through `config_get`. A value type: thread-safe.
struct SQLiteSettings: Sendable {
    var path: String
    var synchronous: String
    var busyTimeoutMilliseconds: Int32

    /// Reads `path`, `synchronous` and `busy_timeout_ms`, with their defaults.
    static func read(from host: PluginHost) throws(PluginError) -> SQLiteSettings {
        let dataDirectory = host.config("host.data_dir")
        let configured = host.config("path").flatMap { $0.isEmpty ? nil : $0 }
        let path: String
        switch (configured, dataDirectory) {
        case (let configured?, _) where configured.hasPrefix("/"): path = configured
        case (let configured?, let dataDirectory?): path = dataDirectory + "/" + configured
        case (nil, let dataDirectory?): path = dataDirectory + "/linkstr.sqlite"
        case (_, nil):
            throw PluginError(
                .invalid, "SQLite: no database path: set an absolute path in [plugins.\"org.linkstr.storage.sqlite\"] or give the host a data dir")
        }
        let synchronous = (host.config("synchronous") ?? "normal").lowercased()
        guard synchronous == "normal" || synchronous == "full" else {
            throw PluginError(.invalid, "SQLite: synchronous must be \"normal\" or \"full\", not \"\(synchronous)\"")
        }
        let timeoutText = host.config("busy_timeout_ms") ?? "5000"
        guard let timeout = Int32(timeoutText), timeout >= 0 else {
            throw PluginError(.invalid, "SQLite: busy_timeout_ms must be a number of milliseconds, not \"\(timeoutText)\"")
        }
        return SQLiteSettings(path: path, synchronous: synchronous, busyTimeoutMilliseconds: timeout)
    }

    var directory: String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
        return String(path[..<slash])
    }

    /// Creates the database's folder and its missing parents (mode 0700).
    func createDirectory() throws(PluginError) {
        var prefix = ""
        for component in directory.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw PluginError(
                    errno == EACCES || errno == EPERM || errno == EROFS ? .permission : .io,
                    "SQLite \(path): cannot create the folder \(prefix): \(String(cString: strerror(errno)))")
            }
        }
        var info = stat()
        guard stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
            throw PluginError(.io, "SQLite \(path): \(directory) is not a folder")
        }
    }

    /// Creates an empty database file readable by its owner only, unless it exists; SQLite gives its
    /// -wal and -shm files the same mode.
    func createFileIfMissing() throws(PluginError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            return
        }
        guard errno == EEXIST else {
            throw PluginError(
                errno == EACCES || errno == EPERM || errno == EROFS ? .permission : .io,
                "SQLite \(path): cannot create the database file: \(String(cString: strerror(errno)))")
        }
    }
}

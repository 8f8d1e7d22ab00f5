import Glibc

/// Finds the file a program name stands for, the way `execvp` would: a name with a `/` is a path,
/// anything else is looked up in `$PATH`.
enum ExecutableLookup {
    /// The path to run, or a sentence saying why there is none.
    static func resolve(_ program: String) -> Result<String, ExecutableLookupFailure> {
        if program.contains("/") {
            return isExecutableFile(program) ? .success(program) : .failure(ExecutableLookupFailure(program: program, reason: reason(program)))
        }
        let searchPath = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in searchPath.split(separator: ":") where !folder.isEmpty {
            let candidate = "\(folder)/\(program)"
            if isExecutableFile(candidate) { return .success(candidate) }
        }
        return .failure(ExecutableLookupFailure(program: program, reason: "not found in PATH (\(searchPath))"))
    }

    private static func isExecutableFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG && access(path, X_OK) == 0
    }

    private static func reason(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return String(cString: strerror(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { return "not a regular file" }
        return "not executable (run `chmod +x \(path)`)"
    }
}

import Glibc

/// The checks made on a plugin file before `dlopen` runs any of its code.
///
/// `dlopen` runs ELF constructors before the host can validate anything, so a file that someone else
/// could have replaced must never be opened: the file and every folder above it must be owned by root
/// or by us and be writable by nobody else.
enum PluginFileCheck {
    /// Resolves `path` and checks it; returns the canonical path and the file's (device, inode).
    static func check(_ path: String) throws(PluginLoadError) -> (canonicalPath: String, fileID: FileID) {
        guard let resolved = realpath(path, nil) else {
            throw PluginLoadError(path: path, stage: .permissions, reason: "cannot resolve the path: \(String(cString: strerror(errno)))")
        }
        let canonical = String(cString: resolved)
        free(resolved)

        var info = stat()
        guard stat(canonical, &info) == 0 else {
            throw PluginLoadError(path: path, stage: .permissions, reason: "cannot stat the file: \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw PluginLoadError(path: path, stage: .permissions, reason: "not a regular file")
        }
        try checkOwnerAndMode(info, of: canonical, kind: "file", reportedPath: path)

        var folder = canonical
        while let slash = folder.lastIndex(of: "/"), folder != "/" {
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
            var folderInfo = stat()
            guard stat(folder, &folderInfo) == 0 else {
                throw PluginLoadError(path: path, stage: .permissions, reason: "cannot stat folder \(folder): \(String(cString: strerror(errno)))")
            }
            try checkOwnerAndMode(folderInfo, of: folder, kind: "folder", reportedPath: path)
        }
        return (canonical, FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)))
    }

    private static func checkOwnerAndMode(_ info: stat, of path: String, kind: String, reportedPath: String) throws(PluginLoadError) {
        if info.st_mode & (S_IWGRP | S_IWOTH) != 0 {
            let who = info.st_mode & S_IWOTH != 0 ? "world" : "group"
            throw PluginLoadError(
                path: reportedPath, stage: .permissions,
                reason: "the \(kind) \(path) is \(who)-writable (mode \(String(info.st_mode & 0o7777, radix: 8))), so others could replace the plugin; "
                    + (kind == "file" ? "run `chmod go-w \(path)`" : "keep plugins in a folder that only you or root can write"))
        }
        let owner = info.st_uid
        if owner != 0 && owner != geteuid() {
            throw PluginLoadError(
                path: reportedPath, stage: .permissions,
                reason: "the \(kind) \(path) belongs to uid \(owner), neither root nor the current user")
        }
    }
}

/// Identifies a file independently of the path that reached it.
struct FileID: Hashable, Sendable {
    var device: UInt64
    var inode: UInt64
}

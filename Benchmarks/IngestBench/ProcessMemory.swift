import Glibc

/// The process's resident memory, from /proc/self/status. Stateless.
enum ProcessMemory {
    /// Resident now (`VmRSS`), in KiB.
    static var residentKiB: Int { field("VmRSS") }

    /// The peak resident size (`VmHWM`) since the start or the last `resetPeak()`, in KiB.
    static var peakKiB: Int { field("VmHWM") }

    /// Gives freed heap back to the system, then restarts the peak at the current resident size
    /// (writing 5 to /proc/self/clear_refs, Linux 4.0+), so the next `peakKiB` covers only what
    /// follows. Returns false when the kernel refused (the peak then covers the whole process).
    static func resetPeak() -> Bool {
        trimHeap()
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return write(descriptor, "5", 1) == 1
    }

    /// glibc's `malloc_trim(0)` (not in the Glibc module), when the C library has it.
    private static func trimHeap() {
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
    }

    private static func field(_ name: String) -> Int {
        guard let file = fopen("/proc/self/status", "r") else { return -1 }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix(name + ":") else { continue }
            return Int(text.dropFirst(name.count + 1).filter(\.isNumber)) ?? -1
        }
        return -1
    }
}

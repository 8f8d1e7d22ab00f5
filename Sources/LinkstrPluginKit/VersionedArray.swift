/// Reads an array of versioned structs by the ABI's stride rule (linkstr_plugin.h, "Arrays of
/// versioned structs"): element `i` starts at `i * struct_size` of the first element, so an array
/// from a side built against another ABI minor is read correctly. Fields the caller's struct does not
/// have read as zero; fields it has beyond this side's struct are skipped. Stateless: thread-safe.
public enum VersionedArray {
    /// Copies the `count` elements at `pointer`. Every struct of the ABI starts with its `uint32_t
    /// struct_size`; a caller checks each element's fields with `StructSize.contains` as usual.
    public static func elements<Element>(_ pointer: UnsafePointer<Element>, count: Int) -> [Element] {
        guard count > 0 else { return [] }
        let base = UnsafeRawPointer(pointer)
        let stride = Int(base.load(as: UInt32.self))
        let copied = min(stride, MemoryLayout<Element>.size)
        let element = UnsafeMutableRawPointer.allocate(byteCount: MemoryLayout<Element>.size, alignment: MemoryLayout<Element>.alignment)
        defer { element.deallocate() }
        return (0..<count).map { index in
            element.initializeMemory(as: UInt8.self, repeating: 0, count: MemoryLayout<Element>.size)
            element.copyMemory(from: base + index * stride, byteCount: copied)
            return element.load(as: Element.self)
        }
    }
}

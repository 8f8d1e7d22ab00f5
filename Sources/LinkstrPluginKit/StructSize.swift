/// The ABI's append-only rule in Swift (`LKH_HAS_FIELD` in linkstr_plugin.h): a struct whose
/// `struct_size` is `declaredSize` contains `field` only if the field ends within that size.
public enum StructSize {
    public static func contains<Struct, Field>(_ declaredSize: UInt32, _ field: KeyPath<Struct, Field>) -> Bool {
        guard let offset = MemoryLayout<Struct>.offset(of: field) else { return false }
        return Int(declaredSize) >= offset + MemoryLayout<Field>.size
    }
}

/// A value in an `a{sv}` hints dictionary.
enum BusVariant {
    case string(String)
    case byte(UInt8)
}

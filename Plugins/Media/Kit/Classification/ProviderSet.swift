/// Which providers one classifier answers for: the built-in plugin claims the six named providers,
/// the generic plugin (asked last, priority `INT32_MIN`) every other http(s) link.
public enum ProviderSet: Sendable {
    case named
    case generic
    /// Both, as one classifier (tests and tools).
    case all

    var includesNamed: Bool { self != .generic }
    var includesGeneric: Bool { self != .named }
}

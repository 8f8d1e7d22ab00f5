import FuzzTargets

/// The target named on the command line, for libFuzzer's callback (a C function pointer captures nothing).
enum SelectedTarget {
    nonisolated(unsafe) static var current = FuzzTarget.eventJSON
}

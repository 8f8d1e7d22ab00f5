import FuzzTargets
import Foundation

// `linkstr-fuzz <target> [arguments]`. Built for fuzzing (scripts/fuzz.sh: libFuzzer, `-D
// LINKSTR_FUZZING`), the arguments are libFuzzer's; in an ordinary build they are input files or
// folders, each file run once through the target (to reproduce a crash without the sanitizers).
// libFuzzer runs this program again without the target name (to minimize a crash, to merge): the
// name travels in LINKSTR_FUZZ_TARGET.
var arguments = CommandLine.arguments
if arguments.count >= 2, FuzzTarget(rawValue: arguments[1]) != nil {
    setenv("LINKSTR_FUZZ_TARGET", arguments.remove(at: 1), 1)
}
guard let target = ProcessInfo.processInfo.environment["LINKSTR_FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:)) else {
    let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
    FileHandle.standardError.write(Data("linkstr-fuzz: name a target (\(names)), then its arguments\n".utf8))
    exit(2)
}
SelectedTarget.current = target

#if LINKSTR_FUZZING
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

// The target's own options go first, so the command line can still override them.
arguments.insert(contentsOf: target.fuzzerOptions, at: 1)
var fuzzerArguments = arguments.map { strdup($0) } + [nil]
var fuzzerArgumentCount = CInt(fuzzerArguments.count - 1)
let status = fuzzerArguments.withUnsafeMutableBufferPointer { buffer in
    var argv = buffer.baseAddress
    return runFuzzerDriver(&fuzzerArgumentCount, &argv) { data, size in
        SelectedTarget.current.run(UnsafeRawBufferPointer(start: data, count: size))
        return 0
    }
}
exit(status)
#else
var inputs = 0
for path in arguments.dropFirst() {
    for file in FuzzInputs.files(at: URL(fileURLWithPath: path)) {
        try Data(contentsOf: file).withUnsafeBytes { target.run($0) }
        inputs += 1
    }
}
print("linkstr-fuzz: \(target.rawValue): \(inputs) inputs, no crash")
#endif

import Foundation
import PluginTesting
import Synchronization
import Testing

/// The tables of docs/cli.md: one row per command, "| `linkstr relay add URL` | does | `{"ok"}` |",
/// and under "## JSON lines" one row per line type, "| `watch` | `post` | `{"type",…}` |".
struct CommandReference {
    struct Row {
        let command: String
        let json: String
    }

    /// The keys of a documented `--json` shape: `{"id","note"?}` or `[{…}]`.
    struct Shape: CustomStringConvertible {
        let required: Set<String>
        let optional: Set<String>
        var description: String { "required \(required.sorted()), optional \(optional.sorted())" }

        func admits(_ keys: Set<String>) -> Bool {
            required.isSubset(of: keys) && keys.isSubset(of: required.union(optional))
        }
    }

    /// The commands whose shape a test compared with what the program printed.
    final class Checked: Sendable {
        private let names = Mutex<Set<String>>([])
        var commands: Set<String> { names.withLock { $0 } }
        func insert(_ command: String) { names.withLock { _ = $0.insert(command) } }
    }

    static let path = ExternalProcess.packageRoot + "/docs/cli.md"
    let checked = Checked()

    let rows: [Row]
    /// The rows between "## The core commands" and the next "## " heading.
    let coreCommands: Set<String>
    /// The shape of each line type of `watch` and `signer serve`, by command and type.
    let lineShapes: [String: [String: Shape]]

    static func load() throws -> CommandReference {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var rows: [Row] = [], core = Set<String>(), lines: [String: [String: Shape]] = [:], section = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("## ") { section = String(line) }
            let cells = line.dropFirst(2).components(separatedBy: " | ")
            if section == "## JSON lines", line.hasPrefix("| `"), cells.count >= 3, let shape = shapes(in: cells[2]).first {
                lines[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), default: [:]][
                    cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = shape
                continue
            }
            guard line.hasPrefix("| `linkstr ") else { continue }
            guard cells.count >= 3, let code = cells[0].split(separator: "`").first else {
                throw TestFailure("cannot read this row of \(path): \(line)")
            }
            let words = code.split(separator: " ").dropFirst().prefix { $0.first?.isLetter == true && $0.allSatisfy { $0.isLowercase || $0 == "-" } }
            let row = Row(command: words.joined(separator: " "), json: cells[2])
            rows.append(row)
            if section == "## The core commands" { core.insert(row.command) }
        }
        return CommandReference(rows: rows, coreCommands: core, lineShapes: lines)
    }

    /// The commands whose row gives a `--json` shape.
    var documentedShapes: Set<String> {
        Set(rows.filter { !Self.shapes(in: $0.json).isEmpty }.map(\.command))
    }

    /// The shapes a command's row gives: one, or one for each way it prints (`…, or with --x {…}`).
    func shapes(of command: String) -> [Shape] {
        rows.first { $0.command == command }.map { Self.shapes(in: $0.json) } ?? []
    }

    /// The shapes of the objects inside what a command prints, by their key: "each of `calls`:
    /// `{…}`" (the objects of a list) or "the object `saved`: `{…}`" in its row.
    func elementShapes(of command: String) -> [String: Shape] {
        guard let cell = rows.first(where: { $0.command == command })?.json else { return [:] }
        var shapes: [String: Shape] = [:]
        for part in Self.insides(cell).dropFirst() {
            let key = part.prefix { $0 != "`" }
            if let shape = Self.shapes(in: String(part.dropFirst(key.count))).first { shapes[String(key)] = shape }
        }
        return shapes
    }

    /// Every `{"key","key"?}` of a cell, but those of "each of `key`:" and "the object `key`:".
    static func shapes(in cell: String) -> [Shape] {
        allShapes(in: insides(cell).first ?? cell)
    }

    /// The cell cut before each "each of `" and "the object `" (what follows is the key).
    private static func insides(_ cell: String) -> [String] {
        cell.replacingOccurrences(of: "the object `", with: "each of `").components(separatedBy: "each of `")
    }

    private static func allShapes(in cell: String) -> [Shape] {
        var shapes: [Shape] = [], rest = Substring(cell)
        while let open = rest.range(of: "{\"") {
            let inside = rest[open.upperBound...].prefix { $0 != "}" }
            var required = Set<String>(), optional = Set<String>()
            for key in ("\"" + inside).split(separator: ",") {
                let name = key.trimmingCharacters(in: CharacterSet(charactersIn: "\"?"))
                if key.hasSuffix("?") { optional.insert(name) } else { required.insert(name) }
            }
            shapes.append(Shape(required: required, optional: optional))
            rest = rest[inside.endIndex...]
        }
        return shapes
    }

    /// Expects every object `command` printed (`stdout`: one document, an object or a list of
    /// them) to have the keys of one of its documented shapes.
    func expectShape(of command: String, printed stdout: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let shapes = shapes(of: command)
        checked.insert(command)
        guard !shapes.isEmpty else {
            Issue.record("docs/cli.md gives no shape for `linkstr \(command)`", sourceLocation: sourceLocation)
            return
        }
        let printed = try? JSONSerialization.jsonObject(with: Data(stdout.utf8))
        let objects = (printed as? [[String: Any]]) ?? [printed as? [String: Any]].compactMap { $0 }
        #expect(!objects.isEmpty, "linkstr \(command) printed no object to compare: \(stdout)", sourceLocation: sourceLocation)
        let elementShapes = elementShapes(of: command)
        for object in objects {
            let keys = Set(object.keys)
            #expect(
                shapes.contains { $0.admits(keys) }, "linkstr \(command) --json printed \(keys.sorted()); docs/cli.md says \(shapes)",
                sourceLocation: sourceLocation)
            for (key, shape) in elementShapes {
                for element in object[key] as? [[String: Any]] ?? [object[key] as? [String: Any]].compactMap({ $0 }) {
                    #expect(
                        shape.admits(Set(element.keys)),
                        "linkstr \(command) --json printed \(key) with \(element.keys.sorted()); docs/cli.md says \(shape)", sourceLocation: sourceLocation)
                }
            }
        }
    }

    /// Expects each JSON line `command` printed to have the keys docs/cli.md gives its `"type"`, and
    /// returns the types seen.
    @discardableResult
    func expectLines(of command: String, _ lines: [[String: Any]], sourceLocation: SourceLocation = #_sourceLocation) -> Set<String> {
        var types = Set<String>()
        for line in lines {
            let type = line["type"] as? String ?? "(none)"
            types.insert(type)
            guard let shape = lineShapes[command]?[type] else {
                Issue.record("docs/cli.md gives no shape for `\(command)` lines of type \(type): \(line)", sourceLocation: sourceLocation)
                continue
            }
            #expect(
                shape.admits(Set(line.keys)), "linkstr \(command) --json printed a \(type) line with \(line.keys.sorted()); docs/cli.md says \(shape)",
                sourceLocation: sourceLocation)
        }
        return types
    }
}

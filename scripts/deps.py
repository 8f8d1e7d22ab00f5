#!/usr/bin/env python3
"""Prints the import graph of the package's modules as the sources are now: one line per module,
`Module -> the package's modules its Swift files import`, from the targets of Package.swift and the
`import` lines of their files (no build, no toolchain).

    scripts/deps.py            # every module but the tests
    scripts/deps.py --tests    # the test targets too
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
TARGET = re.compile(r'\.(target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"')
PATH = re.compile(r'path:\s*"([^"]+)"')
IMPORT = re.compile(
    r'^[ \t]*(?:@\w+(?:\([^)]*\))?[ \t]+)*(?:(?:public|package|internal|private|fileprivate)[ \t]+)?import[ \t]+'
    r'(?:(?:struct|class|enum|protocol|typealias|func|var|let|actor)[ \t]+)?(\w+)', re.M)


def targets(manifest):
    """(name, kind, source folder) of every target, in the manifest's order."""
    found = list(TARGET.finditer(manifest))
    for index, match in enumerate(found):
        end = found[index + 1].start() if index + 1 < len(found) else len(manifest)
        declaration = manifest[match.end():end]
        kind, name = match.group(1), match.group(2)
        path = PATH.search(declaration)
        folder = path.group(1) if path else ("Tests/" if kind == "testTarget" else "Sources/") + name
        yield name, kind, ROOT / folder


def imports(folder):
    """The modules the Swift files under `folder` import (not counting lines of multi-line string
    literals, such as a Python program a test runs)."""
    names = set()
    for source in folder.rglob("*.swift"):
        code, in_literal = [], False
        for line in source.read_text(encoding="utf-8").splitlines():
            if not in_literal:
                code.append(line)
            if line.count('"""') % 2 == 1:
                in_literal = not in_literal
        names.update(IMPORT.findall("\n".join(code)))
    return names


def main():
    with_tests = "--tests" in sys.argv[1:]
    declared = list(targets((ROOT / "Package.swift").read_text(encoding="utf-8")))
    modules = {name for name, _, _ in declared}
    for name, kind, folder in declared:
        if kind == "systemLibrary" or (kind == "testTarget" and not with_tests):
            continue
        used = sorted((imports(folder) & modules) - {name})
        print(f"{name} -> {' '.join(used)}".rstrip())


if __name__ == "__main__":
    main()

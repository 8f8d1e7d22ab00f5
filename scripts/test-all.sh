#!/usr/bin/env bash
# Runs every test: installs what is missing (scripts/bootstrap.sh), builds, then runs the Swift test
# suites (unit, conformance, end to end against real relays, databases and servers on 127.0.0.1).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
export PATH="$PWD/.venv/bin:$PATH"
[ -d /opt/swift/usr/bin ] && export PATH="$PATH:/opt/swift/usr/bin"

swift build --build-tests
# The man-page generator of swift-argument-parser, used by the install test (make install BUILD=0).
swift build --product generate-manual
# Serially: the suites start relays, databases, buses and the linkstr program, and the relay tests
# wait on real connections; run in parallel on 2 cores they starve each other (about 3 min this way).
swift test --skip-build --no-parallel "$@"

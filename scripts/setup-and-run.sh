#!/usr/bin/env bash
# The main job on a fresh Debian 12 machine: installs what is missing, builds linkstr in release mode
# with its plugins (SQLite storage by default), and shows it working: `linkstr demo` runs a relay on
# 127.0.0.1, two throwaway accounts, a shared link, a reaction and a notification, then cleans up.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
[ -d /opt/swift/usr/bin ] && export PATH="$PATH:/opt/swift/usr/bin"

swift build -c release
# The man-page generator, which `make install` runs (and builds, when it is not there yet).
swift build -c release --product generate-manual
bin=.build/release/linkstr
echo
echo "== linkstr $($bin --version), built in $(dirname "$(readlink -f $bin)")"
echo
exec $bin demo "$@"

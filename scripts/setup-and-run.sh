#!/usr/bin/env bash
# The main job on a fresh Debian 12 machine: installs what is missing, builds linkstr in release mode
# with its plugins (SQLite storage by default), and shows it working.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
[ -d /opt/swift/usr/bin ] && export PATH="$PATH:/opt/swift/usr/bin"

swift build -c release
bin=.build/release/linkstr
echo
echo "== linkstr $($bin --version), built in $(dirname "$(readlink -f $bin)")"
echo "== loaded plugins"
$bin plugins
echo "== effective configuration"
$bin config

#!/usr/bin/env bash
# Usage: scripts/bundle-swift-runtime.sh RUNTIME_DIR FILE...
#
# Makes installed Swift binaries independent of the toolchain: copies the Swift runtime libraries
# that the ELF FILEs need (libswiftCore.so, Foundation, Dispatch, ICU data, … — found with ldd in the
# toolchain's lib/swift/linux) into RUNTIME_DIR, and sets every FILE's RUNPATH to RUNTIME_DIR relative
# to $ORIGIN. The program, liblinkstr.so and the Swift plugins then load one shared copy of the
# runtime (a static runtime per image would give a process two incompatible runtimes).
# Run by `make install`; needs patchelf (Debian package patchelf).
set -euo pipefail

if [ $# -lt 2 ]; then
  echo "usage: $0 RUNTIME_DIR FILE..." >&2
  exit 2
fi
runtime_dir=$1
shift
command -v patchelf >/dev/null 2>&1 || {
  echo "bundle-swift-runtime: patchelf is missing; install it with: apt-get install patchelf (or scripts/bootstrap.sh)" >&2
  exit 1
}
mkdir -p "$runtime_dir"
runtime_dir=$(cd "$runtime_dir" && pwd -P)

# The folder holding libswiftCore.so, as the first Swift file resolves it.
swift_lib_dir=""
for file in "$@"; do
  # awk reads to the end: leaving early can end ldd with SIGPIPE, which pipefail and set -e turn
  # into a silent exit of this script.
  core=$(ldd "$file" | awk '$1 == "libswiftCore.so" && $3 ~ /^\// && !found { print $3; found = 1 }')
  if [ -n "$core" ]; then
    swift_lib_dir=$(dirname "$(readlink -f "$core")")
    break
  fi
done

status=0
libraries=()
for file in "$@"; do
  if ldd "$file" | grep "not found" >/dev/null; then
    echo "bundle-swift-runtime: $file needs libraries that are not installed:" >&2
    ldd "$file" | grep "not found" >&2
    status=1
    continue
  fi
  [ -n "$swift_lib_dir" ] || continue
  while read -r path; do
    [ "$(dirname "$(readlink -f "$path")")" = "$swift_lib_dir" ] && libraries+=("$path")
  done < <(ldd "$file" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }')
done
[ $status -eq 0 ] || exit $status

if [ ${#libraries[@]} -gt 0 ]; then
  for library in $(printf '%s\n' "${libraries[@]}" | sort -u); do
    # Their own RUNPATH is already $ORIGIN: they find each other in their folder.
    install -m 644 "$(readlink -f "$library")" "$runtime_dir/$(basename "$library")"
  done
fi

for file in "$@"; do
  folder=$(cd "$(dirname "$file")" && pwd -P)
  relative=$(realpath --relative-to="$folder" "$runtime_dir")
  patchelf --set-rpath "\$ORIGIN/$relative" "$file"
done

#!/usr/bin/env bash
# Two homes holding the same key in one Secret Service (a private session bus and a throwaway GNOME
# keyring): removing the key in the first must leave the second's item. Usage:
# secret_service_two_homes.sh LINKSTR HOME NSEC
set -euo pipefail
linkstr=$1 home=$2 nsec=$3
source "$(dirname "$0")/private_keyring.sh"
echo "$nsec" | "$linkstr" account import - --json --home "$home/first" > /dev/null
echo "$nsec" | "$linkstr" account import - --json --home "$home/second" > /dev/null
echo "stored $(secret-tool search --all application linkstr 2>&1 | grep -c "^attribute.profile")"
"$linkstr" account logout --yes --home "$home/first"
echo "after $(secret-tool search --all application linkstr 2>&1 | grep -c '^attribute.profile' || true)"
echo "second $("$linkstr" account show --reveal-secret --json --home "$home/second" 2>&1)"

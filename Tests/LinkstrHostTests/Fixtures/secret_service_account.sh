#!/usr/bin/env bash
# Runs inside `dbus-run-session`: starts a throwaway GNOME keyring (unlocked), then creates an
# account with the default key store, reads the secret back, and logs out.
# Usage: secret_service_account.sh LINKSTR HOME
set -euo pipefail
linkstr=$1 home=$2
export HOME=$home XDG_DATA_HOME=$home/xdg-data
eval "$(printf 'keyring-pass' | gnome-keyring-daemon --daemonize --unlock --components=secrets)"
echo "create $("$linkstr" account create --json --home "$home/linkstr")"
echo "files $(ls "$home/linkstr/data" | tr '\n' ' ')"
echo "stored $(secret-tool search --all application linkstr 2>/dev/null | grep -c '^attribute.account')"
echo "reveal $("$linkstr" account show --reveal-secret --json --home "$home/linkstr")"
"$linkstr" account logout --home "$home/linkstr"
echo "after $(secret-tool search --all application linkstr 2>/dev/null | grep -c '^attribute.account' || true)"

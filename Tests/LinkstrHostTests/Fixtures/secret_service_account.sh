#!/usr/bin/env bash
# Starts a private session bus and a throwaway GNOME keyring (unlocked), then creates an account with
# the default key store, reads the secret back, and logs out. Stops the bus (and so the keyring) on
# exit. Usage: secret_service_account.sh LINKSTR HOME
set -euo pipefail
linkstr=$1 home=$2
# The keyring's control socket lives under $HOME; keep the path short (sockets allow 108 bytes).
keyring_home=$(mktemp -d /tmp/linkstr-keyring.XXXXXX)
export HOME=$keyring_home XDG_DATA_HOME=$keyring_home/data
{ read -r address; read -r bus_pid; } < <(dbus-daemon --session --fork --print-address=1 --print-pid=1 </dev/null 2>/dev/null)
export DBUS_SESSION_BUS_ADDRESS=$address
# SIGKILL: a test runner may spawn us with SIGTERM blocked, and the mask is inherited.
trap 'kill -KILL "$bus_pid" 2>/dev/null; pkill -KILL -u "$(id -u)" -f "gnome-keyring-daemon.*components=secrets" 2>/dev/null || true; rm -rf "$keyring_home"' EXIT
eval "$(printf 'keyring-pass' | gnome-keyring-daemon --daemonize --unlock --components=secrets 2>/dev/null)"
echo "create $("$linkstr" account create --json --home "$home/linkstr")"
echo "files $(ls "$home/linkstr/data" | tr '\n' ' ')"
echo "stored $(secret-tool search --all application linkstr 2>&1 | grep -c "^attribute.account")"
echo "reveal $("$linkstr" account show --reveal-secret --json --home "$home/linkstr")"
"$linkstr" account logout --yes --home "$home/linkstr"
echo "after $(secret-tool search --all application linkstr 2>/dev/null | grep -c '^attribute.account' || true)"

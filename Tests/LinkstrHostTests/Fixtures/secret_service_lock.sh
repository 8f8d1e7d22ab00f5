#!/usr/bin/env bash
# A Secret Service key under the master passphrase: starts a private session bus and a throwaway
# GNOME keyring (unlocked), creates an account with the default key store, sets the master
# passphrase, then shows what the item holds, whether whoami says locked, and an unlock and a lock.
# Stops the bus (and so the keyring) on exit. Usage: secret_service_lock.sh LINKSTR HOME
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
echo "lock-before $("$linkstr" lock --home "$home/linkstr" 2>&1 || true)"
echo "passphrase $(printf 'correct horse\n' | "$linkstr" profile passphrase --passphrase-stdin --json --home "$home/linkstr")"
echo "item $(secret-tool lookup application linkstr | cut -c1-10)"
echo "whoami-locked $("$linkstr" whoami --json --home "$home/linkstr")"
echo "unlock $(printf 'correct horse\n' | "$linkstr" unlock --passphrase-stdin --json --home "$home/linkstr")"
echo "reveal $("$linkstr" account show --reveal-secret --json --home "$home/linkstr")"
echo "lock $("$linkstr" lock --home "$home/linkstr")"
echo "whoami-relocked $("$linkstr" whoami --json --home "$home/linkstr")"

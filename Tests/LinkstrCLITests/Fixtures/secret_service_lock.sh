#!/usr/bin/env bash
# A Secret Service key under the master passphrase: starts a private session bus and a throwaway
# GNOME keyring (unlocked), creates an account with the default key store, sets the master
# passphrase, then shows what the item holds, whether whoami says locked, and an unlock and a lock.
# Stops the bus (and so the keyring) on exit. Usage: secret_service_lock.sh LINKSTR HOME
set -euo pipefail
linkstr=$1 home=$2
source "$(dirname "$0")/private_keyring.sh"
echo "create $("$linkstr" account create --json --home "$home/linkstr")"
echo "lock-before $("$linkstr" lock --home "$home/linkstr" 2>&1 || true)"
echo "passphrase $(printf 'correct horse\n' | "$linkstr" profile passphrase --passphrase-stdin --json --home "$home/linkstr")"
echo "item $(secret-tool lookup application linkstr | cut -c1-10)"
echo "whoami-locked $("$linkstr" whoami --json --home "$home/linkstr")"
echo "unlock $(printf 'correct horse\n' | "$linkstr" unlock --passphrase-stdin --json --home "$home/linkstr")"
echo "reveal $("$linkstr" account show --reveal-secret --json --home "$home/linkstr")"
echo "lock $("$linkstr" lock --home "$home/linkstr")"
echo "whoami-relocked $("$linkstr" whoami --json --home "$home/linkstr")"

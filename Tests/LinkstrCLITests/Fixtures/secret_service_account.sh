#!/usr/bin/env bash
# Starts a private session bus and a throwaway GNOME keyring (unlocked), then creates an account with
# the default key store, reads the secret back, and logs out. Stops the bus (and so the keyring) on
# exit. Usage: secret_service_account.sh LINKSTR HOME
set -euo pipefail
linkstr=$1 home=$2
source "$(dirname "$0")/private_keyring.sh"
echo "create $("$linkstr" account create --json --home "$home/linkstr")"
echo "files $(ls "$home/linkstr/data" | tr '\n' ' ')"
echo "stored $(secret-tool search --all application linkstr 2>&1 | grep -c "^attribute.account")"
echo "reveal $("$linkstr" account show --reveal-secret --json --home "$home/linkstr")"
"$linkstr" account logout --yes --home "$home/linkstr"
echo "after $(secret-tool search --all application linkstr 2>&1 | grep -c '^attribute.account' || true)"

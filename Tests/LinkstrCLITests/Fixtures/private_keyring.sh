# Sourced by the Secret Service fixtures: starts a private session bus and a throwaway GNOME keyring
# (unlocked) for this script, and stops both (removing the keyring) when it exits.
# The keyring's control socket lives under $HOME; keep the path short (sockets allow 108 bytes).
keyring_home=$(mktemp -d /tmp/linkstr-keyring.XXXXXX)
export HOME=$keyring_home XDG_DATA_HOME=$keyring_home/data
{ read -r address; read -r bus_pid; } < <(dbus-daemon --session --fork --print-address=1 --print-pid=1 </dev/null 2>/dev/null)
export DBUS_SESSION_BUS_ADDRESS=$address
# SIGKILL: a test runner may spawn us with SIGTERM blocked, and the mask is inherited. The keyring
# ends by itself with its bus (no kill by name: other tests' keyrings run beside this one).
trap 'kill -KILL "$bus_pid" 2>/dev/null; rm -rf "$keyring_home"' EXIT
eval "$(printf 'keyring-pass' | gnome-keyring-daemon --daemonize --unlock --components=secrets 2>/dev/null)"

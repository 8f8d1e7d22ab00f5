#!/usr/bin/env bash
# Installs what linkstr needs on Debian 12, only what is missing: Debian packages and a Python
# virtual environment (.venv) with the pinned test and media tools. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

DEBIAN_PACKAGES=(
  pkg-config gcc libc6-dev openssl
  libsqlite3-dev libsecp256k1-dev libssl-dev libffi-dev libpq-dev libsystemd-dev libqrencode-dev
  postgresql
  dbus gnome-keyring libsecret-tools
  ffmpeg
  zbar-tools  # zbarimg reads back the QR codes the terminal draws
  python3 python3-venv
  dbus-daemon  # dbus-run-session: the private bus of the desktop-notifier tests
  make patchelf  # make install: patchelf points the installed files at the bundled Swift runtime
  systemd desktop-file-utils appstream  # systemd-analyze, desktop-file-validate and appstreamcli check the service, desktop and metainfo files
  chromium chromium-driver  # headless Chromium loads the browser extension in the browser tests (Selenium)
  fonts-noto-color-emoji  # the app's screenshots (WebAppBrowserTests) show reactions as emoji, not empty boxes
)

missing=()
for package in "${DEBIAN_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "bootstrap: installing Debian packages: ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
  for candidate in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
    [ -x "$candidate/swift" ] && export PATH="$candidate:$PATH"
  done
fi
command -v swift >/dev/null 2>&1 || { echo "bootstrap: Swift 6 is required (https://www.swift.org/install/linux/)"; exit 1; }

# The Python tools, pinned (requirements.txt); the venv is rebuilt when the pins change.
if [ ! -x .venv/bin/python ] || ! cmp -s requirements.txt .venv/requirements.installed; then
  echo "bootstrap: preparing .venv (requirements.txt)"
  python3 -m venv .venv
  .venv/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
  cp requirements.txt .venv/requirements.installed
fi

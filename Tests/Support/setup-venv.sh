#!/bin/sh
# Creates <package>/.venv with the pinned yt-dlp the media tests and `linkstr media fetch` use.
#
#   Tests/Support/setup-venv.sh            # into <package>/.venv
#   Tests/Support/setup-venv.sh DIR        # into DIR (e.g. ~/.local/share/linkstr/venv)
#
# ffmpeg and ffprobe come from Debian: apt-get install ffmpeg
set -eu
YTDLP_VERSION=2026.10.26
here=$(cd "$(dirname "$0")/../.." && pwd)
venv=${1:-$here/.venv}
if [ -x "$venv/bin/yt-dlp" ] && [ "$("$venv/bin/yt-dlp" --version 2>/dev/null)" = "$YTDLP_VERSION" ]; then
    echo "yt-dlp $YTDLP_VERSION already in $venv"
    exit 0
fi
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check "yt-dlp==$YTDLP_VERSION"
echo "yt-dlp $("$venv/bin/yt-dlp" --version) installed in $venv"

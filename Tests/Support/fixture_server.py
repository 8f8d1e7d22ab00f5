#!/usr/bin/env python3
"""Fixture HTTP server for the media tests and benchmark. Listens on 127.0.0.1 only.

    fixture_server.py MEDIA_DIR [--lifetime SECONDS]

Generates its media with ffmpeg into MEDIA_DIR on first start (a 3 s H.264/AAC clip, a 20 s clip
for throttled downloads and, cut in HLS segments, a never-ending live stream, an audio-only file, a
DASH manifest, a JPEG), then prints "PORT <n>" on
stdout and serves until its parent exits or the lifetime ends.

It counts the requests it serves, by path and by path?query: GET /__count?key=<path or path?query>
answers the count as text (the counting request itself is not counted). The runtime-resolution
fixtures stand in for Facebook share links (/share/...), Rumble's oEmbed (/rumble/oembed.json) and
the X status APIs and oEmbed (/tw/...); see resolution_fixture below.
"""
import ctypes
import http.server
import os
import signal
import struct
import subprocess
import sys
import threading
import time
import zlib
from urllib.parse import urlsplit, parse_qs, quote

COUNTS = {}
COUNTS_LOCK = threading.Lock()


def count(key):
    with COUNTS_LOCK:
        COUNTS[key] = COUNTS.get(key, 0) + 1

MEDIA = sys.argv[1]
LIFETIME = float(sys.argv[sys.argv.index("--lifetime") + 1]) if "--lifetime" in sys.argv else 900.0


def ffmpeg(*args):
    subprocess.run(["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", *args], check=True)


def generate_media():
    os.makedirs(os.path.join(MEDIA, "dash"), exist_ok=True)
    clip = os.path.join(MEDIA, "clip.mp4")
    if not os.path.exists(clip):
        ffmpeg("-f", "lavfi", "-i", "testsrc=size=320x240:rate=25", "-f", "lavfi", "-i", "sine=frequency=440",
               "-t", "3", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-movflags", "+faststart", clip + ".tmp.mp4")
        os.rename(clip + ".tmp.mp4", clip)
    big = os.path.join(MEDIA, "big.mp4")
    if not os.path.exists(big):
        ffmpeg("-f", "lavfi", "-i", "testsrc=size=640x480:rate=25", "-t", "20", "-c:v", "libx264", "-b:v", "1M",
               "-pix_fmt", "yuv420p", "-movflags", "+faststart", big + ".tmp.mp4")
        os.rename(big + ".tmp.mp4", big)
    audio = os.path.join(MEDIA, "audio.m4a")
    if not os.path.exists(audio):
        ffmpeg("-f", "lavfi", "-i", "sine=frequency=330", "-t", "2", "-c:a", "aac", audio + ".tmp.m4a")
        os.rename(audio + ".tmp.m4a", audio)
    manifest = os.path.join(MEDIA, "dash", "manifest.mpd")
    if not os.path.exists(manifest):
        ffmpeg("-i", clip, "-map", "0:v", "-map", "0:a", "-c", "copy", "-f", "dash", manifest)
    live = os.path.join(MEDIA, "live", "index.m3u8")
    if not os.path.exists(live):
        os.makedirs(os.path.dirname(live), exist_ok=True)
        ffmpeg("-i", big, "-c:v", "libx264", "-b:v", "1M", "-g", "50", "-pix_fmt", "yuv420p", "-f", "hls", "-hls_time", "2",
               "-hls_list_size", "0", live)
    thumb = os.path.join(MEDIA, "thumb.jpg")
    if not os.path.exists(thumb):
        ffmpeg("-f", "lavfi", "-i", "testsrc=size=64x64", "-frames:v", "1", thumb)


LIVE_STARTED = time.time()


def live_playlist():
    """A live HLS stream that never ends: a sliding window of 2 s segments (the 20 s clip's, in a
    loop), no #EXT-X-ENDLIST."""
    segments = sorted(name for name in os.listdir(os.path.join(MEDIA, "live")) if name.endswith(".ts"))
    first = int((time.time() - LIVE_STARTED) / 2)
    lines = ["#EXTM3U", "#EXT-X-VERSION:3", "#EXT-X-TARGETDURATION:2", "#EXT-X-MEDIA-SEQUENCE:%d" % first]
    for number in range(first, first + 5):
        lines += ["#EXTINF:2.0,", "/live/" + segments[number % len(segments)]]
    return "\n".join(lines) + "\n"


def png(width=2, height=2):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    rows = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))


OG_PAGE = """<!doctype html><html><head><meta charset="utf-8">
<title>Fallback title</title>
<meta property="og:title" content="Caf&eacute; &amp; friends &#x1F600; &quot;quoted&quot;">
<meta property="og:image" content="/thumb.png">
<meta name="twitter:image" content="/other.png">
</head><body><p>Body</p></body></html>"""

MESSY_HEAD = """<!DOCTYPE html>
<HTML><HEAD>
<!-- <meta property="og:title" content="Fake from a comment"> -->
<script>var s = '<meta property="og:title" content="Fake from a script">';</script>
<style>meta { color: red } /* <meta property="og:image" content="/fake.png"> */</style>
<BASE HREF="/assets/deep/">
<META CONTENT="Messy &amp; Unquoted — ok" PROPERTY=og:title>
<meta content=//{host}/img/proto.png property=og:image>
<link rel="alternate" type="application/json+oembed" href="/oembed?url=messy">
<TITLE>  Messy   document  title </TITLE>
<meta property="og:title" content="Second og:title loses">
</HEAD><BODY>"""

LATIN1_META = ("<html><head><meta http-equiv=\"Content-Type\" content=\"text/html; charset=iso-8859-1\">"
               "<title>Caf\u00e9 cr\u00e8me \u2013 test</title></head><body></body></html>").encode("cp1252")
LATIN1_HEADER = ("<html><head><title>Na\u00efve \u201cquotes\u201d \u20ac</title></head><body></body></html>").encode("cp1252")


FB_PAGE = '<!doctype html><html><head><title>Facebook</title>%s</head><body>%s</body></html>'


def facebook_share(handler, path):
    """A stand-in for www.facebook.com/share/<kind>/<token>/: the token's prefix picks the answer."""
    parts = [p for p in path.split("/") if p]
    token = parts[2] if len(parts) >= 3 else ""

    def rest(prefix):
        return token[len(prefix):]

    if token.startswith("redir-reel-"):
        return handler.redirect(302, "https://www.facebook.com/reel/%s/?mibextid=wwXIfr" % rest("redir-reel-"))
    if token.startswith("redir-videos-"):
        return handler.redirect(301, "https://m.facebook.com/somepage/videos/%s/?s=share" % rest("redir-videos-"))
    if token.startswith("redir-watch-"):
        return handler.redirect(302, "https://www.facebook.com/watch?v=%s&rdid=abc" % rest("redir-watch-"))
    if token.startswith("redir-login-"):
        target = "https://www.facebook.com/reel/%s/" % rest("redir-login-")
        return handler.redirect(302, "https://www.facebook.com/login/?next=" + quote(target, safe=""))
    if token.startswith("redir-loginphp-"):
        inner = "https://www.facebook.com/login.php?next=" + quote("https://www.facebook.com/somepage/videos/%s/" % rest("redir-loginphp-"), safe="")
        return handler.redirect(302, "https://www.facebook.com/login/?next=" + quote(inner, safe=""))
    if token.startswith("redir-relative-"):
        # Not a reel or video: the resolver then follows it and reads the page it leads to.
        return handler.redirect(302, "/fbpage/og-swapped-" + rest("redir-relative-"))
    if token.startswith("og-swapped-"):
        return handler.send(200, og_swapped(rest("og-swapped-")).encode())
    if token.startswith("canonical-"):
        link = '<LINK HREF="https:\\/\\/www.facebook.com\\/reel\\/%s\\/" REL="canonical">' % rest("canonical-")
        return handler.send(200, (FB_PAGE % (link, "")).encode())
    if token.startswith("script-only-"):
        script = '<script>var x = \'<meta property="og:url" content="https://www.facebook.com/reel/999/">\';</script>'
        return handler.send(200, (FB_PAGE % (script, "")).encode())
    if token.startswith("stall-"):
        time.sleep(20)
        return handler.send(404, b"late")
    return handler.send(404, (FB_PAGE % ("", "This content isn't available")).encode())


def og_swapped(video):
    meta = '<meta content="https://www.facebook.com/watch/?ref=sharing&amp;v=%s" property="og:url">' % video
    return FB_PAGE % ('<meta property="og:title" content="A video">' + meta + '<link rel="canonical" href="https://www.facebook.com/reel/1/">', "")


def rumble_oembed(handler, query):
    url = query.get("url", [""])[0]
    if "fail" in url:
        return handler.send(500, b"{}", "application/json")
    if "offsite" in url:
        html = '<iframe src="https://rumble.com.evil.example/embed/v5xyz/" width="640"></iframe>'
    elif "noiframe" in url:
        html = '<div>no player</div>'
    else:
        html = '<iframe src="https://rumble.com/embed/v5xyz/?pub=4&amp;autoplay=0" width="640" height="360"></iframe>'
    body = '{"type":"video","version":"1.0","title":"A Rumble video","html":%s}' % json_string(html)
    return handler.send(200, body.encode(), "application/json")


def json_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("/", "\\/").replace("\n", "\\n") + '"'


def twitter_summary(handler, api, status):
    """/tw/<api>/<id>: the id's first digit picks the answer (1 video on vx, 2 video on fx only,
    3 photo only, 4 nothing, 5 animated GIF as tweet.media.video)."""
    kind = status[:1]
    if kind == "1" and api == "vx":
        body = ('{"tweet":{"id":"%s","media":{"videos":[{"type":"video","url":"https://video.twimg.com/ext_tw_video/%s/pu/vid/720x1280/a.mp4?tag=12",'
                '"variants":[{"url":"http://video.twimg.com/insecure.mp4"},{"url":"https://video.twimg.com/ext_tw_video/%s/pu/pl/b.m3u8"},'
                '{"url":"https://example.com/page.html"}]}]}}}' % (status, status, status))
        return handler.send(200, body.encode(), "application/json")
    if kind == "2":
        if api == "vx":
            return handler.send(500, b"{}", "application/json")
        body = ('{"tweet":{"media":{"all":[],"videos":[{"type":"video","formats":[{"url":"https://video.twimg.com/amplify_video/%s/vid/c.mp4"}]}]}}}' % status)
        return handler.send(200, body.encode(), "application/json")
    if kind == "3" or (kind == "1" and api == "fx"):
        body = '{"tweet":{"media":{"all":[{"type":"photo","url":"https://pbs.twimg.com/media/x.jpg"}]}}}'
        return handler.send(200, body.encode(), "application/json")
    if kind == "5":
        body = '{"tweet":{"media":{"video":{"type":"animated_gif","url":"https://video.twimg.com/tweet_video/%s.mp4"}}}}' % status
        return handler.send(200, body.encode(), "application/json")
    return handler.send(404, b'{"code":404}', "application/json")


def twitter_oembed(handler, query):
    url = query.get("url", [""])[0]
    wanted = {"omit_script": "false", "dnt": "true", "theme": "dark", "align": "center"}
    if any(query.get(key, [""])[0] != value for key, value in wanted.items()) or not url.startswith("https://x.com/i/status/"):
        return handler.send(400, b'{"error":"unexpected query"}', "application/json")
    status = url.rsplit("/", 1)[1]
    if status[:1] == "4":
        return handler.send(404, b'{"error":"not found"}', "application/json")
    html = ('<blockquote class="twitter-tweet" data-theme="dark"><p lang="en">Post %s</p>&mdash; Someone</blockquote>\n'
            '<script async src="https://platform.twitter.com/widgets.js" charset="utf-8"></script>\n' % status)
    body = '{"url":%s,"author_name":"Someone","html":%s,"type":"rich"}' % (json_string(url), json_string(html))
    return handler.send(200, body.encode(), "application/json")


class Handler(http.server.BaseHTTPRequestHandler):
    server_version = "fixtures/1"

    def log_message(self, *args):
        pass

    def send(self, status, body=b"", content_type="text/html; charset=utf-8", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def redirect(self, status, location):
        self.send_response(status)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def serve_file(self, path, content_type, throttle=None):
        try:
            size = os.path.getsize(path)
        except OSError:
            return self.send(404, b"missing")
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(size))
        self.end_headers()
        if self.command == "HEAD":
            return
        with open(path, "rb") as f:
            while True:
                block = f.read(8192 if throttle else 65536)
                if not block:
                    break
                try:
                    self.wfile.write(block)
                except (BrokenPipeError, ConnectionResetError):
                    return
                if throttle:
                    time.sleep(len(block) / throttle)

    def stream_forever(self, head, pause=0.0):
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.end_headers()
        deadline = time.time() + 120
        try:
            self.wfile.write(head.encode())
            filler = ("<p>" + "x" * 1000 + "</p>\n").encode() * 64
            while time.time() < deadline:
                self.wfile.write(filler)
                if pause:
                    time.sleep(pause)
        except (BrokenPipeError, ConnectionResetError):
            pass

    def do_HEAD(self):
        self.do_GET()

    def do_GET(self):
        parts = urlsplit(self.path)
        path, query = parts.path, parse_qs(parts.query)
        host = self.headers.get("Host", "127.0.0.1")
        if path == "/__count":
            key = query.get("key", [""])[0]
            with COUNTS_LOCK:
                value = COUNTS.get(key, 0)
            return self.send(200, str(value).encode(), "text/plain")
        count(path)
        if parts.query:
            count(path + "?" + parts.query)
        if path.startswith("/share/"):
            return facebook_share(self, path)
        if path.startswith("/fbpage/og-swapped-"):
            return self.send(200, og_swapped(path[len("/fbpage/og-swapped-"):]).encode())
        if path == "/rumble/oembed.json":
            return rumble_oembed(self, query)
        if path.startswith("/tw/vx/") or path.startswith("/tw/fx/"):
            return twitter_summary(self, path.split("/")[2], path.rsplit("/", 1)[1])
        if path == "/tw/oembed":
            return twitter_oembed(self, query)
        if path == "/og.html":
            return self.send(200, OG_PAGE.encode())
        if path == "/escapes.html":
            return self.send(200, b'<html><head><title>Red \x1b[31mALERT\x1b[0m\x1b]0;owned\x07</title></head></html>')
        if path == "/messy.html":
            body = MESSY_HEAD.replace("{host}", host) + ("<p>" + "lorem ipsum " * 80 + "</p>\n") * 600 + "</BODY></HTML>"
            return self.send(200, body.encode())
        if path == "/latin1.html":
            return self.send(200, LATIN1_META, "text/html")
        if path == "/header-charset.html":
            return self.send(200, LATIN1_HEADER, "text/html; charset=windows-1252")
        if path == "/bom.html":
            return self.send(200, "\ufeff<html><head><title>BOM \u00fcber alles</title></head></html>".encode("utf-8"), "text/html")
        if path == "/discover.html":
            return self.send(200, b'<html><head><link rel="alternate" type="application/json+oembed" href="/oembed?url=discover"></head></html>')
        if path == "/oembed":
            target = query.get("url", [""])[0]
            if query.get("fail"):
                return self.send(500, b"{}", "application/json")
            body = ('{"type":"video","version":"1.0","title":"oEmbed: %s","thumbnail_url":"/thumb.jpg",'
                    '"author_name":"Fixture"}' % target.replace('"', ""))
            return self.send(200, body.encode(), "application/json")
        if path == "/tweet-oembed":
            body = ('{"type":"rich","author_name":"Someone","html":"<blockquote class=\\"twitter-tweet\\"><p lang=\\"en\\">'
                    'Hello &amp; welcome <a href=\\"https://t.co/x\\">t.co/x</a></p>&mdash; Someone</blockquote>"}')
            return self.send(200, body.encode(), "application/json")
        if path == "/huge.html":
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            total = 50 * 1024 * 1024
            self.send_header("Content-Length", str(total))
            self.end_headers()
            head = b'<html><head><meta property="og:title" content="Huge page"></head><body>'
            sent = 0
            try:
                self.wfile.write(head)
                sent += len(head)
                block = b"y" * 65536
                while sent < total:
                    chunk = block[: min(len(block), total - sent)]
                    self.wfile.write(chunk)
                    sent += len(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass
            return
        if path == "/endless.html":
            return self.stream_forever('<html><head><meta property="og:title" content="Endless page"></head><body>', pause=0.01)
        if path == "/stall":
            time.sleep(60)
            return
        if path == "/stall-body":
            self.send_response(200)
            self.send_header("Content-Type", "text/html")
            self.end_headers()
            self.wfile.write(b"<html><head><title>Stalled")
            self.wfile.flush()
            time.sleep(60)
            return
        if path.startswith("/redirect/"):
            hops = int(path.rsplit("/", 1)[1])
            return self.redirect(302, "/og.html" if hops <= 0 else "/redirect/%d" % (hops - 1))
        if path == "/dir":
            return self.redirect(301, "/dir/")
        if path == "/dir/":
            return self.send(200, b'<html><head><meta property="og:title" content="Directory page"></head></html>')
        if path == "/loop":
            return self.redirect(302, "/loop")
        if path == "/to-file":
            return self.redirect(302, "file:///etc/passwd")
        if path == "/to-private":
            return self.redirect(302, "http://10.255.255.1/secret")
        if path == "/to-clip":
            return self.redirect(302, "/media/clip.mp4")
        if path == "/thumb.png":
            return self.send(200, png(), "image/png")
        if path == "/thumb.jpg":
            return self.serve_file(os.path.join(MEDIA, "thumb.jpg"), "image/jpeg")
        if path == "/not-image.png":
            return self.send(200, b"<html>not an image</html>", "image/png")
        if path == "/bad-thumb.html":
            return self.send(200, b'<html><head><meta property="og:title" content="Bad thumb"><meta property="og:image" content="/not-image.png"></head></html>')
        if path == "/video.html":
            return self.send(200, b'<html><head><title>A video page</title><meta property="og:title" content="Video page"></head>'
                                  b'<body><video controls src="/media/clip.mp4"></video></body></html>')
        if path == "/audio.html":
            return self.send(200, b'<html><head><title>Audio only</title></head><body><audio src="/media/audio.m4a"></audio></body></html>')
        if path == "/rtsp.html":
            # A video offered only over RTSP, on --port's listener: a download would connect there directly.
            port = int(query.get("port", ["9"])[0])
            return self.send(200, ('<html><head><title>RTSP only</title></head><body><video controls>'
                                   '<source src="rtsp://127.0.0.1:%d/clip" type="video/mp4"></video></body></html>' % port).encode())
        if path == "/novideo.html":
            return self.send(200, b"<html><head><title>Nothing to play</title></head><body>text</body></html>")
        if path.startswith("/page/"):
            number = path.rsplit("/", 1)[1].split(".")[0]
            body = ('<html><head><meta property="og:title" content="Page %s"><meta property="og:image" content="/thumb.png">'
                    '</head><body>%s</body></html>' % (number, "z" * 20000))
            return self.send(200, body.encode())
        if path.startswith("/slow/"):
            return self.serve_file(os.path.join(MEDIA, path[len("/slow/"):]), "video/mp4", throttle=int(query.get("rate", ["65536"])[0]))
        if path.startswith("/media/"):
            name = path[len("/media/"):]
            kind = "video/mp4" if name.endswith(".mp4") else "audio/mp4" if name.endswith(".m4a") else "application/octet-stream"
            return self.serve_file(os.path.join(MEDIA, name), kind)
        if path.startswith("/dash/"):
            name = path[len("/dash/"):]
            kind = "application/dash+xml" if name.endswith(".mpd") else "video/iso.segment"
            return self.serve_file(os.path.join(MEDIA, "dash", name), kind)
        if path == "/live.m3u8":
            return self.send(200, live_playlist().encode(), "application/vnd.apple.mpegurl")
        if path.startswith("/live/"):
            return self.serve_file(os.path.join(MEDIA, "live", path[len("/live/"):]), "video/mp2t")
        if path == "/404":
            return self.send(404, b"<html><head><title>Not found</title></head></html>")
        return self.send(404, b"not found")


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 64


def main():
    # Die with the test process that started us.
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    libc.prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    parent = os.getppid()
    generate_media()
    server = Server(("127.0.0.1", 0), Handler)
    print("PORT %d" % server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    started = time.time()
    while time.time() - started < LIFETIME and os.getppid() == parent:
        time.sleep(0.5)
    os._exit(0)


if __name__ == "__main__":
    main()

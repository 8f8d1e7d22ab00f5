"""Drives one `linkstr app` in headless Chromium where no host name resolves but 127.0.0.1, for
WebAppPlayingTests: a YouTube post's player is requested only after "Play" is clicked; a local MP4's
"Save for offline" shows live progress and ends in a `<video>` served by the app with byte ranges,
which plays on after a seek; the thumbnail of a page comes from the app. Screenshots go to
--screens. Prints one JSON object with what it saw."""
import argparse
import json
import time

from selenium.webdriver.common.by import By

import webapp_driver
from webapp_driver import connected, kept, mark

parser = argparse.ArgumentParser()
parser.add_argument("--app", required=True, help="the app's launch URL")
parser.add_argument("--session", required=True, help="the session id")
parser.add_argument("--clip", required=True, help="the URL of a local MP4")
webapp_driver.add_arguments(parser)
options = parser.parse_args()

seen = {}
wait = webapp_driver.Waiter(seen)
driver = webapp_driver.browser(options, "player", network_log=True, offline=True)


def outside(urls):
    """The requests that went to neither the app nor the browser's own pages."""
    return [url for url in urls if url.startswith(("http:", "https:", "ws:", "wss:")) and not url.startswith(origin)]


FETCH = """
    const [url, headers, done] = arguments;
    fetch(url, {headers}).then(async (response) => {
        const text = (response.headers.get('content-type') || '').startsWith('text/');
        done({status: response.status, range: response.headers.get('content-range'), length: response.headers.get('content-length'),
              text: text ? await response.text() : '', bytes: text ? 0 : (await response.arrayBuffer()).byteLength});
      })
      .catch((error) => done({status: 0, range: String(error)}));"""


def fetch(url, headers=None):
    return driver.execute_async_script(FETCH, url, headers or {})


def post(link):
    driver.find_element(By.ID, "url").send_keys(link)
    driver.find_element(By.CSS_SELECTOR, "form.composer button[type='submit']").click()
    wait(f"the post of {link}", lambda: link in driver.find_element(By.ID, "live").text)


def post_element(fragment):
    return next(item for item in driver.find_elements(By.CSS_SELECTOR, "li.post") if fragment in item.text)


try:
    driver.get(options.app)
    origin = "/".join(driver.current_url.split("/", 3)[:3])
    driver.get(f"{origin}/sessions/{options.session}")
    wait("the feed", lambda: driver.find_elements(By.ID, "url"))
    post("https://www.youtube.com/watch?v=dQw4w9WgXcQ")
    wait("the feed's event stream", lambda: connected(driver))

    # Before the click: a Play link whose player address is only an attribute, no frame, no request.
    seen["frames_before_click"] = len(driver.find_elements(By.TAG_NAME, "iframe"))
    before = webapp_driver.requests(driver)
    seen["provider_requests_before_click"] = outside(before)
    play = driver.find_element(By.CSS_SELECTOR, "a.play[data-embed]")
    seen["embed_link"] = play.get_attribute("data-embed")
    play_href = play.get_attribute("href")
    page = post_element("A page with a picture")
    thumbnail = page.find_element(By.CSS_SELECTOR, "img.thumb")
    seen["thumbnail_src_is_the_apps"] = thumbnail.get_attribute("src").startswith(origin + "/sessions/")
    wait("the thumbnail", lambda: driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", thumbnail))
    seen["thumbnail_width"] = driver.execute_script("return arguments[0].naturalWidth", thumbnail)
    driver.execute_script("document.querySelector('li.post').scrollIntoView()")
    webapp_driver.screenshots(driver, options.screens, "feed-players")

    play.click()
    wait("the provider's player", lambda: driver.find_elements(By.CSS_SELECTOR, "iframe.embed"))
    seen["frame_src_after_click"] = driver.find_element(By.CSS_SELECTOR, "iframe.embed").get_attribute("src")
    time.sleep(1)
    after = webapp_driver.requests(driver)
    seen["provider_requests_after_click"] = outside(after)
    seen["csp_refusals"] = [entry["message"] for entry in driver.get_log("browser") if "Content Security Policy" in entry["message"]]

    # "Save for offline" of a local MP4: live progress, then the <video> in place (no reload).
    post(options.clip)
    driver.execute_script("""
        window.linkstrProgress = 0;
        new EventSource('/events').addEventListener('progress', () => window.linkstrProgress += 1);""")
    time.sleep(0.5)
    mark(driver)
    post_element(options.clip).find_element(By.CSS_SELECTOR, "form.save button").click()
    seen["video_shown_live"] = wait("the saved video", lambda: post_element(options.clip).find_elements(By.TAG_NAME, "video"), seconds=60)
    seen["video_kept_page"] = kept(driver)
    seen["progress_events"] = driver.execute_script("return window.linkstrProgress")
    driver.execute_script("document.querySelector('li.post').scrollIntoView()")
    webapp_driver.screenshots(driver, options.screens, "feed-video")

    # Plays, then seeks to 4 s and plays on from there.
    played = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const video = document.querySelector('li.post video');
        video.muted = true;
        const fail = (why) => done({error: why, code: video.error && video.error.code});
        video.addEventListener('error', () => fail('error'));
        video.play().then(() => {
          video.addEventListener('seeked', () => setTimeout(() => done({time: video.currentTime, error: null}), 1500), {once: true});
          video.currentTime = 4;
        }).catch((error) => fail(String(error)));""")
    seen["video_error"] = played.get("error")
    seen["current_time_after_seek"] = played.get("time")
    # Byte ranges as a player asks for them.
    video = driver.find_element(By.CSS_SELECTOR, "li.post video").get_attribute("src")
    whole = fetch(video)
    size = int(whole["length"])
    seen["whole"] = [whole["status"], whole["bytes"] == size]
    first = fetch(video, {"Range": "bytes=0-99"})
    seen["first_100"] = [first["status"], first["range"], first["bytes"]]
    tail = fetch(video, {"Range": "bytes=-10"})
    seen["last_10"] = [tail["status"], tail["range"] == f"bytes {size - 10}-{size - 1}/{size}", tail["bytes"]]
    beyond = fetch(video, {"Range": f"bytes={size}-"})
    seen["beyond_the_end"] = [beyond["status"], beyond["range"] == f"bytes */{size}"]
    # With JavaScript off "Play" is a link to a page with the player; the feed itself frames nothing.
    player_page = fetch(play_href)["text"]
    seen["player_page_frames"] = f'<iframe class="embed" src="{seen["embed_link"].replace("&", "&amp;")}"' in player_page
    feed_page = fetch(f"{origin}/sessions/{options.session}")["text"]
    seen["feed_page_frames"] = "<iframe" in feed_page
    # Nothing but the app, the local site and the one provider player asked for.
    everything = before + after + webapp_driver.requests(driver)
    seen["other_requests"] = [url for url in outside(everything) if not url.startswith("https://www.youtube.com/embed/")]
finally:
    driver.quit()

print(json.dumps(seen))

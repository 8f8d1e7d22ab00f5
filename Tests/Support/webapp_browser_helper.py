"""Drives one `linkstr app` in headless Chromium for WebAppBrowserHelperTests: a website's NIP-07
request made through `linkstr browser host` (native-messaging frames on its stdin, as the browser
extension sends them) is approved in the app. The request arrives while the sessions list is open:
a notice there leads to the Signer page (Tab and Enter, keys only), where the question shows the
site's origin, the profile and what it allows in words; Tab reaches "Allow once", Enter answers it,
and the host answers the site with the signed event. The same request is asked again (allow once is
not remembered) and denied; a getPublicKey is allowed always with keys only, and the next one is
answered without a question. axe-core audits the question, dark and light. Prints one JSON object
with what it saw."""
import argparse
import json
import queue
import struct
import subprocess
import threading

from selenium.webdriver.common.by import By

import webapp_driver
from webapp_driver import focused, keys

parser = argparse.ArgumentParser()
parser.add_argument("--app", required=True)
parser.add_argument("--linkstr", required=True, help="the linkstr program")
parser.add_argument("--home", required=True)
parser.add_argument("--runtime-dir", required=True, help="XDG_RUNTIME_DIR, as the app has it")
parser.add_argument("--site", required=True, help="the origin the requests come from")
webapp_driver.add_arguments(parser)
options = parser.parse_args()

seen = {}
wait = webapp_driver.Waiter(seen)
driver = webapp_driver.browser(options, "browser-helper")

host = subprocess.Popen(
    [options.linkstr, "browser", "host", "--home", options.home, "chrome-extension://cadkkjeablgnenpdgigdlleebljooikd/"],
    stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    env={"PATH": "/usr/bin:/bin", "HOME": options.home, "XDG_RUNTIME_DIR": options.runtime_dir})
replies = queue.Queue()


def read_replies():
    while True:
        header = host.stdout.read(4)
        if len(header) < 4:
            return
        replies.put(json.loads(host.stdout.read(struct.unpack("<I", header)[0])))


threading.Thread(target=read_replies, daemon=True).start()


def request(number, method, params=None):
    message = json.dumps({"id": number, "origin": options.site, "method": method, "params": params or {}}).encode()
    host.stdin.write(struct.pack("<I", len(message)) + message)
    host.stdin.flush()


def reply():
    try:
        return replies.get(timeout=30)
    except queue.Empty:
        return {"missing": "no reply within 30 s"}


def questions():
    return driver.find_elements(By.CSS_SELECTOR, "form.site-question")


def question_text():
    return driver.execute_script("return document.querySelector('form.site-question')?.innerText ?? ''")


def focused_value():
    return driver.execute_script("return document.activeElement?.closest('form.site-question') ? document.activeElement.value : null;")


def click_answer(value):
    """Presses the question's button `value`."""
    webapp_driver.click(lambda: questions()[0].find_element(By.CSS_SELECTOR, f"button[value='{value}']"))


def answer_with_keys(value):
    webapp_driver.tab_to(driver, seen, f"the answer {value}", lambda: focused_value() == value, most=80)
    keys(driver, "\n")


try:
    driver.get(options.app)
    wait("the sessions list", lambda: driver.find_element(By.TAG_NAME, "h1").text == "Sessions")
    wait("the sessions page's event streams", lambda: webapp_driver.connected(driver))
    event = {"kind": 1, "created_at": 1760000000, "tags": [], "content": "signed after the app's question"}
    request(1, "signEvent", {"event": event})
    seen["notice_elsewhere"] = wait("the notice on the sessions list", lambda: driver.find_elements(By.CSS_SELECTOR, ".signer-alert a"), seconds=40)
    # Keys only: the notice comes first in the page's main part, after the navigation.
    webapp_driver.tab_to(driver, seen, "the notice", lambda: driver.execute_script(
        "return document.activeElement?.closest('.signer-alert') !== null;"), most=60)
    keys(driver, "\n")
    wait("the signer page", lambda: driver.find_element(By.TAG_NAME, "h1").text == "Signer")
    seen["question_shown"] = wait("the site's question", lambda: questions(), seconds=40)
    seen["question_text"] = question_text()
    webapp_driver.screenshots(driver, options.screens, "signer-site-question")
    webapp_driver.audit(driver, "signer-site-question", seen)
    answer_with_keys("once")
    answered = reply()
    seen["signed"] = answered.get("result")
    seen["sign_reply"] = answered
    wait("the question gone", lambda: not questions())
    wait("the signer page's event stream", lambda: webapp_driver.connected(driver))
    webapp_driver.mark(driver)

    # Allow once is not remembered: the same request is asked again, and denied.
    request(2, "signEvent", {"event": event})
    seen["asked_again"] = wait("the question again", lambda: questions(), seconds=40) and webapp_driver.kept(driver)
    click_answer("deny")
    seen["denied"] = reply().get("error")

    # Always allow, with keys: the next request is answered without a question.
    request(3, "getPublicKey")
    wait("the getPublicKey question", lambda: questions(), seconds=40)
    seen["public_key_question"] = question_text()
    answer_with_keys("always")
    seen["public_key"] = reply().get("result")
    request(4, "getPublicKey")
    seen["remembered"] = reply().get("result")
finally:
    driver.quit()
    host.stdin.close()
    try:
        seen["host_status"] = host.wait(timeout=20)
    except subprocess.TimeoutExpired:
        host.kill()
    seen["host_stderr"] = host.stderr.read().decode()[-2000:]

print(json.dumps(seen))

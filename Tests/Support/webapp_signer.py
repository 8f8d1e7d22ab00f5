"""Drives one `linkstr app` in headless Chromium for WebAppSignerTests: linkstr as a bunker, with
keys only on the way. From the sessions list Tab reaches "Signer", Enter opens it; Tab and Enter
start serving; the page shows the bunker:// link and its QR code. Another Nostr client connects
(nip46_raw_client.py, rust-nostr primitives, naming the permissions and its name): its question
appears live, Tab and Enter answer "Always allow"; then rust-nostr's NostrConnect client, as the
same key, signs a kind-1 event, and the log shows it live. A second client asks while the sessions
list is open (a notice there leads to the question) and is denied, a third
allowed once (listed "until the bunker stops"); forget withdraws the first. axe-core audits each
state, dark and light. Prints one JSON object with what it saw."""
import argparse
import json
import subprocess
import sys
from urllib.parse import parse_qs, urlparse

from nostr_sdk import Keys
from selenium.webdriver.common.by import By

import webapp_driver
from webapp_driver import focused, keys

parser = argparse.ArgumentParser()
parser.add_argument("--app", required=True)
parser.add_argument("--relay", required=True, help="the relay the home uses")
parser.add_argument("--support", required=True, help="the folder of nip46_raw_client.py and nostr_connect_client.py")
webapp_driver.add_arguments(parser)
options = parser.parse_args()

seen = {}
wait = webapp_driver.Waiter(seen)
driver = webapp_driver.browser(options, "signer")


def focused_value():
    return driver.execute_script("return document.activeElement?.value ?? null;")


# Read in one script each: the live refresh may replace the elements between two WebDriver calls.
def section(title):
    return driver.execute_script(f"return document.querySelector(\"section[aria-labelledby='{title}']\")?.innerText ?? ''")


def link():
    return driver.execute_script("return document.getElementById('bunker-link')?.value ?? ''")


def question_text():
    return driver.execute_script("return document.querySelector('form.question')?.innerText ?? ''")


def connect(bunker_link, secret, name, permissions):
    """A client's connect, naming its permissions and name, sent from `secret`'s key; waits for one answer."""
    parsed = urlparse(bunker_link)
    query = parse_qs(parsed.query)
    request = {"id": "connect-" + name, "method": "connect",
               "params": [parsed.netloc, query["secret"][0], permissions, json.dumps({"name": name})]}
    return subprocess.Popen(
        [sys.executable, f"{options.support}/nip46_raw_client.py", "--relay", options.relay, "--bunker", parsed.netloc,
         "--app-secret", secret, "--wait", "90", "--answers", "1", json.dumps(request)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def answer_of(process):
    output, errors = process.communicate(timeout=100)
    lines = [json.loads(line[len("ANSWER "):]) for line in output.splitlines() if line.startswith("ANSWER ")]
    return lines[0] if lines else {"missing": errors[-500:]}


def answer(value):
    """Presses the question's button `value`."""
    webapp_driver.click(lambda: questions()[0].find_element(By.CSS_SELECTOR, f"button[value='{value}']"))


def questions():
    return driver.find_elements(By.CSS_SELECTOR, "form.question")


try:
    driver.get(options.app)
    wait("the sessions list", lambda: driver.find_element(By.TAG_NAME, "h1").text == "Sessions")
    driver.find_element(By.TAG_NAME, "body")
    webapp_driver.tab_to(driver, seen, "the Signer link", lambda: focused(driver) == "/signer")
    keys(driver, "\n")
    wait("the signer page", lambda: driver.find_element(By.TAG_NAME, "h1").text == "Signer")
    seen["stopped_text"] = section("serving-title")
    webapp_driver.audit(driver, "signer-stopped", seen)
    webapp_driver.tab_to(driver, seen, "Start serving", lambda: focused(driver) == "signer-start")
    keys(driver, "\n")
    seen["listening"] = wait("the bunker listening", lambda: "Listening on" in section("serving-title"))
    first_link = link()
    seen["link"] = first_link
    seen["qr_drawn"] = len(driver.find_element(By.CSS_SELECTOR, "svg.qr path").get_attribute("d")) > 1000
    webapp_driver.screenshots(driver, options.screens, "signer-serving")
    webapp_driver.audit(driver, "signer-serving", seen)

    # A client asks; the question appears without a reload, and is answered with keys.
    webapp_driver.mark(driver)
    first = Keys.generate()
    seen["client_npub"] = first.public_key().to_bech32()
    asking = connect(first_link, first.secret_key().to_hex(), "Test client", "sign_event:1,nip44_encrypt")
    seen["question_live"] = wait("the question", lambda: questions(), seconds=40) and webapp_driver.kept(driver)
    seen["question_text"] = question_text()
    webapp_driver.screenshots(driver, options.screens, "signer-question")
    webapp_driver.audit(driver, "signer-question", seen)
    webapp_driver.tab_to(driver, seen, "Always allow", lambda: focused_value() == "always")
    keys(driver, "\n")
    seen["connect_answer"] = answer_of(asking)
    wait("the question gone", lambda: not questions())
    seen["new_link"] = wait("a new link (the secret was used)", lambda: link() != first_link)

    # rust-nostr's NostrConnect client, as the approved key, signs.
    signing = subprocess.run(
        [sys.executable, f"{options.support}/nostr_connect_client.py", "--link", link(), "--app-secret", first.secret_key().to_hex(),
         "--timeout", "20", "sign:1"], capture_output=True, text=True, timeout=120)
    line = json.loads(signing.stdout.splitlines()[0]) if signing.stdout.strip() else {"error": signing.stderr[-500:]}
    seen["signed"] = line.get("result")
    seen["sign_error"] = line.get("error")
    signed_id = json.loads(seen["signed"])["id"] if seen["signed"] else "none"
    seen["log_live"] = wait("the log entry", lambda: signed_id in section("log-title"))
    seen["log_text"] = section("log-title")
    seen["clients_text"] = section("clients-title")

    # A second client is denied; a third is allowed once.
    # The second asks while the sessions list is open: a notice there leads to the signer page.
    second_link = link()
    driver.find_element(By.LINK_TEXT, "Sessions").click()
    wait("the sessions list again", lambda: driver.find_element(By.TAG_NAME, "h1").text == "Sessions")
    wait("the sessions page's event streams", lambda: webapp_driver.connected(driver))
    second = Keys.generate()
    asking = connect(second_link, second.secret_key().to_hex(), "Denied client", "nip44_decrypt")
    seen["notice_elsewhere"] = wait("the notice on the sessions list", lambda: driver.find_elements(By.CSS_SELECTOR, ".signer-alert a"), seconds=40)
    if seen["notice_elsewhere"]:
        driver.find_element(By.CSS_SELECTOR, ".signer-alert a").click()
    wait("the second question", lambda: questions(), seconds=40)
    seen["second_question"] = question_text()
    answer("deny")
    seen["deny_answer"] = answer_of(asking)
    third = Keys.generate()
    seen["once_npub"] = third.public_key().to_bech32()
    asking = connect(link(), third.secret_key().to_hex(), "Once client", "sign_event:1")
    wait("the third question", lambda: questions(), seconds=40)
    answer("once")
    seen["once_answer"] = answer_of(asking)
    wait("the client allowed once", lambda: "until the bunker stops" in section("clients-title"))
    seen["clients_with_once"] = section("clients-title")
    webapp_driver.screenshots(driver, options.screens, "signer-clients")
    webapp_driver.audit(driver, "signer-clients", seen)

    # Forget the first client.
    webapp_driver.click(lambda: driver.find_element(By.CSS_SELECTOR, f"button[aria-label='Forget Test client ({seen['client_npub']})']"))
    seen["forgot"] = wait("the first client forgotten", lambda: "Test client" not in section("clients-title"))

    # Stop and start: the client allowed once is gone, the page says it stopped.
    webapp_driver.click(lambda: driver.find_element(By.CSS_SELECTOR, "form[action='/signer/stop'] button"))
    seen["stopped_again"] = wait("not serving", lambda: "Not serving" in section("serving-title"))
    seen["once_gone"] = "Once client" not in section("clients-title")
finally:
    driver.quit()

print(json.dumps(seen))

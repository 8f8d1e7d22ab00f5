"""Drives two `linkstr app`s of homes without an account in headless Chromium for
WebAppRemoteSignerTests: onboarding offers "Connect a remote signer"; the first pastes the test
bunker's bunker:// link, sees the confirmation (signer, relays, secret present) and connects with
keys only; the signer's auth_url appears live as a link; then the app is the user's. The second
shows a nostrconnect:// code with its countdown, and the test bunker answers it. axe-core audits
each screen, dark and light. Prints one JSON object with what it saw."""
import argparse
import json
import subprocess
import sys

from selenium.webdriver.common.by import By

import webapp_driver
from webapp_driver import focused, keys

parser = argparse.ArgumentParser()
parser.add_argument("--pasting", required=True, help="the launch URL of the app that pastes a link")
parser.add_argument("--scanning", required=True, help="the launch URL of the app that shows a code")
parser.add_argument("--link", required=True, help="the test bunker's bunker:// link")
parser.add_argument("--relay", required=True)
parser.add_argument("--user-secret", required=True, help="the user key the test bunker of the code holds (nsec)")
parser.add_argument("--support", required=True, help="the folder of test_bunker.py")
webapp_driver.add_arguments(parser)
options = parser.parse_args()

seen = {}
wait = webapp_driver.Waiter(seen)


def heading(driver):
    return driver.find_element(By.TAG_NAME, "h1").text


# Read in one script each: the live refresh may replace the elements between two WebDriver calls.
def status(driver):
    return driver.execute_script("return document.getElementById('live')?.innerText ?? ''")


def attribute(driver, element, name):
    return driver.execute_script(f"return document.getElementById('{element}')?.getAttribute('{name}') ?? null")


pasting = webapp_driver.browser(options, "pasting")
scanning = webapp_driver.browser(options, "scanning")
signer = None
try:
    driver = pasting
    driver.get(options.pasting)
    wait("onboarding", lambda: heading(driver) == "Welcome to linkstr")
    seen["onboarding_offers"] = "Connect a remote signer" in driver.page_source
    webapp_driver.tab_to(driver, seen, "Connect a remote signer", lambda: focused(driver) == "/signer/remote")
    keys(driver, "\n")
    wait("the remote signer page", lambda: heading(driver) == "Use a remote signer")
    webapp_driver.audit(driver, "remote-signer", seen)
    webapp_driver.tab_to(driver, seen, "the link field", lambda: focused(driver) == "link")
    keys(driver, options.link, "\n")
    wait("the confirmation", lambda: heading(driver) == "Connect to this signer?")
    seen["confirmation"] = driver.find_element(By.CSS_SELECTOR, "main form").text
    webapp_driver.screenshots(driver, options.screens, "remote-confirm")
    webapp_driver.audit(driver, "remote-confirm", seen)
    webapp_driver.tab_to(driver, seen, "Connect", lambda: focused(driver) == "connect")
    keys(driver, "\n")
    wait("the auth_url link", lambda: attribute(driver, "auth-url", "href"), seconds=30)
    seen["auth_link"] = attribute(driver, "auth-url", "href")
    seen["auth_link_new_tab"] = attribute(driver, "auth-url", "rel")
    webapp_driver.screenshots(driver, options.screens, "remote-auth")
    seen["connected"] = wait("connected", lambda: driver.find_elements(By.ID, "done"), seconds=40)
    seen["connected_text"] = status(driver)
    webapp_driver.audit(driver, "remote-connected", seen)
    driver.find_element(By.ID, "done").click()
    wait("the sessions", lambda: heading(driver) == "Sessions")
    seen["me_after"] = driver.find_element(By.CSS_SELECTOR, ".switcher summary code.npub").get_attribute("title")

    driver = scanning
    driver.get(options.scanning)
    wait("onboarding (scanning)", lambda: heading(driver) == "Welcome to linkstr")
    driver.find_element(By.LINK_TEXT, "Connect a remote signer").click()
    wait("the remote signer page (scanning)", lambda: driver.find_elements(By.ID, "offer"))
    driver.find_element(By.ID, "offer").click()
    wait("the offer", lambda: driver.find_elements(By.ID, "offer-link"))
    offer = attribute(driver, "offer-link", "value")
    seen["offer"] = offer
    seen["offer_qr"] = len(driver.find_element(By.CSS_SELECTOR, "#live svg.qr path").get_attribute("d")) > 1000
    left = lambda: driver.execute_script("return document.querySelector('[data-deadline]')?.textContent")  # noqa: E731
    first = left()
    seen["countdown_moves"] = wait("the countdown", lambda: left() != first, seconds=5)
    seen["countdown"] = left()
    webapp_driver.screenshots(driver, options.screens, "remote-offer")
    webapp_driver.audit(driver, "remote-offer", seen)
    signer = subprocess.Popen(
        [sys.executable, f"{options.support}/test_bunker.py", "--relay", options.relay, "--user-secret", options.user_secret,
         "--nostrconnect", offer], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen["offer_connected"] = wait("connected by the code", lambda: driver.find_elements(By.ID, "done"), seconds=40)
    seen["offer_connected_text"] = status(driver)
finally:
    pasting.quit()
    scanning.quit()
    if signer:
        signer.terminate()

print(json.dumps(seen))

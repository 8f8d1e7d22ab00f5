"""Drives `linkstr app LINK` in headless Chromium for WebAppLinksTests: the launch address a clicked
`linkstr://save` link opens (the save page), saving it with the keyboard only, a `bunker://` link's
page, a shared post's link (it opens the post) and a shared link that is in no session. axe-core
audits each page, dark and light. Prints one JSON object with what it saw."""
import argparse
import json

from selenium.webdriver.common.by import By

import webapp_driver

parser = argparse.ArgumentParser()
parser.add_argument("--app", required=True, help="the launch address `linkstr app --no-browser --json LINK` printed")
parser.add_argument("--bunker", required=True, help="the app's path of a bunker:// link's page")
parser.add_argument("--post", required=True, help="the app's path of a shared post's page")
parser.add_argument("--shared", required=True, help="the app's path of a shared link that is in no session")
webapp_driver.add_arguments(parser)
options = parser.parse_args()

seen = {"violations": {}}
wait = webapp_driver.Waiter(seen)


def audit(driver, screen):
    webapp_driver.audit(driver, screen, seen)


def heading(driver):
    return driver.find_element(By.TAG_NAME, "h1").text


driver = webapp_driver.browser(options, "links")
try:
    driver.get(options.app)
    origin = "/".join(driver.current_url.split("/", 3)[:3])
    wait("the save page", lambda: heading(driver) == "Save this link?")
    seen["save_path"] = driver.current_url[len(origin):]
    seen["save_text"] = driver.find_element(By.CSS_SELECTOR, "dl.clicked-link").text
    webapp_driver.screenshots(driver, options.screens, "open-save")
    audit(driver, "save link")
    # Keyboard only: Tab to the primary action, Enter.
    webapp_driver.tab_to(driver, seen, "the primary action", lambda: webapp_driver.focus_matches(driver, "e.classList.contains('primary')"), most=20)
    seen["save_action"] = driver.switch_to.active_element.text
    driver.switch_to.active_element.send_keys("\n")
    wait("the page after Save", lambda: heading(driver) != "Save this link?")
    seen["after_save"] = {"heading": heading(driver), "path": driver.current_url[len(origin):]}

    driver.get(origin + options.bunker)
    wait("the bunker page", lambda: heading(driver) == "Connect to a remote signer?")
    seen["bunker_text"] = driver.find_element(By.CSS_SELECTOR, "dl.clicked-link").text
    seen["bunker_action"] = driver.find_element(By.CSS_SELECTOR, ".link-actions").text
    webapp_driver.screenshots(driver, options.screens, "open-bunker")
    audit(driver, "bunker link")

    driver.get(origin + options.post)
    wait("the post's session", lambda: "/sessions/" in driver.current_url)
    seen["post_url"] = driver.current_url[len(origin):]

    driver.get(origin + options.shared)
    wait("the shared link page", lambda: heading(driver) == "A shared link")
    seen["shared_text"] = driver.find_element(By.TAG_NAME, "main").text
    webapp_driver.screenshots(driver, options.screens, "open-shared")
    audit(driver, "shared link")
finally:
    driver.quit()

print(json.dumps(seen))

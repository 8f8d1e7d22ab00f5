"""Drives `linkstr app` in headless Chromium for WebAppKeyboardA11yTests.

Keyboard only (no pointer, no element clicked): from Alice's sessions list `j` focuses the session,
Enter opens it, `j` focuses the newest post, `1` reacts 👍, `c` goes to the composer, a link is typed
and Enter shares it; `?` lists the shortcuts. Then axe-core (axe-selenium-python, offline) audits every
screen, dark and light: each serious or critical violation is reported. Prints one JSON object."""
import argparse
import json

from selenium.webdriver.common.by import By

import webapp_driver
from webapp_driver import focused, keys, live_text

parser = argparse.ArgumentParser()
parser.add_argument("--alice", required=True, help="the launch URL of an app with a session and a post")
parser.add_argument("--newcomer", required=True, help="the launch URL of an app whose home has no account")
parser.add_argument("--session", required=True)
webapp_driver.add_arguments(parser)
options = parser.parse_args()

seen = {"violations": {}}
wait = webapp_driver.Waiter(seen)


def audit(driver, screen):
    webapp_driver.audit(driver, screen, seen)


alice = webapp_driver.browser(options, "alice")
newcomer = webapp_driver.browser(options, "newcomer")
try:
    alice.get(options.alice)
    origin = "/".join(alice.current_url.split("/", 3)[:3])
    wait("Alice's sessions", lambda: alice.find_elements(By.CSS_SELECTOR, "li.session"))

    # The walk, keys only.
    alice.find_element(By.TAG_NAME, "body")
    keys(alice, "j")
    seen["list_focus"] = focused(alice)
    keys(alice, "\n")
    seen["feed_opened"] = wait("the feed", lambda: alice.find_elements(By.CSS_SELECTOR, "li.post") and "/sessions/" in alice.current_url)
    keys(alice, "j")
    seen["post_focused"] = wait("a post focused", lambda: alice.execute_script("return document.activeElement.matches('li.post')"))
    keys(alice, "1")
    seen["reacted"] = wait("the reaction", lambda: alice.find_elements(By.CSS_SELECTOR, "li.post button.chip.mine[value='👍']"))
    seen["focus_kept_on_post"] = alice.execute_script("return document.activeElement.matches('li.post')")
    keys(alice, "c")
    seen["composer_focused"] = focused(alice) == "url"
    keys(alice, "https://example.com/typed-with-keys", "\n")
    seen["posted"] = wait("the post typed with keys", lambda: "typed-with-keys" in live_text(alice))
    alice.find_element(By.TAG_NAME, "body")
    alice.execute_script("document.activeElement.blur()")
    keys(alice, "?")
    seen["shortcuts_open"] = wait("the shortcuts", lambda: alice.execute_script("return document.getElementById('shortcuts').open"))
    seen["shortcuts_text"] = alice.find_element(By.ID, "shortcuts").text
    webapp_driver.screenshots(alice, options.screens, "shortcuts")
    keys(alice, "\ue00c")  # Escape closes the dialog
    seen["shortcuts_closed"] = wait("the shortcuts closed", lambda: not alice.execute_script("return document.getElementById('shortcuts').open"))

    # Every screen, audited.
    feed = f"{origin}/sessions/{options.session}"
    audit(alice, "feed")
    play = alice.find_elements(By.CSS_SELECTOR, "a.play")
    for path, screen in [("/", "sessions"), ("/sessions/new", "new-session"), ("/contacts", "contacts"), ("/you", "you"),
                         ("/settings", "settings"), (f"/sessions/{options.session}/members", "members"), ("/settings/end/delete", "account-delete")]:
        alice.get(origin + path)
        audit(alice, screen)
    alice.get(feed)
    alice.find_element(By.CSS_SELECTOR, "li.post.mine a.delete").get_attribute("href")
    alice.get(alice.find_element(By.CSS_SELECTOR, "li.post.mine a.delete").get_attribute("href"))
    audit(alice, "delete-confirm")
    alice.get(feed)
    alice.get(alice.find_element(By.CSS_SELECTOR, "a.play").get_attribute("href"))
    audit(alice, "player")

    newcomer.get(options.newcomer)
    audit(newcomer, "onboarding")
    # axe scrolls the page it checks (onboarding is longer than a screen): the button is not left under the sticky bar.
    newcomer.execute_script("window.scrollTo(0, 0)")
    newcomer.find_element(By.CSS_SELECTOR, "form[action='/onboarding/create'] button").click()
    wait("the backup step", lambda: newcomer.find_elements(By.CSS_SELECTOR, "input.secret"))
    audit(newcomer, "backup")
finally:
    alice.quit()
    newcomer.quit()

print(json.dumps(seen, ensure_ascii=False))

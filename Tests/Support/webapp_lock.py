"""Drives one `linkstr app` in headless Chromium for WebAppLockTests: setting the master passphrase in
the app, "Lock now" from the profile switcher (keys only), the lock screen for every page (name, npub,
QR code, copy npub, what keeps running; no secret), a wrong passphrase refused with the runtime's
message, unlocking with keys only, the auto-lock setting, and an open page following `linkstr lock` and
`linkstr unlock` run elsewhere. axe-core audits the lock screen and the profiles page. Prints one JSON object."""
import argparse
import json
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import webapp_driver

parser = argparse.ArgumentParser()
parser.add_argument("--app", required=True)
parser.add_argument("--linkstr", required=True, help="the linkstr program")
parser.add_argument("--home", required=True, help="the app's home")
parser.add_argument("--nsec", required=True, help="the home's secret key, which no page may hold unasked")
webapp_driver.add_arguments(parser)
options = parser.parse_args()

PASSPHRASE = "correct horse battery"
seen = {}
wait = webapp_driver.Waiter(seen)
driver = webapp_driver.browser(options, "lock")


def linkstr(*arguments, stdin=None):
    return subprocess.run([options.linkstr, *arguments, "--home", options.home], input=stdin, capture_output=True, text=True, check=False)


def whoami_locked():
    return json.loads(linkstr("whoami", "--json").stdout or "{}").get("locked")


def locked_screen():
    return "linkstr is locked" in driver.find_element(By.TAG_NAME, "h1").text


def problem():
    return driver.find_element(By.CSS_SELECTOR, ".problem").text


try:
    driver.get(options.app)
    origin = "/".join(driver.current_url.split("/", 3)[:3])
    wait("the sessions", lambda: driver.find_elements(By.CSS_SELECTOR, "details.switcher"))
    seen["switcher_name"] = driver.find_element(By.CSS_SELECTOR, "details.switcher summary .name").text
    driver.get(origin + "/profiles")
    lock = lambda: driver.find_element(By.CSS_SELECTOR, "section[aria-labelledby='lock-title']")  # noqa: E731
    seen["unprotected_said"] = lock().text
    webapp_driver.audit(driver, "profiles", seen)
    # Two different passphrases are refused; the same one twice sets it.
    driver.find_element(By.ID, "master").send_keys(PASSPHRASE)
    driver.find_element(By.ID, "master-repeat").send_keys("something else")
    driver.find_element(By.CSS_SELECTOR, "form[action='/lock/passphrase'] button").click()
    wait("the mismatch", lambda: driver.find_elements(By.CSS_SELECTOR, ".problem"))
    seen["mismatch_problem"] = problem()
    seen["passphrase_in_page"] = PASSPHRASE in driver.page_source
    driver.find_element(By.ID, "master").send_keys(PASSPHRASE)
    driver.find_element(By.ID, "master-repeat").send_keys(PASSPHRASE)
    driver.find_element(By.CSS_SELECTOR, "form[action='/lock/passphrase'] button").click()
    seen["lock_now_offered"] = wait("Lock now", lambda: lock().find_elements(By.CSS_SELECTOR, "form[action='/lock/now']"))
    seen["locked_after_setting"] = whoami_locked()
    webapp_driver.screenshots(driver, options.screens, "profiles-lock")

    # The auto-lock: after 5 minutes without use, written to config.toml.
    driver.find_element(By.CSS_SELECTOR, "#auto-lock option[value='5']").click()
    before = driver.find_element(By.TAG_NAME, "html")
    driver.find_element(By.CSS_SELECTOR, "form[action='/lock/auto'] button").click()
    # The option is selected on the page the form leaves too: read the page it leads to.
    wait("the auto-lock saved", lambda: webapp_driver.gone(before) and driver.find_element(By.CSS_SELECTOR, "#auto-lock option[value='5']").is_selected())
    seen["auto_lock_selected"] = driver.find_element(By.CSS_SELECTOR, "#auto-lock option:checked").get_attribute("value")

    # Lock now, keys only: Tab to the switcher, Enter opens it, Tab to "Lock now", Enter.
    driver.get(origin + "/")
    wait("the sessions again", lambda: driver.find_elements(By.CSS_SELECTOR, "details.switcher"))
    seen["switcher_by_tab"] = webapp_driver.tab_to(
        driver, seen, "the profile switcher", lambda: driver.switch_to.active_element.tag_name == "summary", most=80)
    webapp_driver.keys(driver, Keys.ENTER)
    seen["switcher_open"] = wait("the switcher open", lambda: driver.execute_script("return document.querySelector('details.switcher').open"))
    webapp_driver.screenshots(driver, options.screens, "profile-switcher")
    seen["lock_now_by_tab"] = webapp_driver.tab_to(
        driver, seen, "Lock now", lambda: driver.switch_to.active_element.text == "Lock now", most=20)
    webapp_driver.keys(driver, Keys.ENTER)
    seen["lock_screen"] = wait("the lock screen", locked_screen)
    seen["locked_after_lock_now"] = whoami_locked()
    seen["lock_name"] = driver.find_element(By.CSS_SELECTOR, ".locked-name strong").text
    seen["lock_npub"] = driver.find_element(By.ID, "npub").get_attribute("value")
    seen["lock_qr"] = len(driver.find_element(By.CSS_SELECTOR, "svg.qr path").get_attribute("d")) > 1000
    seen["copy_npub"] = bool(driver.find_elements(By.CSS_SELECTOR, "button[data-copy='npub']"))
    seen["while_locked"] = driver.find_element(By.CSS_SELECTOR, "section[aria-labelledby='running-title']").text
    seen["nsec_in_lock_screen"] = options.nsec in driver.page_source
    webapp_driver.screenshots(driver, options.screens, "lock")
    webapp_driver.audit(driver, "lock", seen)

    # Any page while locked is the lock screen (not an error).
    driver.get(origin + "/contacts")
    seen["contacts_while_locked"] = locked_screen()
    driver.get(origin + "/settings")
    seen["settings_while_locked"] = locked_screen() and options.nsec not in driver.page_source

    # A wrong passphrase: the runtime's message, nothing changed, the passphrase not shown back.
    driver.find_element(By.ID, "passphrase").send_keys("wrong horse", Keys.ENTER)
    wait("the wrong passphrase's message", lambda: driver.find_elements(By.CSS_SELECTOR, ".problem"))
    seen["wrong_problem"] = problem()
    seen["wrong_shown_back"] = "wrong horse" in driver.page_source
    seen["locked_after_wrong"] = whoami_locked()
    webapp_driver.screenshots(driver, options.screens, "lock-wrong")

    # Unlock with keys only: the passphrase field has the focus.
    driver.get(origin + "/contacts")
    wait("the lock screen at /contacts", locked_screen)
    seen["passphrase_focused"] = driver.switch_to.active_element.get_attribute("id") == "passphrase"
    webapp_driver.keys(driver, PASSPHRASE, Keys.ENTER)
    seen["unlocked_page"] = wait("unlocked", lambda: driver.find_elements(By.CSS_SELECTOR, "details.switcher"))
    seen["locked_after_unlock"] = whoami_locked()

    # `linkstr lock` elsewhere: the open page turns into the lock screen; `linkstr unlock` brings it back.
    driver.get(origin + "/contacts")
    wait("the contacts", lambda: driver.find_element(By.TAG_NAME, "h1").text == "Contacts")
    seen["cli_lock"] = linkstr("lock").returncode
    seen["followed_lock"] = wait("the open page locked", locked_screen)
    seen["cli_unlock"] = linkstr("unlock", "--passphrase-stdin", stdin=PASSPHRASE + "\n").returncode
    seen["followed_unlock"] = wait("the open page unlocked", lambda: driver.find_element(By.TAG_NAME, "h1").text == "Contacts")
finally:
    driver.quit()

print(json.dumps(seen, ensure_ascii=False))

"""Drives one `linkstr app` in headless Chromium for WebAppYouSettingsTests: the You screen (npub, QR
code, publishing and clearing the name, an empty name refused) and Settings (the relays with their
status, a bad address refused, one added, disabled, enabled and removed; the storage in use; the
secret key revealed on request). Prints one JSON object with what it saw."""
import argparse
import json
import subprocess

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

import webapp_driver

parser = argparse.ArgumentParser()
parser.add_argument("--app", required=True)
parser.add_argument("--relay", required=True, help="the relay the home uses")
parser.add_argument("--linkstr", required=True, help="the linkstr program")
parser.add_argument("--home", required=True, help="the app's home")
webapp_driver.add_arguments(parser)
options = parser.parse_args()

seen = {}
wait = webapp_driver.Waiter(seen)
driver = webapp_driver.browser(options, "settings")
ADDED = "ws://127.0.0.1:9"


def problem():
    return driver.find_element(By.CSS_SELECTOR, ".problem").text


def relay_row(url):
    return next((row for row in driver.find_elements(By.CSS_SELECTOR, "li.relay") if row.find_element(By.CSS_SELECTOR, "code").text == url), None)


def press(url, label):
    relay_row(url).find_element(By.CSS_SELECTOR, f"button[aria-label='{label} {url}']").click()


try:
    driver.get(options.app)
    driver.find_element(By.LINK_TEXT, "You").click()
    wait("the You screen", lambda: driver.find_elements(By.ID, "npub"))
    seen["npub"] = driver.find_element(By.ID, "npub").get_attribute("value")
    seen["qr_drawn"] = len(driver.find_element(By.CSS_SELECTOR, "svg.qr path").get_attribute("d")) > 1000
    field = driver.find_element(By.ID, "name")
    field.clear()
    field.send_keys("Alice A.")
    driver.find_element(By.CSS_SELECTOR, "form[action='/you/name'] button.primary").click()
    seen["published_shown"] = wait("the published name", lambda: "Others see you as Alice A." in driver.find_element(By.TAG_NAME, "main").text)
    webapp_driver.screenshots(driver, options.screens, "you")
    seen["whoami_after_publish"] = json.loads(subprocess.run(
        [options.linkstr, "whoami", "--json", "--home", options.home], capture_output=True, text=True, check=False).stdout or "{}").get("published_name")
    field = driver.find_element(By.ID, "name")
    field.clear()
    field.send_keys("   ")
    driver.find_element(By.CSS_SELECTOR, "form[action='/you/name'] button.primary").click()
    wait("the empty name's message", lambda: driver.find_elements(By.CSS_SELECTOR, ".problem"))
    seen["empty_name_problem"] = problem()
    driver.find_element(By.CSS_SELECTOR, "button[name='clear']").click()
    seen["cleared_shown"] = wait("no published name", lambda: "You have no published name" in driver.find_element(By.TAG_NAME, "main").text)

    driver.find_element(By.LINK_TEXT, "Settings").click()
    seen["relay_listed"] = wait("the home's relay", lambda: relay_row(options.relay) is not None)
    seen["relay_connected_dot"] = wait("the relay connected", lambda: relay_row(options.relay).find_elements(By.CSS_SELECTOR, ".status.ok"))
    seen["storage"] = driver.find_element(By.CSS_SELECTOR, "section[aria-labelledby='storage-title']").text
    seen["nsec_before_reveal"] = "nsec1" in driver.page_source
    webapp_driver.screenshots(driver, options.screens, "settings")
    driver.find_element(By.ID, "relay").send_keys("not a relay")
    driver.find_element(By.CSS_SELECTOR, "form[aria-label='Add a relay'] button").click()
    wait("the bad relay's message", lambda: driver.find_elements(By.CSS_SELECTOR, ".problem"))
    seen["bad_relay_problem"] = problem()
    seen["bad_relay_kept"] = driver.find_element(By.ID, "relay").get_attribute("value")
    field = driver.find_element(By.ID, "relay")
    field.clear()
    field.send_keys(ADDED)
    driver.find_element(By.CSS_SELECTOR, "form[aria-label='Add a relay'] button").click()
    seen["added"] = wait("the added relay", lambda: relay_row(ADDED) is not None)
    press(ADDED, "Disable")
    seen["disabled_dot"] = wait("the relay disabled", lambda: relay_row(ADDED).find_elements(By.CSS_SELECTOR, ".status.off"))
    press(ADDED, "Enable")
    seen["enabled_again"] = wait("the relay enabled", lambda: not relay_row(ADDED).find_elements(By.CSS_SELECTOR, ".status.off"))
    press(ADDED, "Remove")
    seen["removed"] = wait("the relay removed", lambda: relay_row(ADDED) is None)

    notifications = lambda: driver.find_element(By.CSS_SELECTOR, "section[aria-labelledby='notifications-title']")  # noqa: E731
    seen["notifications_said"] = notifications().text
    notifications().find_element(By.CSS_SELECTOR, "form[action='/settings/notify-test'] button").click()
    wait("the test notification's outcome", lambda: notifications().find_elements(By.CSS_SELECTOR, ".results li, .problem"))
    seen["notify_test"] = [item.text for item in notifications().find_elements(By.CSS_SELECTOR, ".results li, .problem")]

    # Only contacts, and no notifier: saved into config.toml, and the page says so after.
    Select(driver.find_element(By.ID, "notify-from")).select_by_value("contacts")
    notifications().find_element(By.CSS_SELECTOR, "input[name='through'][value='none']").click()
    notifications().find_element(By.CSS_SELECTOR, "form[action='/settings/notifications'] button").click()
    wait("the changed notifications", lambda: "only your contacts" in notifications().find_element(By.TAG_NAME, "p").text)
    seen["notifications_changed"] = notifications().find_element(By.TAG_NAME, "p").text
    webapp_driver.screenshots(driver, options.screens, "settings-notifications")

    driver.find_element(By.CSS_SELECTOR, "form[action='/settings/reveal'] button").click()
    wait("the secret key", lambda: driver.find_elements(By.ID, "nsec"))
    seen["nsec_revealed"] = driver.find_element(By.ID, "nsec").get_attribute("value")

    # Deleting the account wants the npub typed: another is refused, nothing deleted.
    driver.find_element(By.LINK_TEXT, "Delete the account").click()
    wait("the delete confirmation", lambda: driver.find_elements(By.ID, "confirm"))
    driver.find_element(By.ID, "confirm").send_keys("npub1wrong")
    driver.find_element(By.CSS_SELECTOR, "button.danger").click()
    wait("the mismatch message", lambda: driver.find_elements(By.CSS_SELECTOR, ".problem"))
    seen["delete_mismatch"] = problem()
    webapp_driver.screenshots(driver, options.screens, "account-delete")
    # Log out and clear data: Cancel keeps everything; confirming ends at onboarding.
    driver.find_element(By.LINK_TEXT, "Cancel").click()
    driver.find_element(By.LINK_TEXT, "Log out and clear data").click()
    wait("the logout confirmation", lambda: "Log out and clear data?" in driver.find_element(By.TAG_NAME, "h1").text)
    seen["logout_question"] = driver.find_element(By.CSS_SELECTOR, "main form p").text
    driver.find_element(By.LINK_TEXT, "Cancel").click()
    seen["cancel_kept_account"] = wait("the settings after Cancel", lambda: driver.find_element(By.TAG_NAME, "h1").text == "Settings")
    driver.find_element(By.LINK_TEXT, "Log out and clear data").click()
    wait("the logout confirmation again", lambda: driver.find_elements(By.CSS_SELECTOR, "button.danger"))
    driver.find_element(By.CSS_SELECTOR, "button.danger").click()
    seen["onboarding_after_logout"] = wait("onboarding", lambda: "Create an account" in driver.page_source)
finally:
    driver.quit()

print(json.dumps(seen))

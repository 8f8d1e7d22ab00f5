"""Drives `linkstr app` in headless Chromium for WebAppProfilesTests: the profile switcher on every
screen; adding a profile (switched to), importing an nsec, renaming and removing one (the command
line's question; Cancel first); switching with keys only from the switcher; an open page following
`linkstr profile use` run elsewhere; backing a profile up (a passphrase typed twice, a download); and a
second app restoring that backup in onboarding (a wrong passphrase refused first). axe-core audits the
profiles page, the removal question, the backup form and onboarding. Prints one JSON object."""
import argparse
import glob
import json
import os
import subprocess
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import webapp_driver

parser = argparse.ArgumentParser()
parser.add_argument("--app", required=True)
parser.add_argument("--newcomer", required=True, help="the launch URL of an app whose home has no account")
parser.add_argument("--linkstr", required=True, help="the linkstr program")
parser.add_argument("--home", required=True, help="the first app's home")
parser.add_argument("--import-nsec", required=True, help="a key to import as a profile")
parser.add_argument("--downloads", required=True, help="where the browser saves the backup")
webapp_driver.add_arguments(parser)
options = parser.parse_args()

BACKUP_PASSPHRASE = "backup horse staple"
seen = {}
wait = webapp_driver.Waiter(seen)
driver = webapp_driver.browser(options, "profiles")
newcomer = webapp_driver.browser(options, "restorer")


def profiles():
    listed = subprocess.run([options.linkstr, "profile", "list", "--json", "--home", options.home], capture_output=True, text=True, check=False)
    return {profile["name"]: profile for profile in json.loads(listed.stdout or "[]")}


def current(browser=None):
    return (browser or driver).find_element(By.CSS_SELECTOR, "details.switcher summary .name").text


def problem(browser=None):
    return (browser or driver).find_element(By.CSS_SELECTOR, ".problem").text


try:
    driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": options.downloads})
    driver.get(options.app)
    origin = "/".join(driver.current_url.split("/", 3)[:3])
    wait("the switcher", lambda: driver.find_elements(By.CSS_SELECTOR, "details.switcher"))
    # On every screen.
    seen["switcher_on"] = []
    for path in ["/", "/contacts", "/you", "/settings", "/sessions/new"]:
        driver.get(origin + path)
        if driver.find_elements(By.CSS_SELECTOR, "header details.switcher summary .npub"):
            seen["switcher_on"].append(path)

    # Add "work", switched to.
    driver.get(origin + "/profiles")
    driver.find_element(By.ID, "add-name").send_keys("work")
    driver.find_element(By.ID, "add-use").click()
    driver.find_element(By.CSS_SELECTOR, "form[action='/profiles/add'] button").click()
    seen["added_current"] = wait("work is current", lambda: current() == "work")
    seen["work_active"] = profiles().get("work", {}).get("active")
    # A name taken: the runtime's message, the name kept.
    driver.get(origin + "/profiles")
    driver.find_element(By.ID, "add-name").send_keys("work")
    driver.find_element(By.CSS_SELECTOR, "form[action='/profiles/add'] button").click()
    wait("the taken name's message", lambda: driver.find_elements(By.CSS_SELECTOR, ".problem"))
    seen["taken_problem"] = problem()

    # Import an nsec as "old" (the key is not shown back), rename it "older".
    driver.get(origin + "/profiles")
    driver.find_element(By.ID, "import-name").send_keys("old")
    driver.find_element(By.ID, "import-key").send_keys(options.import_nsec)
    driver.find_element(By.CSS_SELECTOR, "form[action='/profiles/import'] button").click()
    seen["imported"] = wait("old listed", lambda: "old" in [e.text for e in driver.find_elements(By.CSS_SELECTOR, "li.profile .name")])
    seen["nsec_in_page"] = options.import_nsec in driver.page_source
    webapp_driver.screenshots(driver, options.screens, "profiles")
    webapp_driver.audit(driver, "profiles", seen)
    field = driver.find_element(By.CSS_SELECTOR, "form.rename input[value='old'][name='new']")
    field.clear()
    field.send_keys("older", Keys.ENTER)
    seen["renamed"] = wait("older listed", lambda: "older" in profiles())

    # Remove "older": the command line's question; Cancel keeps it.
    driver.find_element(By.CSS_SELECTOR, "a[aria-label='Remove older']").click()
    wait("the removal question", lambda: driver.find_elements(By.CSS_SELECTOR, "button.danger"))
    seen["removal_question"] = driver.find_element(By.CSS_SELECTOR, "main form p").text
    webapp_driver.screenshots(driver, options.screens, "profile-remove")
    webapp_driver.audit(driver, "profile-remove", seen)
    driver.find_element(By.LINK_TEXT, "Cancel").click()
    seen["kept_after_cancel"] = wait("the profiles page", lambda: driver.find_element(By.TAG_NAME, "h1").text == "Profiles") and "older" in profiles()
    driver.find_element(By.CSS_SELECTOR, "a[aria-label='Remove older']").click()
    wait("the removal question again", lambda: driver.find_elements(By.CSS_SELECTOR, "button.danger"))
    driver.find_element(By.CSS_SELECTOR, "button.danger").click()
    seen["removed"] = wait("older gone", lambda: "older" not in profiles())

    # Switch back to "default" with keys only: Tab to the switcher, Enter, Tab to its entry, Enter.
    driver.get(origin + "/")
    wait("the sessions", lambda: driver.find_elements(By.CSS_SELECTOR, "details.switcher"))
    seen["switcher_by_tab"] = webapp_driver.tab_to(
        driver, seen, "the profile switcher", lambda: driver.switch_to.active_element.tag_name == "summary", most=80)
    webapp_driver.keys(driver, Keys.ENTER)
    seen["default_by_tab"] = webapp_driver.tab_to(
        driver, seen, "the default profile", lambda: webapp_driver.focus_matches(driver, "(e.getAttribute('aria-label') || '').startsWith('Switch to default')"),
        most=10)
    webapp_driver.keys(driver, Keys.ENTER)
    seen["switched_by_keys"] = wait("default is current", lambda: current() == "default")
    seen["default_active"] = profiles().get("default", {}).get("active")

    # `linkstr profile use work` elsewhere: the open page follows.
    driver.get(origin + "/contacts")
    wait("the contacts", lambda: driver.find_element(By.TAG_NAME, "h1").text == "Contacts")
    subprocess.run([options.linkstr, "profile", "use", "work", "--home", options.home], capture_output=True, check=False)
    seen["followed_switch"] = wait("the open page follows", lambda: current() == "work")
    subprocess.run([options.linkstr, "profile", "use", "default", "--home", options.home], capture_output=True, check=False)
    wait("back to default", lambda: current() == "default")

    # Back up "default": two passphrases that differ are refused; then a download.
    driver.get(origin + "/profiles/backup?name=default")
    webapp_driver.audit(driver, "profile-backup", seen)
    driver.find_element(By.ID, "backup-passphrase").send_keys(BACKUP_PASSPHRASE)
    driver.find_element(By.ID, "backup-repeat").send_keys("something else", Keys.ENTER)
    wait("the mismatch", lambda: driver.find_elements(By.CSS_SELECTOR, ".problem"))
    seen["backup_mismatch"] = problem()
    seen["passphrase_in_page"] = BACKUP_PASSPHRASE in driver.page_source
    webapp_driver.screenshots(driver, options.screens, "profile-backup")
    driver.find_element(By.ID, "backup-passphrase").send_keys(BACKUP_PASSPHRASE)
    driver.find_element(By.ID, "backup-repeat").send_keys(BACKUP_PASSPHRASE, Keys.ENTER)
    wait("the download", lambda: [f for f in glob.glob(options.downloads + "/*.ncryptsec")])
    time.sleep(0.5)
    files = glob.glob(options.downloads + "/*.ncryptsec")
    seen["backup_file"] = os.path.basename(files[0]) if files else None
    backup = open(files[0]).read().strip() if files else ""
    seen["backup_text"] = backup[:10]
    seen["backed_up"] = profiles().get("default", {}).get("backed_up")

    # A new home restores it in onboarding: a wrong passphrase first.
    newcomer.get(options.newcomer)
    wait("onboarding", lambda: newcomer.find_elements(By.ID, "backup"))
    seen["file_pick_shown"] = newcomer.find_element(By.ID, "backup-file").is_displayed()
    newcomer.find_element(By.ID, "backup-file").send_keys(files[0])
    wait("the file read in", lambda: newcomer.find_element(By.ID, "backup").get_attribute("value").startswith("ncryptsec1"))
    seen["file_read_in"] = newcomer.find_element(By.ID, "backup").get_attribute("value") == backup
    webapp_driver.audit(newcomer, "onboarding-restore", seen)
    newcomer.find_element(By.ID, "backup-passphrase").send_keys("wrong", Keys.ENTER)
    wait("the wrong passphrase's message", lambda: newcomer.find_elements(By.CSS_SELECTOR, ".problem"))
    seen["restore_wrong"] = problem(newcomer)
    webapp_driver.screenshots(newcomer, options.screens, "onboarding-restore")
    newcomer.find_element(By.ID, "backup-passphrase").send_keys(BACKUP_PASSPHRASE, Keys.ENTER)
    seen["restored"] = wait("the restored account", lambda: newcomer.find_elements(By.CSS_SELECTOR, "details.switcher"))
finally:
    driver.quit()
    newcomer.quit()

print(json.dumps(seen, ensure_ascii=False))

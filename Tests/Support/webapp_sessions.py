"""Drives one `linkstr app` in headless Chromium for WebAppSessionsListTests: the search as you type
(started with `/`), the archived sessions behind their toggle, archiving and unarchiving from a
session's page, and the search with JavaScript off. Prints one JSON object with what it saw."""
import argparse
import functools
import json

from selenium.webdriver.common.by import By

import webapp_driver
from webapp_driver import kept, mark

parser = argparse.ArgumentParser()
parser.add_argument("--app", required=True)
webapp_driver.add_arguments(parser)
options = parser.parse_args()

seen = {}
wait = webapp_driver.Waiter(seen)
browser = functools.partial(webapp_driver.browser, options)


def names(driver):
    return [name.text for name in driver.find_elements(By.CSS_SELECTOR, "li.session .name")]


driver = browser("sessions")
try:
    driver.get(options.app)
    origin = "/".join(driver.current_url.split("/", 3)[:3])
    wait("the list", lambda: driver.find_elements(By.CSS_SELECTOR, "li.session"))
    seen["current"] = sorted(names(driver))
    mark(driver)
    driver.switch_to.active_element.send_keys("/")
    seen["slash_focuses_search"] = driver.switch_to.active_element.get_attribute("id") == "search"
    driver.switch_to.active_element.send_keys("BOOK")
    seen["searched"] = wait("only Book club", lambda: names(driver) == ["Book club"])
    seen["search_in_address"] = "q=BOOK" in driver.current_url
    seen["search_kept_page"] = kept(driver)
    webapp_driver.screenshots(driver, options.screens, "sessions-search")
    driver.switch_to.active_element.send_keys("zzz")
    seen["no_match"] = wait("the no-match message", lambda: "No session matches" in driver.find_element(By.ID, "live").text)

    driver.get(origin + "/")
    driver.find_element(By.LINK_TEXT, "Archived sessions").click()
    seen["archived"] = wait("the archived list", lambda: names(driver) == ["Old trip"])
    webapp_driver.screenshots(driver, options.screens, "sessions-archived")
    driver.find_element(By.PARTIAL_LINK_TEXT, "Old trip").click()
    wait("Old trip's page", lambda: driver.find_elements(By.XPATH, "//button[text()='Unarchive']"))
    driver.find_element(By.XPATH, "//button[text()='Unarchive']").click()
    wait("Old trip unarchived", lambda: driver.find_elements(By.XPATH, "//button[text()='Archive']"))
    driver.get(origin + "/")
    seen["unarchived_in_list"] = "Old trip" in names(driver)
    driver.find_element(By.PARTIAL_LINK_TEXT, "Book club").click()
    wait("Book club's page", lambda: driver.find_elements(By.XPATH, "//button[text()='Archive']"))
    driver.find_element(By.XPATH, "//button[text()='Archive']").click()
    wait("Book club archived", lambda: driver.find_elements(By.XPATH, "//button[text()='Unarchive']"))
    driver.get(origin + "/")
    seen["after_archiving"] = sorted(names(driver))
    driver.get(origin + "/?archived=1")
    seen["archived_after"] = names(driver)

    # With JavaScript off the search is a plain GET form.
    noscript = browser("noscript", javascript=False)
    noscript.get(origin + "/assets/app.css")
    for cookie in driver.get_cookies():
        noscript.add_cookie({"name": cookie["name"], "value": cookie["value"], "path": "/"})
    noscript.get(origin + "/")
    noscript.find_element(By.ID, "search").send_keys("weekend")
    noscript.find_element(By.CSS_SELECTOR, "form.search button").click()
    wait("the search without JavaScript", lambda: "q=weekend" in noscript.current_url)
    seen["noscript_search"] = names(noscript)
    noscript.quit()
finally:
    driver.quit()

print(json.dumps(seen))

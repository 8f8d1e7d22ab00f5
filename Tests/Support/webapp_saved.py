"""Drives `linkstr app` in headless Chromium for WebAppSavedTests: the Saved screens.

Keyboard only: from the saved list to "Save a link", a link typed (its site's tag suggestions come,
ranked as `linkstr tags --for`), a suggestion checked with Space, one picked from the list as you
type (↓, Enter) and a new tag typed, Enter saves. Then with the pointer: an already saved link shows
its tags and merges new ones; search; the tag filter; edit tags; remove, the recently removed view,
restore; "Save link" of a post in a session (distinct from "Save for offline") and the way back to
the post; import of a bookmarks.html and of a JSON export (the counts `saved import` prints);
export; the webhook's status and "Sync now". With JavaScript off the save view is plain fields.
axe-core audits every screen, dark and light. Prints one JSON object with what it saw."""
import argparse
import json
import os

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import webapp_driver
from webapp_driver import focus_matches, keys, tab_to

parser = argparse.ArgumentParser()
parser.add_argument("--app", required=True)
parser.add_argument("--session", required=True, help="a session with one post")
parser.add_argument("--bookmarks", required=True, help="a bookmarks.html to import")
parser.add_argument("--export", required=True, help="a JSON export to import")
webapp_driver.add_arguments(parser)
options = parser.parse_args()

seen = {"violations": {}}
wait = webapp_driver.Waiter(seen)


def audit(driver, screen):
    webapp_driver.audit(driver, screen, seen)


def screens(driver, name):
    webapp_driver.screenshots(driver, options.screens, name)


def main_text(driver):
    return driver.find_element(By.TAG_NAME, "main").text


def notice(driver):
    found = driver.find_elements(By.CSS_SELECTOR, ".notice p")
    return found[0].text if found else None


def next_notice(description, act):
    """Does `act` (a form sent) and returns the notice of the page it leads to, not one the page
    before still showed (reading that one as the page goes gave a stale element)."""
    before = driver.find_element(By.TAG_NAME, "html")
    act()
    wait(description, lambda: webapp_driver.gone(before) and notice(driver))
    return notice(driver)


def suggestions(driver):
    return [box.get_attribute("value") for box in driver.find_elements(By.CSS_SELECTOR, ".tag-options input[name='tag']")]


def row(driver, url):
    return next((item for item in driver.find_elements(By.CSS_SELECTOR, "li.saved-link") if item.find_element(By.CSS_SELECTOR, "a.url").text == url), None)


def urls(driver):
    return [link.text for link in driver.find_elements(By.CSS_SELECTOR, "li.saved-link a.url")]


driver = webapp_driver.browser(options, "saved")
plain = webapp_driver.browser(options, "saved-plain", javascript=False)
try:
    driver.get(options.app)
    origin = "/".join(driver.current_url.split("/", 3)[:3])
    driver.find_element(By.LINK_TEXT, "Saved").click()
    wait("the saved list", lambda: driver.find_elements(By.CSS_SELECTOR, "li.saved-link"))
    seen["listed_first"] = urls(driver)
    screens(driver, "saved")
    audit(driver, "saved")

    # Keyboard only: "Save a link", the link, a suggestion, one picked as you type, a new tag, Enter.
    driver.execute_script("document.activeElement.blur()")
    tab_to(driver, seen, "Save a link", lambda: focus_matches(driver, "e.getAttribute('href') === '/saved/new'"), most=60)
    keys(driver, Keys.ENTER)
    wait("the save view", lambda: driver.find_elements(By.ID, "saved-url"))
    tab_to(driver, seen, "the link field", lambda: focus_matches(driver, "e.id === 'saved-url'"), most=60)
    keys(driver, "https://www.github.com/swiftlang/swift-format", Keys.TAB)
    seen["github_suggestions"] = wait("the site's suggestions", lambda: suggestions(driver)[:1] == ["swift"]) and suggestions(driver)
    tab_to(driver, seen, "the suggestion swift", lambda: focus_matches(driver, "e.name === 'tag' && e.value === 'swift'"), most=60)
    keys(driver, Keys.SPACE)
    tab_to(driver, seen, "the new tags field", lambda: focus_matches(driver, "e.id === 'new-tags'"), most=60)
    keys(driver, "rea")
    seen["listbox_shown"] = wait("the suggestions as you type", lambda: driver.find_element(By.ID, "new-tags-list").is_displayed())
    seen["listbox"] = [option.text for option in driver.find_elements(By.CSS_SELECTOR, "#new-tags-list li")]
    keys(driver, Keys.ARROW_DOWN)
    screens(driver, "saved-new")
    audit(driver, "saved-new")
    keys(driver, Keys.ENTER)
    seen["picked"] = driver.find_element(By.ID, "new-tags").get_attribute("value")
    seen["keyboard_saved"] = next_notice("the save's notice", lambda: keys(driver, "Dev Tools", Keys.ENTER))

    # An already saved link: its tags are shown before saving, and new ones are merged.
    driver.get(origin + "/saved/new")
    driver.find_element(By.ID, "saved-url").send_keys("https://github.com/apple/swift", Keys.TAB)
    wait("the already-saved status", lambda: driver.find_elements(By.CSS_SELECTOR, ".already"))
    seen["already_status"] = driver.find_element(By.CSS_SELECTOR, ".already").text
    seen["already_button"] = driver.find_element(By.CSS_SELECTOR, "form.save-link button.primary").text
    screens(driver, "saved-already")
    driver.find_element(By.ID, "new-tags").send_keys("later")
    seen["merged_notice"] = next_notice("the merge's notice", lambda: driver.find_element(By.CSS_SELECTOR, "form.save-link button.primary").click())

    # Search (as you type) and the tag filter. The answer to the first key is held back until after
    # the last one's: the list must still show the last query's result once it comes.
    driver.execute_script("""
        const plain = window.fetch;
        let first = true;
        window.fetch = (...request) => {
          const answer = plain(...request);
          if (!first) return answer;
          first = false;
          window.heldAnswer = answer.then((response) => new Promise((resolve) => setTimeout(() => resolve(response), 1500)));
          return window.heldAnswer;
        };""")
    driver.find_element(By.ID, "search").send_keys("compiler")
    wait("the search's result", lambda: urls(driver) == ["https://github.com/apple/swift"])
    driver.execute_async_script("window.heldAnswer.then(() => setTimeout(arguments[0], 200))")
    seen["search_compiler"] = urls(driver)
    driver.get(origin + "/saved")
    driver.find_element(By.CSS_SELECTOR, ".tag-filter a[href='/saved?tag=dev%20tools']").click()
    wait("the tag filter", lambda: "tag=" in driver.current_url)
    seen["tag_filtered"] = urls(driver)
    seen["tag_current"] = driver.find_element(By.CSS_SELECTOR, ".tag-filter a[aria-current='true']").text

    # Edit tags: uncheck one, add one.
    driver.get(origin + "/saved")
    row(driver, "https://github.com/apple/swift").find_element(By.LINK_TEXT, "Edit tags").click()
    wait("the edit view", lambda: driver.find_elements(By.CSS_SELECTOR, "form[action='/saved/edit']"))
    driver.find_element(By.CSS_SELECTOR, ".tag-options input[value='later']").click()
    driver.find_element(By.ID, "new-tags").send_keys("language")
    screens(driver, "saved-edit")
    audit(driver, "saved-edit")
    seen["edited_notice"] = next_notice("the edit's notice", lambda: driver.find_element(By.CSS_SELECTOR, "form[action='/saved/edit'] button.primary").click())

    # Remove, the recently removed view, restore.
    seen["removed_notice"] = next_notice("the removal's notice", lambda: row(driver, "https://example.com/article").find_element(By.CSS_SELECTOR, "form[action='/saved/unsave'] button").click())
    seen["removed_gone"] = "https://example.com/article" not in urls(driver)
    driver.find_element(By.LINK_TEXT, "Recently removed").click()
    wait("the removed view", lambda: "deleted=1" in driver.current_url)
    seen["removed_listed"] = urls(driver)
    screens(driver, "saved-removed")
    audit(driver, "saved-removed")
    seen["restored_notice"] = next_notice("the restore's notice", lambda: row(driver, "https://example.com/article").find_element(By.CSS_SELECTOR, "form[action='/saved/restore'] button").click())
    seen["restored_listed"] = "https://example.com/article" in urls(driver)

    # "Save link" of a post, distinct from "Save for offline"; the saved link goes back to the post.
    driver.get(f"{origin}/sessions/{options.session}")
    wait("the feed", lambda: driver.find_elements(By.CSS_SELECTOR, "li.post"))
    post = driver.find_element(By.CSS_SELECTOR, "li.post")
    post_id = post.get_attribute("data-post")
    seen["post_actions"] = [element.text for element in post.find_elements(By.CSS_SELECTOR, "button, a.bookmark")]
    post.find_element(By.CSS_SELECTOR, "a.bookmark").click()
    wait("the save view of the post", lambda: driver.find_elements(By.CSS_SELECTOR, "input[name='post']"))
    seen["from_post_text"] = main_text(driver)
    seen["from_post_note"] = driver.find_element(By.ID, "saved-note").get_attribute("value")
    driver.find_element(By.ID, "new-tags").send_keys("video")
    screens(driver, "saved-from-post")
    seen["from_post_notice"] = next_notice("the post's save notice", lambda: driver.find_element(By.CSS_SELECTOR, "form.save-link button.primary").click())
    screens(driver, "saved-list")
    shared = driver.find_element(By.CSS_SELECTOR, "li.saved-link a[href^='/saved/post']")
    seen["shared_text"] = shared.text
    shared.click()
    wait("the post", lambda: "/sessions/" in driver.current_url)
    seen["back_to_post"] = driver.current_url.endswith(f"/sessions/{options.session}#post-{post_id}")

    # JavaScript off: plain fields — a suggestion checked, new tags typed with commas.
    # The launch link works once: this browser gets the first one's session cookie.
    plain.get(origin + "/assets/app.css")
    for cookie in driver.get_cookies():
        plain.add_cookie({key: cookie[key] for key in ("name", "value", "path", "httpOnly") if key in cookie})
    plain.get(origin + "/saved/new?url=https%3A%2F%2Fgithub.com%2Fapple%2Fswift-nio&tag=networking&note=the%20event%20loops")
    seen["prefilled"] = [plain.find_element(By.ID, "new-tags").get_attribute("value"), plain.find_element(By.ID, "saved-note").get_attribute("value")]
    seen["plain_suggestions"] = [box.get_attribute("value") for box in plain.find_elements(By.CSS_SELECTOR, ".tag-options input[name='tag']")]
    plain.find_element(By.CSS_SELECTOR, ".tag-options input[value='swift']").click()
    plain.find_element(By.ID, "new-tags").send_keys(", Server Side")
    plain.find_element(By.CSS_SELECTOR, "form.save-link button.primary").click()
    wait("the plain save's notice", lambda: plain.find_elements(By.CSS_SELECTOR, ".notice p"))
    seen["plain_saved"] = plain.find_element(By.CSS_SELECTOR, ".notice p").text
    seen["plain_no_listbox"] = not plain.find_elements(By.ID, "new-tags-list")
    plain.get(origin + "/saved/new")
    plain.find_element(By.ID, "saved-url").send_keys("not a link")
    plain.find_element(By.CSS_SELECTOR, "form.save-link button.primary").click()
    wait("the refusal", lambda: plain.find_elements(By.CSS_SELECTOR, ".problem"))
    seen["refused"] = plain.find_element(By.CSS_SELECTOR, ".problem").text
    seen["refused_kept"] = plain.find_element(By.ID, "saved-url").get_attribute("value")
    # Import (a browser's bookmarks.html, then a JSON export), export, the webhook and "Sync now".
    driver.get(origin + "/saved")
    driver.find_element(By.LINK_TEXT, "Import, export and sync").click()
    wait("the transfer page", lambda: driver.find_elements(By.ID, "bookmarks"))
    seen["webhook_before"] = driver.find_element(By.CSS_SELECTOR, ".sync-status").text
    driver.find_element(By.ID, "bookmarks").send_keys(os.path.abspath(options.bookmarks))
    driver.find_element(By.CSS_SELECTOR, "form[action='/saved/import'] button").click()
    wait("the import's counts", lambda: driver.find_elements(By.CSS_SELECTOR, "p.results"))
    seen["imported_html"] = driver.find_element(By.CSS_SELECTOR, "p.results").text
    driver.find_element(By.ID, "bookmarks").send_keys(os.path.abspath(options.export))
    driver.find_element(By.CSS_SELECTOR, "form[action='/saved/import'] button").click()
    wait("the JSON import's counts", lambda: "imported" in driver.find_element(By.CSS_SELECTOR, "p.results").text and driver.find_element(By.CSS_SELECTOR, "p.results").text != seen["imported_html"])
    seen["imported_json"] = driver.find_element(By.CSS_SELECTOR, "p.results").text
    exported = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        Promise.all(["netscape", "json"].map((format) => fetch(`/saved/export?format=${format}`).then(async (response) =>
          [response.headers.get("content-disposition"), await response.text()]))).then(done);""")
    seen["export_netscape_disposition"], seen["export_netscape"] = exported[0]
    seen["export_json_disposition"], seen["export_json"] = exported[1]
    driver.find_element(By.XPATH, "//button[normalize-space()='Sync now']").click()
    wait("the sync's outcomes", lambda: driver.find_elements(By.CSS_SELECTOR, "ul.results li"), seconds=60)
    seen["synced"] = [item.text for item in driver.find_elements(By.CSS_SELECTOR, "ul.results li")]
    seen["webhook_after"] = driver.find_element(By.CSS_SELECTOR, ".sync-status").text
    screens(driver, "saved-transfer")
    audit(driver, "saved-transfer")

finally:
    driver.quit()
    plain.quit()

print(json.dumps(seen, ensure_ascii=False))

"""Drives Alice's and Bob's `linkstr app` in headless Chromium for WebAppManageTests: Alice (the
session's creator) adds and removes a member and mistypes a key; Bob (a member) sees the members
without controls, and a change he forges is refused; Alice deletes her post after a confirmation
(Cancel first) and Bob's open feed drops it. Prints one JSON object with what it saw."""
import argparse
import json

from selenium.webdriver.common.by import By

import webapp_driver
from webapp_driver import connected, kept, live_text, mark

parser = argparse.ArgumentParser()
parser.add_argument("--alice", required=True)
parser.add_argument("--bob", required=True)
parser.add_argument("--session", required=True)
parser.add_argument("--carol", required=True, help="the npub of Alice's contact Carol")
webapp_driver.add_arguments(parser)
options = parser.parse_args()

seen = {}
wait = webapp_driver.Waiter(seen)


def origin(driver):
    return "/".join(driver.current_url.split("/", 3)[:3])


def names(driver):
    return [item.find_element(By.CSS_SELECTOR, ".name").text for item in driver.find_elements(By.CSS_SELECTOR, "ul.members li")]


alice = webapp_driver.browser(options, "alice")
bob = webapp_driver.browser(options, "bob")
try:
    alice.get(options.alice)
    bob.get(options.bob)
    feed = f"/sessions/{options.session}"

    # Alice, the creator: Remove for Bob (not for herself), Carol among the contacts to add.
    alice.get(origin(alice) + feed)
    alice.find_element(By.CSS_SELECTOR, "a.members-link").click()
    wait("Alice's members page", lambda: alice.find_elements(By.CSS_SELECTOR, "ul.members li"))
    seen["creator_remove_buttons"] = [button.get_attribute("aria-label") for button in alice.find_elements(By.CSS_SELECTOR, "ul.members button")]
    seen["creator_can_add"] = [box.get_attribute("value") for box in alice.find_elements(By.CSS_SELECTOR, "input[name='add']")]
    webapp_driver.screenshots(alice, options.screens, "members-creator")
    alice.find_element(By.CSS_SELECTOR, f"input[name='add'][value='{options.carol}']").click()
    alice.find_element(By.CSS_SELECTOR, "form[aria-label='Add members'] button[type='submit']").click()
    seen["carol_added"] = wait("Carol among the members", lambda: "Carol" in names(alice))
    alice.find_element(By.CSS_SELECTOR, "button[aria-label='Remove Carol']").click()
    seen["carol_removed"] = wait("Carol gone from the members", lambda: "Carol" not in names(alice) and "Bob" in names(alice))
    alice.find_element(By.ID, "key").send_keys("npub1typo")
    alice.find_element(By.CSS_SELECTOR, "form[aria-label='Add members'] button[type='submit']").click()
    wait("the bad key's message", lambda: alice.find_elements(By.CSS_SELECTOR, ".problem"))
    seen["bad_key_problem"] = alice.find_element(By.CSS_SELECTOR, ".problem").text
    seen["bad_key_kept"] = alice.find_element(By.ID, "key").get_attribute("value")

    # Bob, a member: the list, no controls; a change he forges with his own page's token is refused.
    bob.get(origin(bob) + feed + "/members")
    wait("Bob's members page", lambda: bob.find_elements(By.CSS_SELECTOR, "ul.members li"))
    seen["member_forms"] = len(bob.find_elements(By.CSS_SELECTOR, "main form"))
    seen["member_lists_creator"] = bool(bob.find_elements(By.CSS_SELECTOR, "ul.members .badge"))
    webapp_driver.screenshots(bob, options.screens, "members-member")
    seen["member_forged_change"] = bob.execute_async_script("""
        const done = arguments[arguments.length - 1];
        const csrf = document.querySelector('meta[name=csrf-token]').content;
        fetch(location.pathname, {method: 'POST', body: new URLSearchParams({csrf, key: arguments[0]})})
          .then((response) => response.text()).then(done).catch((error) => done(String(error)));""", options.carol)

    # Bob's feed stays open; he has no Delete on Alice's post.
    bob.get(origin(bob) + feed)
    wait("Bob's feed and its event stream", lambda: "soon gone" in live_text(bob) and connected(bob))
    seen["member_sees_no_delete"] = not bob.find_elements(By.CSS_SELECTOR, "a.delete")
    mark(bob)

    # Alice: Delete asks first; Cancel keeps the post; confirming deletes it.
    alice.get(origin(alice) + feed)
    alice.find_element(By.CSS_SELECTOR, "a.delete").click()
    seen["confirm_shown"] = wait("the confirmation", lambda: "Delete this post?" in alice.find_element(By.TAG_NAME, "h1").text)
    webapp_driver.screenshots(alice, options.screens, "delete-confirm")
    alice.find_element(By.LINK_TEXT, "Cancel").click()
    seen["cancel_kept_post"] = wait("the feed after Cancel", lambda: "soon gone" in live_text(alice))
    alice.find_element(By.CSS_SELECTOR, "a.delete").click()
    wait("the confirmation again", lambda: alice.find_elements(By.CSS_SELECTOR, "button.danger"))
    alice.find_element(By.CSS_SELECTOR, "button.danger").click()
    seen["deleted_in_alices_page"] = wait("the feed without the post", lambda: alice.find_elements(By.ID, "live") and "soon gone" not in live_text(alice))
    seen["deleted_live_in_bobs_page"] = wait("the post gone from Bob's page", lambda: "soon gone" not in live_text(bob))
    seen["bob_kept_page"] = kept(bob)
finally:
    alice.quit()
    bob.quit()

print(json.dumps(seen))

"""What the app's Selenium scripts share: headless Chromium, waiting, screenshots of a page in both
schemes at both widths, and the marks that tell a live update from a reload."""
import os
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

SIZES = {"desktop": (1280, 860, False), "phone": (390, 844, True)}


def add_arguments(parser):
    parser.add_argument("--screens", required=True)
    parser.add_argument("--profiles", required=True)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    parser.add_argument("--chromedriver", default="/usr/bin/chromedriver")


def browser(options, name, javascript=True, network_log=False, offline=False):
    """Headless Chromium. network_log: keep its requests (`requests`); offline: no host name resolves
    but 127.0.0.1, so nothing leaves the machine."""
    os.makedirs(options.screens, exist_ok=True)
    chrome = webdriver.ChromeOptions()
    if not javascript:
        chrome.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    if network_log:
        chrome.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    chrome.binary_location = options.chromium
    arguments = ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-dev-shm-usage",
                 f"--user-data-dir={options.profiles}/{name}", "--window-size=1280,860", "--lang=en-US",
                 "--autoplay-policy=no-user-gesture-required"]
    if offline:
        arguments.append("--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1")
    for argument in arguments:
        chrome.add_argument(argument)
    driver = webdriver.Chrome(service=Service(options.chromedriver), options=chrome)
    driver.set_script_timeout(20)
    return driver


def requests(driver):
    """The URLs the browser asked for since the last call (needs network_log)."""
    import json
    found = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            found.append(message["params"]["request"]["url"])
    return found


class Waiter:
    """Waits for conditions; what timed out goes in seen["timeouts"]."""

    def __init__(self, seen):
        self.seen = seen

    def __call__(self, description, condition, seconds=30):
        deadline = time.time() + seconds
        while time.time() < deadline:
            try:
                if condition():
                    return True
            except Exception:
                pass
            time.sleep(0.1)
        self.seen.setdefault("timeouts", []).append(description)
        return False


def screenshots(driver, folder, name):
    """The current page at both widths in both schemes, then back to dark desktop."""
    for scheme in ("dark", "light"):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        for size, (width, height, mobile) in SIZES.items():
            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                   {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile})
            time.sleep(0.2)
            driver.save_screenshot(f"{folder}/{name}-{scheme}-{size}.png")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def live_text(driver):
    return driver.find_element(By.ID, "live").text


def gone(element):
    """Whether `element` left the page: the page it was on was replaced (a form sent, a link followed)."""
    from selenium.common.exceptions import StaleElementReferenceException
    try:
        element.tag_name
        return False
    except StaleElementReferenceException:
        return True


def mark(driver):
    """A value only this page load has: it survives live updates, not a reload."""
    driver.execute_script("window.linkstrTestMark = 'kept';")


def kept(driver):
    return driver.execute_script("return window.linkstrTestMark === 'kept';")


def connected(driver):
    return driver.execute_script("return document.body.dataset.connected === 'true';")


def keys(driver, *sequence):
    """Types into whatever has the focus, as a person at the keyboard does. Key events, not an
    element's send_keys: a live update may replace the focused element between finding it and typing
    (a stale element)."""
    from selenium.webdriver.common.action_chains import ActionChains
    ActionChains(driver).send_keys(*sequence).perform()


def tab_to(driver, seen, description, condition, most=40):
    """Presses Tab (keys only) until `condition()` holds, at most `most` times; whether it did. A miss
    goes in seen["timeouts"] as "tabbing to <description>"."""
    for _ in range(most):
        if condition():
            return True
        keys(driver, "\ue004")
    if condition():
        return True
    seen.setdefault("timeouts", []).append(f"tabbing to {description}")
    return False


def focus_matches(driver, script):
    """Whether the focused element, `e` in the JavaScript `script`, passes it."""
    return driver.execute_script(f"const e = document.activeElement; return !!(e && ({script}));")


def click(find, tries=10):
    """Clicks what `find()` returns; finds it again if a live update replaced it under the click (or
    it is not there yet), at most `tries` times."""
    from selenium.common.exceptions import StaleElementReferenceException
    for _ in range(tries - 1):
        try:
            return find().click()
        except (StaleElementReferenceException, IndexError):
            time.sleep(0.2)
    return find().click()


def focused(driver):
    return driver.execute_script(
        "const e = document.activeElement; return e ? (e.id || e.getAttribute('href') || e.tagName) : null;")


def audit(driver, screen, seen):
    """axe-core on the page as it is, in both schemes; serious and critical violations only go in
    seen["violations"], every screen audited in seen["audited"]."""
    from axe_selenium_python import Axe
    for scheme in ("dark", "light"):
        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
        axe = Axe(driver)
        axe.inject()
        results = axe.run()
        found = [f"{violation['id']} ({violation['impact']}): " + "; ".join(
                     f"{node['target']} {(node.get('any') or [{}])[0].get('message', '')}" for node in violation["nodes"][:4])
                 for violation in results["violations"] if violation["impact"] in ("serious", "critical")]
        if found:
            seen.setdefault("violations", {})[f"{screen} ({scheme})"] = found
        seen.setdefault("audited", []).append(f"{screen} ({scheme})")
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})


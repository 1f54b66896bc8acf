"""What the browser tests share (tests/desk/browser_test.py, tests/event/publications_browser_test.py):
Debian's chromium, headless, driven by Debian's python3-selenium and chromium-driver; the skip
(exit 77, saying why) when they are missing, a failure in CI (CI=true)."""
import os
import sys

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


def selenium_or_rerun():
    """True when selenium imports. Debian's python3-selenium lives in the system interpreter; when
    another python3 comes first in PATH (pyenv, a venv) the script is run again under
    /usr/bin/python3 (once)."""
    try:
        import selenium  # noqa: F401
        return True
    except ImportError:
        if os.path.exists("/usr/bin/python3") \
                and os.path.realpath(sys.executable) != os.path.realpath("/usr/bin/python3") \
                and not os.environ.get("ARBITER_BROWSER_RERUN"):
            os.environ["ARBITER_BROWSER_RERUN"] = "1"
            os.execv("/usr/bin/python3", ["/usr/bin/python3", *sys.argv])
        return False


def unavailable(why):
    if os.environ.get("CI") == "true":
        print(f"FAIL: {why} (CI=true: the browser test must run; scripts/install-deps.sh --test)")
        sys.exit(1)
    print(f"SKIP: {why} (install with scripts/install-deps.sh --test)")
    sys.exit(77)


def require_browser(have_selenium):
    """Exits (skip, or failure in CI) unless selenium, chromium and chromedriver are there."""
    if not have_selenium:
        unavailable("python3-selenium is not installed")
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            unavailable(f"{path} is not installed")


def browser(width, height, profile, console_log=False):
    """A headless chromium window of width x height with its own profile folder; with
    console_log, the page's console messages are kept (driver.get_log("browser"))."""
    from selenium import webdriver
    o = webdriver.ChromeOptions()
    o.binary_location = CHROMIUM
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--disable-dev-shm-usage", f"--user-data-dir={profile}", f"--window-size={width},{height}"):
        o.add_argument(flag)
    if console_log:
        o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = webdriver.ChromeService(executable_path=CHROMEDRIVER) if hasattr(webdriver, "ChromeService") \
        else webdriver.chrome.service.Service(executable_path=CHROMEDRIVER)
    d = webdriver.Chrome(service=service, options=o)
    d.set_window_size(width, height)
    return d

#!/usr/bin/env python3
"""The desk in a real browser (issue 21): Debian's chromium, headless, driven by Debian's
python3-selenium and chromium-driver, against a real `arbiter serve` on a loopback port. A small
event is run through the pages: players registered (one named like a script), round 1 paired,
results typed on the keyboard (board number, Enter, 1 / 0 / =), a refused pairing showing its
rule, standings, a flag-fall ruling; two browser sessions see each other's results within a
second; screenshots at 390 px and 1200 px are kept in ARTEFACTS.
Without the browser it exits 77 (skipped, saying why); in CI (CI=true) that is a failure.
usage: browser_test.py ARBITER ARTEFACTS"""
import os
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "support"))
from browser_support import browser, require_browser, selenium_or_rerun  # noqa: E402
from desk_support import Scratch, Server  # noqa: E402

HAVE_SELENIUM = selenium_or_rerun()
if HAVE_SELENIUM:
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait

HOSTILE = "<script>alert(1)</script>"
FLAG_FEN = "4k3/8/8/8/8/8/8/4K2R w - - 0 1"


class Run:
    def __init__(self, arbiter, artefacts):
        self.artefacts = artefacts
        os.makedirs(artefacts, exist_ok=True)
        for old in os.listdir(artefacts):
            if old.startswith("desk-") and old.endswith(".png"):
                os.remove(os.path.join(artefacts, old))
        self.ev = Scratch(arbiter, rounds=3)
        self.srv = Server(arbiter, self.ev.file, "--token", "desk-token-1")
        self.tmp = tempfile.mkdtemp(prefix="arbiter-chromium-")
        self.drivers = []
        self.checks = 0

    def open(self, width, height, path):
        d = browser(width, height, os.path.join(self.tmp, f"profile{len(self.drivers)}"))
        self.drivers.append(d)
        d.get(self.srv.url + path)
        return d

    def check(self, cond, what):
        if not cond:
            raise AssertionError(what)
        self.checks += 1
        print(f"ok {self.checks} - {what}")

    def wait(self, d, cond, what, timeout=5.0):
        try:
            WebDriverWait(d, timeout, poll_frequency=0.05).until(lambda _: cond())
        except Exception as e:
            self.shot(d, "failure")
            raise AssertionError(f"{what}: not within {timeout} s ({e.__class__.__name__})")
        self.checks += 1
        print(f"ok {self.checks} - {what}")

    def shot(self, d, name):
        path = os.path.join(self.artefacts, f"desk-{name}.png")
        d.save_screenshot(path)
        print(f"screenshot {path}")

    def text(self, d, css):
        """The rendered text of the first element matching `css` ("" when none); read in one
        script call, so a re-render between finding and reading cannot make it stale."""
        return d.execute_script("const e = document.querySelector(arguments[0]);"
                                "return e ? e.innerText.trim() : '';", css)

    def click(self, d, css):
        """Clicks the first element matching `css` in one script call: a table the live update
        re-renders between finding and clicking cannot leave a stale reference."""
        done = d.execute_script("const e = document.querySelector(arguments[0]);"
                                "if (!e) return false; e.click(); return true;", css)
        if not done:
            raise AssertionError(f"nothing to click at {css}")

    def no_alert(self, d):
        try:
            d.switch_to.alert
            return False
        except NoAlertPresentException:
            return True

    def close(self):
        for d in self.drivers:
            try:
                d.quit()
            except Exception:
                pass
        self.srv.stop()
        self.ev.remove()

    # ---- the event -----------------------------------------------------------------------
    def go(self):
        a = self.open(1200, 900, "/#players")
        # The token is asked once.
        self.wait(a, lambda: a.find_element(By.ID, "token").is_displayed(), "the desk asks for the token")
        a.find_element(By.ID, "token").send_keys("desk-token-1", Keys.ENTER)
        self.wait(a, lambda: not a.find_element(By.ID, "token-form").is_displayed(), "the token form closes")
        players = [("Alpha, Ann", "2400"), (HOSTILE, "2200")]
        for name, rating in players:
            form = a.find_element(By.ID, "register")
            form.find_element(By.NAME, "name").send_keys(name)
            form.find_element(By.NAME, "standard").send_keys(rating)
            form.find_element(By.ID, "register-button").click()
            self.wait(a, lambda n=name: n in self.text(a, "#notice-text"), f"registered {name}")
        # Two more from the organisers' CSV file; Dunn's rating in it is wrong (2000, not 2100).
        csv = os.path.join(self.tmp, "players.csv")
        with open(csv, "w", encoding="utf-8") as f:
            f.write('name,federation,standard\n"Brown, Bob",ENG,2300\n"Dunn, Di",IRL,2000\n')
        a.find_element(By.ID, "csv-file").send_keys(csv)
        a.find_element(By.CSS_SELECTOR, "#csv-import button").click()
        self.wait(a, lambda: "Registered 2 players from players.csv" in self.text(a, "#notice-text"),
                  "two players imported from CSV")
        self.wait(a, lambda: len(a.find_elements(By.CSS_SELECTOR, "#players tbody tr")) == 4, "four players listed")
        self.wait(a, lambda: self.text(a, "#player-4 td:nth-child(5)") == "2000", "Dunn listed with 2000")
        self.click(a, "#player-4 button")  # edit
        rating = a.find_element(By.CSS_SELECTOR, "#register input[name=standard]")
        rating.clear()
        rating.send_keys("2100")
        a.find_element(By.ID, "register-button").click()
        self.wait(a, lambda: "Corrected Dunn, Di, now number 4" in self.text(a, "#notice-text"), "Dunn's rating corrected")
        self.wait(a, lambda: self.text(a, "#player-4 td:nth-child(5)") == "2100", "Dunn listed with 2100")
        self.check(self.text(a, "#player-3 td:nth-child(2)") == HOSTILE,
                   "the player named <script> is shown as text")
        self.check(self.no_alert(a) and a.execute_script("return document.querySelectorAll('script').length") == 2,
                   "no script of the player's name ran or was inserted")
        # A duplicate registration is refused with the rule's message.
        form = a.find_element(By.ID, "register")
        form.find_element(By.NAME, "name").send_keys("Dunn, Di")
        form.find_element(By.ID, "register-button").click()
        self.wait(a, lambda: "Refused: 'Dunn, Di' is registered already" in self.text(a, "#notice-text"),
                  "a duplicate entry is refused, the reason shown")
        self.shot(a, "players-1200")

        # Round 1.
        a.get(self.srv.url + "/#round")
        self.wait(a, lambda: self.text(a, "#pair-next") == "Pair round 1", "round 1 can be paired")
        self.click(a, "#pair-next")
        self.wait(a, lambda: len(a.find_elements(By.CSS_SELECTOR, "#pairings tbody tr")) == 2, "round 1 paired: two boards")
        self.check("Missing: board 1, 2" in self.text(a, "#missing"), "the missing results are listed")

        # A second desk (another arbiter on a tablet) and a player's phone.
        b = self.open(1200, 900, "/#round")
        b.execute_script("localStorage.setItem('arbiter-token', 'desk-token-1')")
        b.get(self.srv.url + "/#round")
        phone = self.open(390, 844, "/public#pairings")
        self.wait(b, lambda: len(b.find_elements(By.CSS_SELECTOR, "#pairings tbody tr")) == 2, "the second desk shows round 1")
        self.wait(phone, lambda: len(phone.find_elements(By.CSS_SELECTOR, "#pairings tbody tr")) == 2, "the phone shows round 1")

        # Keyboard entry on desk A: board 1, Enter, 1 -> 1-0.
        entry = a.find_element(By.ID, "entry")
        entry.click()
        entry.send_keys("1", Keys.ENTER)
        self.wait(a, lambda: "Board 1:" in self.text(a, "#entry-state"), "board 1 chosen from the keyboard")
        t0 = time.monotonic()
        entry.send_keys("1")
        self.wait(a, lambda: self.text(a, "#board-1 td.res") == "1-0", "board 1: 1-0 entered with the key 1")
        self.wait(b, lambda: self.text(b, "#board-1 td.res") == "1-0", "the second desk sees board 1's result", timeout=1.5)
        self.wait(phone, lambda: self.text(phone, "#board-1 td.res") == "1-0", "the phone sees board 1's result", timeout=1.5)
        print(f"   seen elsewhere after {time.monotonic() - t0:.2f} s")
        # Pairing now is refused: board 2 has no result (the rule's message is shown).
        self.click(a, "#pair-next")
        self.wait(a, lambda: "Refused: round 1 has 1 result(s) missing (board 2)" in self.text(a, "#notice-text"),
                  "pairing with a result missing is refused, the rule shown")
        # Desk B enters board 2 as a draw: "2" then "=" (no Enter needed); desk A sees it.
        e2 = b.find_element(By.ID, "entry")
        e2.click()
        e2.send_keys("2", "=")
        self.wait(b, lambda: self.text(b, "#board-2 td.res") == "1/2-1/2", "board 2: = entered on the second desk")
        self.wait(a, lambda: self.text(a, "#board-2 td.res") == "1/2-1/2", "the first desk sees board 2's result", timeout=1.5)
        self.wait(a, lambda: "every result is in" in self.text(a, "#missing"), "nothing missing")
        self.shot(a, "round-1200")
        a.set_window_size(390, 844)
        self.shot(a, "round-390")
        a.set_window_size(1200, 900)
        self.shot(phone, "public-390")

        # Standings: board 1's winner first with 1 point.
        winner = self.text(a, "#board-1 td:nth-child(3)").rsplit(" (", 1)[0]
        a.get(self.srv.url + "/#standings")
        self.wait(a, lambda: len(a.find_elements(By.CSS_SELECTOR, "#standings-table tbody tr")) == 4, "standings shown")
        self.check(self.text(a, "#standings-table tbody tr td:nth-child(2)") == winner and
                   self.text(a, "#standings-table tbody tr td:nth-child(4)") == "1", f"{winner} leads with 1 point")
        self.check(len(a.find_elements(By.CSS_SELECTOR, "#crosstable tbody tr")) == 4, "crosstable shown")
        self.wait(a, lambda: self.text(a, "#prizes li").startswith(winner), "the prize list names the winner first")
        self.shot(a, "standings-1200")
        phone.get(self.srv.url + "/public#standings")
        self.wait(phone, lambda: len(phone.find_elements(By.CSS_SELECTOR, "#standings-table tbody tr")) == 4,
                  "the phone shows the standings")
        self.check(HOSTILE in self.text(phone, "#standings-table") and self.no_alert(phone),
                   "the public standings show the <script> name as text")
        self.shot(phone, "public-standings-390")
        # A player's own card on the phone.
        phone.get(self.srv.url + "/public#card")
        self.wait(phone, lambda: len(phone.find_elements(By.CSS_SELECTOR, "#player-select option")) == 5,
                  "the phone lists the players")
        Select(phone.find_element(By.ID, "player-select")).select_by_visible_text("Dunn, Di")
        self.wait(phone, lambda: self.text(phone, "#card h2").startswith("Dunn, Di (4)"), "Dunn's card")
        self.check("1/2-1/2" in self.text(phone, "#card table"), "the card shows the draw of round 1")

        # Flag fall: Black's flag falls, White (K+R) can mate: 1-0 with the witness line (Laws 6.9).
        a.get(self.srv.url + "/#rulings")
        a.find_element(By.ID, "fen").send_keys(FLAG_FEN)
        Select(a.find_element(By.ID, "flagged")).select_by_visible_text("black")
        a.find_element(By.ID, "rule-button").click()
        self.wait(a, lambda: self.text(a, "#verdict") == "Ruling: 1-0", "flag fall: 1-0", timeout=15)
        self.check(self.text(a, "#witness").endswith("#"), "the witness line ends in mate")
        self.check("6.9" in self.text(a, "#ruling"), "the rule is named (6.9)")
        pieces = a.execute_script("return [...document.querySelectorAll('#diagram svg text.piece')]"
                                  ".map((t) => t.textContent)")
        self.check(sorted(pieces) == sorted(["♚", "♔", "♖"]), "the diagram shows the position's three pieces")
        a.find_element(By.ID, "ply-last").click()
        self.wait(a, lambda: self.text(a, "#ply").startswith("after Rf8#"), "the witness line played through to mate")
        pieces = a.execute_script("return [...document.querySelectorAll('#diagram svg text.piece')]"
                                  ".map((t) => t.textContent)")
        self.check(sorted(pieces) == sorted(["♚", "♔", "♖"]), "the final position is on the diagram")
        self.shot(a, "ruling-1200")

        # Pair round 2 from desk B; desk A follows.
        self.click(b, "#pair-next")
        self.wait(a, lambda: "round 2 paired" in self.text(a, "#event-meta"), "desk A sees round 2 paired",
                  timeout=1.5)
        print(f"{self.checks} checks passed")


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    arbiter, artefacts = sys.argv[1], sys.argv[2]
    require_browser(HAVE_SELENIUM)
    run = Run(arbiter, artefacts)
    try:
        run.go()
    finally:
        run.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())

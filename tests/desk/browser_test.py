#!/usr/bin/env python3
"""The desk in a real browser (issue 21): Debian's chromium, headless, driven by Debian's
python3-selenium and chromium-driver, against a real `arbiter serve` on a loopback port. A whole
small event (4 players, 3 rounds) is run through the pages: the token given once; players
registered (one named like a script), imported from CSV, corrected, withdrawn and reinstated; a
bye granted and one refused against the regulations shown (the CLI's message); every round paired
from the pages, the pairing list's print view, results typed on the keyboard (board number, then
1, 0, =, + and -) and recorded from a PGN upload after its validation report; a refused pairing
showing its rule; final standings, crosstable and prize list; the exports as downloads (the TRF, with
the birth dates, only with the token; the edit form fills the birth date); a position
set up by clicks on the SVG board -> its status; a flag-fall ruling with the witness line played
through; a pasted FEN redrawn; a Chess960 round's start position as a diagram. Two desks and a
phone see each other's results (the pages poll every LIVE_POLL_MS <= 500 ms; the time until seen
is printed). Every desk and public page at 390 px and 1200 px without sideways scrolling, with a
screenshot kept in ARTEFACTS.

Robust under machine load: every wait polls for its condition (never a fixed sleep) with a
generous timeout, and the pages never render twice at once (serial in common.js).
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
from desk_support import Scratch, Server, cli  # noqa: E402

HAVE_SELENIUM = selenium_or_rerun()
if HAVE_SELENIUM:
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select, WebDriverWait

HOSTILE = "<script>alert(1)</script>"
FLAG_FEN = "4k3/8/8/8/8/8/8/4K2R w - - 0 1"
ILLEGAL_FEN = "4k3/8/8/8/8/8/8/4KR1K w - - 0 1"  # two white kings (Art. 3.10.3)
# Generous: a loaded CI machine (2 cores, load 16) makes chromium slow; a wait ends as soon as
# its condition holds, so the timeout only bounds a failure.
WAIT = 60.0
RESULT_KEYS = {"1": "1-0", "0": "0-1", "=": "1/2-1/2", "+": "+-", "-": "-+"}


def fmt(points):
    """Points as the pages show them (common.js fmt): 1.5 -> 1½, 0.5 -> ½."""
    t = ("%g" % points).replace(".5", "½")
    return "½" if t == "0½" else t


class Run:
    def __init__(self, arbiter, artefacts):
        self.arbiter = arbiter
        self.artefacts = artefacts
        os.makedirs(artefacts, exist_ok=True)
        for old in os.listdir(artefacts):
            if old.startswith("desk-") and old.endswith(".png"):
                os.remove(os.path.join(artefacts, old))
        # The regulations: at most one half-point bye, in rounds 1-2.
        self.ev = Scratch(arbiter, rounds=3, extra=("--half-point-byes", "1", "--bye-rounds", "2"))
        self.srv = Server(arbiter, self.ev.file, "--token", "desk-token-1")
        self.tmp = tempfile.mkdtemp(prefix="arbiter-chromium-")
        self.drivers = []
        self.checks = 0
        self.seen = []  # seconds until another session showed a change

    def open(self, width, height, path, url=None):
        d = browser(width, height, os.path.join(self.tmp, f"profile{len(self.drivers)}"))
        d.set_page_load_timeout(120)
        d.set_script_timeout(120)
        # ARBITER_DESK_CPU_THROTTLE=N runs the pages N times slower (chromium's CPU throttling):
        # a loaded machine's timing, reproduced without loading the machine.
        if os.environ.get("ARBITER_DESK_CPU_THROTTLE"):
            d.execute_cdp_cmd("Emulation.setCPUThrottlingRate",
                              {"rate": float(os.environ["ARBITER_DESK_CPU_THROTTLE"])})
        # ARBITER_DESK_LATENCY_MS=N answers every request N ms late (a loaded server's timing):
        # a wait for the wrong condition fails at once instead of once in many loaded runs.
        if os.environ.get("ARBITER_DESK_LATENCY_MS"):
            d.execute_cdp_cmd("Network.enable", {})
            d.execute_cdp_cmd("Network.emulateNetworkConditions", {
                "offline": False, "latency": float(os.environ["ARBITER_DESK_LATENCY_MS"]),
                "downloadThroughput": -1, "uploadThroughput": -1})
        self.drivers.append(d)
        d.get((url or self.srv.url) + path)
        return d

    def check(self, cond, what):
        if not cond:
            raise AssertionError(what)
        self.checks += 1
        print(f"ok {self.checks} - {what}")

    def wait(self, d, cond, what, timeout=WAIT):
        """Polls `cond` until it holds (never a fixed sleep); fails after `timeout` seconds."""
        try:
            WebDriverWait(d, timeout, poll_frequency=0.05).until(lambda _: cond())
        except Exception as e:
            self.shot(d, "failure")
            raise AssertionError(f"{what}: not within {timeout} s ({e.__class__.__name__}: {e})")
        self.checks += 1
        print(f"ok {self.checks} - {what}")

    def shot(self, d, name):
        """The whole page (not just the window), as the reviewer of the artefacts needs it."""
        import base64
        path = os.path.join(self.artefacts, f"desk-{name}.png")
        size = d.execute_cdp_cmd("Page.getLayoutMetrics", {})["cssContentSize"]
        width = d.execute_script("return window.innerWidth")
        shot = d.execute_cdp_cmd("Page.captureScreenshot", {
            "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": width, "height": min(size["height"], 6000), "scale": 1}})
        with open(path, "wb") as f:
            f.write(base64.b64decode(shot["data"]))
        print(f"screenshot {path}")

    def text(self, d, css):
        """The rendered text of the first element matching `css` ("" when none); read in one
        script call, so a re-render between finding and reading cannot make it stale."""
        return d.execute_script("const e = document.querySelector(arguments[0]);"
                                "return e ? e.innerText.trim() : '';", css)

    def count(self, d, css):
        return d.execute_script("return document.querySelectorAll(arguments[0]).length", css)

    def click(self, d, css, timeout=WAIT):
        """Clicks the first element matching `css` in one script call: a table the live update
        re-renders between finding and clicking cannot leave a stale reference. Waits until there
        is one: what a test waited for before may be on the page before what it clicks next (the
        refusal's text came before its "Change it anyway" button: "nothing to click at
        #force-result" under load)."""
        try:
            WebDriverWait(d, timeout, poll_frequency=0.05).until(lambda _: d.execute_script(
                "const e = document.querySelector(arguments[0]);"
                "if (!e) return false; e.click(); return true;", css))
        except Exception as e:
            self.shot(d, "failure")
            raise AssertionError(f"nothing to click at {css} within {timeout} s ({e.__class__.__name__})")

    def click_square(self, d, square):
        """A real mouse click on a square of the diagram (the position editor)."""
        d.find_element(By.CSS_SELECTOR, f"#diagram rect[data-square={square}]").click()

    def pieces(self, d):
        return sorted(d.execute_script("return [...document.querySelectorAll('#diagram svg text.piece')]"
                                       ".map((t) => t.textContent + t.getAttribute('data-square'))"))

    def no_alert(self, d):
        try:
            d.switch_to.alert
            return False
        except NoAlertPresentException:
            return True

    def go_to(self, d, view):
        """Another view of the same page (as a click on the navigation does)."""
        d.execute_script("location.hash = arguments[0]", view)
        self.wait(d, lambda: self.count(d, f"#view-{view}.active") == 1, f"the {view} view is shown")

    def both_widths(self, d, name, height=900):
        """Screenshots at 1200 and 390 px; at neither may the page scroll sideways (a wide table
        scrolls inside its own box)."""
        for width in (1200, 390):
            d.set_window_size(width, height if width > 390 else 844)
            self.wait(d, lambda w=width: abs(d.execute_script("return window.innerWidth") - w) <= 16,
                      f"{name}: window {width} px wide")
            sw = d.execute_script("return document.documentElement.scrollWidth")
            cw = d.execute_script("return document.documentElement.clientWidth")
            wide = [] if sw <= cw else d.execute_script(
                "return [...document.querySelectorAll('body *')]"
                ".filter((e) => e.getBoundingClientRect().right > arguments[0] + 1 || e.scrollWidth > e.clientWidth + 1)"
                ".slice(0, 6).map((e) => e.tagName + '#' + e.id + '.' + e.className + ' ' +"
                "Math.round(e.getBoundingClientRect().right) + '/' + e.scrollWidth + '/' + e.clientWidth)", cw)
            if wide:
                self.shot(d, f"{name}-{width}-overflow")
            self.check(sw <= cw, f"{name} at {width} px: no sideways scrolling ({sw} <= {cw}) {wide}")
            self.shot(d, f"{name}-{width}")
        d.set_window_size(1200, height)

    def key_result(self, d, board, key, expect_in=()):
        """Types board number, Enter, then the result key on the desk's entry line; waits for
        the result on this desk and on every session of `expect_in`; returns the times seen."""
        entry = d.find_element(By.ID, "entry")
        entry.click()
        entry.send_keys(str(board), Keys.ENTER)
        self.wait(d, lambda: f"Board {board}:" in self.text(d, "#entry-state"),
                  f"board {board} chosen from the keyboard")
        t0 = time.monotonic()
        entry.send_keys(key)
        want = RESULT_KEYS[key]
        self.wait(d, lambda: self.text(d, f"#board-{board} td.res") == want,
                  f"board {board}: {want} entered with the key {key}")
        for other, what in expect_in:
            self.wait(other, lambda o=other: self.text(o, f"#board-{board} td.res") == want,
                      f"{what} sees board {board}'s {want}")
            self.seen.append(time.monotonic() - t0)

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
        self.live_interval(a)
        self.token(a)
        self.players(a)
        self.round_1(a)
        b, phone = self.second_desk_and_phone()
        self.results_round_1(a, b, phone)
        self.round_2(a, b, phone)
        self.round_3(a, b)
        self.standings(a, phone)
        self.exports(a)
        self.rulings(a)
        self.chess960(a)
        self.readme(a)
        print(f"   a change was seen on another screen after {', '.join(f'{t:.2f}' for t in self.seen)} s")
        print(f"{self.checks} checks passed")

    def live_interval(self, a):
        self.wait(a, lambda: a.execute_script("return typeof LIVE_POLL_MS") == "number", "the page is loaded")
        self.check(a.execute_script("return LIVE_POLL_MS") <= 500,
                   "the pages ask for changes at least twice a second (a change is seen within a second)")

    def token(self, a):
        # The token is asked once, then kept by this browser.
        self.wait(a, lambda: a.find_element(By.ID, "token").is_displayed(), "the desk asks for the token")
        a.find_element(By.ID, "token").send_keys("desk-token-1", Keys.ENTER)
        self.wait(a, lambda: not a.find_element(By.ID, "token-form").is_displayed(), "the token form closes")
        a.refresh()
        self.wait(a, lambda: self.count(a, "#view-players.active") == 1, "the desk reloaded")
        self.check(not a.find_element(By.ID, "token-form").is_displayed(), "the token is not asked again")

    def players(self, a):
        self.wait(a, lambda: "at most 1 per player, in rounds 1-2" in self.text(a, "#regulations"),
                  "the players page explains the bye regulations")
        for name, rating in [("Alpha, Ann", "2400"), (HOSTILE, "2200")]:
            form = a.find_element(By.ID, "register")
            form.find_element(By.NAME, "name").send_keys(name)
            form.find_element(By.NAME, "standard").send_keys(rating)
            form.find_element(By.ID, "register-button").click()
            self.wait(a, lambda n=name: n in self.text(a, "#notice-text"), f"registered {name}")
        # Two more from the organisers' CSV file; Dunn's rating in it is wrong (2000, not 2100).
        csv = os.path.join(self.tmp, "players.csv")
        with open(csv, "w", encoding="utf-8") as f:
            f.write('name,federation,standard,birth\n"Brown, Bob",ENG,2300,\n"Dunn, Di",IRL,2000,2009/04/17\n')
        a.find_element(By.ID, "csv-file").send_keys(csv)
        a.find_element(By.CSS_SELECTOR, "#csv-import button").click()
        self.wait(a, lambda: "Registered 2 players from players.csv" in self.text(a, "#notice-text"),
                  "two players imported from CSV")
        self.wait(a, lambda: self.count(a, "#players tbody tr") == 4, "four players listed")
        self.wait(a, lambda: self.text(a, "#player-4 td:nth-child(5)") == "2000", "Dunn listed with 2000")
        # The list is the public answer: no birth date in it (FIDE publishes the year only).
        listed = a.execute_async_script("""const done = arguments[0];
            fetch('/api/event').then((r) => r.json()).then((e) => done(JSON.stringify(e.players)));""")
        self.check("Dunn, Di" in listed and "2009/04/17" not in listed and '"birth"' not in listed,
                   "the public answer has no birth date")
        self.click(a, "#player-4 button")  # edit: the form is filled from the arbiters' answer
        self.wait(a, lambda: a.find_element(By.ID, "register-title").text == "Correct player 4",
                  "the edit form opens for Dunn")
        born = a.find_element(By.CSS_SELECTOR, "#register input[name=birth]")
        self.check(born.get_attribute("value") == "2009/04/17", "the edit form shows Dunn's birth date")
        rating = a.find_element(By.CSS_SELECTOR, "#register input[name=standard]")
        rating.clear()
        rating.send_keys("2100")
        a.find_element(By.ID, "register-button").click()
        self.wait(a, lambda: "Corrected Dunn, Di, now number 4" in self.text(a, "#notice-text"), "Dunn's rating corrected")
        self.wait(a, lambda: self.text(a, "#player-4 td:nth-child(5)") == "2100", "Dunn listed with 2100")
        with open(self.ev.file, encoding="utf-8") as f:
            self.check("2009/04/17" in f.read(), "the correction kept Dunn's birth date")
        self.check(self.text(a, "#player-3 td:nth-child(2)") == HOSTILE,
                   "the player named <script> is shown as text")
        self.check(self.no_alert(a) and self.count(a, "script") == 2,
                   "no script of the player's name ran or was inserted")
        # A duplicate registration is refused with the rule's message.
        form = a.find_element(By.ID, "register")
        form.find_element(By.NAME, "name").send_keys("Dunn, Di")
        form.find_element(By.ID, "register-button").click()
        self.wait(a, lambda: "Refused: 'Dunn, Di' is registered already" in self.text(a, "#notice-text"),
                  "a duplicate entry is refused, the reason shown")
        form.find_element(By.NAME, "name").clear()
        # Byes against the regulations: round 3 is past the bye rounds; the CLI says the same.
        _, _, err = cli(self.arbiter, "event", "bye", self.ev.file, "1", "--round", "3", check=False)
        rule = err.strip().removeprefix("arbiter event bye: ")
        self.check(rule != err.strip(), f"the CLI refuses a bye in round 3: {rule}")
        pr = a.find_element(By.ID, "player-round")
        pr.clear()
        pr.send_keys("3")
        self.click(a, "#player-1 button:nth-child(2)")  # ½ bye
        self.wait(a, lambda: self.text(a, "#notice-text") == "Refused: " + rule,
                  "a bye past the bye rounds is refused with the CLI's message")
        pr.clear()
        pr.send_keys("2")
        self.click(a, "#player-1 button:nth-child(2)")
        self.wait(a, lambda: "½ bye round 2" in self.text(a, "#player-1"), "Alpha's half-point bye in round 2 granted")
        # A second half-point bye is refused (at most one per player).
        pr.clear()
        pr.send_keys("1")
        self.click(a, "#player-1 button:nth-child(2)")
        self.wait(a, lambda: self.text(a, "#notice-text").startswith("Refused: ") and
                  "1 half-point bye" in self.text(a, "#notice-text"), "a second bye refused, the limit named")
        # Withdraw and reinstate.
        self.click(a, "#player-2 button:nth-child(4)")  # withdraw
        self.wait(a, lambda: "withdrawn from round 1" in self.text(a, "#player-2"), "Brown withdrawn from round 1")
        self.click(a, "#player-2 button:nth-child(4)")  # reinstate
        self.wait(a, lambda: "withdrawn" not in self.text(a, "#player-2") and "reinstate" not in self.text(a, "#player-2"),
                  "Brown reinstated")
        self.both_widths(a, "players")

    def round_1(self, a):
        # A refusal belongs to the page it was given on: going to another view takes it down.
        self.click(a, "#player-1 button:nth-child(2)")  # a second ½ bye, refused again
        self.wait(a, lambda: self.text(a, "#notice-text").startswith("Refused: "), "a bye refused")
        self.go_to(a, "round")
        self.check(self.text(a, "#notice") == "", "the refusal is gone on the round view")
        self.wait(a, lambda: self.text(a, "#pair-next") == "Pair round 1", "round 1 can be paired")
        self.click(a, "#pair-next")
        self.wait(a, lambda: self.count(a, "#pairings tbody tr") == 2, "round 1 paired: two boards")
        self.check("Missing: board 1, 2" in self.text(a, "#missing"), "the missing results are listed")
        # The pairing list's print view: the list with its title, without the desk's controls.
        a.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
        shown = a.execute_script("""return ['nav', '.entry', '.toolbar', '#pairings', '#round-title']
            .map((s) => { const e = document.querySelector(s); return e && getComputedStyle(e).display !== 'none'; })""")
        self.check(shown == [False, False, False, True, True],
                   f"the print view keeps the pairing list and its title only ({shown})")
        self.check(self.text(a, "#round-title") == "Desk Open: round 1 of 3, pairings", "the printed list says its round")
        self.shot(a, "round-print-1200")
        a.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})

    def second_desk_and_phone(self):
        # A second desk (another arbiter on a tablet) and a player's phone.
        b = self.open(1200, 900, "/#round")
        b.execute_script("localStorage.setItem('arbiter-token', 'desk-token-1')")
        b.get(self.srv.url + "/#round")
        phone = self.open(390, 844, "/public#pairings")
        self.wait(b, lambda: self.count(b, "#pairings tbody tr") == 2, "the second desk shows round 1")
        self.wait(phone, lambda: self.count(phone, "#pairings tbody tr") == 2, "the phone shows round 1")
        return b, phone

    def results_round_1(self, a, b, phone):
        self.key_result(a, 1, "1", [(b, "the second desk"), (phone, "the phone")])
        # Pairing now is refused: board 2 has no result (the rule's message is shown).
        self.click(a, "#pair-next")
        self.wait(a, lambda: "Refused: round 1 has 1 result(s) missing (board 2)" in self.text(a, "#notice-text"),
                  "pairing with a result missing is refused, the rule shown")
        # Desk B enters board 2 as a draw: "2" then "=" (no Enter needed); desk A sees it.
        e2 = b.find_element(By.ID, "entry")
        e2.click()
        t0 = time.monotonic()
        e2.send_keys("2", "=")
        self.wait(b, lambda: self.text(b, "#board-2 td.res") == "1/2-1/2", "board 2: = entered on the second desk")
        self.wait(a, lambda: self.text(a, "#board-2 td.res") == "1/2-1/2", "the first desk sees board 2's result")
        self.seen.append(time.monotonic() - t0)
        self.wait(a, lambda: "every result is in" in self.text(a, "#missing"), "nothing missing")
        # The refusal held for the round as it was: once the missing result is in (typed on the
        # other desk), it no longer stands above "every result is in".
        self.wait(a, lambda: self.text(a, "#notice") == "",
                  "the pairing refusal is taken down once the event changed")
        self.both_widths(a, "round")
        self.shot(phone, "public-pairings-390")

    def round_2(self, a, b, phone):
        # Desk B pairs round 2; desk A follows. Alpha has the half-point bye granted, so 3
        # players are paired: one board and a pairing-allocated bye.
        self.click(b, "#pair-next")
        self.wait(a, lambda: "round 2 paired" in self.text(a, "#event-meta"), "desk A sees round 2 paired")
        self.wait(a, lambda: self.count(a, "#pairings tbody tr") == 1, "round 2: one board")
        byes = self.text(a, "#round-byes")
        self.check("half-point bye: Alpha, Ann (1)" in byes and "pairing-allocated bye" in byes,
                   f"round 2's byes listed: {byes!r}")
        self.wait(phone, lambda: self.text(phone, "#event-meta") == "Round 2 of 3", "the phone follows to round 2")
        # One board: "1" can only be board 1, so the result key follows at once (no Enter).
        entry = a.find_element(By.ID, "entry")
        entry.click()
        t0 = time.monotonic()
        entry.send_keys("1", "0")
        self.wait(a, lambda: self.text(a, "#board-1 td.res") == "0-1", "board 1: 0-1 typed as 1 then 0")
        self.wait(b, lambda: self.text(b, "#board-1 td.res") == "0-1", "the second desk sees board 1's 0-1")
        self.seen.append(time.monotonic() - t0)

    def round_3(self, a, b):
        self.click(a, "#pair-next")
        self.wait(a, lambda: self.count(a, "#pairings tbody tr") == 2 and "round 3 of 3" in self.text(a, "#round-title"),
                  "round 3 paired: two boards")
        # The round's games as PGN: validated first (the report), then the clean ones recorded.
        import json
        import urllib.request
        with urllib.request.urlopen(self.srv.url + "/api/rounds/3", timeout=WAIT) as r:
            boards = json.load(r)["boards"]

        def game(bd, moves, result):
            return (f'[Event "Desk Open"]\n[Round "3"]\n[White "{bd["white_name"]}"]\n'
                    f'[Black "{bd["black_name"]}"]\n[Result "{result}"]\n\n{moves} {result}\n\n')
        pgn = os.path.join(self.tmp, "round3.pgn")
        with open(pgn, "w", encoding="utf-8") as f:
            f.write(game(boards[0], "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#", "1-0") +
                    game(boards[1], "1. e4 e5 2. Ke3", "0-1"))  # Ke3: illegal, refused
        self.go_to(a, "rulings")
        a.find_element(By.ID, "pgn-file").send_keys(pgn)
        self.click(a, "#pgn-validate")
        self.wait(a, lambda: self.count(a, "#pgn-table tbody tr") == 2, "the PGN validation report lists two games")
        self.check("1 with errors" in self.text(a, "#pgn-report") and "error [illegal-move] 2. Ke3" in self.text(a, "#pgn-table"),
                   "the report names the illegal move")
        self.click(a, "#pgn-record")
        self.wait(a, lambda: "Round 3: 1 result(s) recorded, 1 game(s) refused" in self.text(a, "#notice-text"),
                  "the clean game's result recorded, the other refused")
        self.go_to(a, "round")
        self.wait(a, lambda: self.text(a, "#board-1 td.res") == "1-0", "board 1's result from the PGN is on the round")
        self.key_result(a, 2, "+", [(b, "the second desk")])
        self.wait(a, lambda: "finished" in self.text(a, "#event-meta") and
                  self.text(a, "#pair-next") == "All rounds paired", "the event is finished")
        # The forfeit was the other way round; the final standings were built on it, so the
        # change is refused as `arbiter event result` refuses it, then forced by the arbiter.
        _, _, err = cli(self.arbiter, "event", "result", self.ev.file, "2", "-+", "--round", "3", check=False)
        rule = err.strip().removeprefix("arbiter event result: ")
        self.check(rule != err.strip() and "--force" in rule, f"the CLI refuses the change: {rule}")
        entry = a.find_element(By.ID, "entry")
        entry.click()
        entry.send_keys("2", "-")
        self.wait(a, lambda: self.text(a, "#notice-text").startswith("Refused: " + rule),
                  "the desk refuses it with the CLI's message")
        self.check(self.text(a, "#board-2 td.res") == "+-", "board 2 unchanged")
        # The refusal as the arbiter sees it, with its "Change it anyway" button (desk.js shows
        # both at once since the event's version is asked for first), at both widths.
        self.wait(a, lambda: self.count(a, "#force-result") == 1, "the refusal offers to force the change")
        self.both_widths(a, "refusal")
        self.click(a, "#force-result")
        self.wait(a, lambda: self.text(a, "#board-2 td.res") == "-+", "board 2 changed to -+ when the arbiter insists")
        self.wait(b, lambda: self.text(b, "#board-2 td.res") == "-+", "the second desk sees the change")
        # (the live update may show the change before this desk has the answer that says so)
        self.wait(a, lambda: "forced" in self.text(a, "#notice-text"), "the notice says the change was forced")

    def standings(self, a, phone):
        self.go_to(a, "standings")
        import json
        _, out, _ = cli(self.arbiter, "event", "standings", self.ev.file, "--format", "json")
        final = json.loads(out)["standings"]
        self.wait(a, lambda: self.count(a, "#standings-table tbody tr") == 4, "standings shown")
        first = self.text(a, "#standings-table tbody tr td:nth-child(2)")
        self.check(first == final[0]["name"] and
                   self.text(a, "#standings-table tbody tr td:nth-child(4)") == fmt(final[0]["points"]),
                   f"{first} leads with {fmt(final[0]['points'])}, as `arbiter event standings` says")
        self.check(self.count(a, "#crosstable tbody tr") == 4 and self.count(a, "#crosstable thead th") == 6,
                   "crosstable shown, one column per round")
        self.wait(a, lambda: self.text(a, "#prizes li").startswith(final[0]["name"]), "the prize list names the winner first")
        self.both_widths(a, "standings")
        phone.get(self.srv.url + "/public#standings")
        self.wait(phone, lambda: self.count(phone, "#standings-table tbody tr") == 4, "the phone shows the standings")
        self.check(HOSTILE in self.text(phone, "#standings-table") and self.no_alert(phone),
                   "the public standings show the <script> name as text")
        self.both_widths(phone, "public-standings")
        phone.get(self.srv.url + "/public#card")
        self.wait(phone, lambda: self.count(phone, "#player-select option") == 5, "the phone lists the players")
        Select(phone.find_element(By.ID, "player-select")).select_by_visible_text("Dunn, Di")
        self.wait(phone, lambda: self.text(phone, "#card h2").startswith("Dunn, Di (4)"), "Dunn's card")
        self.check("1/2-1/2" in self.text(phone, "#card table"), "the card shows the draw of round 1")
        self.both_widths(phone, "public-card")
        phone.get(self.srv.url + "/public#pairings")
        self.wait(phone, lambda: self.count(phone, "#pairings tbody tr") == 2, "the phone shows round 3")
        self.both_widths(phone, "public-pairings")

    def exports(self, a):
        self.go_to(a, "exports")
        # Without the token (a phone, anyone on the venue network) the TRF report, which holds
        # the birth dates, is refused; the HTML and CSV standings are public.
        got = a.execute_async_script("""const done = arguments[0];
            Promise.all(['trf', 'html', 'csv'].map(async (k) => {
              const a = document.getElementById('export-' + k);
              return (await fetch(a.href)).status;
            })).then(done);""")
        self.check(got == [401, 200, 200], f"without the token only the TRF export is refused ({got})")
        # Clicked on the desk, each is fetched with the token and saved under the server's name.
        folder = os.path.join(self.tmp, "downloads")
        os.makedirs(folder, exist_ok=True)
        a.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": folder})
        for k in ("trf", "html", "csv"):
            self.click(a, "#export-" + k)
            self.wait(a, lambda k=k: os.path.exists(os.path.join(folder, "open." + k)), f"open.{k} downloaded")
        # (chromium writes to open.K.crdownload and renames it when complete)
        with open(os.path.join(folder, "open.trf"), encoding="utf-8") as f:
            trf = f.read()
        cli(self.arbiter, "event", "export", self.ev.file, "--trf", os.path.join(self.tmp, "cli.trf"))
        with open(os.path.join(self.tmp, "cli.trf"), encoding="utf-8") as f:
            self.check(trf == f.read() and "2009/04/17" in trf,
                       "the downloaded TRF is the CLI's export, birth dates included")
        with open(os.path.join(folder, "open.html"), encoding="utf-8") as f:
            self.check("Dunn, Di" in f.read(), "the downloaded HTML standings name the players")
        self.wait(a, lambda: "pair round 3" in self.text(a, "#history"), "the changes are listed for undo")
        self.both_widths(a, "exports")
        # Undo takes back the forced change, as `arbiter event undo` would.
        self.click(a, "#undo")
        self.wait(a, lambda: self.text(a, "#notice-text").startswith("Undone: round 3 board 2:") and
                  "forced" not in self.text(a, "#history"), "undo takes the forced change back")
        _, show, _ = cli(self.arbiter, "event", "show", self.ev.file)
        self.check("+-" in show and "-+" not in show, "the event file has board 2's +- again")

    def cli_status(self, fen):
        import json
        _, out, _ = cli(self.arbiter, "status", fen, "--json", check=False)
        return json.loads(out)["status"]

    def rulings(self, a):
        self.go_to(a, "rulings")
        self.wait(a, lambda: self.count(a, "#palette .piece-pick") == 12, "the position editor's pieces")
        # The position set up by clicks on the board: K e1, R h1 for White, k e8.
        self.click(a, "#board-empty")
        self.wait(a, lambda: self.pieces(a) == [], "an empty board")
        for pick, square in (("#pick-wk", "e1"), ("#pick-wr", "h1"), ("#pick-bk", "e8")):
            self.click(a, pick)
            self.click_square(a, square)
        self.wait(a, lambda: a.find_element(By.ID, "fen").get_attribute("value") == FLAG_FEN,
                  "the position set up on the board is in the FEN field")
        self.check(self.pieces(a) == sorted(["♔e1", "♖h1", "♚e8"]), "the diagram shows the three pieces on their squares")
        self.click(a, "#status-button")
        want = "Position: " + self.cli_status(FLAG_FEN)
        self.wait(a, lambda: self.text(a, "#status-verdict") == want, f"the position's status as `arbiter status`: {want}")
        self.check(self.text(a, "#state") == "State: in play, white to move" and
                   self.text(a, "#can-black").startswith("black can checkmate: unwinnable"),
                   "in play; Black, a bare king, cannot mate")
        # Flag fall: Black's flag falls, White (K+R) can mate: 1-0 with the witness line (Laws 6.9).
        Select(a.find_element(By.ID, "flagged")).select_by_visible_text("black")
        a.find_element(By.ID, "rule-button").click()
        self.wait(a, lambda: self.text(a, "#verdict") == "Ruling: 1-0", "flag fall: 1-0")
        self.check(self.text(a, "#witness").endswith("#"), "the witness line ends in mate")
        self.check("6.9" in self.text(a, "#ruling"), "the rule is named (6.9)")
        self.click(a, "#ply-last")
        self.wait(a, lambda: self.text(a, "#ply").startswith("after Rf8#"), "the witness line played through to mate")
        self.check(len(self.pieces(a)) == 3 and "♖f8" in self.pieces(a), "the mate is on the diagram (Rf8)")
        self.both_widths(a, "ruling")
        # A pasted position is drawn; two white kings are not a position (A.5.4).
        fen = a.find_element(By.ID, "fen")
        fen.clear()
        fen.send_keys(ILLEGAL_FEN)
        self.wait(a, lambda: self.pieces(a) == sorted(["♔e1", "♖f1", "♔h1", "♚e8"]), "the pasted FEN is drawn")
        self.click(a, "#status-button")
        want = "Position: " + self.cli_status(ILLEGAL_FEN)
        self.wait(a, lambda: self.text(a, "#status-verdict") == want and "king" in self.text(a, "#ruling"),
                  f"two white kings: {want}, the reason given")
        self.check("null" not in self.text(a, "#ruling") and "[object" not in self.text(a, "#ruling"),
                   "the status lists the reasons as text")
        a.find_element(By.ID, "rule-button").click()
        self.wait(a, lambda: self.text(a, "#verdict") == "No ruling", "no flag ruling on an impossible position")
        self.check("null" not in self.text(a, "#ruling") and "[object" not in self.text(a, "#ruling") and
                   "king" in self.text(a, "#ruling"), "the reasons are shown as text")

    def chess960(self, a):
        # A Chess960 event: the round's start position (Guidelines II, one per round) drawn.
        ev = Scratch(self.arbiter, [("Alpha, Ann", 2400), ("Brown, Bob", 2300)], rounds=1,
                     extra=("--variant", "chess960"))
        srv = Server(self.arbiter, ev.file)
        try:
            st, _, r = srv.write("POST", "/api/rounds/next", {})
            self.check(st == 201, "a Chess960 round paired")
            start = r["chess960_start"]
            a.get(srv.url + "/#round")
            self.wait(a, lambda: self.count(a, "#start-position svg text.piece") == 32, "the start position drawn")
            self.check(self.text(a, "#start-text").startswith(f"Chess960 start position {start['position']} ") and
                       start["fen"] in self.text(a, "#start-text"), "the diagram's position is the round's")
            back = a.execute_script("return [...document.querySelectorAll('#start-position svg text.piece')]"
                                    ".filter((t) => Number(t.getAttribute('y')) < 25).map((t) => t.textContent).join('')")
            glyph = dict(zip("rnbqk", "♜♞♝♛♚"))
            self.check(back == "".join(glyph[c] for c in start["fen"].split("/")[0]),
                       "Black's back rank on the diagram is the drawn position's")
            self.both_widths(a, "chess960")
        finally:
            srv.stop()
            ev.remove()

    def readme(self, a):
        """The README's picture (docs/desk.png is desk-readme-1200.png): the round view of a
        plain sample event during round 1, made here so that it shows what the desk shows today,
        with no test fixture (the <script> player) and no message left over."""
        ev = Scratch(self.arbiter, rounds=5, name="Riverside Open 2026")
        csv = os.path.join(ev.dir, "entries.csv")
        with open(csv, "w", encoding="utf-8") as f:
            f.write("name,title,federation,standard\n" + "".join(f'"{n}",{t},{fed},{r}\n' for n, t, fed, r in SAMPLE))
        cli(self.arbiter, "event", "register", ev.file, "--csv", csv)
        cli(self.arbiter, "event", "pair", ev.file)
        for board, result in ((1, "1-0"), (2, "1/2-1/2")):
            cli(self.arbiter, "event", "result", ev.file, str(board), result)
        srv = Server(self.arbiter, ev.file)
        try:
            a.get(srv.url + "/#round")
            a.execute_script("localStorage.setItem('arbiter-token', arguments[0])", srv.token)
            a.refresh()  # (a get of the same address would only change the hash)
            self.wait(a, lambda: self.count(a, "#pairings tbody tr") == 4 and
                      self.text(a, "#missing") == "Missing: board 3, 4", "the sample event's round 1 shown")
            self.check(self.text(a, "#notice") == "" and not a.find_element(By.ID, "token-form").is_displayed(),
                       "no message and no token form on the README's picture")
            names = self.text(a, "#pairings")
            self.check(all(n in names for n, _, _, _ in SAMPLE) and "<" not in names,
                       "the sample's players, no fixture names")
            self.both_widths(a, "readme")
        finally:
            srv.stop()
            ev.remove()


# The README's sample event (invented players).
SAMPLE = [("Lindqvist, Erik", "GM", "SWE", 2612), ("Okafor, Chidi", "IM", "NGR", 2455),
          ("Moreau, Claire", "WGM", "FRA", 2398), ("Tanaka, Hiro", "FM", "JPN", 2310),
          ("Schmidt, Anna", "", "GER", 2205), ("Alvarez, Lucia", "WFM", "ESP", 2150),
          ("Novak, Petr", "", "CZE", 2088), ("Kowalski, Jan", "", "POL", 1990)]


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

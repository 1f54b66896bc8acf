#!/usr/bin/env python3
"""The event's HTML publications in a real browser (issue 20): Debian's chromium, headless,
driven by python3-selenium and chromium-driver. A Swiss and a round robin are run through the
CLI with names that test the pages (accents, a very long name, one written like a script); every
publication (pairing list by board and by name, pairing cards, wall chart, round-robin grid,
standings, prize list, player card) is written with --format html -o and then:
- checked as HTML: doctype, a viewport, a print style sheet, no <script>, every element closed,
  the hostile name shown as text (escaped);
- rendered at 390 px (a phone) and 1200 px: no horizontal overflow of the page
  (document.documentElement.scrollWidth <= clientWidth), no console errors;
- printed to PDF (Page.printToPDF) and screenshotted; PDFs and PNGs kept in ARTEFACTS.
Without the browser it exits 77 (skipped, saying why); in CI (CI=true) that is a failure.
usage: publications_browser_test.py ARBITER ARTEFACTS"""
import base64
import html.parser
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from browser_support import browser, require_browser, selenium_or_rerun  # noqa: E402

HAVE_SELENIUM = selenium_or_rerun()
HOSTILE = "<script>alert(1)</script>, X"
# The longest name a TRF file holds (33 characters, 001 columns 15-47; a longer one is refused).
LONG = "Wolfeschlegelsteinhausenberger, H"
VOID = {"meta", "br", "img", "hr", "link", "input", "col", "area", "base", "embed", "source", "track", "wbr"}
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def run(arbiter, *args):
    r = subprocess.run([arbiter, *args], capture_output=True, text=True)
    if r.returncode != 0:
        raise SystemExit(f"arbiter {' '.join(args)} failed ({r.returncode}): {r.stderr}")
    return r.stdout


class Structure(html.parser.HTMLParser):
    """Every non-void element closed in order; counts scripts; collects the text."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors, self.scripts, self.text = [], [], 0, []

    def handle_starttag(self, tag, attrs):
        self.scripts += tag == "script"
        if tag not in VOID:
            self.stack.append(tag)

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else 'nothing'}>")
        else:
            self.stack.pop()

    def handle_data(self, data):
        self.text.append(data)


def static_checks(name, page):
    check(page.startswith("<!DOCTYPE html>"), f"{name}: no doctype")
    check('name="viewport"' in page and "width=device-width" in page, f"{name}: no phone viewport")
    check("@media print" in page, f"{name}: no print style sheet")
    s = Structure()
    s.feed(page)
    s.close()
    check(not s.errors and not s.stack, f"{name}: unbalanced elements {s.errors[:3]} open {s.stack}")
    check(s.scripts == 0, f"{name}: has a <script> element")
    check("<script>alert" not in page, f"{name}: the hostile name is not escaped")


def make_events(arbiter, tmp):
    """A 9-player Swiss (3 rounds) and a 5-player round robin, each with the test names."""
    csv = os.path.join(tmp, "players.csv")
    names = ["Pérez García, José Ángel", "Ñúñez, Ána", HOSTILE, LONG, "Łukasiewicz, Żaneta",
             "Smith, Bob", "Öztürk, Çağla", "Li, Wei", "Brown, Ann"]
    with open(csv, "w", encoding="utf-8") as f:
        f.write("Name,Fed,Elo,Rapid,Sex,Birth\n")
        for i, n in enumerate(names):
            f.write(f'"{n.replace(chr(34), chr(34) * 2)}",ESP,{2200 - 20 * i},{2190 - 20 * i},'
                    f'{"w" if i % 2 else "m"},{1960 + 5 * i}\n')
    swiss = os.path.join(tmp, "swiss.trf")
    run(arbiter, "event", "new", swiss, "--system", "dutch", "--rounds", "5", "--rating-list", "rapid",
        "--tiebreaks", "BH/C1 SB DE", "--rules", "2026", "--seed", "7", "--name", "Open <Benalmádena>",
        "--category", "W=women", "--category", "U18=junior:1990", "--category", "U2000=rating:0-2099")
    run(arbiter, "event", "register", swiss, "--csv", csv)
    results = ["1-0", "1/2", "0-1", "1-0"]
    for r in range(1, 4):
        run(arbiter, "event", "pair", swiss, "--date", f"2023/04/0{r}")
        run(arbiter, "event", "result", swiss, *sum(([str(b), results[(b + r) % 4]] for b in range(1, 5)), []))
    rr = os.path.join(tmp, "rr.trf")
    run(arbiter, "event", "new", rr, "--system", "round-robin", "--rounds", "5", "--rating-list", "standard",
        "--tiebreaks", "SB PS WIN", "--rules", "2026", "--seed", "1919", "--no-show", "forfeit-only",
        "--name", "Zaragoza 1919")
    with open(os.path.join(tmp, "rr.csv"), "w", encoding="utf-8") as f:
        f.write("Nombre;Fed;Elo;Region\n")
        for i, n in enumerate(names[:5]):
            f.write(f'"{n.replace(chr(34), chr(34) * 2)}";ESP;{2000 - 10 * i};{"Aragon" if i % 2 else "Madrid"}\n')
    run(arbiter, "event", "register", rr, "--csv", os.path.join(tmp, "rr.csv"))
    for r in range(1, 3):
        run(arbiter, "event", "pair", rr)
        run(arbiter, "event", "result", rr, "1", "1-0", "2", "1/2")
    prizes = os.path.join(tmp, "prizes.txt")
    with open(prizes, "w", encoding="utf-8") as f:
        f.write("place 1 1000 First\nplace 2 500 Second\nagainst-top 2 100 Best against the top two\n"
                "category women 1 50 Best woman\n")
    return swiss, rr, prizes


def publications(arbiter, tmp, swiss, rr, prizes):
    out = {}

    def pub(name, *args):
        path = os.path.join(tmp, f"{name}.html")
        run(arbiter, "event", *args, "--format", "html", "-o", path)
        out[name] = path

    pub("pairings-board", "show", swiss, "--round", "3")
    pub("pairings-name", "show", swiss, "--round", "3", "--by", "name")
    pub("pairing-cards", "show", swiss, "--round", "3", "--cards")
    pub("wallchart", "wallchart", swiss)
    pub("standings", "standings", swiss)
    pub("prizes", "prizes", swiss, "--spec", prizes)
    pub("player-card", "card", swiss, "4")
    pub("rr-grid", "wallchart", rr)
    return out


def derivation_check(table_text):
    """The card's tie-break derivation as rendered: the BH/C1 terms not cut (cut ones are in
    parentheses) add up to the total row, and exactly one term is cut (Cut-1)."""
    rows = [line.split("\t") for line in table_text.splitlines()]
    terms = [r for r in rows if len(r) > 6 and r[0].strip() == "BH/C1" and r[1].strip()]
    totals = [r for r in rows if len(r) > 6 and r[0].strip() == "BH/C1" and not r[1].strip()]
    check(len(terms) == 3 and len(totals) == 1, f"player card: BH/C1 derivation rows {rows[:6]}")
    if len(totals) != 1:
        return
    cut = [t for t in terms if t[6].strip().startswith("(")]
    kept = sum(float(t[6]) for t in terms if not t[6].strip().startswith("("))
    check(len(cut) == 1, f"player card: {len(cut)} BH/C1 terms cut, expected 1")
    check(abs(kept - float(totals[0][6])) < 1e-9,
          f"player card: BH/C1 terms add to {kept}, total says {totals[0][6]}")


def main():
    if len(sys.argv) != 3:
        print(__doc__)
        return 2
    arbiter, artefacts = sys.argv[1], sys.argv[2]
    require_browser(HAVE_SELENIUM)
    os.makedirs(artefacts, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="arbiter-publications-")
    drivers = []
    try:
        swiss, rr, prizes = make_events(arbiter, tmp)
        pages = publications(arbiter, tmp, swiss, rr, prizes)
        for name, path in pages.items():
            with open(path, encoding="utf-8") as f:
                page = f.read()
            static_checks(name, page)
            shutil.copy(path, os.path.join(artefacts, f"event-{name}.html"))
        for width in (390, 1200):
            d = browser(width, 900, os.path.join(tmp, f"profile-{width}"), console_log=True)
            drivers.append(d)
            for name, path in pages.items():
                d.get("file://" + path)
                sw = d.execute_script("return document.documentElement.scrollWidth")
                cw = d.execute_script("return document.documentElement.clientWidth")
                check(sw <= cw, f"{name} at {width} px: the page scrolls sideways ({sw} > {cw})")
                body_text = d.execute_script("return document.body.innerText")
                if name in ("pairings-board", "pairings-name", "wallchart", "standings", "rr-grid"):
                    check("<script>alert(1)</script>" in body_text,
                          f"{name}: the hostile name is not shown as text")
                check(d.execute_script("return document.scripts.length") == 0, f"{name}: scripts ran")
                errors = [e for e in d.get_log("browser") if e.get("level") == "SEVERE"]
                check(not errors, f"{name} at {width} px: console errors {errors[:2]}")
                if width == 390 and name in ("standings", "pairings-board"):
                    # On a phone the points beside the names are on screen without scrolling.
                    right = d.execute_script(
                        "const h = [...document.querySelectorAll('th')].find(t => t.innerText.trim()"
                        " === 'Pts'); return h ? h.getBoundingClientRect().right : -1")
                    check(0 < right <= cw, f"{name} at 390 px: the Pts column is off screen ({right} > {cw})")
                if name in ("standings", "prizes"):
                    # The categories' column (W, U18, U2000 of the Swiss) with its key, and on
                    # the standings every tie-break named in full.
                    heads = d.execute_script(
                        "return [...document.querySelectorAll('th')].map(t => t.innerText.trim())")
                    check("Cat." in heads, f"{name} at {width} px: no Cat. column in {heads}")
                    cells = d.execute_script(
                        "return [...document.querySelectorAll('td')].map(t => t.innerText.trim())")
                    check(any(c.startswith("W-") for c in cells), f"{name}: no women's place shown")
                    check("U18 = junior:1990" in body_text, f"{name}: no key to the categories")
                    if name == "standings":
                        check("BH/C1 = Buchholz, cut 1" in body_text, "standings: BH/C1 not named in full")
                if name == "player-card":
                    derivation_check(d.execute_script(
                        "return [...document.querySelectorAll('table')].pop().innerText"))
                d.save_screenshot(os.path.join(artefacts, f"event-{name}-{width}.png"))
                if width == 1200:
                    pdf = d.execute_cdp_cmd("Page.printToPDF", {"printBackground": False})
                    data = base64.b64decode(pdf["data"])
                    check(data.startswith(b"%PDF"), f"{name}: printing gave no PDF")
                    with open(os.path.join(artefacts, f"event-{name}.pdf"), "wb") as f:
                        f.write(data)
        print(f"{len(pages)} publications checked at 390 and 1200 px; artefacts in {artefacts}")
    finally:
        for d in drivers:
            d.quit()
        shutil.rmtree(tmp, ignore_errors=True)
    if failures:
        print(f"{len(failures)} failure(s)")
        return 1
    print("OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""The desk's JSON API through a real `arbiter serve` process on a loopback port (issue 21):
every endpoint, every refusal, 401 without the token, concurrent writers from the CLI and the
API with nothing lost, a hostile player name, the limits. Expected values come from the rules
(FIDE Laws 6.9, C.04.2) and from the CLI run on the same event, never from the desk itself.
usage: api_test.py ARBITER"""
import concurrent.futures
import fcntl
import json
import os
import socket
import subprocess
import sys
import threading
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from desk_support import HANG, Scratch, Server, cli  # noqa: E402

ARBITER = None
HOSTILE = '<script>alert(1)</script>&"M\''  # fits TRF's 33 columns
PLAYERS = [("Alpha, Ann", 2400), ("Brown, Bob", 2300), ("Clark, Cy", 2200), ("Dunn, Di", 2100)]


class Api(unittest.TestCase):
    def setUp(self):
        self.ev = Scratch(ARBITER, PLAYERS, rounds=3,
                          extra=("--half-point-byes", "1", "--bye-rounds", "2"))
        self.srv = Server(ARBITER, self.ev.file, "--token", "s3cret-token")

    def tearDown(self):
        self.srv.stop()
        self.ev.remove()

    def content(self):
        with open(self.ev.file, "rb") as f:
            return f.read()

    # ---- contract ------------------------------------------------------------------------
    def test_first_line_and_event(self):
        self.assertEqual(self.srv.first_line,
                         f"serving {self.ev.file} at http://127.0.0.1:{self.srv.port}/ (token: s3cret-token)")
        st, _, e = self.srv.get("/api/event")
        self.assertEqual(st, 200)
        self.assertEqual(e["name"], "Desk Open")
        self.assertEqual(e["rounds"], 3)
        self.assertEqual(e["paired_rounds"], 0)
        # C.04.2 Art. 2: numbered in the initial order, highest rating first.
        self.assertEqual([(p["number"], p["name"], p["rating"], p["points"]) for p in e["players"]],
                         [(i + 1, n, r, 0) for i, (n, r) in enumerate(PLAYERS)])

    def test_random_token(self):
        other = Server(ARBITER, self.ev.file)
        try:
            self.assertRegex(other.token, r"^[0-9a-f]{32}$")
            self.assertNotEqual(other.token, "s3cret-token")
            st, _, _ = other.request("POST", "/api/undo", {}, token="s3cret-token")
            self.assertEqual(st, 401)
        finally:
            other.stop()

    def test_every_write_needs_the_token(self):
        before = self.content()
        writes = [("POST", "/api/players", {"name": "Eve, E"}), ("POST", "/api/rounds/next", {}),
                  ("PUT", "/api/rounds/1/boards/1", {"result": "1-0"}),
                  ("POST", "/api/players/1/byes", {"round": 1, "kind": "half"}),
                  ("DELETE", "/api/players/1/byes/1", None), ("POST", "/api/players/1/withdraw", {}),
                  ("POST", "/api/players/1/reinstate", {}), ("POST", "/api/players/1/excuse", {}),
                  ("POST", "/api/undo", {}), ("POST", "/api/players/import", "name\nEve, E\n"),
                  ("PUT", "/api/players/1", {"name": "Alpha, Ann", "standard": 2410}),
                  ("POST", "/api/rulings/flag", {"fen": "8/8/8/8/8/8/8/K1k5 w - - 0 1", "flagged": "white"}),
                  ("POST", "/api/rulings/pgn", "1. e4 *"),
                  ("POST", "/api/rulings/status", {"fen": "8/8/8/8/8/8/8/K1k5 w - - 0 1"}),
                  ("POST", "/api/rounds/1/pgn", "1. e4 *")]
        for method, path, body in writes:
            for token in (None, "wrong", "s3cret-token2", "S3CRET-TOKEN"):
                st, hs, b = self.srv.request(method, path, body, token=token)
                self.assertEqual(st, 401, (method, path, token))
                self.assertEqual(hs.get("www-authenticate"), "Bearer")
            # A cookie or a query parameter is no token (CSRF: only a header the page sets).
            st, _, _ = self.srv.request(method, path + "?token=s3cret-token", body,
                                        headers={"Cookie": "token=s3cret-token"})
            self.assertEqual(st, 401)
        self.assertEqual(self.content(), before)

    # ---- personal data ---------------------------------------------------------------------
    # FIDE publishes names, ids, federations, titles, sex, ratings and the birth YEAR; the full
    # birth date it does not. The desk listens on a venue network, so that date is served only
    # with the token (issue 21, security): answers, and the TRF export (001 cols 70-79).
    def test_birth_date_only_with_the_token(self):
        st, _, p = self.srv.write("PUT", "/api/players/4", {"name": "Dunn, Di", "standard": 2100,
                                                            "sex": "w", "birth": "2009/04/17"})
        self.assertEqual((st, p["birth"]), (200, "2009/04/17"))
        self.assertIn(b"2009/04/17", self.content())  # in the event file (TRF 001 cols 70-79)
        tok = self.srv.token
        for path in ("/api/event", "/api/players/4"):
            st, _, public = self.srv.get(path)
            self.assertEqual(st, 200, path)
            self.assertNotIn("2009/04/17", json.dumps(public), path)
            one = public if path != "/api/event" else public["players"][3]
            self.assertNotIn("birth", one, path)
            self.assertEqual((one["name"], one["sex"], one["rating"]), ("Dunn, Di", "w", 2100))
            st, _, desk = self.srv.request("GET", path, token=tok)
            self.assertEqual(st, 200, path)
            one = desk if path != "/api/event" else desk["players"][3]
            self.assertEqual(one["birth"], "2009/04/17", path)
            # A wrong token is refused, not answered as a public read: a stale desk is told.
            st, hs, _ = self.srv.request("GET", path, token="wrong")
            self.assertEqual((st, hs.get("www-authenticate")), (401, "Bearer"), path)
        # Nor by any other public read.
        self.srv.write("POST", "/api/rounds/next", {})
        for path in ("/api/rounds/1", "/api/standings", "/api/standings?filter=born%3E%3D2009",
                     "/api/prizes?places=3", "/api/history", "/api/export/html", "/api/export/csv"):
            st, _, body = self.srv.request("GET", path, raw=True)
            self.assertEqual(st, 200, path)
            self.assertNotIn("2009/04/17", body, path)
            self.assertNotIn("04/17", body, path)
        # The TRF report is the arbiters' download; a cookie or a query parameter is no token.
        for token, headers, query in ((None, None, ""), ("wrong", None, ""),
                                      (None, {"Cookie": "token=" + tok}, "?token=" + tok)):
            st, hs, body = self.srv.request("GET", "/api/export/trf" + query, token=token,
                                            headers=headers)
            self.assertEqual((st, hs.get("www-authenticate")), (401, "Bearer"))
            self.assertNotIn("2009/04/17", json.dumps(body))
        st, hs, body = self.srv.request("HEAD", "/api/export/trf", raw=True)
        self.assertEqual(st, 401)
        st, _, trf = self.srv.request("GET", "/api/export/trf", token=tok, raw=True)
        self.assertEqual(st, 200)
        self.assertIn("2009/04/17", trf)
        # The public pages never send the token (the phone has none); the desk does for these.
        _, _, code = self.srv.request("GET", "/public.js", raw=True)
        self.assertNotIn("asArbiter", code)
        self.assertNotIn("token", code)

    # ---- players -------------------------------------------------------------------------
    def test_register_and_refusals(self):
        st, _, p = self.srv.write("POST", "/api/players",
                                  {"name": "Eve, Emma", "title": "WFM", "federation": "ESP",
                                   "standard": 2350, "sex": "w", "birth": "2001"})
        self.assertEqual(st, 201)
        # Initial order (C.04.2 Art. 2): 2350 comes after 2400, before 2300.
        self.assertEqual((p["number"], p["name"], p["title"], p["rating"], p["sex"]),
                         (2, "Eve, Emma", "WFM", 2350, "w"))
        _, out, _ = cli(ARBITER, "event", "show", self.ev.file)
        self.assertIn("5 players registered", out)
        # Refusals carry the library's message, the CLI's.
        code, _, err = cli(ARBITER, "event", "register", self.ev.file, "--name", "Eve, Emma", check=False)
        st, _, b = self.srv.write("POST", "/api/players", {"name": "Eve, Emma"})
        self.assertEqual(st, 409)
        self.assertEqual(err.strip(), "arbiter event register: " + b["error"])
        self.assertEqual(code, 1)
        st, _, b = self.srv.write("POST", "/api/players", {"name": "Fox, F", "title": "XYZ"})
        self.assertEqual((st, b["error"]), (409, "unknown title 'XYZ'"))
        st, _, b = self.srv.write("POST", "/api/players", {"name": "Fox, F", "standard": 4000})
        self.assertEqual(st, 409)
        self.assertIn("out of range", b["error"])
        for bad in ("{", "[1]", '{"name": 5}', '{"name": "A", "standard": "high"}'):
            st, _, b = self.srv.request("POST", "/api/players", bad, token=self.srv.token,
                                        headers={"Content-Type": "application/json"})
            self.assertEqual(st, 400, bad)
            self.assertIn("error", b)
        st, _, b = self.srv.write("POST", "/api/players", {"name": "Line\nBreak"})
        self.assertEqual(st, 400)

    def test_edit_player(self):
        # Dunn's rating was 2100 by mistake, 2350 in fact: number 2 before round 4 (C.04.2 Art. 2).
        st, _, p = self.srv.write("PUT", "/api/players/4", {"name": "Dunn, Di", "standard": 2350, "title": "IM"})
        self.assertEqual((st, p["number"], p["rating"], p["title"]), (200, 2, 2350, "IM"))
        _, _, e = self.srv.get("/api/event")
        self.assertEqual([x["name"] for x in e["players"]],
                         ["Alpha, Ann", "Dunn, Di", "Brown, Bob", "Clark, Cy"])
        st, _, b = self.srv.write("PUT", "/api/players/2", {"name": "Alpha, Ann"})
        self.assertEqual(st, 409)
        self.assertIn("registered already", b["error"])
        self.assertEqual(self.srv.write("PUT", "/api/players/7", {"name": "X, Y"})[0], 404)

    def test_hostile_name(self):
        st, _, p = self.srv.write("POST", "/api/players", {"name": HOSTILE, "standard": 2000})
        self.assertEqual(st, 201)
        _, _, e = self.srv.get("/api/event")
        self.assertIn(HOSTILE, [x["name"] for x in e["players"]])  # stored and served verbatim
        st, hs, html = self.srv.get("/api/export/html")
        self.assertEqual(st, 200)
        self.assertNotIn("<script>alert", html)
        self.assertIn("&lt;script&gt;", html)
        # The pages never contain data: names arrive as JSON and are set as text (the browser
        # test checks the rendering); no inline script may run at all.
        _, hs, page = self.srv.get("/")
        self.assertNotIn("alert", page)
        self.assertIn("script-src 'self'", hs["content-security-policy"])
        # Names reach the page only as text: no script of the pages parses HTML from data.
        for js in ("/common.js", "/desk.js", "/public.js"):
            _, _, code = self.srv.request("GET", js, raw=True)
            for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
                self.assertNotIn(sink, code, js)
        self.assertEqual(hs["x-content-type-options"], "nosniff")

    def test_csv_import(self):
        csv = "name,title,federation,standard\nEve, Emma,WFM,ESP,2350\n"
        st, _, b = self.srv.write("POST", "/api/players/import", csv)
        self.assertEqual(st, 400, b)  # 5 fields, the header has 4: nobody registered
        self.assertIn(":2", b["error"])
        csv = 'name,title,federation,standard\n"Eve, Emma",WFM,ESP,2350\n"Fox, Finn",,ENG,1900\n'
        st, _, b = self.srv.write("POST", "/api/players/import", csv)
        self.assertEqual(st, 201, b)
        self.assertEqual([p["name"] for p in b["registered"]], ["Eve, Emma", "Fox, Finn"])
        _, _, e = self.srv.get("/api/event")
        self.assertEqual(len(e["players"]), 6)

    def test_byes_withdraw_reinstate_excuse(self):
        # events.md A: at most one half-point bye, in rounds 1-2.
        st, _, p = self.srv.write("POST", "/api/players/2/byes", {"round": 2, "kind": "half"})
        self.assertEqual(st, 200, p)
        self.assertEqual(p["byes_requested"], [{"round": 2, "kind": "half"}])
        st, _, b = self.srv.write("POST", "/api/players/2/byes", {"round": 1, "kind": "half"})
        self.assertEqual(st, 409)
        code, _, err = cli(ARBITER, "event", "bye", self.ev.file, "2", "--round", "1", check=False)
        self.assertEqual(err.strip(), "arbiter event bye: " + b["error"])
        st, _, b = self.srv.write("POST", "/api/players/3/byes", {"round": 3, "kind": "half"})
        self.assertEqual(st, 409, b)  # round 3 is past the bye rounds
        st, _, p = self.srv.write("POST", "/api/players/3/byes", {"round": 3, "kind": "zero"})
        self.assertEqual(st, 200, p)
        st, _, b = self.srv.write("POST", "/api/players/3/byes", {"round": 3, "kind": "other"})
        self.assertEqual(st, 400)
        st, _, p = self.srv.write("DELETE", "/api/players/2/byes/2")
        self.assertEqual((st, p["byes_requested"]), (200, []))
        st, _, b = self.srv.write("DELETE", "/api/players/2/byes/2")
        self.assertEqual(st, 409)
        st, _, p = self.srv.write("POST", "/api/players/4/withdraw", {})
        self.assertEqual((st, p["withdrawn_from"]), (200, 1))
        st, _, b = self.srv.write("POST", "/api/players/4/withdraw", {"round": 2})
        self.assertEqual(st, 409, b)  # withdrawn already
        st, _, p = self.srv.write("POST", "/api/players/4/reinstate", {})
        self.assertEqual((st, p["withdrawn_from"]), (200, None))
        st, _, b = self.srv.write("POST", "/api/players/4/reinstate", {})
        self.assertEqual((st, b["error"]), (409, "4 Dunn, Di is not withdrawn"))
        st, _, b = self.srv.write("POST", "/api/players/1/excuse", {})
        self.assertEqual(st, 409, b)  # no no-show to excuse
        st, _, b = self.srv.write("POST", "/api/players/9/withdraw", {})
        self.assertEqual(st, 404)
        st, _, b = self.srv.write("POST", "/api/players/x/withdraw", {})
        self.assertEqual(st, 400)

    # ---- rounds --------------------------------------------------------------------------
    def test_pair_results_standings(self):
        st, _, b = self.srv.get("/api/rounds/1")
        self.assertEqual(st, 404)
        st, _, r = self.srv.write("POST", "/api/rounds/next", {})
        self.assertEqual(st, 201, r)
        self.assertEqual(r["round"], 1)
        _, show, _ = cli(ARBITER, "event", "show", self.ev.file)
        # The same boards as the CLI shows: 1 v 3 and 2 v 4 (C.04.3: top half against bottom).
        pairs = {frozenset((b["white"], b["black"])) for b in r["boards"]}
        self.assertEqual(pairs, {frozenset((1, 3)), frozenset((2, 4))})
        self.assertIn("Round 1 of 3 (2 boards)", show)
        st, _, g = self.srv.get("/api/rounds/1")
        self.assertEqual(st, 200)
        self.assertEqual(set(g), {"round", "boards", "byes", "missing", "chess960_start"})
        self.assertEqual([set(b) >= {"board", "white", "black", "result"} for b in g["boards"]], [True, True])
        self.assertEqual([b["result"] for b in g["boards"]], [None, None])
        self.assertEqual(g["missing"], [1, 2])
        # Refused while results are missing: the CLI's message.
        st, _, b = self.srv.write("POST", "/api/rounds/next", {})
        code, _, err = cli(ARBITER, "event", "pair", self.ev.file, check=False)
        self.assertEqual((st, code), (409, 1))
        self.assertEqual(err.strip(), "arbiter event pair: " + b["error"])
        # Bad results: 400 with the CLI's message; unknown round 409; unknown board 400.
        st, _, b = self.srv.write("PUT", "/api/rounds/1/boards/1", {"result": "2-0"})
        code, _, err = cli(ARBITER, "event", "result", self.ev.file, "1", "2-0", check=False)
        self.assertEqual((st, code), (400, 2))
        self.assertEqual(err.strip(), "arbiter event result: " + b["error"])
        self.assertEqual(self.srv.write("PUT", "/api/rounds/1/boards/3", {"result": "1-0"})[0], 400)
        self.assertEqual(self.srv.write("PUT", "/api/rounds/2/boards/1", {"result": "1-0"})[0], 409)
        self.assertEqual(self.srv.write("PUT", "/api/rounds/1/boards/1", {})[0], 400)
        self.assertEqual(self.srv.write("PUT", "/api/rounds/1/boards/1", {"result": 1})[0], 400)
        for text, norm in (("1-0", "1-0"), ("=", "1/2-1/2"), ("-+", "-+"), ("--", "--"), ("+-", "+-"),
                           ("0-1", "0-1")):
            st, _, b = self.srv.write("PUT", "/api/rounds/1/boards/2", {"result": text})
            self.assertEqual((st, b["result"], b["board"]), (200, norm, 2))
        st, _, b = self.srv.write("PUT", "/api/rounds/1/boards/2", {"result": None})
        self.assertEqual((st, b["result"]), (200, None))
        self.assertEqual(self.srv.write("PUT", "/api/rounds/1/boards/1", {"result": "1-0"})[0], 200)
        self.assertEqual(self.srv.write("PUT", "/api/rounds/1/boards/2", {"result": "1/2-1/2"})[0], 200)
        _, show, _ = cli(ARBITER, "event", "show", self.ev.file)
        self.assertIn("1/2-1/2", show)
        st, _, s = self.srv.get("/api/standings")
        self.assertEqual(st, 200)
        _, cli_json, _ = cli(ARBITER, "event", "standings", self.ev.file, "--format", "json")
        self.assertEqual(s, json.loads(cli_json))
        w1 = g["boards"][0]["white"]
        self.assertEqual(s["standings"][0]["startNo"], w1)  # board 1's winner leads with 1 point
        self.assertEqual(s["standings"][0]["points"], 1.0)
        st, _, card = self.srv.get(f"/api/players/{w1}")
        self.assertEqual((st, card["rounds"][0]["result"], card["rounds"][0]["colour"]), (200, "1-0", "white"))
        st, _, r2 = self.srv.write("POST", "/api/rounds/next", {})
        self.assertEqual((st, r2["round"]), (201, 2))
        # Undo restores the event before the pairing, as `arbiter event undo`.
        st, _, h = self.srv.get("/api/history")
        self.assertEqual(h["changes"][-1], "pair round 2")
        st, _, u = self.srv.write("POST", "/api/undo", {})
        self.assertEqual((st, u["undone"]), (200, "pair round 2"))
        _, _, e = self.srv.get("/api/event")
        self.assertEqual(e["paired_rounds"], 1)
        # Finish the event: pairing past the last round is refused.
        for r in (2, 3):
            st, _, rr = self.srv.write("POST", "/api/rounds/next", {})
            self.assertEqual(st, 201, rr)
            for b in rr["boards"]:
                self.assertEqual(self.srv.write("PUT", f"/api/rounds/{r}/boards/{b['board']}", {"result": "1-0"})[0], 200)
        st, _, b = self.srv.write("POST", "/api/rounds/next", {})
        self.assertEqual((st, b["error"]), (409, "all 3 rounds are paired"))
        # Prize places from the final standings: place k holds the players ranked k; a shared
        # place leaves the places below it empty (prizes shared, C.07/the event's regulations).
        _, _, s = self.srv.get("/api/standings")
        st, _, pz = self.srv.get("/api/prizes?places=4")
        self.assertEqual(st, 200)
        for k, place in enumerate(pz["places"], start=1):
            self.assertEqual(sorted(p["number"] for p in place["players"]),
                             sorted(r["startNo"] for r in s["standings"] if r["rank"] == k), k)
        # A sub-ranking: the best players rated under 2250 (events.md B style), places renumbered.
        st, _, sub = self.srv.get("/api/standings?filter=rating%3C2250")
        self.assertEqual(st, 200)
        self.assertEqual(sorted(r["startNo"] for r in sub["standings"]), [3, 4])
        st, _, pz = self.srv.get("/api/prizes?places=1&filter=rating%3C2250")
        self.assertEqual(pz["places"][0]["players"][0]["number"], sub["standings"][0]["startNo"])
        self.assertEqual(self.srv.get("/api/prizes?places=1&filter=nonsense")[0], 400)
        self.assertEqual(self.srv.get("/api/prizes?places=0")[0], 400)
        _, _, e = self.srv.get("/api/event")
        self.assertTrue(e["finished"])

    def test_chess960_start_position(self):
        ev = Scratch(ARBITER, PLAYERS, rounds=3, extra=("--variant", "chess960"))
        srv = Server(ARBITER, ev.file)
        try:
            st, _, r = srv.write("POST", "/api/rounds/next", {})
            self.assertEqual(st, 201, r)
            start = r["chess960_start"]
            # The position the CLI prints for the round (Guidelines II: one per round).
            _, show, _ = cli(ARBITER, "event", "show", ev.file)
            self.assertIn(f"Chess960 start position {start['position']}: ", show)
            self.assertIn("FEN " + start["fen"], show)
            rank = start["fen"].split("/")[0]
            self.assertEqual(sorted(rank), sorted("rnbqkbnr"))
            self.assertEqual(self.srv.get("/api/event")[2]["variant"], "standard")
            self.assertEqual(srv.get("/api/event")[2]["variant"], "chess960")
        finally:
            srv.stop()
            ev.remove()

    def test_force_pairing(self):
        self.srv.write("POST", "/api/rounds/next", {})
        st, _, r = self.srv.write("POST", "/api/rounds/next", {"force": True})
        self.assertEqual((st, r["round"]), (201, 2))

    def test_exports(self):
        self.srv.write("POST", "/api/rounds/next", {})
        for kind, ctype, ext in (("trf", "text/plain", ".trf"), ("html", "text/html", ".html"),
                                 ("csv", "text/csv", ".csv")):
            st, hs, body = self.srv.request("GET", "/api/export/" + kind, raw=True,
                                            token=self.srv.token)
            self.assertEqual(st, 200)
            self.assertTrue(hs["content-type"].startswith(ctype))
            self.assertEqual(hs["content-disposition"], f'attachment; filename="open{ext}"')
        out = os.path.join(self.ev.dir, "cli.trf")
        cli(ARBITER, "event", "export", self.ev.file, "--trf", out)
        with open(out, encoding="utf-8") as f:
            self.assertEqual(
                self.srv.request("GET", "/api/export/trf", raw=True, token=self.srv.token)[2],
                f.read())
        self.assertEqual(self.srv.get("/api/export/pdf")[0], 404)

    # ---- rulings -------------------------------------------------------------------------
    def test_flag_rulings(self):
        # Laws 6.9: the flagged side loses if the opponent can mate by any series of legal moves.
        st, _, r = self.srv.write("POST", "/api/rulings/flag",
                                  {"fen": "4k3/8/8/8/8/8/8/4K2R w - - 0 1", "flagged": "black"})
        self.assertEqual(st, 200, r)
        self.assertEqual((r["ruling"], r["rule"], r["issues"]), ("1-0", "6.9", []))
        self.assertIn(r["legality"], ("legal", "not contradicted"))  # no proof game needed to rule
        self.assertTrue(r["witness"].endswith("#"), r["witness"])
        # ... and it is a draw when the opponent has a bare king.
        _, _, r = self.srv.write("POST", "/api/rulings/flag",
                                 {"fen": "4k3/8/8/8/8/8/8/4K2R w - - 0 1", "flagged": "white"})
        self.assertEqual((r["ruling"], r["witness"]), ("1/2-1/2", ""))
        _, out, _ = cli(ARBITER, "claim", "flag", "--fen", "4k3/8/8/8/8/8/8/4K2R w - - 0 1",
                        "--flagged", "white", "--json")
        self.assertEqual(r["explanation"], json.loads(out)["explanation"])
        # An illegal position gets no ruling (A.5.4 names what happens next).
        _, _, r = self.srv.write("POST", "/api/rulings/flag",
                                 {"fen": "4k3/8/8/8/8/8/8/4KR1K w - - 0 1", "flagged": "white"})
        self.assertIsNone(r["ruling"])
        self.assertNotIn(r["legality"], ("legal", "not contradicted"))
        self.assertTrue(r["issues"])
        for bad in ({"fen": "not a fen", "flagged": "white"}, {"fen": "8/8/8/8/8/8/8/K1k5 w - - 0 1"},
                    {"flagged": "white"}, {"fen": 3, "flagged": "white"}):
            self.assertEqual(self.srv.write("POST", "/api/rulings/flag", bad)[0], 400, bad)

    def test_pgn_report(self):
        pgn = ('[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n'
               '[White "C"]\n[Black "D"]\n[Result "0-1"]\n\n1. e4 e5 2. Ke3 0-1\n')
        st, _, r = self.srv.write("POST", "/api/rulings/pgn", pgn)
        self.assertEqual(st, 200, r)
        self.assertEqual(r["count"], 2)
        self.assertIn(r["games"][0]["status"], ("ok", "warnings"))  # no Event/Site/Date tags
        self.assertEqual(r["games"][1]["status"], "errors")
        self.assertEqual(r["games"][0]["ending"], "checkmate")
        self.assertTrue(any("illegal" in i["code"] for i in r["games"][1]["issues"] if i["severity"] == "error"))

    def test_record_pgn_results(self):
        _, _, r = self.srv.write("POST", "/api/rounds/next", {})
        b1, b2 = r["boards"]
        def game(b, moves, result, rnd="1"):
            return (f'[Round "{rnd}"]\n[White "{b["white_name"]}"]\n[Black "{b["black_name"]}"]\n'
                    f'[Result "{result}"]\n\n{moves} {result}\n\n')
        pgn = (game(b1, "1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#", "1-0") +
               game(b2, "1. e4 e5 2. Ke3", "0-1"))  # Ke3: an illegal move, refused
        st, _, out = self.srv.write("POST", "/api/rounds/1/pgn", pgn)
        self.assertEqual(st, 200, out)
        self.assertEqual(len(out["recorded"]), 1)
        self.assertEqual(len(out["refused"]), 1)
        self.assertIn("upload.pgn:", out["refused"][0])
        _, _, g = self.srv.get("/api/rounds/1")
        self.assertEqual([x["result"] for x in g["boards"]], ["1-0", None])
        # The CLI on the same games: the same refusal (named by its file).
        path = os.path.join(self.ev.dir, "upload.pgn")
        with open(path, "w") as f:
            f.write(pgn)
        code, cli_out, _ = cli(ARBITER, "event", "results", self.ev.file, "--pgn", path, check=False)
        self.assertEqual(code, 1)
        self.assertIn("refused: " + out["refused"][0].replace("upload.pgn", path), cli_out)
        self.assertEqual(self.srv.write("POST", "/api/rounds/2/pgn", pgn)[0], 409)

    def test_defaults_host_port_and_sigint(self):
        # No --host, --port or --token: 127.0.0.1:8960 and a random token. Another program (or
        # another test run) may hold port 8960: then the refusal must name 127.0.0.1:8960.
        import re
        import signal
        p = subprocess.Popen([ARBITER, "serve", self.ev.file], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
        line = p.stdout.readline().rstrip("\n")
        if not line:
            p.wait(timeout=HANG)
            err = p.stderr.read()
            self.assertEqual(p.returncode, 1, err)
            self.assertIn("cannot listen on 127.0.0.1:8960", err)
            return
        self.assertRegex(line, r"^serving " + re.escape(self.ev.file) +
                         r" at http://127\.0\.0\.1:8960/ \(token: [0-9a-f]{32}\)$")
        # SIGINT (Ctrl-C at the desk's terminal) stops it cleanly.
        p.send_signal(signal.SIGINT)
        out, _ = p.communicate(timeout=HANG)
        self.assertEqual((p.returncode, out.strip()), (0, "stopped"))

    def test_signal_during_writes_loses_nothing(self):
        # Writers keep registering while SIGTERM arrives: every registration the desk answered
        # 201 is in the event file, and the file is whole (the CLI reads it).
        acknowledged, lock, stop = [], threading.Lock(), threading.Event()

        def writer(k):
            i = 0
            while not stop.is_set():
                name = f"Late, W{k}-{i:03}"
                try:
                    st, _, _ = self.srv.write("POST", "/api/players", {"name": name})
                except OSError:
                    return  # the server has stopped listening
                if st == 201:
                    with lock:
                        acknowledged.append(name)
                i += 1
        threads = [threading.Thread(target=writer, args=(k,)) for k in range(4)]
        for t in threads:
            t.start()
        import time
        deadline = time.monotonic() + HANG
        while time.monotonic() < deadline:  # until some writes are through (polled, no fixed sleep)
            with lock:
                if len(acknowledged) >= 8:
                    break
            threads[0].join(0.01)
        self.assertGreaterEqual(len(acknowledged), 8)
        code, out = self.srv.stop()  # SIGTERM while the writers go on
        stop.set()
        for t in threads:
            t.join()
        self.assertEqual((code, out.strip()), (0, "stopped"))
        code, show, err = cli(ARBITER, "event", "show", self.ev.file, check=False)
        self.assertEqual(code, 0, err)
        self.assertIn(f"{len(PLAYERS) + len(acknowledged)} players registered", show)
        _, names, _ = cli(ARBITER, "event", "standings", self.ev.file, "--format", "json")
        stored = {r["name"] for r in json.loads(names)["standings"]}
        self.assertEqual(set(acknowledged) - stored, set())

    def test_position_status_as_the_cli(self):
        fens = ["rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",  # legal: 1. e4
                "4k3/8/8/8/8/8/8/4K2R w - - 0 1",        # K+R v K: in play, White can mate
                "4k3/8/8/8/8/8/8/4KR1K w - - 0 1",       # two white kings
                "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",        # stalemate (5.2.1)
                "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",        # checkmate (5.1.1)
                "8/8/8/8/8/2k5/8/K7 w - - 0 1"]          # king against king: dead (5.2.2)
        states = []
        for fen in fens:
            st, _, r = self.srv.write("POST", "/api/rulings/status", {"fen": fen})
            self.assertEqual(st, 200, r)
            _, out, _ = cli(ARBITER, "status", fen, "--json", check=False)
            self.assertEqual(r, json.loads(out), fen)
            states.append(r.get("state"))
        self.assertEqual(states, ["in play", "in play", None, "stalemate (Laws 5.2.1)",
                                  "checkmate (Laws 5.1.1)", "dead position (Laws 5.2.2)"])
        for bad in ({"fen": "not a fen"}, {}, {"fen": 3}, {"fen": "8/8/8/8/8/8/8/K1k5 w - - 0 99999999999"}):
            st, _, b = self.srv.write("POST", "/api/rulings/status", bad)
            self.assertEqual(st, 400, (bad, b))

    def test_regulations_explained(self):
        _, _, e = self.srv.get("/api/event")
        # The Scratch event: --half-point-byes 1 --bye-rounds 2, the default no-show rule.
        self.assertIn("half-point byes: at most 1 per player, in rounds 1-2, requested before their "
                      "round is paired", e["regulations"])
        self.assertTrue(any(r.startswith("a no-show") for r in e["regulations"]), e["regulations"])

    def test_result_change_needs_force_as_in_the_cli(self):
        # Issue 17: a result the next round's pairing was built on changes only when forced.
        self.srv.write("POST", "/api/rounds/next", {})
        for b in (1, 2):
            self.assertEqual(self.srv.write("PUT", f"/api/rounds/1/boards/{b}", {"result": "1-0"})[0], 200)
        self.assertEqual(self.srv.write("POST", "/api/rounds/next", {})[0], 201)
        st, _, b = self.srv.write("PUT", "/api/rounds/1/boards/1", {"result": "0-1"})
        code, _, err = cli(ARBITER, "event", "result", self.ev.file, "1", "0-1", "--round", "1", check=False)
        self.assertEqual((st, code), (409, 1))
        self.assertEqual(err.strip(), "arbiter event result: " + b["error"])
        self.assertIn("give --force", b["error"])
        _, _, g = self.srv.get("/api/rounds/1")
        self.assertEqual(g["boards"][0]["result"], "1-0")
        st, _, b = self.srv.write("PUT", "/api/rounds/1/boards/1", {"result": "0-1", "force": True})
        self.assertEqual((st, b["result"]), (200, "0-1"))
        self.assertTrue(b["effects"])
        _, _, h = self.srv.get("/api/history")
        self.assertIn("(forced, was 1-0)", h["changes"][-1])

    def test_no_show_excused(self):
        # A forfeit loss without a bye is a no-show (events.md A): withdrawn unless excused.
        self.srv.write("POST", "/api/rounds/next", {})
        _, _, r = self.srv.get("/api/rounds/1")
        black = r["boards"][0]["black"]
        self.assertEqual(self.srv.write("PUT", "/api/rounds/1/boards/1", {"result": "+-"})[0], 200)
        _, _, p = self.srv.get(f"/api/players/{black}")
        self.assertEqual(p["no_shows"], [1])
        st, _, p = self.srv.write("POST", f"/api/players/{black}/excuse", {})
        self.assertEqual(st, 200, p)
        self.assertIn("excused", p["message"])
        st, _, b = self.srv.write("POST", f"/api/players/{black}/excuse", {})
        self.assertEqual(st, 409, b)

    def test_held_event_file_is_a_clear_503(self):
        # Issue 17: a disk, permission or lock error is said as the CLI says it (its exit status 4),
        # never a bare "internal error"; nothing is changed, and readers need no lock.
        srv = Server(ARBITER, self.ev.file, env={"ARBITER_LOCK_WAIT": "0.3"})
        before = self.content()
        try:
            with open(self.ev.file, "rb") as held:
                fcntl.flock(held, fcntl.LOCK_EX)  # another arbiter command changing the event
                st, hs, b = srv.write("POST", "/api/undo", {})
                self.assertEqual((st, hs.get("retry-after")), (503, "5"), b)
                st2, _, b2 = srv.write("POST", "/api/players", {"name": "Eve, Ed", "standard": 2000})
                self.assertEqual(st2, 503, b2)
                code, _, err = cli(ARBITER, "event", "undo", self.ev.file, check=False,
                                   env={"ARBITER_LOCK_WAIT": "0.3"})
                self.assertEqual(code, 4)
                self.assertIn("another arbiter command has been changing it for 0.3 s", b["error"])
                self.assertIn(b["error"], err)
                self.assertEqual(b2["error"], b["error"])
                st, _, h = srv.get("/api/history")
                self.assertEqual(st, 200, h)
                self.assertEqual(srv.get("/api/event")[0], 200)
            self.assertEqual(self.content(), before)
        finally:
            srv.stop()

    def test_undo_refused_when_nothing_to_undo(self):
        ev = Scratch(ARBITER, [], rounds=3)
        srv = Server(ARBITER, ev.file)
        try:
            st, _, b = srv.write("POST", "/api/undo", {})
            code, _, err = cli(ARBITER, "event", "undo", ev.file, check=False)
            self.assertEqual((st, code), (409, 1))
            self.assertEqual(err.strip(), "arbiter event undo: " + b["error"])
        finally:
            srv.stop()
            ev.remove()

    def test_readme_shows_the_desk(self):
        # Issue 21: the README shows one screenshot of the desk and says what a venue adds.
        root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
        with open(os.path.join(root, "README.md"), encoding="utf-8") as f:
            readme = f.read()
        self.assertIn("](docs/desk.png)", readme)
        with open(os.path.join(root, "docs", "desk.png"), "rb") as f:
            self.assertEqual(f.read(8), b"\x89PNG\r\n\x1a\n")
        self.assertIn("reverse proxy that adds TLS", readme)

    # ---- pages, paths, limits ------------------------------------------------------------
    def test_pages_and_paths(self):
        for path, ctype in (("/", "text/html"), ("/public", "text/html"), ("/desk.js", "text/javascript"),
                            ("/common.js", "text/javascript"), ("/desk.css", "text/css")):
            st, hs, _ = self.srv.get(path)
            self.assertEqual((st, hs["content-type"].split(";")[0]), (200, ctype), path)
        secret = os.path.join(self.ev.dir, "secret.txt")
        with open(secret, "w") as f:
            f.write("do not serve")
        for path in ("/../../../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/secret.txt",
                     "/open.trf", "/..%2fsecret.txt", "/api/export/..%2f..%2fsecret.txt",
                     "/api/../secret.txt", "//etc/passwd", "/api/event/../../open.trf"):
            st, _, body = self.srv.request("GET", path, raw=True)
            self.assertEqual(st, 404, path)
            self.assertNotIn("do not serve", body)
            self.assertNotIn("root:", body)
        self.assertEqual(self.srv.request("POST", "/", "x", token=self.srv.token)[0], 405)
        self.assertEqual(self.srv.get("/api/nothing")[0], 404)
        st, hs, body = self.srv.request("HEAD", "/api/event", raw=True)
        self.assertEqual((st, body), (200, ""))
        self.assertEqual(self.srv.get("/api/rounds/abc")[0], 400)

    def test_request_size_limit(self):
        # A declared body over 4 MiB is refused from its header, before the body is read.
        with socket.create_connection((self.srv.host, self.srv.port), timeout=HANG) as c:
            c.sendall(b"POST /api/rulings/pgn HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer "
                      + self.srv.token.encode() + b"\r\nContent-Length: 5242880\r\n\r\n")
            self.assertTrue(c.recv(4096).startswith(b"HTTP/1.1 413"))
        # A body just under the limit is read (and is no PGN game).
        st, _, _ = self.srv.request("POST", "/api/rulings/pgn", "x" * ((4 << 20) - 10), token=self.srv.token)
        self.assertEqual(st, 200)
        # A chunked body over the limit is cut off when it passes it.
        with socket.create_connection((self.srv.host, self.srv.port), timeout=HANG) as c:
            c.sendall(b"POST /api/rulings/pgn HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n"
                      b"Authorization: Bearer " + self.srv.token.encode() + b"\r\n\r\n")
            chunk = b"100000\r\n" + b"y" * 0x100000 + b"\r\n"
            try:
                for _ in range(5):
                    c.sendall(chunk)
            except OSError:
                pass
            self.assertTrue(c.recv(4096).startswith(b"HTTP/1.1 413"))
        self.assertEqual(self.srv.get("/api/event")[0], 200)

    def test_rate_limit(self):
        # One request per 100 s after a burst of 20 (the least burst): exact under any load
        # (the test would need 100 s for one more token).
        slow = Server(ARBITER, self.ev.file, "--rate", "0.01")
        try:
            codes = [slow.get("/api/version")[0] for _ in range(30)]
            self.assertEqual(codes, [200] * 20 + [429] * 10)
            st, hs, _ = slow.get("/api/version")
            self.assertEqual((st, hs.get("retry-after")), (429, "1"))
            # Behind a local reverse proxy each forwarded client has its own allowance.
            fwd = [slow.request("GET", "/api/version", headers={"X-Forwarded-For": f"10.0.0.{i}"})[0]
                   for i in range(10)]
            self.assertEqual(fwd, [200] * 10)
        finally:
            slow.stop()

    def test_live_version_changes(self):
        _, _, v1 = self.srv.get("/api/version")
        cli(ARBITER, "event", "bye", self.ev.file, "1", "--round", "1")
        _, _, v2 = self.srv.get("/api/version")
        self.assertNotEqual(v1["version"], v2["version"])

    # ---- concurrency ---------------------------------------------------------------------
    def test_concurrent_cli_and_api_writers(self):
        n = 12
        def api_reg(i):
            return self.srv.write("POST", "/api/players", {"name": f"Api, Player {i:02}", "standard": 1500 + i})[0]
        def cli_reg(i):
            return cli(ARBITER, "event", "register", self.ev.file, "--name", f"Cli, Player {i:02}",
                       "--standard", str(1600 + i), check=False)[0]
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            api_codes = list(pool.map(api_reg, range(n)))
            cli_futures = [pool.submit(cli_reg, i) for i in range(n)]
            api_futures = [pool.submit(api_reg, n + i) for i in range(n)]
            cli_codes = [f.result() for f in cli_futures]
            api_codes += [f.result() for f in api_futures]
        self.assertEqual(api_codes, [201] * 2 * n)
        self.assertEqual(cli_codes, [0] * n)
        _, _, e = self.srv.get("/api/event")
        names = {p["name"] for p in e["players"]}
        for i in range(2 * n):
            self.assertIn(f"Api, Player {i:02}", names)
        for i in range(n):
            self.assertIn(f"Cli, Player {i:02}", names)
        self.assertEqual(len(e["players"]), len(PLAYERS) + 3 * n)
        # Results: the CLI and the API each on half of the boards, at once.
        self.srv.write("POST", "/api/rounds/next", {})
        _, _, r = self.srv.get("/api/rounds/1")
        boards = [b["board"] for b in r["boards"]]
        def api_res(b):
            return self.srv.write("PUT", f"/api/rounds/1/boards/{b}", {"result": "1-0"})[0]
        def cli_res(b):
            return cli(ARBITER, "event", "result", self.ev.file, str(b), "0-1", check=False)[0]
        with concurrent.futures.ThreadPoolExecutor(8) as pool:
            futures = [pool.submit(api_res if b % 2 else cli_res, b) for b in boards]
            codes = [f.result() for f in futures]
        self.assertEqual(codes, [200 if b % 2 else 0 for b in boards])
        _, _, r = self.srv.get("/api/rounds/1")
        self.assertEqual([b["result"] for b in r["boards"]], ["1-0" if b % 2 else "0-1" for b in boards])
        # Every change is in the journal, once.
        _, _, h = self.srv.get("/api/history")
        self.assertEqual(sum(c.startswith("register ") for c in h["changes"]), len(PLAYERS) + 3 * n)

    def test_sigterm_finishes_writes(self):
        results = []
        def writer(i):
            results.append(self.srv.write("POST", "/api/players", {"name": f"Late, L{i}"})[0])
        threads = [threading.Thread(target=writer, args=(i,)) for i in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        code, out = self.srv.stop()
        self.assertEqual(code, 0)
        self.assertIn("stopped", out)
        _, show, _ = cli(ARBITER, "event", "show", self.ev.file)
        self.assertIn(f"{len(PLAYERS) + results.count(201)} players registered", show)

    def test_binds_loopback_only(self):
        s = socket.socket()
        s.settimeout(2)
        try:
            addrs = {a[4][0] for a in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)}
        except OSError:
            addrs = set()
        for a in addrs - {"127.0.0.1", "127.0.1.1"}:
            with self.assertRaises(OSError):
                socket.create_connection((a, self.srv.port), timeout=2)


if __name__ == "__main__":
    ARBITER = sys.argv.pop(1)
    unittest.main(verbosity=2)

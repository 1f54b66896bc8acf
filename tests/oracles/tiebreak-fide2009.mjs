// Test oracle (never a runtime dependency): the npm package `tiebreak` (marceljuenemann/tiebreak)
// computes BH, BH-C1, BH-C2 and BH-M1 of a Swiss TRF file under its FIDE_2009 adjustment, the
// pre-2023 'virtual opponent' rule (tiebreaks.md 4.3). Usage:
//   node tiebreak-fide2009.mjs NODE_MODULES_DIR FILE.trf
// prints `StartNo<TAB>BH<TAB>BH/C1<TAB>BH/C2<TAB>BH/M1`, one line per player after the last round.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

// The package is ESM only; it is loaded from where scripts/install-deps.sh --test put it.
const { Results, Tiebreaker, TournamentType, UnplayedRoundsAdjustment } = await import(
  pathToFileURL(path.join(process.argv[2], "tiebreak", "build", "index.js")).href);

const players = new Map();  // start number -> [{opp, colour, result}] per round
for (const line of fs.readFileSync(process.argv[3], "latin1").split(/\r?\n/)) {
  if (!line.startsWith("001")) continue;
  const sno = parseInt(line.substring(4, 8), 10);
  const cells = [];
  for (let at = 91; at + 8 <= line.length + 1; at += 10) {
    const cell = line.substring(at, at + 8).padEnd(8);
    const opp = parseInt(cell.substring(0, 4), 10) || 0;
    cells.push({ opp, colour: cell[5], result: cell[7] });
  }
  players.set(sno, cells);
}
const rounds = Math.max(...[...players.values()].map((c) => c.length));
const points = { "1": 1, "=": 0.5, "0": 0, W: 1, D: 0.5, L: 0, "+": 1, "-": 0 };
const played = new Set(["1", "=", "0", "W", "D", "L"]);
const results = [];
for (let r = 0; r < rounds; ++r) {
  const round = { pairings: [], pairingAllocatedByes: [], halfPointByes: [] };
  for (const [sno, cells] of players) {
    const c = cells[r] || { opp: 0, colour: " ", result: " " };
    if (c.opp > 0) {
      const other = (players.get(c.opp) || [])[r];
      // Each game once, from White's side (or the lower number when no colour is recorded).
      if (c.colour === "b" || (c.colour !== "w" && c.opp < sno)) continue;
      if (!other) continue;
      round.pairings.push({
        white: sno, black: c.opp,
        scoreWhite: points[c.result] ?? 0, scoreBlack: points[other.result] ?? 0,
        forfeited: !played.has(c.result),
      });
    } else if (c.result === "U" || c.result === "F" || c.result === "+") {
      round.pairingAllocatedByes.push(sno);  // a full point without a game
    } else if (c.result === "H") {
      round.halfPointByes.push(sno);
    }  // Z, '-', blank: not paired
  }
  results.push(round);
}
const t = new Tiebreaker(new Results(TournamentType.SWISS, results), UnplayedRoundsAdjustment.FIDE_2009);
const out = ["StartNo\tBH\tBH/C1\tBH/C2\tBH/M1"];
for (const sno of [...players.keys()].sort((a, b) => a - b))
  out.push([sno, t.buchholz(sno, rounds), t.buchholz(sno, rounds, 1), t.buchholz(sno, rounds, 2),
            t.buchholz(sno, rounds, 1, 1)].join("\t"));
console.log(out.join("\n"));

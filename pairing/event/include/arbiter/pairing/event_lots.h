#pragma once
// The lots of an event that are digests of its seed: round 1's colour (C.04.3 art. 5: the initial
// colour is drawn by lot before round 1), each round's Chess960 start position (Laws Guidelines
// II: one position for the whole round) and the play-off's colours, Berger numbers and 960
// positions (events.md A: colours by lot; in the 960 event the position is drawn too). Each lot
// is drawn from the text "SEED:what" and leaves an audit line anyone can re-run from the file.
//
// The digest (SHA-256) and the Chess960 draw (Scharnagl numbering) are the engine's, and the
// pairing libraries do not depend on the engine (README: engine <- adjudication <- tools,
// pairing <- tools): the caller hands both in as a LotDraws, and everything else (what is drawn,
// from which text, how a digest decides, what is recorded) is decided here.
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/pairing/event.h"
#include "arbiter/pairing/event_round.h"

namespace arbiter::pairing {

// A Chess960 start position drawn from a seed text.
struct Chess960Start {
  int number = 518;       // Scharnagl number 0..959
  std::string back_rank;  // White's back rank, files a..h, e.g. "RNBQKBNR"
  std::string audit;      // the draw's audit line (seed, algorithm, number)
};

struct LotDraws {
  // SHA-256 (FIPS 180-4) of the bytes, as 64 lower-case hex digits.
  std::function<std::string(std::string_view)> sha256_hex;
  // The Chess960 position drawn reproducibly from a seed text.
  std::function<Chess960Start(std::string_view seed)> chess960;
};

// The text a lot is drawn from: "SEED:what" (e.g. "1919:initial colour").
std::string lot_text(const Event& e, std::string_view what);

// Pairs the next round (pair_next_round) with its lots: before round 1 of a Swiss without an
// initial colour, the colour of player 1 (Black when the first byte of SHA-256("SEED:initial
// colour") is odd), recorded in EventSettings::lots and first among the notes; in a Chess960
// event the round's start position drawn from "SEED:round N" (replacing one drawn before for
// that round). The event is unchanged when it throws.
PairedRound pair_with_lots(Event& e, bool force, const LotDraws& draws);

// A play-off drawn by draw_event_playoff: who plays, on what score they tie, the lot's audit line
// and, in a Chess960 event, each game's start position.
struct DrawnPlayoff {
  std::vector<int> players;              // pairing numbers, standings order
  double points = 0;                     // the score they tie on
  std::string lot_audit;                 // how colours (and Berger numbers) were drawn
  std::vector<Chess960Start> positions;  // 960 events: one per game, in game order
};

// Draws the event's play-off (event_playoff.h) in its standings scope: the lot is SHA-256 of
// "SEED:armageddon colours" for an Armageddon, of "SEED:playoff lot" otherwise; in a 960 event
// game i's position is drawn from "SEED:armageddon" (Armageddon) or "SEED:playoff game i". The
// games are recorded in EventSettings::playoff_games. Throws EventError when the play-off was
// drawn already or the first two are not tied on points.
DrawnPlayoff draw_event_playoff(Event& e, const LotDraws& draws);

}  // namespace arbiter::pairing

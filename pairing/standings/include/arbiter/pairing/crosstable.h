#pragma once
// The results of an individual tournament as standings and tie-breaks see them: per player and
// round what happened (a game won, drawn or lost, a forfeit, a bye of some kind) against whom and
// with which colour, and the points it earned under the event's scoring system. Built from the
// tournament model (crosstable_from(Tournament), standings_trf.h) or directly (tests, the FIDE
// exercise CSV).
#include <optional>
#include <string>
#include <vector>

#include "arbiter/vocabulary/color.h"

namespace arbiter::pairing {

// What a round was for one player (C.07 art. 16.1/16.2 vocabulary).
enum class Outcome : unsigned char {
  Win,
  Draw,
  Loss,  // played over the board
  ForfeitWin,
  ForfeitLoss,  // paired, not played (double forfeit: both ForfeitLoss)
  PairingBye,   // PAB (16.2.1)
  FullBye,      // full-point bye (16.2.1)
  HalfBye,      // requested half-point bye (HPB)
  ZeroBye,      // zero-point bye: requested, absent, withdrawn, not yet entered
};

struct Cell {
  int opponent = 0;             // start number, 0 = none
  std::optional<Color> colour;  // none: no game (a bye, an absence)
  Outcome outcome = Outcome::ZeroBye;
  double points = 0;  // points earned under the event's scoring system
  bool rated = true;  // a played game that counts for rating (TRF W/D/L codes: false)

  bool played() const {
    return opponent > 0 &&
           (outcome == Outcome::Win || outcome == Outcome::Draw || outcome == Outcome::Loss);
  }
  bool forfeit() const {
    return opponent > 0 && (outcome == Outcome::ForfeitWin || outcome == Outcome::ForfeitLoss);
  }
  // C.07 16.1: a voluntary unplayed round = requested bye (HPB, ZPB, incl. rounds after a
  // withdrawal) or forfeit loss.
  bool vur() const {
    return outcome == Outcome::HalfBye || outcome == Outcome::ZeroBye ||
           outcome == Outcome::ForfeitLoss;
  }
  // Rating points of a played game (1 / 0.5 / 0), whatever the scoring system.
  double rating_points() const {
    return outcome == Outcome::Win ? 1.0 : outcome == Outcome::Draw ? 0.5 : 0.0;
  }
};

struct CrossPlayer {
  int start_no = 0;                                     // 1..N, players[start_no - 1]
  std::string name, title, federation, fide_id, birth;  // birth "YYYY/MM/DD", "YYYY" or ""
  char sex = ' ';                                       // 'm', 'w' / 'f'
  int rating = 0;                                       // 0 = unrated
  std::vector<Cell> cells;      // one per round, rounds 1..Crosstable::rounds
  double recorded_points = -1;  // as the source recorded them (-1 = not given)
  double points() const {
    double s = 0;
    for (const Cell& c : cells) s += c.points;
    return s;
  }
};

struct Crosstable {
  std::string name, city, federation, start_date, end_date, time_control, chief_arbiter;
  int date = 0;              // start date YYYYMMDD (0 = unknown): selects the tie-break rules
  int rounds = 0;            // rounds counted for the standings (completed rounds)
  int total_rounds = 0;      // rounds of the event (>= rounds; Fore Buchholz's "final round")
  bool round_robin = false;  // C.07 15.2 pre-determined pairings
  double win_points = 1.0, draw_points = 0.5;  // scoring system (C.07 7.1, 16.4.2 use them)
  std::vector<CrossPlayer> players;

  const CrossPlayer& player(int start_no) const { return players.at(size_t(start_no - 1)); }
};

// "2025/05/19", "25/05/19", "2025-05-19" -> 20250519; 0 when not a date.
int parse_date(const std::string& s);

}  // namespace arbiter::pairing

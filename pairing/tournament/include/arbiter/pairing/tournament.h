#pragma once
// The tournament model shared by TRF I/O, the pairing systems (Dutch, round robin), standings,
// tiebreaks and the event workflow.
//
// It mirrors what a FIDE TRF file records (C.04 Annex 2 TRF-16, TRF-2026; see
// ../shared/reference/trf.md): players with their static data and one cell per round exactly as
// TRF writes it (opponent, colour, result code), plus the tournament-level records. It is a plain
// value type: copy it, edit it, write it back. Nothing here pairs or ranks anybody.
//
// Conventions
// - Players are identified by their TPN (tournament pairing number = TRF "starting rank", 001
//   cols 5-8), 1-based. `Tournament::players` is kept sorted by TPN and, after a successful read,
//   TPNs are exactly 1..N, so `players[tpn - 1]` is player `tpn` (use `player(tpn)`).
// - Rounds are 1-based in every API; `Player::rounds[r - 1]` is round r's cell.
// - Points are integers in tenths of a point (`Points`): TRF writes every score with one decimal
//   (001 cols 81-84, 162, XXS), so tenths are exact and scores compare with ==.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/vocabulary/color.h"

namespace arbiter::pairing {

using Tpn = int;     // tournament pairing number (starting rank), 1..N; 0 = no player
using Points = int;  // tenths of a point: 10 = 1 point, 5 = 1/2 point

inline constexpr Points kOnePoint = 10;
// "1.5", "0.5", "12.0", "-1.0": one decimal, as TRF writes points.
std::string format_points(Points p);

// Result code of one round cell (TRF-16/TRF-2026 column 99+10(r-1)), upper-cased on reading.
// (Not arbiter::Result<T, E>, the value-or-error type of engine/result.h.)
enum class ResultCode : char {
  None = ' ',  // blank: with an opponent = result not known yet; without = absent (= Z, TRF-2026)
  Win = '1',   // played over the board
  Draw = '=',
  Loss = '0',
  ForfeitWin = '+',   // opponent did not appear (not played); "0000 - +" = full-point bye
  ForfeitLoss = '-',  // did not appear; both sides '-' = double forfeit; "0000 - -" = absence
  UnratedWin = 'W',   // played, but less than one move (not rated)
  UnratedDraw = 'D',
  UnratedLoss = 'L',
  HalfBye = 'H',     // half-point bye (requested, C.04.2)
  FullBye = 'F',     // full-point bye (only where the regulations allow it)
  PairingBye = 'U',  // pairing-allocated bye (PAB, C.04.1 art. 3/4): at most one per round
  ZeroBye = 'Z',     // zero-point bye: known absence, or a round missed by a late entrant
};
// Whether `c` (either case) is a TRF result code.
bool is_result_code(char c);

// How a round without a game was spent (C.04.2 byes and absences).
enum class ByeKind : std::uint8_t { NotABye, PairingAllocated, Full, Half, Zero };

// One round of one player, exactly as the TRF cell records it.
struct RoundEntry {
  Tpn opponent = 0;             // 0 = no opponent (bye / absence), TRF "0000" or blank
  std::optional<Color> colour;  // none: no game (a bye, an absence, TRF '-')
  ResultCode result = ResultCode::None;

  constexpr bool has_opponent() const { return opponent != 0; }
  // A game took place over the board (1 = 0, or W D L: under one move, not rated). Only played
  // games count as a meeting (C.04.1 art. 2) and for colour history (C.04.2 art. 3.4).
  constexpr bool played() const {
    return has_opponent() &&
           (result == ResultCode::Win || result == ResultCode::Draw || result == ResultCode::Loss ||
            result == ResultCode::UnratedWin || result == ResultCode::UnratedDraw ||
            result == ResultCode::UnratedLoss);
  }
  // A played game that counts for rating (1 = 0 only).
  constexpr bool rated_game() const {
    return has_opponent() &&
           (result == ResultCode::Win || result == ResultCode::Draw || result == ResultCode::Loss);
  }
  // Paired against an opponent but the game was not played (+ or -); double forfeit when both
  // sides carry '-'.
  constexpr bool forfeit() const {
    return has_opponent() &&
           (result == ResultCode::ForfeitWin || result == ResultCode::ForfeitLoss);
  }
  // Paired, result not known yet (blank result, or a game being played).
  constexpr bool pending() const { return has_opponent() && result == ResultCode::None; }
  // The pairing-allocated bye (U).
  constexpr bool pairing_bye() const { return !has_opponent() && result == ResultCode::PairingBye; }
  // Did not take part in the round's pairing: H, F, Z, blank or '-' without an opponent.
  constexpr bool absent() const { return !has_opponent() && result != ResultCode::PairingBye; }
  ByeKind bye_kind() const;
  bool operator==(const RoundEntry&) const = default;
};

// Points per kind of round outcome. Defaults: 1-1/2-0 with byes and forfeits as TRF/C.04 say
// (PAB = FPB = forfeit win = win, HPB = draw, ZPB = forfeit loss = 0, unknown = draw).
// TRF-2026 162 codes: W (win, forfeit win, FPB) D (draw, HPB) L (played loss) A/Z (absence: ZPB,
// forfeit loss) P (PAB) X (unknown). JaVaFo XXS codes and bbpPairings BB* records map onto the
// same fields (see trf.md).
struct Scoring {
  Points win_white = 10, win_black = 10;             // XXS WW, BW
  Points draw_white = 5, draw_black = 5;             // XXS WD, BD
  Points loss_white = 0, loss_black = 0;             // XXS WL, BL
  Points forfeit_win = 10, forfeit_loss = 0;         // XXS FW, FL
  Points full_bye = 10, half_bye = 5, zero_bye = 0;  // XXS FPB HPB ZPB
  Points pairing_bye = 10;  // XXS PAB, 162 P (C.04.1: the same for every PAB)
  Points unknown = 5;       // 162 X: adjourned / not known, counts as a draw

  static Scoring classic() { return {}; }  // 1 - 1/2 - 0
  static Scoring three_one_zero();         // 3 - 1 - 0 (PAB, FPB, forfeit win 3; HPB 1)
  // Points scored in one cell under this system.
  Points points(const RoundEntry& e) const;
  // The win / draw / loss values (taken from the White side) that TRF-2026 162 names W/D/L.
  Points win() const { return win_white; }
  Points draw() const { return draw_white; }
  Points loss() const { return loss_white; }
  bool operator==(const Scoring&) const = default;
};

// Round-robin or Swiss, from 092 free text or the TRF-2026 192 code.
enum class System : std::uint8_t {
  Unspecified,
  Dutch,      // FIDE_DUTCH_2025 (and any "Swiss" 092 text)
  DutchBaku,  // FIDE_DUTCH_2025_BAKU (C.04.5)
  Burstein,
  RoundRobin,        // 092 "Round Robin", 192 FIDE_ROUNDROBIN / BERGER_ROUNDROBIN
  DoubleRoundRobin,  // 092 "Double Round Robin"
  Other,
};

enum class RatingList : std::uint8_t { Standard, Rapid, Blitz };

struct Ratings {
  int standard = 0, rapid = 0, blitz = 0;  // FIDE lists; 0 = unrated on that list
  int national = 0;                        // national (regional) rating; 0 = none
  int fide(RatingList l) const {
    return l == RatingList::Rapid ? rapid : l == RatingList::Blitz ? blitz : standard;
  }
  bool operator==(const Ratings&) const = default;
};

struct Player {
  Tpn tpn = 0;             // 001 cols 5-8
  char sex = ' ';          // 001 col 10: 'm', 'w' (or whatever the file had)
  std::string title;       // 001 cols 11-13, trimmed: GM IM WGM FM WIM CM WFM WCM (or g m ...)
  std::string name;        // 001 cols 15-47, UTF-8, trimmed ("Lastname, Firstname")
  int rating = 0;          // 001 cols 49-52: the rating the file's event uses; 0 = unrated
  std::string federation;  // 001 cols 54-56
  std::string fide_id;     // 001 cols 58-68, trimmed (digits; kept as text)
  std::string birth;       // 001 cols 70-79, trimmed: YYYY/MM/DD, YYYY or empty
  std::optional<Points> recorded_points;  // 001 cols 81-84 as written (not recomputed)
  int rank = 0;                           // 001 cols 86-89; 0 = blank
  std::vector<RoundEntry> rounds;         // cells from col 92; trailing blank cells are not stored
  // FIDE standard/rapid/blitz and national ratings: event data; the TRF reader fills only
  // `national`, from TRF-2026 NRS records (172 FED METHOD + "FED nnnn ..." lines).
  Ratings ratings;
  // Event data (C.04.2): first round the player takes part in (late entry > 1) and the round
  // from which the player is withdrawn (0 = not withdrawn). TRF has no field for these; the TRF
  // reader leaves the defaults and the event workflow sets them.
  int entry_round = 1;
  int withdrawn_from = 0;
  int source_line = 0;  // line of the 001 record it was read from (0 = not read from a file)

  // Cell of round r (1-based); an empty cell (no opponent, blank) beyond the recorded ones.
  RoundEntry round(int r) const {
    return r >= 1 && r <= int(rounds.size()) ? rounds[r - 1] : RoundEntry{};
  }
  // Whether round r has a recorded cell at all (a TRF line ending before it has none).
  bool has_round(int r) const { return r >= 1 && r <= int(rounds.size()); }
  // Sum of the points of rounds 1..upto (all recorded rounds when upto < 0).
  Points score(const Scoring& s, int upto = -1) const;
  bool operator==(const Player&) const = default;
};

// Forbidden pairings (JaVaFo XXP; TRF-2026 260): the listed players may not meet each other in
// rounds first_round..last_round (0 = to the end).
struct ForbiddenPairs {
  int first_round = 1, last_round = 0;
  std::vector<Tpn> players;
  bool operator==(const ForbiddenPairs&) const = default;
};

// Accelerated (fictitious) points (JaVaFo XXA; TRF-2026 250; Baku C.04.5): `points` are added to
// the players first_player..last_player for pairing rounds first_round..last_round.
struct Acceleration {
  Points points = 0;
  Points match_points = 0;  // 250 cols 5-8 (team events); 0 for individuals
  int first_round = 1, last_round = 1;
  Tpn first_player = 0, last_player = 0;
  bool operator==(const Acceleration&) const = default;
};

// A pre-declared bye or absence (TRF-2026 240, JaVaFo XXZ): also applied to the players' cells.
struct DeclaredBye {
  ResultCode kind = ResultCode::ZeroBye;  // HalfBye, FullBye or ZeroBye
  int round = 0;
  std::vector<Tpn> players;
  bool from_xxz = false;  // written back as XXZ (TRF-16) rather than 240
  bool operator==(const DeclaredBye&) const = default;
};

// A record the model does not interpret (team records 013/3xx, 299, 801/802, DAT, program-
// specific extensions, arbiter's own extension records, ### comments, TRF-2026 National Rating
// Support records — whose rating the reader also copies to Ratings::national): kept verbatim, in
// order.
struct ExtraRecord {
  std::string line;            // the whole line without its line ending
  bool after_players = false;  // appeared after the first 001 record
  bool operator==(const ExtraRecord&) const = default;
};

enum class TrfFormat : std::uint8_t { Trf16, Trf2026 };

struct Tournament {
  // Header records (TRF-16 ??2), trimmed free text unless noted.
  std::string name;                     // 012
  std::string city;                     // 022
  std::string federation;               // 032
  std::string start_date;               // 042 (as written: YYYY/MM/DD or YY/MM/DD)
  std::string end_date;                 // 052
  std::optional<int> declared_players;  // 062
  std::optional<int> declared_rated;    // 072
  std::optional<int> declared_teams;    // 082
  std::string type;           // 092 free text (e.g. "Individual: Swiss-System", "Round Robin")
  std::string chief_arbiter;  // 102
  std::vector<std::string> deputy_arbiters;  // 112, one per line
  std::string time_control;                  // 122 free text
  std::vector<std::string> round_dates;      // 132, per round (cols 92-99, 102-109, ...), trimmed

  // TRF-2026 tournament records.
  std::string pairing_controller;                  // 182
  std::string type_code;                           // 192 (FIDE_DUTCH_2025, FIDE_ROUNDROBIN, ...)
  std::string tiebreaks;                           // 202 comma-separated C.07 codes
  std::string standings;                           // 212 "PTS,..."
  std::string encoded_time_control;                // 222
  std::string ranking_federation, ranking_method;  // 172 "FED METHOD"

  // Pairing data (TRF-2026 142/152/162 or TRF(x) XXR/XXC/XXS, bbp BB*).
  int total_rounds = 0;                 // 142 / XXR; 0 = not given (see rounds_to_play())
  std::optional<Color> initial_colour;  // 152 / XXC white1|black1; none = not given
  bool xxc_rank = false;                // XXC "rank": ids are the rank column (kept, not applied)
  Scoring scoring;
  bool scoring_given = false;  // a 162/XXS/BB* record was present (written back if so)
  std::vector<Acceleration> accelerations;
  std::vector<ForbiddenPairs> forbidden;
  std::vector<DeclaredBye> declared_byes;

  std::vector<Player> players;  // sorted by TPN; TPNs 1..N
  std::vector<ExtraRecord> extra_records;
  TrfFormat format = TrfFormat::Trf16;  // what the file looked like (any TRF-2026 record seen)

  // Player by TPN (1..N); throws std::out_of_range for an unknown TPN.
  const Player& player(Tpn tpn) const;
  Player& player(Tpn tpn);
  int player_count() const { return int(players.size()); }

  // The most rounds any player has a cell for.
  int recorded_rounds() const;
  // Rounds whose pairing is (at least partly) made: the last round in which some player has an
  // opponent or the PAB. Pre-declared byes for the next round do not count.
  int paired_rounds() const;
  // total_rounds if given, else recorded_rounds().
  int rounds_to_play() const { return total_rounds > 0 ? total_rounds : recorded_rounds(); }

  // 092/192 interpreted.
  System system() const;
  bool round_robin() const {
    auto s = system();
    return s == System::RoundRobin || s == System::DoubleRoundRobin;
  }

  // Players to be paired in round r: those without an opponent, PAB or declared bye/absence in
  // that round's cell, and not withdrawn (Player::withdrawn_from) or entering later.
  std::vector<Tpn> to_pair(int round) const;

  // Accelerated points of a player when pairing round r (sum of the matching Acceleration rules).
  Points acceleration(Tpn tpn, int round) const;
  // Whether a and b may not meet in round r (forbidden pairs).
  bool forbidden_pair(Tpn a, Tpn b, int round) const;

  // Both players forfeited their game of round r against each other.
  bool double_forfeit(Tpn tpn, int round) const;

  // Initial colour of the top player as bbpPairings/JaVaFo infer it when 152/XXC is absent:
  // the highest-ranked player paired in round 1 (incl. PAB) had it; if he had no colour, the next
  // one had the opposite, and so on (board parity). None if round 1 gives no clue.
  std::optional<Color> inferred_initial_colour() const;
  std::optional<Color> initial_colour_or_inferred() const {
    return initial_colour ? initial_colour : inferred_initial_colour();
  }
  bool operator==(const Tournament&) const = default;
};

// The tournament as it stood before round `round` (>= 1) was paired, as the endorsed engines'
// checkers feed it (`pair --check`, replays): rounds 1..round-1 as recorded, plus the cells of
// round `round` that were known before its pairing (TRF-16 "0000 - H/F/Z" in the next round's
// cell, C.04.2 byes and absences; a blank cell is a known absence, written Z): requested
// byes, forfeits without an opponent, withdrawals. Cells with an opponent or the PAB are the
// pairing itself and are dropped, as are later rounds. The initial colour is fixed (round 1's
// colours tell it), the number of rounds kept, the recorded points (which count later rounds)
// cleared, and the declared-bye records dropped (their cells are already in the players' lines).
Tournament before_round(const Tournament& t, int round);

}  // namespace arbiter::pairing

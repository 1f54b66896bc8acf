#pragma once
// What an event's regulations fix and TRF cannot say, and how arbiter keeps it inside the TRF
// file: one `XAR` record per setting. Every TRF reader skips records whose identifier it does
// not know (TRF-16 and TRF-2026: "unknown identifiers are ignored"; TieBreakServer and
// bbpPairings both do), so the event file stays a plain TRF-2026 file for other programs.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/pairing/tournament.h"

namespace arbiter::pairing {

// A bad event file or event argument; what() is one line naming the file, line and column.
// Refusals by the event's rules (a bye over the limit, pairing with results missing) are
// EventError; malformed input (a result that is no result, an unknown player) EventInputError.
class EventError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};
class EventInputError : public EventError {
 public:
  using EventError::EventError;
};

enum class EventSystem { Dutch, RoundRobin, DoubleRoundRobin };
enum class EventVariant { Standard, Chess960 };

std::string_view to_string(EventSystem);
std::string_view to_string(RatingList);  // the tournament model's RatingList
std::string_view to_string(EventVariant);
std::optional<EventSystem> parse_event_system(std::string_view);
std::optional<RatingList> parse_rating_list(std::string_view);
std::optional<EventVariant> parse_variant(std::string_view);

// Half-point byes on request (events.md A: "Rapid: up to 3 byes, only in rounds 1-6";
// "requested in writing before round 1"; "players receiving financial support may be denied
// byes").
struct ByeRules {
  int max_half_point_byes = 0;  // 0: the event grants no half-point byes
  int last_round = 0;           // byes allowed in rounds 1..last_round (0: any round)
  int deadline = 0;  // requests only before round `deadline` is paired (0: before the bye's round)
  bool operator==(const ByeRules&) const = default;
};

// What a no-show (a forfeit loss without a requested bye) does to the player (events.md A, C:
// withdrawn unless excused in writing before the next pairing, a second one for good; B,
// Zaragoza rule 13: the player loses that game only).
enum class NoShowPolicy { Withdraw, ForfeitOnly, WithdrawAfterN };
struct NoShowRule {
  NoShowPolicy policy = NoShowPolicy::Withdraw;
  int after = 2;  // WithdrawAfterN: the N-th unexcused no-show withdraws for good
  bool operator==(const NoShowRule&) const = default;
};
std::optional<NoShowRule> parse_no_show(
    std::string_view);  // withdraw|forfeit-only|withdraw-after-N
std::string to_string(const NoShowRule&);
// The supervision regimes EventSettings::regime accepts.
bool is_regime_name(std::string_view);
// The edition of the Dutch rules (C.04.3) that pairs a Swiss event starting on `start`
// (YYYY/MM/DD): the 2026 text applies from 1 February 2026; an event that started before that
// is paired under the 2017 text to its end. 2017 or 2026.
int dutch_rules_for_start(std::string_view start);

// Entry rules (events.md A: up to 200 players; B: at most 16).
struct EntryRules {
  int max_players = 0;               // 0: no cap
  bool fide_id_for_foreign = false;  // players of another federation than the event's need one
  // Points for rounds missed by a late entry (C.04.2 Art. 2: zero, or a half-point bye where the
  // regulations say so): 'Z' or 'H'.
  char missed_rounds = 'Z';
  // Late entries after round 1 is paired take the next free number instead of renumbering the
  // field (C.04.2 Art. 2 allows renumbering until round 4 is paired; it does not require it),
  // so the numbers on published lists stay valid.
  bool keep_published_numbers = false;
  bool operator==(const EntryRules&) const = default;
};

// The Chief Arbiter's exception to a rule, recorded with its reason (e.g. reinstating a player
// after a second no-show).
struct ArbiterException {
  int player = 0, round = 0;  // round: the next round to be paired when it was made
  std::string what, reason;
  bool operator==(const ArbiterException&) const = default;
};

// Play-offs decided on the board (C.07 art. 3: format, colours and clocks are fixed by the
// event's regulations):
// - Armageddon (events.md A): one game between the first two when they tie on points, colours
//   by lot, White must win, a draw gives the place to Black. Clocks are event-defined
//   (tiebreaks.md 7: never hard-coded); TRF-2026 record 222 writes them as `W300-B240`.
// - Match of N games (events.md B: "if several tie, a 4-game match decides" the Aragon title)
//   between the first two, colours of game 1 by lot, then alternating.
// - Group: a small round robin (Berger table, C.05 Annex 1) among everybody tied on the top
//   score, e.g. a blitz play-off; the numbers in the table (so the colours) drawn by lot;
//   `games` cycles (1 single, 2 double round robin).
// `scope` (a standings filter, e.g. "players=3,7,12") makes the play-off decide the first place
// of that sub-ranking instead of the whole event (events.md B: the best-placed resident of
// Aragon is champion of Aragon).
enum class PlayoffFormat { None, Armageddon, Match, Group };
struct PlayoffRules {
  PlayoffFormat format = PlayoffFormat::None;
  int white_seconds = 300;  // Armageddon clocks
  int black_seconds = 240;
  int games = 0;  // Match: games in the match; Group: cycles of the round robin
  std::string scope;
  bool operator==(const PlayoffRules&) const = default;
};
// "none", "armageddon:300/240", "match:4", "group" or "group:2" (scope not included).
std::optional<PlayoffRules> parse_playoff(std::string_view);
std::string to_string(const PlayoffRules&);  // the same spelling back

// The start position of one round of a Chess960 event, drawn from the event seed.
struct RoundStart {
  int round = 0;
  int position = 518;  // Scharnagl number 0..959
  std::string audit;   // the audit line printed when it was drawn
  bool operator==(const RoundStart&) const = default;
};

// One game of the play-off (the Armageddon, a match game or a group game): drawn, then its
// result entered.
struct PlayoffGame {
  int white = 0, black = 0;  // pairing numbers
  std::string result;        // "1-0", "0-1", "1/2-1/2" or "" while not played
  int position = -1;         // 960 events: Scharnagl number of the drawn position
  std::string audit;         // the lot (and the 960 draw) as printed
  bool operator==(const PlayoffGame&) const = default;
};

struct EventSettings {
  EventSystem system = EventSystem::Dutch;
  int rounds = 0;
  RatingList rating_list = RatingList::Standard;
  std::string tiebreaks;  // C.07 list, space separated, e.g. "BH/C1 GE DE ARO/C1 WON"
  int rules = 2026;       // tiebreak rule set: 2026, 2024 or 2022 (virtual opponent)
  ByeRules byes;
  // Swiss events: the edition of C.04.3 that pairs them, 2026 or 2017 (an event that started
  // before 1 February 2026 is paired under the 2017 text to its end), and the Baku acceleration
  // (C.04.5.1; in the engine's reading, see dutch.h). Written to 192 as FIDE_DUTCH_2017 or
  // FIDE_DUTCH_2025, with _BAKU when accelerated.
  int pairing_rules = 2026;
  bool baku = false;
  NoShowRule no_show;
  EntryRules entry;
  // The supervision regime of the whole event (Laws A.4/A.5, B.2/B.3), in adjudication's
  // spelling: standard, rapid, blitz, rapid-unsupervised, blitz-unsupervised; "" = from each
  // game's TimeControl tag, supervised. `event results --pgn` validates the games under it.
  std::string regime;
  // ARO/TPR: the rating the regulations give an unrated opponent (0: C.07's own treatment).
  int unrated_rating = 0;
  EventVariant variant = EventVariant::Standard;
  std::uint64_t seed = 0;  // every lot of the event (RR numbers, 960 positions, playoff colours)
  PlayoffRules playoff;
  std::vector<RoundStart> starts;  // 960: one per paired round
  // Requested byes not yet paired (C.04.2): pairing number -> round -> 'H', 'F' or 'Z'. A bye
  // lives here until its round is paired, then in the player's round cell.
  std::map<int, std::map<int, char>> byes_requested;
  std::map<int, std::vector<int>> excused;  // pairing number -> no-show rounds excused in time
  std::map<int, int> withdrawn;             // pairing number -> first round not paired
  std::map<int, bool> withdrawn_for_good;   // second no-show (events.md A, C)
  std::map<int, int> entry_round;           // late entries: pairing number -> first round
  std::map<int, std::string> round_dates;   // round -> YYYY/MM/DD (TRF-2026 132 is YY/MM/DD)
  std::map<int, std::string> byes_denied;   // pairing number -> reason (no byes granted)
  std::vector<ArbiterException> exceptions;
  // Every rating list of a player (001 holds only the event's): standard, rapid, blitz, national.
  std::map<int, std::array<int, 4>> ratings;
  // Board order of each paired round: round -> (white, black) per board, board 1 first.
  std::map<int, std::vector<std::pair<int, int>>> boards;
  // Registration columns without a TRF field (club, e-mail): pairing number -> (key, value).
  std::map<int, std::vector<std::pair<std::string, std::string>>> extra;
  std::vector<std::string> lots;           // audit lines of the lots drawn (colours, RR numbers)
  std::vector<PlayoffGame> playoff_games;  // in playing order; empty until drawn
  // Categories the standings and the prize list show (code -> the prize file's spelling:
  // women, junior:YEAR, senior:YEAR, rating:LO-HI, federation:FED, COLUMN=VALUE), in order.
  std::vector<std::pair<std::string, std::string>> categories;
  std::vector<std::string> unknown;  // XAR records of a newer arbiter, kept verbatim
  bool operator==(const EventSettings&) const = default;
};

inline constexpr std::string_view kEventRecord = "XAR";

// The XAR records for `s` (each a line without end-of-line).
std::vector<std::string> write_settings(const EventSettings& s);

// One event file split into arbiter's records and the TRF proper.
struct EventText {
  EventSettings settings;
  std::string trf;  // every other line, in order, '\n'-terminated
  // The records every event file has (write_settings writes them unconditionally) that the text
  // lacks: read_event refuses such a file rather than load it with a default in their place
  // (a round count of 0 or a seed of 0 would change the event).
  std::vector<std::string> missing = {};
};
// Splits `text` (CR, LF or CRLF line ends); `file` only names the source in errors.
EventText split_event_text(std::string_view text, std::string_view file);
// TRF text followed by the XAR block.
std::string join_event_text(const EventText& e);

// Renumbers every pairing number in the settings after a change of the initial order
// (C.04.2 Art. 2: late entries renumber until round 4 is paired). map[old] = new.
void renumber(EventSettings& s, const std::map<int, int>& map);

}  // namespace arbiter::pairing

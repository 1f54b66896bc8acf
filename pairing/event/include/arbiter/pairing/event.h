#pragma once
// One tournament as the arbiter runs it: the TRF model (tournament.h) plus the event's settings
// (event_settings.h), and the arbiter's operations on it — registration, byes, withdrawals,
// the no-show rule, pairing a round into the cells, results. Every operation either succeeds
// completely or throws EventError (one line) and leaves the event unchanged; the caller saves
// the event through EventStore. Nothing here pairs (Dutch, round robin) or ranks: the caller
// hands in the pairing made by those modules.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "arbiter/pairing/event_settings.h"
#include "arbiter/pairing/tournament.h"

namespace arbiter::pairing {

struct Event {
  Tournament tournament;
  EventSettings settings;
};

// Reads an event file's text: XAR records into the settings, the rest through the TRF reader.
// Throws EventError or TrfError (both one line naming file:line:col).
Event read_event(std::string_view text, const std::string& file);
// TRF-2026 (points recomputed, 142/202/212 from the settings) followed by the XAR block.
std::string write_event(const Event& e);
// The TRF alone for other programs (rating report, `pair --check`): no XAR records.
Tournament export_tournament(const Event& e);

struct EventInfo {
  std::string name, city, federation, start_date, end_date, chief_arbiter, time_control;
};
Event new_event(const EventSettings& s, const EventInfo& info);

struct Registration {
  std::string name;  // "Lastname, Firstname"
  std::string title, federation, fide_id, birth;
  char sex = ' ';
  Ratings ratings;  // FIDE standard, rapid, blitz and national
  // Columns of the organisers' list arbiter has no field for (club, e-mail): kept, in order.
  std::vector<std::pair<std::string, std::string>> extra;
};

// Initial order (C.04.2 Art. 2; events.md A): FIDE rating of the event's list, highest first;
// players without one after the rated, by national rating; then title (GM IM WGM FM WIM CM WFM
// WCM, untitled), then name. Returns pairing numbers in that order.
std::vector<Tpn> initial_order(const Event& e);

// Registers a player for round `first_round` on (0: the next round to be paired).
// Entry rules: the event's player cap, a FIDE ID for players of another federation when the
// regulations ask for one. Pairing numbers (C.04.2 Art. 2): until round 4 is paired the field is
// renumbered in the initial order, unless the event keeps published numbers (late_numbers
// append); later entries are appended. `renumbered` reports every player whose number changed
// (old -> new), so that the arbiter can say what changed on published lists. Rounds missed are
// unplayed with the points the regulations give (EntryRules::missed_rounds: zero or a
// half-point bye). A round robin takes a late entry only into the next round and only into the
// free number of an odd field (the Berger table's dummy, C.05 Annex 1): nobody is renumbered.
struct EntryResult {
  Tpn tpn = 0;
  int first_round = 1;
  std::map<int, int> renumbered;  // old -> new, only numbers that changed
};
EntryResult enter_player(Event& e, const Registration& r, int first_round = 0);

// Registers a list (an organisers' CSV file) as enter_player would one by one, all or nothing,
// in O(n log n): `players[i]` is the entry of `rs[i]` (its final pairing number; each
// `renumbered` empty), `renumbered` the players registered before the list whose number changed.
struct EntryList {
  std::vector<EntryResult> players;
  std::map<int, int> renumbered;  // old -> new, only numbers that changed
};
EntryList enter_players(Event& e, const std::vector<Registration>& rs, int first_round = 0);
Tpn register_player(Event& e, const Registration& r);  // enter_player(e, r).tpn

// Corrects a registered player's data (name, title, federation, FIDE id, sex, birth, ratings),
// with the checks of register_player. Until round 4 is paired the players are renumbered in the
// initial order, as after an entry (C.04.2 Art. 2); later the pairing number stays. Returns the
// player's pairing number after the change.
Tpn update_player(Event& e, Tpn p, const Registration& r);

// A player by pairing number, FIDE id, or (unique, case-insensitive) name or name prefix.
Tpn find_player(const Event& e, std::string_view who);
std::string player_label(const Event& e, Tpn p);  // "12 Surname, Name"

int paired_rounds(const Event& e);  // rounds whose pairing has been made
int next_round(const Event& e);     // the round `pair` would make (rounds + 1 when finished)

// Bye requests (C.04.2; events.md A). kind 'H' (half point, within the event's limits) or 'Z'
// (known absence, zero points). Only for rounds not yet paired.
void request_bye(Event& e, Tpn p, int round, char kind);
// Cancelling is possible until the previous round starts (events.md A).
void cancel_bye(Event& e, Tpn p, int round);
// Withdraws from `from_round` (0: the next round to be paired) to the end.
void withdraw(Event& e, Tpn p, int from_round);
// Forbids a and b to meet (players of one family or club; C.04.2: an absolute criterion the
// Dutch pairing treats like a previous meeting) in rounds from_round..to_round (from_round 0:
// the next round to pair; to_round 0: to the end). Kept in the TRF as a 260 record. Refused in
// a round robin, where everybody meets everybody (C.05), and for rounds already paired.
void forbid_pair(Event& e, Tpn a, Tpn b, int from_round, int to_round);
// A player withdrawn after a first no-show comes back from the next round. After a second
// no-show (events.md A, C: withdrawn for good) only as the Chief Arbiter's exception, recorded
// in the event with its reason (`exception_reason` not empty); refused without one.
void reinstate(Event& e, Tpn p, std::string_view exception_reason = {});
// Refuses the player half-point byes from now on (events.md A: "players receiving financial
// support may be denied byes"), with the reason; cancels the half-point byes requested and not
// yet paired. Returns the rounds cancelled.
std::vector<int> deny_byes(Event& e, Tpn p, std::string_view reason);
// The date of round r (YYYY/MM/DD, also YYYY-MM-DD), kept as TRF-2026's 132 record (YY/MM/DD
// in the round's columns). Dates must not go backwards from round to round.
void set_round_date(Event& e, int round, std::string_view date);
// Records the written excuse for the player's no-show in the last paired round; only before the
// next round is paired (events.md A).
void excuse(Event& e, Tpn p);
// Rounds in which the player did not appear (forfeit loss against a paired opponent).
std::vector<int> no_shows(const Event& e, Tpn p);

// Boards of round r without a result.
std::vector<int> missing_results(const Event& e, int round);

// Prepares round r = next_round(e) for pairing: refuses while results of the previous round are
// missing (unless `force`), applies the no-show rule (a no-show not excused withdraws; a second
// withdraws for good) and writes the requested byes of round r into the cells. Returns one line
// per change made. After it, Tournament::to_pair(r) lists the players to pair.
std::vector<std::string> prepare_round(Event& e, bool force);

// Writes round r's pairing into the cells (pairs are (white, black)); pab = 0 when none. The
// board order is the order of `games` (a Swiss round's: sort_boards, board_order.h).
void apply_pairing(Event& e, int round, const std::vector<std::pair<Tpn, Tpn>>& games, Tpn pab);

// Result of board `board` in round r: "1-0", "0-1", "1/2-1/2" (also "½-½", "=", "0.5-0.5"),
// forfeits "+-" (White wins by forfeit), "-+", "--" (double forfeit), "*" (clears). Returns
// the normalised text.
std::string set_result(Event& e, int round, int board, std::string_view result);
// The board's result as set_result accepts it ("" when not known).
std::string board_result(const Event& e, int round, int board);
// The board on which a and b meet in round r (0 when they do not).
int find_board(const Event& e, int round, Tpn a, Tpn b);

}  // namespace arbiter::pairing

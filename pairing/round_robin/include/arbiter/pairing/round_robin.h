#pragma once
// Round robin pairing: Berger tables (FIDE Handbook C.05 Annex 1), double round robin, and the
// drawing of lots for pairing numbers. See ../shared/reference/roundrobin.md.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "arbiter/pairing/tournament.h"

namespace arbiter::pairing {

struct RoundRobinGame {
  Tpn white = 0, black = 0;
  bool operator==(const RoundRobinGame&) const = default;
};

struct RoundRobinRound {
  std::vector<RoundRobinGame> boards;  // in the Handbook's board order
  Tpn free = 0;  // odd number of players: the player drawn against the dummy (0 = none)
  bool operator==(const RoundRobinRound&) const = default;
};

// The Berger table for `players` (>= 2) pairing numbers, C.05 Annex 1: with an odd number the
// table for players + 1 is used and whoever meets the highest number is free that round. Round
// 1 is 1-N, 2-(N-1), ...; each later round follows from the previous one (roundrobin.md §2),
// reproducing the published tables board for board and colour for colour.
std::vector<RoundRobinRound> berger_table(int players);

// Double round robin: the first cycle with its last two rounds swapped (the Handbook's advice,
// so that nobody gets the same colour three times running across the two cycles), then the
// Berger table again in its own order with colours reversed. `swap_last_two = false` gives the
// plain repetition (TieBreakServer's generator).
std::vector<RoundRobinRound> double_round_robin(int players, bool swap_last_two = true);

// The table a recorded round robin (t.round_robin()) follows, for checking its rounds: the
// Berger table of its players, or for a double round robin the Handbook arrangement of the
// second cycle (first cycle's last two rounds swapped or not) that more of its paired rounds
// match game for game (recorded_round.h), the swapped one on a tie.
std::vector<RoundRobinRound> recorded_berger_table(const Tournament& t);

// Round (1-based) in which pairing numbers a and b meet in the single-cycle Berger table, and
// whether a has White (closed form of the table, roundrobin.md §2).
struct BergerMeeting {
  int round = 0;
  bool a_white = false;
};
BergerMeeting berger_meeting(int players, Tpn a, Tpn b);

// Drawing of lots for pairing numbers (C.05: numbers are drawn by lot). `number_of[i]` is the
// pairing number drawn by the i-th entrant (0-based, in registration order). Reproducible from
// the seed on every platform (SplitMix64 + Fisher-Yates with unbiased bounded draws, no
// implementation-defined std:: distributions); without a seed one is taken from the system's
// random device and recorded. `audit` is a one-line record for the arbiter's report.
struct LotDraw {
  std::vector<Tpn> number_of;
  std::uint64_t seed = 0;
  bool seed_given = false;
  std::string audit;
};
LotDraw draw_lots(int players, std::optional<std::uint64_t> seed = std::nullopt);

}  // namespace arbiter::pairing

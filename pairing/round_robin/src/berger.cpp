// Berger tables, C.05 Annex 1 (roundrobin.md §2 gives the derivation checked against the
// published tables for 4..16 players).
#include <stdexcept>

#include "arbiter/pairing/round_robin.h"

namespace arbiter::pairing {

std::vector<RoundRobinRound> berger_table(int players) {
  if (players < 2 || players > 9998)
    throw std::invalid_argument("round robin needs 2..9998 players");
  const int n = players + (players % 2);  // C.05 Annex 1: odd -> the highest number is a bye
  const int boards = n / 2;
  std::vector<RoundRobinRound> out;
  std::vector<RoundRobinGame> cur;
  for (int b = 1; b <= boards; ++b) cur.push_back({b, n + 1 - b});  // round 1: b - (n+1-b)
  for (int r = 1; r < n; ++r) {
    if (r > 1) {
      // Players 1..n-1 in the order they sat in the previous round (board order, White first),
      // without n. The last of them meets n (n has White in even rounds); the rest pair up from
      // the end of the list, the later one Black.
      std::vector<Tpn> seq;
      for (const auto& g : cur) {
        if (g.white != n) seq.push_back(g.white);
        if (g.black != n) seq.push_back(g.black);
      }
      std::vector<RoundRobinGame> next;
      Tpn last = seq.back();
      seq.pop_back();
      next.push_back(r % 2 == 0 ? RoundRobinGame{n, last} : RoundRobinGame{last, n});
      while (!seq.empty()) {
        Tpn black = seq.back();
        seq.pop_back();
        Tpn white = seq.back();
        seq.pop_back();
        next.push_back({white, black});
      }
      cur = std::move(next);
    }
    RoundRobinRound round;
    for (const auto& g : cur) {
      if (n != players && (g.white == n || g.black == n)) {
        round.free = g.white == n ? g.black : g.white;  // meets the dummy: free this round
        continue;
      }
      round.boards.push_back(g);
    }
    out.push_back(std::move(round));
  }
  return out;
}

std::vector<RoundRobinRound> double_round_robin(int players, bool swap_last_two) {
  const auto single = berger_table(players);
  std::vector<RoundRobinRound> out = single;
  if (swap_last_two && out.size() >= 2) std::swap(out[out.size() - 1], out[out.size() - 2]);
  for (auto r : single) {  // second cycle: same table, colours reversed
    for (auto& g : r.boards) std::swap(g.white, g.black);
    out.push_back(std::move(r));
  }
  return out;
}

BergerMeeting berger_meeting(int players, Tpn a, Tpn b) {
  const int n = players + (players % 2);
  if (a < 1 || b < 1 || a > n || b > n || a == b)
    throw std::invalid_argument("bad pairing numbers");
  if (b == n || a == n) {
    // Player i meets n in round ((2i - 2) mod (n - 1)) + 1 and has White iff i <= n/2.
    const Tpn i = a == n ? b : a;
    const bool i_white = i <= n / 2;
    return {(2 * i - 2) % (n - 1) + 1, a == n ? !i_white : i_white};
  }
  // i < j < n meet in round ((i + j - 2) mod (n - 1)) + 1; White is the lower number when i + j
  // is odd, the higher one when it is even.
  const bool lower_white = (a + b) % 2 == 1;
  return {(a + b - 2) % (n - 1) + 1, (a < b) == lower_white};
}

}  // namespace arbiter::pairing

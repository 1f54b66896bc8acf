// Per-player facts for one round: scores, colour preferences (C.04.3 art. 1.6-1.7), floats
// (art. 1.4.3, 2026), PAB eligibility (C.04.1 art. 4, 2026).
#include "player_data.h"

#include <algorithm>

namespace arbiter::pairing::dutch {

int accelerated_score_before(const DutchPlayer& p, int played_rounds, int rounds_back) {
  int s = 0;
  const int upto = played_rounds - rounds_back;
  for (int r = 0; r < upto && r < (int)p.rounds.size(); ++r) s += p.rounds[r].points;
  if (upto >= 0 && upto < (int)p.acceleration.size()) s += p.acceleration[upto];
  return s;
}

std::vector<Player> build_players(const DutchInput& in, const RuleSet& rules) {
  std::vector<const DutchPlayer*> by_id;
  for (const auto& p : in.players) by_id.push_back(&p);
  std::sort(by_id.begin(), by_id.end(), [](auto a, auto b) { return a->id < b->id; });
  std::vector<int> index_of(by_id.empty() ? 1 : by_id.back()->id + 1, -1);
  for (int i = 0; i < (int)by_id.size(); ++i) index_of[by_id[i]->id] = i;

  const int pr = in.played_rounds;
  std::vector<Player> out;
  int rank = 0;
  for (const DutchPlayer* src : by_id) {
    // A player counts for the ranking (and so for colour rule 5.2.5) if it is paired now or
    // took part in an earlier pairing; entrants who never played are skipped.
    bool valid = !src->absent;
    for (const auto& r : src->rounds) valid = valid || r.paired;
    if (!valid) continue;
    const int this_rank = rank++;
    if (src->absent) continue;
    Player p;
    p.id = src->id;
    p.rank = this_rank;
    p.source = src;
    for (int back = 0; back < 3; ++back)
      p.score_back[back] = back <= pr ? accelerated_score_before(*src, pr, back) : 0;
    p.score = p.score_back[0];

    // Colour difference and preference over played games only.
    int white = 0, black = 0, consecutive = 0;
    std::optional<Color> last;
    for (const auto& r : src->rounds) {
      if (!r.played) continue;
      ++p.played_games;
      (r.colour == WHITE ? white : black)++;
      consecutive = (consecutive && r.colour == last) ? consecutive + 1 : 1;
      last = r.colour;
      p.played_opponents.push_back(r.opponent);
    }
    // Pairs forbidden by the regulations are treated like a previous meeting ([C1]).
    for (auto [a, b] : in.forbidden) {
      if (a == p.id) p.played_opponents.push_back(b);
      if (b == p.id) p.played_opponents.push_back(a);
    }
    std::sort(p.played_opponents.begin(), p.played_opponents.end());
    const Color lower = white > black ? BLACK : WHITE;
    p.imbalance = white > black ? white - black : black - white;
    p.preference = p.imbalance > 1   ? lower
                   : consecutive > 1 ? invert(last)
                   : p.imbalance > 0 ? lower
                   : consecutive     ? invert(last)
                                     : std::nullopt;
    p.repeated = consecutive > 1 ? last : std::nullopt;
    p.strong = !p.absolute() && p.imbalance > 0;

    for (const auto& r : src->rounds) {
      if (r.played) continue;
      const bool pab = r.paired && r.opponent == 0;
      const bool forfeit_win = r.opponent != 0 && r.points >= in.points_win;
      if (rules.pab_blocked_by_forfeit_win_only ? pab || forfeit_win : r.points >= in.points_win)
        p.bye_eligible = false;
    }

    // Art. 1.4.3 (2026): downfloat for a PAB or any unplayed round scoring more than a loss;
    // otherwise by comparing the scores before that round.
    for (int back = 1; back <= 2 && back <= pr; ++back) {
      const DutchRound& r = src->rounds[pr - back];
      if (!r.played) {
        p.floats[back] = rules.every_unplayed_round_downfloats || r.points > in.points_loss
                             ? Float::Down
                             : Float::None;
        continue;
      }
      if (r.opponent <= 0 || r.opponent >= (int)index_of.size() || index_of[r.opponent] < 0)
        continue;
      const int mine = accelerated_score_before(*src, pr, back);
      const int theirs = accelerated_score_before(*by_id[index_of[r.opponent]], pr, back);
      p.floats[back] = mine > theirs ? Float::Down : mine < theirs ? Float::Up : Float::None;
    }
    out.push_back(std::move(p));
  }
  return out;
}

}  // namespace arbiter::pairing::dutch

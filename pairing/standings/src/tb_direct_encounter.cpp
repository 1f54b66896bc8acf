// Direct encounter, C.07 art. 6 (2024 and 2026 wording), as a ranking relation inside groups of
// tied players.
#include <algorithm>
#include <map>

#include "tb_context.h"

namespace arbiter::pairing {
namespace {
using detail::TbContext;

struct Member {
  int p = 0;           // player index
  int rank = 0;        // competition rank inside the group (0-based)
  double score = 0;    // separate standings (6.1)
  double maximum = 0;  // best case with the missing games won (6.3)
};

// Ranks `sub` (all holding the same rank) by the games among them; recurses into the parts
// still tied (6.2: "re-apply Art. 6 to that subset only").
void resolve(const TbContext& c, const TiebreakSpec& s, std::vector<Member*> sub) {
  if (sub.size() < 2) return;
  bool pre = c.predetermined(s);
  int base = sub[0]->rank;
  std::vector<int> in_sub(size_t(c.n), 0);
  for (Member* m : sub) in_sub[size_t(m->p)] = 1;
  int must_meet = int(sub.size()) - 1;
  bool met_all = true;
  for (Member* m : sub) {
    // 6.1.2: several games against the same opponent count as their average.
    std::map<int, std::pair<double, int>> per_opponent;
    for (int r = 1; r <= c.R; ++r) {
      const Cell& cell = c.cell(m->p, r);
      if (cell.opponent <= 0 || !in_sub[size_t(cell.opponent - 1)]) continue;
      // 6.1.1: forfeits excluded, except in round robins (15.2) or with /P.
      if (!pre && !cell.played()) continue;
      auto& [sum, cnt] = per_opponent[cell.opponent];
      sum += cell.points;
      ++cnt;
    }
    m->score = 0;
    for (auto& [opp, sc] : per_opponent) m->score += sc.first / sc.second;
    int met = int(per_opponent.size());
    if ((!c.rr && met < must_meet) || s.swiss) {
      met_all = false;
      m->maximum = m->score + (must_meet - met) * c.W;
    } else {
      m->maximum = m->score;
    }
  }
  bool changed = false;
  if (met_all) {
    // 6.2: everybody met everybody: the separate standings decide.
    std::stable_sort(sub.begin(), sub.end(), [](const Member* a, const Member* b) {
      return a->score != b->score ? a->score > b->score : a->p < b->p;
    });
    for (size_t i = 0; i < sub.size(); ++i) {
      if (i > 0 && sub[i]->score != sub[i - 1]->score) {
        sub[i]->rank = base + int(i);
        changed = true;
      } else {
        sub[i]->rank = i == 0 ? base : sub[i - 1]->rank;
      }
    }
  } else {
    // 6.3 (Swiss): a player is placed ahead of the rest only if he stays alone on top whatever
    // the missing games' results: his score beats every remaining player's maximum.
    std::stable_sort(sub.begin(), sub.end(), [](const Member* a, const Member* b) {
      if (a->score != b->score) return a->score > b->score;
      if (a->maximum != b->maximum) return a->maximum > b->maximum;
      return a->p < b->p;
    });
    sub[0]->rank = base;
    bool unique = true;
    for (size_t i = 1; i < sub.size(); ++i) {
      double best_rest = 0;
      for (size_t j = i; j < sub.size(); ++j) best_rest = std::max(best_rest, sub[j]->maximum);
      if (unique && sub[i - 1]->score > best_rest) {
        sub[i]->rank = base + int(i);
        changed = true;
      } else {
        sub[i]->rank = sub[i - 1]->rank;
        unique = false;
      }
    }
  }
  if (!changed) return;
  for (size_t i = 0; i < sub.size();) {
    size_t j = i;
    while (j < sub.size() && sub[j]->rank == sub[i]->rank) ++j;
    resolve(c, s, std::vector<Member*>(sub.begin() + long(i), sub.begin() + long(j)));
    i = j;
  }
}
}  // namespace

std::vector<int> direct_encounter(const Crosstable& ct, const std::vector<std::vector<int>>& groups,
                                  const TiebreakSpec& spec, const TiebreakOptions& o) {
  TbContext c = detail::make_context(ct, o, &spec);
  std::vector<int> out(size_t(c.n), 0);
  for (const auto& g : groups) {
    if (g.size() < 2) continue;
    std::vector<Member> members(g.size());
    std::vector<Member*> sub;
    for (size_t i = 0; i < g.size(); ++i) {
      members[i].p = g[i] - 1;
      sub.push_back(&members[i]);
    }
    resolve(c, spec, sub);
    int lo = members[0].rank, hi = members[0].rank;
    for (const Member& m : members) {
      lo = std::min(lo, m.rank);
      hi = std::max(hi, m.rank);
    }
    if (lo == hi) continue;  // nobody separated: 0 for all
    for (const Member& m : members) out[size_t(m.p)] = m.rank - lo + 1;
  }
  return out;
}

}  // namespace arbiter::pairing

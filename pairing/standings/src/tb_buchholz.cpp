// Buchholz (8.1), Fore Buchholz (8.3), Sonneborn-Berger (9.1), Average of Opponents' Buchholz
// (8.2), with Cut/Median (14) and the unplayed-round rules: art. 16 (2024: dummy opponent with
// the player's own score; 2026: the dummy's score capped, 16.4.1/16.4.2), art. 15.2 (round
// robins) and the pre-2023 virtual opponent (C.02 13.15).
#include <algorithm>
#include <cmath>

#include "tb_context.h"

namespace arbiter::pairing::detail {
namespace {

struct Contribution {
  double score = 0;  // the opponent's (or dummy's) score
  double value = 0;  // what it adds: score for BH/FB, score x points for SB
  bool vur = false;  // comes from a voluntary unplayed round (16.5)
  int index = 0;     // position in the player's list (the derivation's term)
  // For the derivation (TiebreakTerm): where the score comes from.
  int round = 0, opponent = 0;
  TermSource source = TermSource::Opponent;
  double points = 0;  // the player's points in the round
};

// The terms cut by art. 14 / 16.5 (indices into the list) and the sum of the others.
struct CutResult {
  std::vector<int> cut;
  double sum = 0;
};

// Art. 14 with the 16.5 exception: each low cut removes the least significant value, unless the
// player has VURs and the lowest VUR contribution is not lower than it: then that VUR goes. For
// SB the least significant value is the lowest-scored opponent's product (lowest product among
// equals), and of the two candidates the higher is cut. High cuts (Median) are not affected.
// Stable orderings (ties keep their order) exactly as FIDE's reference code.
CutResult cut_and_sum(std::vector<Contribution> v, int low, int high, int rounds) {
  CutResult res;
  for (size_t i = 0; i < v.size(); ++i) v[i].index = int(i);
  low = std::min(low, rounds);
  high = std::min(high, rounds - low);
  while (low-- > 0 && !v.empty()) {
    auto all = v, vurs = v;
    std::stable_sort(all.begin(), all.end(), [](const Contribution& a, const Contribution& b) {
      return a.score != b.score ? a.score < b.score : a.value < b.value;
    });
    std::stable_sort(vurs.begin(), vurs.end(), [](const Contribution& a, const Contribution& b) {
      if (a.vur != b.vur) return a.vur;
      return a.score != b.score ? a.score < b.score : a.value < b.value;
    });
    if (!vurs[0].vur || all[0].value > vurs[0].value) {
      res.cut.push_back(all[0].index);
      v.assign(all.begin() + 1, all.end());
    } else {
      res.cut.push_back(vurs[0].index);
      v.assign(vurs.begin() + 1, vurs.end());
    }
  }
  while (high-- > 0 && !v.empty()) {
    std::stable_sort(v.begin(), v.end(), [](const Contribution& a, const Contribution& b) {
      return a.score != b.score ? a.score > b.score : a.value > b.value;
    });
    res.cut.push_back(v.front().index);
    v.erase(v.begin());
  }
  for (const Contribution& x : v) res.sum += x.value;
  return res;
}

// Pre-2023 rule: an opponent's unplayed rounds count as draws; an own unplayed round R is a game
// against a virtual opponent with the player's score before R, the reverse of the player's
// result in R, and draws afterwards: Svon = S(before R) + (W - Sf) + D x (n - R).
std::vector<Contribution> virtual_opponent(const TbContext& c, int p, bool sb) {
  std::vector<Contribution> out;
  double before = 0;
  for (int r = 1; r <= c.R; ++r) {
    const Cell& cell = c.cell(p, r);
    Contribution x;
    if (cell.played()) {
      int q = cell.opponent - 1;
      for (int k = 1; k <= c.R; ++k) {
        const Cell& oc = c.cell(q, k);
        x.score += oc.played() ? oc.points : c.D;
      }
    } else {
      x.score = virtual_opponent_score(before, cell.points, r, c.R, c.W, c.D);
      x.source = TermSource::VirtualOpponent;
    }
    x.round = r, x.opponent = cell.opponent, x.points = cell.points;
    x.value = sb ? x.score * cell.points : x.score;
    out.push_back(x);
    before += cell.points;
  }
  return out;
}

}  // namespace

Adjusted adjusted(const TbContext& c, bool fore) {
  Adjusted a;
  a.opp.assign(size_t(c.n), 0.0);
  a.own.assign(size_t(c.n), 0.0);
  for (int p = 0; p < c.n; ++p) {
    int lna = c.last_present[size_t(p)];
    // Art. 8.3: for Fore Buchholz a player paired in the final round has it evaluated as a draw.
    bool is_fore = fore && c.R == c.total && c.last_paired[size_t(p)] == c.total;
    if (is_fore) lna = c.total;
    double s = 0;
    for (int r = 1; r <= c.R; ++r) {
      const Cell& cell = c.cell(p, r);
      // 16.3: rounds after the last present one without an opponent (requested byes followed
      // only by VURs, category 16.2.5) count as draws; in a round robin they count nothing.
      bool counts = r <= lna || cell.opponent > 0;
      s += counts ? cell.points : (c.rr ? 0.0 : c.D);
    }
    double own = c.score[size_t(p)];
    if (is_fore && c.cell(p, c.R).opponent > 0) {
      double adj = c.D - c.cell(p, c.R).points;
      s += adj;
      own += adj;
    }
    a.opp[size_t(p)] = s;
    a.own[size_t(p)] = own;
  }
  return a;
}

namespace {
std::vector<Contribution> contributions(const TbContext& c, const Adjusted& a, int p,
                                        const TiebreakSpec& s, bool sb, bool fore) {
  std::vector<Contribution> out;
  bool pre = c.predetermined(s);
  for (int r = 1; r <= c.R; ++r) {
    const Cell& cell = c.cell(p, r);
    bool counts_as_game = pre || (fore && r == c.total) || cell.played();
    Contribution x;
    x.round = r, x.opponent = cell.opponent, x.points = cell.points;
    if (counts_as_game && cell.opponent > 0) {
      x.score = a.opp[size_t(cell.opponent - 1)];
    } else if (!c.rr) {
      // 16.4: a dummy opponent with the player's own score...
      x.score = a.own[size_t(p)];
      x.source = TermSource::Dummy;
      if (c.rules == TiebreakRules::Fide2026) {
        // ... 2026: but not more than the scheduled opponent's adjusted score (16.4.1) or
        // a draw's points times the rounds played so far (16.4.2).
        const double cap = cell.opponent > 0 ? a.opp[size_t(cell.opponent - 1)] : c.D * c.R;
        if (cap < x.score)
          x.score = cap, x.source = cell.opponent > 0 ? TermSource::DummyCappedByOpponent
                                                      : TermSource::DummyCappedByRounds;
      }
      x.vur = cell.vur();
    } else {
      x.score = 0;  // the free round of a round robin is no element (15.2)
      x.vur = cell.vur();
    }
    x.value = sb ? x.score * cell.points : x.score;
    if (cell.opponent > 0 || !c.rr) out.push_back(x);
  }
  return out;
}
}  // namespace

std::vector<TiebreakValue> buchholz_family(const TbContext& c, const TiebreakSpec& s) {
  bool sb = s.kind == TiebreakKind::SB;
  bool fore = s.kind == TiebreakKind::FB || s.fore;
  std::vector<TiebreakValue> out(size_t(c.n));
  bool virtual_rule = c.rules == TiebreakRules::Fide2022 && !c.rr && !fore && !c.predetermined(s);
  Adjusted a;
  if (!virtual_rule) a = adjusted(c, fore);
  for (int p = 0; p < c.n; ++p) {
    auto v = virtual_rule ? virtual_opponent(c, p, sb) : contributions(c, a, p, s, sb, fore);
    out[size_t(p)] = cut_and_sum(std::move(v), s.cut_low, s.cut_high, c.R).sum;
  }
  return out;
}

TiebreakDerivation explain_buchholz_family(const TbContext& c, const TiebreakSpec& s, int p) {
  bool sb = s.kind == TiebreakKind::SB;
  bool fore = s.kind == TiebreakKind::FB || s.fore;
  bool virtual_rule = c.rules == TiebreakRules::Fide2022 && !c.rr && !fore && !c.predetermined(s);
  Adjusted a;
  if (!virtual_rule) a = adjusted(c, fore);
  auto v = virtual_rule ? virtual_opponent(c, p, sb) : contributions(c, a, p, s, sb, fore);
  const CutResult cut = cut_and_sum(v, s.cut_low, s.cut_high, c.R);
  TiebreakDerivation d;
  d.spec = s;
  d.value = cut.sum;
  d.explained = true;
  for (const Contribution& x : v) {
    TiebreakTerm t;
    t.round = x.round;
    t.opponent = x.opponent;
    t.source = x.source;
    t.score = x.score;
    t.points = x.points;
    t.value = x.value;
    t.vur = x.vur;
    // The opponent's score as counted differs from the score they made: 16.3 (requested byes
    // at the end count as draws), 8.3 (Fore Buchholz), or the old rule's draws for unplayed games.
    t.adjusted = x.source == TermSource::Opponent && x.opponent > 0 &&
                 x.score != c.score[size_t(x.opponent - 1)];
    d.terms.push_back(t);
  }
  for (int i : cut.cut) d.terms[size_t(i)].cut = true;
  return d;
}

std::vector<TiebreakValue> average_of_buchholz(const TbContext& c, const TiebreakSpec& s) {
  TiebreakSpec bh = s;
  bh.kind = TiebreakKind::BH;
  auto values = buchholz_family(c, bh);
  std::vector<TiebreakValue> out(size_t(c.n));
  for (int p = 0; p < c.n; ++p) {
    long long sum100 = 0;
    int num = 0;
    for (int r = 1; r <= c.R; ++r) {
      const Cell& cell = c.cell(p, r);
      if (!cell.played()) continue;  // 8.2: opponents met over the board
      sum100 += std::llround(*values[size_t(cell.opponent - 1)] * 100);
      ++num;
    }
    if (num == 0) continue;
    // Two decimals, half up.
    long long q = (2 * sum100 + num) / (2LL * num);
    out[size_t(p)] = double(q) / 100.0;
  }
  return out;
}

}  // namespace arbiter::pairing::detail

namespace arbiter::pairing {
double virtual_opponent_score(double before, double points_in_round, int round, int rounds,
                              double win, double draw) {
  return before + (win - points_in_round) + draw * (rounds - round);
}
}  // namespace arbiter::pairing

// Tie-breaks on the player's own results (C.07 art. 7: WIN, WON, BPG, BWG, PS, GE/REP, STD, TPN)
// and Koya (9.2).
#include "tb_context.h"

namespace arbiter::pairing::detail {

std::vector<TiebreakValue> simple_tiebreak(const TbContext& c, const TiebreakSpec& s) {
  std::vector<TiebreakValue> out(size_t(c.n));
  double ks_limit = 0;
  if (s.kind == TiebreakKind::KS) {
    // 9.2: opponents with at least 50 % of the maximum possible score (14.4 Limit moves it).
    // In a round robin with an odd number of players the free round is not a game (15.2).
    int max_games = c.R;
    if (c.rr) {
      if (c.n > 0 && c.R % c.n == 0) max_games -= c.R / c.n;
      for (int p = 0; p < c.n; ++p)
        if (c.last_paired[size_t(p)] == 0) --max_games;
    }
    ks_limit = s.limit_percent.value_or(50.0) * c.W * max_games / 100.0 + s.limit_shift;
  }
  for (int p = 0; p < c.n; ++p) {
    double v = 0, running = 0;
    for (int r = 1; r <= c.R; ++r) {
      const Cell& cell = c.cell(p, r);
      bool win_points = cell.points == c.W;
      switch (s.kind) {
        case TiebreakKind::PTS: v += cell.points; break;
        // 7.1: rounds in which the player obtained a win's points, played or not.
        case TiebreakKind::WIN: v += win_points; break;
        // 7.2: games won over the board.
        case TiebreakKind::WON: v += cell.played() && win_points; break;
        case TiebreakKind::BPG: v += cell.played() && cell.colour == BLACK; break;
        case TiebreakKind::BWG: v += cell.played() && cell.colour == BLACK && win_points; break;
        // 7.5: sum of the running scores; Cut-n drops the first n of them.
        case TiebreakKind::PS:
          running += cell.points;
          if (r > s.cut_low) v += running;
          break;
        // 7.6: rounds minus requested byes and forfeit losses (PAB, FPB, forfeit wins count).
        case TiebreakKind::REP:
          v += cell.played() || cell.outcome == Outcome::PairingBye || win_points;
          break;
        // 7.7: 1 for more than a draw's points, 1/2 for exactly a draw's points.
        case TiebreakKind::STD: {
          // 7.7: more than the scheduled opponent scored in that round (1), the same (1/2);
          // unpaired, compared with a draw's points. Compared with the opponent's own cell, so
          // that scores the arbiter set (0-0, 0-1/2) count as the text says (tiebreaks.md 8.2:
          // the reading that follows the text; a draw's points give the same in every other
          // game).
          const double other = cell.opponent > 0 && (cell.played() || cell.forfeit())
                                   ? c.cell(cell.opponent - 1, r).points
                                   : c.D;
          v += cell.points > other ? 1.0 : cell.points == other ? 0.5 : 0.0;
          break;
        }
        case TiebreakKind::KS:
          if (cell.opponent > 0 && c.score[size_t(cell.opponent - 1)] >= ks_limit - 1e-9)
            v += cell.points;
          break;
        default: break;
      }
    }
    if (s.kind == TiebreakKind::TPN) v = p + 1;
    out[size_t(p)] = v;
  }
  return out;
}

}  // namespace arbiter::pairing::detail

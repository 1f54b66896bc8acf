// Flag-fall rulings (claims.h).
#include "arbiter/adjudication/claims.h"

namespace arbiter::adjudication {

FlagRuling rule_flag_fall(const Position& pos, Color flagged, FlagRegime regime,
                          std::uint64_t node_budget) {
  FlagRuling r;
  const Color claimant = ~flagged;
  const std::string f = flagged == WHITE ? "White" : "Black",
                    c = claimant == WHITE ? "White" : "Black";
  const std::string win = claimant == WHITE ? "1-0" : "0-1";
  const std::string rule = regime == FlagRegime::A53 ? "A.5.3" : "6.9";
  // The game may already be over (6.9: "unless ... 5.1.1, 5.1.2, 5.2.1-5.2.3").
  if (pos.count_legal_moves() == 0) {
    r.claimant = can_checkmate(pos, claimant, node_budget);
    if (pos.in_check()) {
      const Color mated = pos.side_to_move();
      r.result = mated == WHITE ? "0-1" : "1-0";
      r.rule = "5.1.1";
      r.explanation =
          std::string(mated == WHITE ? "White" : "Black") +
          " is checkmated: the game ended with the mating move, before the flag fall (Laws 5.1.1)";
    } else {
      r.result = "1/2-1/2";
      r.rule = "5.2.1";
      r.explanation = "stalemate: the game ended drawn before the flag fall (Laws 5.2.1)";
    }
    return r;
  }
  r.claimant = can_checkmate(pos, claimant, node_budget);
  if (r.claimant.verdict == Verdict::Winnable) {
    r.result = win;
    r.rule = rule;
    r.explanation = f + " ran out of time and " + c +
                    " can still checkmate by a series of legal moves (a helpmate exists), so " + f +
                    " loses (Laws " + rule + ")";
    return r;
  }
  if (r.claimant.verdict == Verdict::Undetermined) {
    r.result = "*";
    r.rule = rule;
    r.explanation = "undetermined: the analysis budget ran out; rerun with a larger budget";
    return r;
  }
  // The claimant cannot mate. If the flagged side cannot either, the position was dead and the
  // game had already ended (5.2.2); otherwise the flag fall is a draw by 6.9 / A.5.3.
  Winnability other = can_checkmate(pos, flagged, node_budget);
  r.result = "1/2-1/2";
  if (other.verdict == Verdict::Unwinnable) {
    r.rule = "5.2.2";
    r.explanation =
        "dead position: neither side can checkmate by any series of legal moves, so the game had "
        "already ended in a draw (Laws 5.2.2). " +
        c + ": " + r.claimant.reason;
  } else {
    r.rule = rule;
    r.explanation = f + " ran out of time but " + c +
                    " cannot checkmate by any possible series of legal moves: " + "drawn (Laws " +
                    rule + "). " + r.claimant.reason;
  }
  return r;
}

}  // namespace arbiter::adjudication

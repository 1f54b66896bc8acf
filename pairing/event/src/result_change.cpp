// What a result change affects (see result_change.h).
#include "arbiter/pairing/result_change.h"

namespace arbiter::pairing {
namespace {

bool forfeit(const std::string& r) { return r == "+-" || r == "-+" || r == "--"; }

bool finished(const Event& e) {
  return paired_rounds(e) == e.settings.rounds && missing_results(e, e.settings.rounds).empty();
}

}  // namespace

std::vector<std::string> result_change_effects(const Event& e, int round, int board,
                                               std::string_view result) {
  const std::string before = board_result(e, round, board);
  Event changed = e;
  std::string after = set_result(changed, round, board, result);  // validates round and board
  if (after == "*") after.clear();
  std::vector<std::string> out;
  if (before == after || before.empty()) return out;
  const int paired = paired_rounds(e);
  if (finished(e))
    out.push_back("the event has ended: the final standings, prizes and the rating report change");
  else if (paired > round) {
    const bool several = paired > round + 1;
    std::string m = several ? "rounds " : "round ";  // by append: g++ 12 -Wrestrict on "x" + s
    m += std::to_string(round + 1);
    if (several) {
      m += '-';
      m += std::to_string(paired);
    }
    m += several ? " were" : " was";
    m += " paired on the scores before this change: the recorded pairings will differ from a "
         "re-pairing (pair --check)";
    out.push_back(std::move(m));
  }
  if (forfeit(before) && !forfeit(after) && !after.empty()) {
    auto [white, black] = e.settings.boards.at(round)[size_t(board - 1)];
    for (Tpn p : {white, black}) {
      const auto& pl = e.tournament.player(p);
      if (pl.withdrawn_from && pl.withdrawn_from <= round)
        out.push_back(player_label(e, p) + " withdrew from round " +
                      std::to_string(pl.withdrawn_from) +
                      ": the forfeit was recorded because of the withdrawal");
    }
  }
  return out;
}

}  // namespace arbiter::pairing

// A TRF player's games for the rating calculation (rating_games.h).
#include "arbiter/pairing/rating_games.h"

#include <cassert>

namespace arbiter::pairing::rating {

namespace {

// The player's points from the cell (TRF result codes: a forfeit win and a win of less than one
// move score as a win, though neither is rated).
double score_of(ResultCode r) {
  switch (r) {
    case ResultCode::Win:
    case ResultCode::ForfeitWin:
    case ResultCode::UnratedWin: return 1.0;
    case ResultCode::Draw:
    case ResultCode::UnratedDraw: return 0.5;
    default: return 0.0;
  }
}

}  // namespace

std::vector<Game> games_of(const Tournament& t, Tpn tpn, std::vector<int>* rounds) {
  const pairing::Player& p = t.player(tpn);
  std::vector<Game> games;
  for (int r = 1; r <= int(p.rounds.size()); ++r) {
    const RoundEntry& e = p.rounds[size_t(r - 1)];
    if (!e.has_opponent()) continue;  // byes and absences are no games
    Game g;
    g.opponent = t.player(e.opponent).rating;
    g.played = e.rated_game();  // B.02 5.1: forfeits and other unplayed games are not rated
    g.score = score_of(e.result);
    games.push_back(g);
    if (rounds) rounds->push_back(r);
  }
  assert(!rounds || rounds->size() >= games.size());
  return games;
}

}  // namespace arbiter::pairing::rating

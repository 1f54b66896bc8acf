// Random tournaments paired round by round by the Dutch engine (the C.04.A endorsement
// toolkit's generator). The random numbers come from the libraries' one generator, SplitMix64
// (arbiter/vocabulary/random.h, fully specified), mapped to ranges by plain arithmetic and
// unbiased rejection (the standard distributions differ between libraries), so a seed gives the
// same file everywhere.
#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "arbiter/pairing/dutch.h"
#include "arbiter/pairing/dutch_generate.h"
#include "arbiter/vocabulary/random.h"

namespace arbiter::pairing {
namespace {

class Dice {
 public:
  explicit Dice(std::uint64_t seed) : rng_{seed} {}
  double unit() { return double(rng_.next() >> 11) * 0x1.0p-53; }  // [0, 1)
  bool chance(double p) { return unit() < p; }
  int between(int lo, int hi) { return lo + int(rng_.below(std::uint64_t(hi - lo) + 1)); }

 private:
  SplitMix64 rng_;
};

void check_options(const GenerateOptions& o) {
  auto probability = [](double p, const char* name) {
    if (!(p >= 0 && p <= 1))
      throw std::invalid_argument(std::string("--") + name + " must be a probability in 0..1");
  };
  if (o.players < 2 || o.players > 100000)
    throw std::invalid_argument("--players must be 2 to 100000");
  if (o.rounds < 1 || o.rounds > 99) throw std::invalid_argument("--rounds must be 1 to 99");
  probability(o.draws, "draws");
  probability(o.forfeits, "forfeits");
  probability(o.byes, "byes");
  probability(o.retire, "retire");
  probability(o.late, "late");
  if (o.rating_lo < 0 || o.rating_lo > o.rating_hi || o.rating_hi > 4000)
    throw std::invalid_argument("--rating-range must be LO-HI with 0 <= LO <= HI <= 4000");
}

// Players by rating, highest first, numbered in that order (C.04.2 initial order; equal
// ratings keep the order drawn, and the names follow the numbers so that they sort the same).
std::vector<Player> draw_players(const GenerateOptions& o, Dice& dice) {
  std::vector<int> ratings(o.players);
  for (int& r : ratings) r = dice.between(o.rating_lo, o.rating_hi);
  std::stable_sort(ratings.begin(), ratings.end(), std::greater<>());
  std::vector<Player> players(o.players);
  for (int i = 0; i < o.players; ++i) {
    Player& p = players[i];
    p.tpn = i + 1;
    std::string num = std::to_string(i + 1);
    p.name = "Player " + std::string(5 - std::min<size_t>(5, num.size()), '0') + num;
    p.rating = ratings[i];
  }
  return players;
}

// Who is absent from round r: withdrawn players, late entrants before their first round, and
// requested half-point byes; at least two players stay to be paired.
void absences(const GenerateOptions& o, int r, Dice& dice, std::vector<int>& entry,
              std::vector<char>& withdrawn, Tournament& t) {
  const int n = t.player_count();
  int present = 0;
  for (int i = 0; i < n; ++i) present += !withdrawn[i] && entry[i] <= r;
  for (int i = 0; i < n; ++i) {
    Player& p = t.players[i];
    if (r > 1 && !withdrawn[i] && entry[i] < r && present > 2 && dice.chance(o.retire)) {
      withdrawn[i] = 1;
      --present;
    }
    if (withdrawn[i] || entry[i] > r) {
      p.rounds.push_back({0, std::nullopt, ResultCode::ZeroBye});
    } else if (present > 2 && dice.chance(o.byes)) {
      p.rounds.push_back({0, std::nullopt, ResultCode::HalfBye});
      --present;
    }
  }
}

// The result of one game, drawn from the players' ratings (Elo expectation; the draw rate falls
// as the gap grows; forfeits lost more often by the lower-rated player).
void play(const GenerateOptions& o, Dice& dice, Player& white, Player& black) {
  const double e = 1 / (1 + std::pow(10.0, (black.rating - white.rating) / 400.0));
  ResultCode w, b;
  if (dice.chance(o.forfeits)) {
    const bool white_loses = dice.chance(white.rating < black.rating ? 2.0 / 3 : 1.0 / 3);
    w = white_loses ? ResultCode::ForfeitLoss : ResultCode::ForfeitWin;
    b = white_loses ? ResultCode::ForfeitWin : ResultCode::ForfeitLoss;
  } else {
    const double d = o.draws * std::max(0.0, 1 - 2 * std::abs(e - 0.5));
    const double u = dice.unit();
    const double white_wins = std::clamp((e - d / 2) / std::max(1e-9, 1 - d), 0.0, 1.0);
    if (u < d)
      w = b = ResultCode::Draw;
    else if (dice.chance(white_wins))
      w = ResultCode::Win, b = ResultCode::Loss;
    else
      w = ResultCode::Loss, b = ResultCode::Win;
  }
  white.rounds.push_back({black.tpn, WHITE, w});
  black.rounds.push_back({white.tpn, BLACK, b});
}

}  // namespace

GeneratedTournament generate_dutch(const GenerateOptions& o) {
  check_options(o);
  Dice dice(o.seed);
  GeneratedTournament g;
  Tournament& t = g.tournament;
  t.name = "Random tournament, seed " + std::to_string(o.seed);
  t.type = "Individual: Swiss-System (FIDE Dutch)";
  t.total_rounds = o.rounds;
  if (o.rules == DutchRules::Fide2017) t.type_code = "FIDE_DUTCH_2017";
  DutchOptions dutch;
  dutch.rules = o.rules;
  t.initial_colour = dice.chance(0.5) ? WHITE : BLACK;
  if (o.three_one_zero) {
    t.scoring = Scoring::three_one_zero();
    t.scoring_given = true;
  }
  t.players = draw_players(o, dice);
  const int n = t.player_count();
  std::vector<int> entry(n, 1);
  for (int& e : entry)
    if (o.rounds > 1 && dice.chance(o.late)) e = dice.between(2, o.rounds / 2 + 1);
  entry[0] = entry[1] = 1;  // somebody plays round 1
  std::vector<char> withdrawn(n, 0);
  for (int r = 1; r <= o.rounds; ++r) {
    absences(o, r, dice, entry, withdrawn, t);
    const DutchPairing p = pair_dutch(t, r, dutch);
    if (!p.ok) {
      for (Player& pl : t.players) pl.rounds.resize(r - 1);
      g.error = "round " + std::to_string(r) + ": " + p.error;
      break;
    }
    for (auto [w, b] : p.pairs) play(o, dice, t.player(w), t.player(b));
    if (p.bye) t.player(p.bye).rounds.push_back({0, std::nullopt, ResultCode::PairingBye});
    g.paired_rounds = r;
  }
  for (Player& pl : t.players) pl.recorded_points = pl.score(t.scoring);
  return g;
}

}  // namespace arbiter::pairing

#pragma once
// FIDE rating calculations (Handbook B.02, "FIDE Rating Regulations effective from 1 March 2024",
// and the Rapid and Blitz regulations of the same date, with their 1 Dec 2024 and 1 Oct 2025
// amendments; ../shared/reference/rating.md) and the performance figures of C.07 art. 10.
//
// Everything works on the FIDE tables (8.1.1 p -> dp, 8.1.2 D -> PD), never on the logistic
// formula: results must match FIDE to the point. Dates are integers YYYYMMDD (0 = unknown, read
// as "today's rules").
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "arbiter/pairing/tournament.h"

namespace arbiter::pairing::rating {

// B.02 8.1.2: expected score, in hundredths, of a player whose rating exceeds the opponent's by
// `diff` (negative when lower). |diff| > 735 gives 100 / 0. No 400-point cap is applied here.
int expected_pd100(int diff);
// B.02 8.1.1: rating difference dp for a percentage score p100 = 0..100 (p = 1.00 -> 800).
int dp_from_percentage(int p100);
// Percentage of `score` out of `games`, rounded half up to a whole percent (p to 2 decimals).
int percentage(double score, int games);

// C.07 10.1 ARO: mean of the ratings, rounded half up (.5 up). nullopt for an empty list.
std::optional<int> average_rating(std::span<const int> ratings);
// C.07 10.2 TPR: ARO + dp(p), p = score / games rounded to 2 decimals. nullopt without games.
std::optional<int> performance_rating(double score, std::span<const int> ratings);
// C.07 10.3 PTP: lowest integer R whose expected score (8.1.2, no 400 cap) against the opponents
// reaches `score`; a zero score gives the lowest opponent - 800. nullopt without games.
std::optional<int> perfect_performance(double score, std::span<const int> ratings);
// B.01 norm performance: lowest opponent raised to the norm floor (GM 2200, IM 2050, WGM 2000,
// WIM 1850) before ARO + dp. `norm` one of "GM", "IM", "WGM", "WIM".
std::optional<int> norm_performance(double score, std::vector<int> ratings,
                                    const std::string& norm);

// One game for a rating calculation.
struct Game {
  int opponent = 0;  // opponent's rating; 0 = unrated opponent (game not rated for a rated player)
  double score = 0;  // 1, 0.5 or 0
  bool played = true;         // forfeits and other unplayed games are not rated (B.02 5.1)
  bool unequal_time = false;  // Armageddon and other unequal clocks: not rated (rapid/blitz 1.2)
};

// What decides the K factor (B.02 8.3.3).
struct Player {
  int rating = 0;             // rating at the start of the period
  int birth_year = 0;         // 0 = unknown (no junior K = 40)
  int games_before = 30;      // rated games completed before this period (new player < 30)
  bool reached_2400 = false;  // published rating has ever been >= 2400 (K stays 10)
};

struct Options {
  RatingList list = RatingList::Standard;  // the tournament model's one rating-list type
  int date = 0;          // YYYYMMDD of the games (amendment dates), 0 = current rules
  std::optional<int> k;  // fixed K (otherwise from Player)
  int period_games =
      0;  // games of the player in the rating period (K x n <= 700); 0 = this event's
};

struct GameChange {
  int opponent = 0;
  double score = 0;
  bool rated = false;
  std::string reason;   // why a game is not rated
  int diff = 0;         // rating difference used (after the 400-point rule), own - opponent
  double expected = 0;  // PD
  double change = 0;    // score - PD
};

struct Change {
  std::vector<GameChange> games;
  int rated_games = 0;
  double score = 0;     // points in rated games
  double expected = 0;  // sum of PD
  double delta = 0;     // sum of (score - PD)
  int k = 0;
  double change = 0;  // delta * K
  int rounded = 0;    // nearest integer, .5 away from zero (B.02 8.3.4)
};

// K factor per B.02 8.3.3 for a player in the year `year` (0 = ignore the junior rule), with the
// K x n <= 700 cap for n games in the period.
int k_factor(const Player& p, int year, int period_games);
// Rating change of a rated player over a set of games (B.02 8.3).
Change rating_change(const Player& p, std::span<const Game> games, const Options& o = {});

// Initial rating of an unrated player (B.02 8.2): rated opponents plus two hypothetical 1800
// opponents drawn against; nullopt with fewer than 5 games against rated opponents, a zero score
// (first event) or a result below 1400. Capped at 2200.
std::optional<int> initial_rating(std::span<const Game> games);

// Whether a game between ratings a and b is rated under the rapid/blitz gap rule (from
// 1 Dec 2024: difference >= 600 with one player above 2600 is not rated).
bool rapid_blitz_gap_rated(int a, int b, int date);

}  // namespace arbiter::pairing::rating

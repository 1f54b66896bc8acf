// The seed events of ../shared/reference/events.md run end to end through the command line only.
// Final standings are checked against values computed here from the games the test itself
// decided, following the tie-break definitions of reference/tiebreaks.md (never against the
// standings module's earlier output), and every exported TRF replays through `pair --check`.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <tuple>

#include "event_cli_support.h"

using namespace arbiter::test::event_cli;

namespace {

// ---------------------------------------------------------------------------------------------
// Round robins (events.md B and C): pairing numbers by lot, an absence that eliminates the
// player (remaining games forfeited), an excused one; SB, PS, WIN.

struct RoundRobinCase {
  std::string name;
  int players, rounds;
  int absent_round;   // unexcused no-show: withdrawn at the next pairing, later games forfeited
  int excused_round;  // a walk-over that the player excuses in writing
};

void run_round_robin(const RoundRobinCase& c) {
  TempDir d;
  const std::string f = d / (c.name + ".trf");
  create_event(
      d, f,
      "--system round-robin --rounds " + std::to_string(c.rounds) +
          " --rating-list standard --tiebreaks 'SB PS WIN' --rules 2026 --seed 1919 --name " +
          c.name,
      players_csv(c.players));
  const int n = c.players, rounds = c.rounds;
  std::vector<std::vector<Game>> played(rounds + 1);
  std::string absent_name, excused_name;
  for (int r = 1; r <= rounds; ++r) {
    std::string out = ok("event pair '" + f + "'");
    Event e = load(f);
    if (r == 1) {
      // The lot renumbered everybody: the printed audit names the seed.
      EXPECT_NE(out.find("by lot"), std::string::npos) << out;
      absent_name = e.tournament.player(7).name;
      excused_name = e.tournament.player(n - 4).name;
    }
    const Tpn absent = find_player(e, absent_name), excused = find_player(e, excused_name);
    const auto& boards = e.settings.boards.at(r);
    ASSERT_EQ(int(boards.size()), n / 2);
    std::string args = "event result '" + f + "'";
    for (size_t b = 0; b < boards.size(); ++b) {
      auto [w, bl] = boards[b];
      std::string res;
      if (r > c.absent_round && (w == absent || bl == absent)) {
        // Withdrawn after the unexcused absence: the game is forfeited at pairing.
        res = w == absent ? "-+" : "+-";
        EXPECT_EQ(board_result(e, r, int(b) + 1), res) << "round " << r;
      } else if (r == c.absent_round && (w == absent || bl == absent)) {
        res = w == absent ? "-+" : "+-";
      } else if (r == c.excused_round && (w == excused || bl == excused)) {
        res = w == excused ? "-+" : "+-";
      } else {
        res = result_for(r, w, bl, 1);
      }
      played[r].push_back({w, bl, res});
      if (board_result(e, r, int(b) + 1).empty())
        args.append(" ")
            .append(std::to_string(b + 1))
            .append(" ")
            .append(res == "-+" ? "0-1f" : res);
    }
    ok(args);
    if (r == c.excused_round) ok("event excuse '" + f + "' " + std::to_string(excused));
  }
  // Independent standings: points, SB (forfeits count as played in a round robin, C.07 15.2),
  // PS, WIN (forfeit wins count).
  std::vector<double> pts(n + 1), sb(n + 1), ps(n + 1), win(n + 1);
  for (int r = 1; r <= rounds; ++r) {
    for (const auto& g : played[r]) {
      auto [a, b] = points_of(g.result);
      pts[g.white] += a, pts[g.black] += b;
      win[g.white] += a == 1, win[g.black] += b == 1;
    }
    for (int p = 1; p <= n; ++p) ps[p] += pts[p];
  }
  for (int r = 1; r <= rounds; ++r)
    for (const auto& g : played[r]) {
      auto [a, b] = points_of(g.result);
      sb[g.white] += a * pts[g.black];
      sb[g.black] += b * pts[g.white];
    }
  auto cols = read_tsv(ok("event standings '" + f + "' --format tsv"));
  ASSERT_EQ(cols["StartNo"].size(), size_t(n));
  for (int i = 0; i < n; ++i) {
    int p = std::stoi(cols["StartNo"][i]);
    EXPECT_DOUBLE_EQ(std::stod(cols["SB"][i]), sb[p]) << "player " << p;
    EXPECT_DOUBLE_EQ(std::stod(cols["PS"][i]), ps[p]) << "player " << p;
    EXPECT_DOUBLE_EQ(std::stod(cols["WIN"][i]), win[p]) << "player " << p;
    if (cols.count("PTS")) {
      EXPECT_DOUBLE_EQ(std::stod(cols["PTS"][i]), pts[p]);
    }
    // Rank: points, then SB, PS, WIN; equal values share the place.
    int rank = 1;
    auto key = [&](int q) { return std::make_tuple(pts[q], sb[q], ps[q], win[q]); };
    for (int q = 1; q <= n; ++q) rank += key(q) > key(p);
    EXPECT_EQ(std::stoi(cols["Rank"][i]), rank) << "player " << p;
  }
  // The absent player was withdrawn at the next pairing; the excused one played on.
  Event e = load(f);
  EXPECT_EQ(e.settings.withdrawn.at(find_player(e, absent_name)), c.absent_round + 1);
  EXPECT_FALSE(e.settings.withdrawn.count(find_player(e, excused_name)));
  // The report for rating reads back as TRF-2026 with the standings in it, and its Berger
  // pairings are what the round robin checker expects.
  ok("event export '" + f + "' --trf '" + (d / "out.trf") + "'");
  Tournament t = read_trf(slurp(d / "out.trf"), "out.trf");
  EXPECT_EQ(t.player_count(), n);
  EXPECT_EQ(t.type, "Round Robin");
  EXPECT_EQ(slurp(d / "out.trf").find("XAR"), std::string::npos);
  auto check = run_arbiter("pair --check '" + (d / "out.trf") + "'");
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
  ok("event report '" + f + "' --html '" + (d / "out.html") + "'");
  EXPECT_NE(slurp(d / "out.html").find("<html"), std::string::npos);
}

}  // namespace

// B. Zaragoza 1919: 16 players, single round robin by lot.
TEST(SeedEvents, ZaragozaRoundRobinByLot) { run_round_robin({"Zaragoza", 16, 15, 5, 9}); }

// C. Juliaca IRT 2010: 12 players in 11 rounds; walk-over after 30 minutes, an unjustified
// absence eliminates the player.
TEST(SeedEvents, JuliacaTwelvePlayersElevenRounds) { run_round_robin({"Juliaca", 12, 11, 4, 2}); }

// ---------------------------------------------------------------------------------------------
// A. Benalmádena (events.md A): Dutch Swiss by FIDE rapid rating, half-point byes within the
// event's limits, a late entry, no-shows (excused once; unexcused = withdrawn; a second one =
// withdrawn for good); tiebreaks BH/C1 with the 'virtual opponent' rule, GE, DE, ARO/C1, WIN.

namespace {

struct SwissCase {
  std::string name;
  int players, rounds;
  int byes_max, bye_last_round;  // 0: the event grants no half-point byes
  bool chess960;
  bool blitz = false;  // FIDE blitz list; BH/C1 SB PS DE ARO/C1 (events.md A, blitz)
};

// Rapid / blitz rating of CSV player i (players_csv: standard 2400 - 25 i, rapid 10 less,
// blitz 20 less).
int rating_of(int i, bool blitz) { return 2400 - 25 * i - (blitz ? 20 : 10); }
std::string csv_name(int i) {
  return std::string("Player") + char('A' + i / 26) + char('A' + i % 26) + ", Test";
}

double cell_points(const RoundEntry& c) {
  switch (c.result) {
    case ResultCode::Win:
    case ResultCode::ForfeitWin:
    case ResultCode::PairingBye:
    case ResultCode::FullBye:
    case ResultCode::UnratedWin: return 1;
    case ResultCode::Draw:
    case ResultCode::HalfBye:
    case ResultCode::UnratedDraw: return 0.5;
    default: return 0;
  }
}
bool over_the_board(const RoundEntry& c) {
  return c.opponent && (c.result == ResultCode::Win || c.result == ResultCode::Draw ||
                        c.result == ResultCode::Loss);
}

void run_swiss(const SwissCase& c) {
  TempDir d;
  const std::string f = d / "event.trf";
  const std::string list = c.blitz ? "blitz" : "rapid";
  create_event(
      d, f,
      "--system dutch --rounds " + std::to_string(c.rounds) + " --rating-list " + list +
          " --tiebreaks '" + (c.blitz ? "BH/C1 SB PS DE ARO/C1" : "BH/C1 GE DE ARO/C1 WIN") +
          "' --rules 2022" +
          (c.byes_max ? " --half-point-byes " + std::to_string(c.byes_max) + " --bye-rounds " +
                            std::to_string(c.bye_last_round)
                      : std::string()) +
          (c.byes_max ? " --bye-deadline 1" : "") + (c.chess960 ? " --variant chess960" : "") +
          // The regulations' entry rules and supervision: at most 200 players, a FIDE
          // ID for foreign players; Rapid and 960 under A.5, Blitz under B.3.
          " --federation ESP --max-players 200 --fide-id-for-foreign --regime " +
          (c.blitz ? "blitz-unsupervised" : "rapid-unsupervised") + " --seed 2023 --name " + c.name,
      players_csv(c.players));
  std::map<std::string, int> rating;  // by name, for ARO (the event's rating list)
  for (int i = 0; i < c.players; ++i) rating[csv_name(i)] = rating_of(i, c.blitz);

  // Bye requests in writing before round 1: up to the limit, only in the allowed rounds.
  Event e0 = load(f);
  const std::string byer = csv_name(3), canceller = csv_name(8);
  for (int k = 0; k < c.byes_max; ++k)
    ok("event bye '" + f + "' '" + byer + "' --round " + std::to_string(2 + k));
  const std::string with_byes = slurp(f);
  if (c.byes_max) {
    auto over = run_arbiter("event bye '" + f + "' '" + byer + "' --round " +
                            std::to_string(c.bye_last_round));
    EXPECT_EQ(over.exit_code, 1) << "bye over the limit accepted: " << over.out;
    EXPECT_EQ(std::count(over.err.begin(), over.err.end(), '\n'), 1) << over.err;
    EXPECT_EQ(slurp(f), with_byes) << "a refused bye changed the event file";
    auto late = run_arbiter("event bye '" + f + "' '" + csv_name(5) + "' --round " +
                            std::to_string(c.bye_last_round + 1));
    EXPECT_EQ(late.exit_code, 1) << "bye after the last bye round accepted: " << late.out;
    ok("event bye '" + f + "' '" + canceller + "' --round 3");
    ok("event cancel-bye '" + f + "' '" + canceller + "' --round 3");
    // A player receiving financial support is denied byes: the request is refused.
    ok("event deny-byes '" + f + "' '" + csv_name(9) + "' --reason 'financial support'");
    const std::string denied_file = slurp(f);
    auto denied = run_arbiter("event bye '" + f + "' '" + csv_name(9) + "' --round 2");
    EXPECT_EQ(denied.exit_code, 1) << "bye granted to a player denied byes: " << denied.out;
    EXPECT_NE(denied.err.find("financial support"), std::string::npos) << denied.err;
    EXPECT_EQ(slurp(f), denied_file);
  } else {
    auto none = run_arbiter("event bye '" + f + "' '" + byer + "' --round 2");
    EXPECT_EQ(none.exit_code, 1) << "bye granted by an event without byes: " << none.out;
    EXPECT_EQ(slurp(f), with_byes) << "a refused bye changed the event file";
  }

  const std::string excused = csv_name(10), dropped = csv_name(14), twice = csv_name(6);
  const std::string latecomer = "Late, Lena";
  std::set<std::string> withdrawn_names;
  std::vector<std::string> positions;
  for (int r = 1; r <= c.rounds; ++r) {
    if (r == 2 && c.byes_max) {
      // Byes are requested in writing before round 1: one asked for after round 1 is paired
      // is refused, and nothing changes.
      const std::string before = slurp(f);
      auto late_bye = run_arbiter("event bye '" + f + "' '" + csv_name(12) + "' --round 4");
      EXPECT_EQ(late_bye.exit_code, 1) << "bye after the deadline granted: " << late_bye.out;
      EXPECT_NE(late_bye.err.find("before round 1"), std::string::npos) << late_bye.err;
      EXPECT_EQ(slurp(f), before);
    }
    if (r == 2) {
      // A foreign player without a FIDE ID is refused (the regulations ask for one).
      auto foreign = run_arbiter("event register '" + f +
                                 "' --name 'Etranger, Eric' --federation FRA --" + list + " 2000");
      EXPECT_EQ(foreign.exit_code, 1) << "foreign player without FIDE ID registered";
      // Late entry after round 1 (C.04.2: the missed round is a zero-point bye).
      ok("event register '" + f + "' --name '" + latecomer + "' --" + list +
         " 2105 --federation ESP");
      rating[latecomer] = 2105;
    }
    std::string out = ok("event pair '" + f + "'");
    if (c.chess960) {
      // The round's start position is drawn from the event's seed with an audit line, and
      // is a valid Chess960 start position.
      auto at = out.find("FEN ");
      ASSERT_NE(at, std::string::npos) << out;
      std::string fen = out.substr(at + 4, out.find('\n', at) - at - 4);
      EXPECT_EQ(run_arbiter("960 verify '" + fen + "'").exit_code, 0) << fen;
      EXPECT_NE(out.find("sha256"), std::string::npos) << out;
      positions.push_back(fen);
    }
    Event e = load(f);
    for (const auto& [p, from] : e.settings.withdrawn)
      withdrawn_names.insert(e.tournament.player(p).name);
    std::string args = "event result '" + f + "'";
    const auto& boards = e.settings.boards.at(r);
    for (size_t b = 0; b < boards.size(); ++b) {
      auto [w, bl] = boards[b];
      if (!w || !bl || !board_result(e, r, int(b) + 1).empty()) continue;  // PAB, forfeit
      const std::string wn = e.tournament.player(w).name, bn = e.tournament.player(bl).name;
      auto noshow = [&](const std::string& who) {
        return (who == excused && r == 3) || (who == dropped && r == 4) ||
               (who == twice && (r == 2 || r == 5));
      };
      std::string res = noshow(wn) ? "-+" : noshow(bn) ? "+-" : result_for(r, w, bl, 3);
      args.append(" ").append(std::to_string(b + 1)).append(" ").append(res);
    }
    ok(args);
    if (r == 3) ok("event excuse '" + f + "' '" + excused + "'");
    if (r == 2) ok("event excuse '" + f + "' '" + twice + "'");
  }
  Event e = load(f);
  const int n = e.tournament.player_count();
  ASSERT_EQ(n, c.players + 1);
  EXPECT_EQ(e.settings.regime, c.blitz ? "blitz-unsupervised" : "rapid-unsupervised");
  EXPECT_EQ(e.settings.entry.max_players, 200);
  // The no-show rule (events.md A): the excused player played on; the unexcused one was
  // withdrawn at the next pairing; a second no-show withdraws for good despite the first excuse.
  auto withdrawn_from = [&](const std::string& who) {
    auto it = e.settings.withdrawn.find(find_player(e, who));
    return it == e.settings.withdrawn.end() ? 0 : it->second;
  };
  EXPECT_EQ(withdrawn_from(excused), 0);
  EXPECT_EQ(withdrawn_from(dropped), 5);
  EXPECT_EQ(withdrawn_from(twice), 6);
  // Half-point byes as requested (and not the cancelled one); the latecomer missed round 1.
  if (c.byes_max) {
    EXPECT_EQ(e.tournament.player(find_player(e, byer)).round(2).result, ResultCode::HalfBye);
  }
  EXPECT_NE(e.tournament.player(find_player(e, canceller)).round(3).result, ResultCode::HalfBye);
  EXPECT_EQ(e.tournament.player(find_player(e, latecomer)).round(1).opponent, 0);
  EXPECT_EQ(cell_points(e.tournament.player(find_player(e, latecomer)).round(1)), 0);

  // Independent standings from the recorded cells (tiebreaks.md 4.3, pre-2023 rule):
  // an opponent's unplayed rounds count as draws; an own unplayed round R counts a virtual
  // opponent with Svon = S_before(R) + (1 - Sf_R) + 0.5 (n - R).
  const int rounds = c.rounds;
  auto cell = [&](int p, int r) { return e.tournament.player(p).round(r); };
  std::vector<double> pts(n + 1), adjusted(n + 1), bhc1(n + 1), ge(n + 1), win(n + 1),
      aroc1(n + 1, -1), sb(n + 1), ps(n + 1);
  std::vector<std::string> aro_detail(n + 1);
  for (int p = 1; p <= n; ++p)
    for (int r = 1; r <= rounds; ++r) {
      RoundEntry x = cell(p, r);
      pts[p] += cell_points(x);
      adjusted[p] += over_the_board(x) ? cell_points(x) : 0.5;
      win[p] += cell_points(x) == 1;
      // C.07 7.6: rounds minus half-point byes, zero-point byes/absences and forfeit losses.
      ge[p] += over_the_board(x) || x.result == ResultCode::ForfeitWin ||
               x.result == ResultCode::PairingBye || x.result == ResultCode::FullBye;
    }
  for (int p = 1; p <= n; ++p) {
    std::vector<double> part;
    std::vector<int> opp_ratings;
    double before = 0;
    for (int r = 1; r <= rounds; ++r) {
      RoundEntry x = cell(p, r);
      if (over_the_board(x)) {
        part.push_back(adjusted[x.opponent]);
        opp_ratings.push_back(rating.at(e.tournament.player(x.opponent).name));
      } else {
        part.push_back(before + (1 - cell_points(x)) + 0.5 * (rounds - r));
      }
      sb[p] += cell_points(x) * part.back();  // SB: own points times the (virtual) opponent's
      before += cell_points(x);
      ps[p] += before;  // PS: the running score after each round
    }
    double sum = 0;
    for (double v : part) sum += v;
    bhc1[p] = sum - *std::min_element(part.begin(), part.end());
    // ARO/C1 under the pre-2023 rule as the World Rapid & Blitz applied it: an unplayed round
    // is the first one cut; otherwise the lowest-rated opponent goes. Rounded .5 up (10.1).
    const bool cut_unplayed = int(opp_ratings.size()) < rounds;
    if (opp_ratings.size() >= 2) {
      std::sort(opp_ratings.begin(), opp_ratings.end());
      for (int x : opp_ratings) aro_detail[p] += std::to_string(x) + " ";
      double s = 0;
      for (size_t i = cut_unplayed ? 0 : 1; i < opp_ratings.size(); ++i) s += opp_ratings[i];
      aroc1[p] = std::floor(s / double(opp_ratings.size() - (cut_unplayed ? 0 : 1)) + 0.5);
    }
  }
  auto cols = read_tsv(ok("event standings '" + f + "' --format tsv"));
  ASSERT_EQ(cols["StartNo"].size(), size_t(n));
  const std::vector<std::string> columns =
      c.blitz ? std::vector<std::string>{"Rank", "BH/C1", "SB", "PS", "ARO/C1"}
              : std::vector<std::string>{"Rank", "BH/C1", "GE", "WIN", "ARO/C1"};
  for (const auto& col : columns) ASSERT_EQ(cols[col].size(), size_t(n)) << "column " << col;
  std::vector<std::pair<int, int>> rank_of;  // (rank, start number)
  for (int i = 0; i < n; ++i) {
    int p = std::stoi(cols["StartNo"][i]);
    const std::string who = e.tournament.player(p).name;
    EXPECT_EQ(e.tournament.player(p).score(e.tournament.scoring), Points(pts[p] * 10 + 0.5)) << who;
    EXPECT_DOUBLE_EQ(std::stod(cols["BH/C1"][i]), bhc1[p]) << who;
    if (c.blitz) {
      EXPECT_DOUBLE_EQ(std::stod(cols["SB"][i]), sb[p]) << who;
      EXPECT_DOUBLE_EQ(std::stod(cols["PS"][i]), ps[p]) << who;
    } else {
      EXPECT_DOUBLE_EQ(std::stod(cols["GE"][i]), ge[p]) << who;
      EXPECT_DOUBLE_EQ(std::stod(cols["WIN"][i]), win[p]) << who;
    }
    if (aroc1[p] >= 0) {
      EXPECT_DOUBLE_EQ(std::stod(cols["ARO/C1"][i]), aroc1[p]) << who << ": " << aro_detail[p];
    }
    rank_of.emplace_back(std::stoi(cols["Rank"][i]), p);
  }
  // Ranked by points, then BH/C1, then GE (blitz: SB, PS); DE and the rest only inside groups
  // still tied.
  std::sort(rank_of.begin(), rank_of.end());
  auto key = [&](int p) {
    return std::make_tuple(pts[p], bhc1[p], c.blitz ? sb[p] : ge[p], c.blitz ? ps[p] : 0.0);
  };
  for (size_t i = 1; i < rank_of.size(); ++i)
    EXPECT_GE(key(rank_of[i - 1].second), key(rank_of[i].second))
        << "rank " << rank_of[i].first << " above rank " << rank_of[i - 1].first;
  // Sub-ranking over a filtered group (the best-placed among three named players).
  const int a = find_player(e, csv_name(0)), b = find_player(e, csv_name(1)),
            l = find_player(e, latecomer);
  auto sub = read_tsv(ok("event standings '" + f +
                         "' --format tsv --filter 'players=" + std::to_string(a) + "," +
                         std::to_string(b) + "," + std::to_string(l) + "'"));
  ASSERT_EQ(sub["StartNo"].size(), 3u);
  ASSERT_EQ(sub["Rank"].size(), 3u);
  std::map<int, int> overall;  // start number -> overall rank
  for (auto [rk, p] : rank_of) overall[p] = rk;
  for (size_t i = 0; i < 3; ++i) {
    int p = std::stoi(sub["StartNo"][i]), expect = 1;
    for (size_t j = 0; j < 3; ++j)
      expect += overall.at(std::stoi(sub["StartNo"][j])) < overall.at(p);
    EXPECT_EQ(std::stoi(sub["Rank"][i]), expect) << "sub-ranking place of " << p;
  }
  // The report for rating replays identically through the pairing checker.
  ok("event export '" + f + "' --trf '" + (d / "out.trf") + "'");
  auto check = run_arbiter("pair --check '" + (d / "out.trf") + "'");
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
  if (c.chess960) {
    // Reproducible: the same event seed draws the same positions in a fresh event file.
    ASSERT_EQ(int(positions.size()), c.rounds);
    std::set<std::string> distinct(positions.begin(), positions.end());
    EXPECT_GT(distinct.size(), 1u);
    const std::string g = d / "again.trf";
    ok("event new '" + g + "' --system dutch --rounds " + std::to_string(c.rounds) +
       " --rating-list rapid --tiebreaks 'BH/C1' --rules 2022 --variant chess960 --seed 2023");
    ok("event register '" + g + "' --csv '" + (d / "p.csv") + "'");
    std::string out = ok("event pair '" + g + "'");
    EXPECT_NE(out.find(positions[0]), std::string::npos) << out;
  }
}

}  // namespace

TEST(SeedEvents, BenalmadenaRapidSwiss) { run_swiss({"Benalmadena-Rapid", 29, 9, 3, 6, false}); }
TEST(SeedEvents, BenalmadenaChess960Swiss) { run_swiss({"Benalmadena-960", 20, 8, 2, 5, true}); }
TEST(SeedEvents, BenalmadenaBlitzSwiss) {
  run_swiss({"Benalmadena-Blitz", 24, 10, 0, 0, false, true});
}

// A. Benalmádena's cap of 200 players: a list of 201 is refused whole (nobody registered), the
// list of 200 is taken, and a 201st player is refused.
TEST(SeedEvents, BenalmadenaTakesAtMostTwoHundredPlayers) {
  TempDir d;
  const std::string f = d / "cap.trf";
  ok("event new '" + f +
     "' --system dutch --rounds 9 --rating-list rapid --tiebreaks 'BH/C1 GE DE ARO/C1 WIN' "
     "--rules 2022 --max-players 200 --seed 2023");
  write(d / "201.csv", players_csv(201, 2600, 2));
  const std::string empty = slurp(f);
  auto over = run_arbiter("event register '" + f + "' --csv '" + (d / "201.csv") + "'");
  EXPECT_EQ(over.exit_code, 1) << over.out;
  EXPECT_NE(over.err.find("200 players"), std::string::npos) << over.err;
  EXPECT_EQ(slurp(f), empty) << "a refused list registered somebody";
  write(d / "200.csv", players_csv(200, 2600, 2));
  ok("event register '" + f + "' --csv '" + (d / "200.csv") + "'");
  EXPECT_EQ(load(f).tournament.player_count(), 200);
  auto extra = run_arbiter("event register '" + f + "' --name 'Extra, E' --rapid 1500");
  EXPECT_EQ(extra.exit_code, 1);
  EXPECT_EQ(load(f).tournament.player_count(), 200);
}

// ---------------------------------------------------------------------------------------------
// B with 8 or fewer players: a double round robin (colours reversed in the second cycle), the
// first two tied on points, and the Armageddon play-off of events.md A (colours by lot, a draw
// gives the title to Black).

TEST(SeedEvents, DoubleRoundRobinTieForFirstGoesToArmageddon) {
  TempDir d;
  const std::string f = d / "drr.trf";
  const int n = 6, rounds = 2 * (n - 1);
  create_event(
      d, f,
      "--system double-round-robin --rounds " + std::to_string(rounds) +
          " --rating-list standard --tiebreaks 'SB PS WIN' --rules 2026 --seed 1919 --playoff "
          "armageddon:300/240",
      players_csv(n));
  // The two leaders (by the names the test chose) beat everybody else and draw each other;
  // all other games are drawn: both leaders end on 2 (n - 2) + 1 points.
  const std::string a = csv_name(4), b = csv_name(1);
  std::map<std::pair<Tpn, Tpn>, int> met;  // (white, black) -> games
  for (int r = 1; r <= rounds; ++r) {
    ok("event pair '" + f + "'");
    Event e = load(f);
    const Tpn pa = find_player(e, a), pb = find_player(e, b);
    std::string args = "event result '" + f + "'";
    const auto& boards = e.settings.boards.at(r);
    ASSERT_EQ(int(boards.size()), n / 2);
    for (size_t k = 0; k < boards.size(); ++k) {
      auto [w, bl] = boards[k];
      ++met[{w, bl}];
      std::string res = "1/2-1/2";
      if ((w == pa || w == pb) && bl != pa && bl != pb) res = "1-0";
      if ((bl == pa || bl == pb) && w != pa && w != pb) res = "0-1";
      args.append(" ").append(std::to_string(k + 1)).append(" ").append(res);
    }
    ok(args);
  }
  // Every pair met twice, once with each colour (C.05 Annex 1, double round robin).
  for (Tpn x = 1; x <= n; ++x)
    for (Tpn y = x + 1; y <= n; ++y) {
      EXPECT_EQ(met[std::make_pair(x, y)], 1) << x << "-" << y;
      EXPECT_EQ(met[std::make_pair(y, x)], 1) << y << "-" << x;
    }
  Event e = load(f);
  const Tpn pa = find_player(e, a), pb = find_player(e, b);
  const double top = 2 * (n - 2) + 1;
  EXPECT_EQ(e.tournament.player(pa).score(e.tournament.scoring), Points(top * 10));
  EXPECT_EQ(e.tournament.player(pb).score(e.tournament.scoring), Points(top * 10));
  // The Armageddon between the two tied on points; a draw gives first place to Black.
  auto early = run_arbiter("event playoff '" + f + "' --result 1-0");
  EXPECT_EQ(early.exit_code, 1) << "result before the Armageddon was drawn: " << early.out;
  std::string drawn = ok("event playoff '" + f + "'");
  EXPECT_NE(drawn.find("lot"), std::string::npos) << drawn;
  e = load(f);
  ASSERT_EQ(e.settings.playoff_games.size(), 1u);
  const auto g = e.settings.playoff_games.front();
  EXPECT_TRUE((g.white == pa && g.black == pb) || (g.white == pb && g.black == pa));
  ok("event playoff '" + f + "' --result 1/2-1/2");
  auto cols = read_tsv(ok("event standings '" + f + "' --format tsv"));
  ASSERT_EQ(cols["StartNo"].size(), size_t(n));
  for (size_t i = 0; i < cols["StartNo"].size(); ++i) {
    const int p = std::stoi(cols["StartNo"][i]), rank = std::stoi(cols["Rank"][i]);
    if (p == g.black) {
      EXPECT_EQ(rank, 1) << "Armageddon drawn: Black takes first place";
    }
    if (p == g.white) {
      EXPECT_EQ(rank, 2) << "Armageddon drawn: White is second";
    }
  }
  // The report for rating: a double round robin.
  ok("event export '" + f + "' --trf '" + (d / "out.trf") + "'");
  EXPECT_EQ(read_trf(slurp(d / "out.trf"), "out.trf").player_count(), n);
  auto check = run_arbiter("pair --check '" + (d / "out.trf") + "'");
  EXPECT_EQ(check.exit_code, 0) << check.out << check.err;
  // The checker can fail: read as a single round robin, rounds 4 and 5 (swapped in the first
  // cycle) and the second cycle differ from the table.
  std::string single = slurp(d / "out.trf");
  auto at = single.find("Double Round Robin");
  ASSERT_NE(at, std::string::npos);
  write(d / "single.trf", single.replace(at, 18, "Round Robin"));
  check = run_arbiter("pair --check '" + (d / "single.trf") + "'");
  EXPECT_EQ(check.exit_code, 1) << check.out << check.err;
  EXPECT_NE(check.out.find("3 of 10 rounds identical"), std::string::npos) << check.out;
}

// ---------------------------------------------------------------------------------------------
// B. Zaragoza 1919 run by its own regulations: at most 16 players (the 17th refused at
// registration), pairing numbers by lot, a player who does not appear loses that game only
// (rule 13: --no-show forfeit-only), a late entry into round 2 taking the free number of the
// odd field, the round dates (rest days between round days) in the report for rating, and the
// prizes: places 1-4 in money, the best score against the top four (excluding them), the
// best-placed resident of Aragon champion. Every publication is checked against the games the
// test decided.

namespace {

std::vector<std::string> csv_row(const std::string& line) {
  std::vector<std::string> out(1);
  bool q = false;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (q && c == '"' && i + 1 < line.size() && line[i + 1] == '"')
      out.back() += '"', ++i;
    else if (c == '"')
      q = !q;
    else if (c == ',' && !q)
      out.emplace_back();
    else if (c != '\r')
      out.back() += c;
  }
  return out;
}

std::vector<std::vector<std::string>> read_csv_rows(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line))
    if (!line.empty() && line != "\r") rows.push_back(csv_row(line));
  return rows;
}

}  // namespace

TEST(SeedEvents, ZaragozaByItsOwnRegulations) {
  TempDir d;
  const std::string f = d / "zaragoza.trf";
  ok("event new '" + f +
     "' --system round-robin --rounds 15 --rating-list standard --tiebreaks 'SB PS WIN' "
     "--rules 2026 --seed 1919 --no-show forfeit-only --max-players 16 --federation ESP "
     "--name 'Torneo Nacional' --city Zaragoza --category ARA=Region=Aragon "
     "--playoff match:4 --playoff-scope cat=ARA");
  // The organisers' list: Spanish headers, ';', a region column kept (the Aragon sub-ranking).
  std::ostringstream csv;
  csv << "\xEF\xBB\xBFNombre;Fed;Elo;Region\n";
  for (int i = 0; i < 15; ++i)
    csv << "\"Jugador" << char('A' + i) << ", Z\";ESP;" << 2000 - 10 * i << ';'
        << (i % 3 == 0 ? "Aragon" : "Madrid") << '\n';
  write(d / "z.csv", csv.str());
  ok("event register '" + f + "' --csv '" + (d / "z.csv") + "'");

  const int rounds = 15;
  std::vector<std::vector<Game>> played(rounds + 1);
  std::vector<std::string> dates(rounds + 1);
  // Round days with a rest day between them (events.md B): 1919/04/01, 04/03, ...
  for (int r = 1; r <= rounds; ++r) {
    int day = 1 + 2 * (r - 1), month = 4 + (day - 1) / 30;
    day = (day - 1) % 30 + 1;
    char buf[16];
    std::snprintf(buf, sizeof buf, "1919/%02d/%02d", month, day);
    dates[r] = buf;
  }
  const std::string late = "Tardio, Luis";
  std::string no_show_name;
  // Two residents of Aragon the test makes tie for the title: each beats everybody else and
  // they draw each other, so that the 4-game match decides the champion of Aragon.
  std::string aragon_a, aragon_b;
  for (int r = 1; r <= rounds; ++r) {
    if (r == 2) {
      // The late entry takes the free number of the 15-player table (C.05 Annex 1).
      std::string out = ok("event register '" + f + "' --name '" + late +
                           "' --standard 1990 --federation ESP --round 2");
      EXPECT_NE(out.find("registered 16 " + late + " (from round 2)"), std::string::npos) << out;
      auto full = run_arbiter("event register '" + f + "' --name 'Extra, E' --standard 1500");
      EXPECT_EQ(full.exit_code, 1) << "a 17th player was accepted";
      EXPECT_NE(full.err.find("16 players"), std::string::npos) << full.err;
    }
    // Odd rounds' dates through `pair --date`, even rounds' through `round-date`.
    std::string out = ok("event pair '" + f + "'" + (r % 2 ? " --date " + dates[r] : ""));
    if (r % 2 == 0) ok("event round-date '" + f + "' " + std::to_string(r) + " " + dates[r]);
    Event e = load(f);
    if (r == 1) {
      no_show_name = e.tournament.player(3).name;
      // Residents of Aragon (every third of the list), neither the no-show nor round 1's free
      // player (the one the late entrant will have met).
      for (int i = 0; i < 15; i += 3) {
        const std::string who = std::string("Jugador") + char('A' + i) + ", Z";
        const Tpn p = find_player(e, who);
        if (who == no_show_name || !e.tournament.player(p).round(1).has_opponent()) continue;
        if (aragon_a.empty())
          aragon_a = who;
        else if (aragon_b.empty())
          aragon_b = who;
      }
      ASSERT_FALSE(aragon_b.empty());
    }
    const Tpn absent = find_player(e, no_show_name);
    const Tpn xa = find_player(e, aragon_a), xb = find_player(e, aragon_b);
    const auto& boards = e.settings.boards.at(r);
    ASSERT_EQ(int(boards.size()), r == 1 ? 7 : 8) << "round " << r;
    // Forfeit-only: the player is paired every round, even after missing rounds 3 and 6.
    EXPECT_FALSE(e.settings.withdrawn.count(absent)) << "round " << r;
    std::string args = "event result '" + f + "'";
    for (size_t b = 0; b < boards.size(); ++b) {
      auto [w, bl] = boards[b];
      std::string res = result_for(r, w, bl, 19);
      if ((w == xa || w == xb) && (bl == xa || bl == xb))
        res = "1/2-1/2";
      else if (w == xa || w == xb)
        res = "1-0";
      else if (bl == xa || bl == xb)
        res = "0-1";
      if ((r == 3 || r == 6) && (w == absent || bl == absent)) res = w == absent ? "-+" : "+-";
      played[r].push_back({w, bl, res});
      args.append(" ").append(std::to_string(b + 1)).append(" ").append(res == "-+" ? "0-1f" : res);
    }
    ok(args);
    if (r == 2) {
      // The round-2 pairing list as published: each board's players and numbers.
      auto rows = read_csv_rows(ok("event show '" + f + "' --round 2 --format csv"));
      ASSERT_EQ(rows.size(), boards.size() + 1);
      for (size_t b = 0; b < boards.size(); ++b) {
        EXPECT_EQ(rows[b + 1][0], std::to_string(b + 1));
        EXPECT_EQ(rows[b + 1][1], std::to_string(boards[b].first));
        EXPECT_EQ(rows[b + 1][2], e.tournament.player(boards[b].first).name);
        EXPECT_EQ(rows[b + 1][9], std::to_string(boards[b].second));
      }
    }
  }
  Event e = load(f);
  const int n = 16;
  ASSERT_EQ(e.tournament.player_count(), n);
  const Tpn late_no = find_player(e, late), absent = find_player(e, no_show_name);
  EXPECT_EQ(late_no, 16);
  EXPECT_EQ(e.tournament.player(late_no).round(1).result, ResultCode::ZeroBye);
  EXPECT_EQ(no_shows(e, absent), (std::vector<int>{3, 6}));
  EXPECT_TRUE(e.settings.withdrawn.empty());

  // Points from the test's own games.
  std::vector<double> pts(n + 1);
  for (int r = 1; r <= rounds; ++r)
    for (const auto& g : played[r]) {
      auto [a, b] = points_of(g.result);
      pts[g.white] += a, pts[g.black] += b;
    }

  // The wall chart is the round-robin grid: row p, column q holds p's result against q.
  auto grid = read_csv_rows(ok("event wallchart '" + f + "' --format csv"));
  ASSERT_EQ(grid.size(), size_t(n + 1));
  ASSERT_EQ(grid[0].size(), size_t(4 + n + 1));
  for (int r = 1; r <= rounds; ++r)
    for (const auto& g : played[r]) {
      auto [a, b] = points_of(g.result);
      bool forfeit = g.result == "+-" || g.result == "-+";
      auto mark = [&](double x) {
        return forfeit  ? std::string(x == 1 ? "+" : "-")
               : x == 1 ? std::string("1")
               : x == 0 ? std::string("0")
                        : "\xC2\xBD";
      };
      EXPECT_EQ(grid[g.white][3 + g.black], mark(a)) << "round " << r;
      EXPECT_EQ(grid[g.black][3 + g.white], mark(b)) << "round " << r;
    }
  for (int p = 1; p <= n; ++p) {
    EXPECT_EQ(grid[p][3 + p], "\xC3\x97");
    EXPECT_DOUBLE_EQ(std::stod(grid[p][4 + n].substr(0, grid[p][4 + n].find("\xC2\xBD"))) +
                         (grid[p][4 + n].find("\xC2\xBD") != std::string::npos ? 0.5 : 0),
                     pts[p])
        << "player " << p;
  }
  // The late entrant and round 1's free player never met: the grid says not played.
  const Tpn free1 = [&] {
    for (const auto& p : e.tournament.players)
      if (p.tpn != late_no && !p.round(1).has_opponent()) return p.tpn;
    return 0;
  }();
  EXPECT_EQ(grid[late_no][3 + free1], "");

  // Round dates: TRF-2026 132 in the report for rating, YY/MM/DD in each round's columns.
  ok("event export '" + f + "' --trf '" + (d / "z-export.trf") + "'");
  const std::string exported = slurp(d / "z-export.trf");
  auto at = exported.find("\n132");
  ASSERT_NE(at, std::string::npos);
  const std::string line132 = exported.substr(at + 1, exported.find('\n', at + 1) - at - 1);
  for (int r = 1; r <= rounds; ++r) {
    const std::string want = dates[r].substr(2, 2) + dates[r].substr(4, 6);
    ASSERT_GE(line132.size(), size_t(91 + 10 * (r - 1) + 8));
    EXPECT_EQ(line132.substr(91 + 10 * (r - 1), 8), want) << "round " << r;
  }

  // Prizes (events.md B): the standings' order decides ties (sharing tiebreak).
  write(d / "prizes.txt",
        "# Zaragoza 1919\nsharing tiebreak\nplace 1 1000 First\nplace 2 500 Second\n"
        "place 3 250 Third\nplace 4 125 Fourth\n"
        "against-top 4 100 Best against the top four\n"
        "category Region=Aragon 1 0 Champion of Aragon\n");
  // The standings' order: rank, then (shared places) start number, as the standings list them.
  auto cols = read_tsv(ok("event standings '" + f + "' --format tsv"));
  ASSERT_EQ(cols["StartNo"].size(), size_t(n));
  std::vector<std::pair<int, Tpn>> by_rank;
  for (int i = 0; i < n; ++i)
    by_rank.emplace_back(std::stoi(cols["Rank"][i]), std::stoi(cols["StartNo"][i]));
  std::sort(by_rank.begin(), by_rank.end());
  std::vector<Tpn> ranked;
  for (auto [rank, p] : by_rank) ranked.push_back(p);
  for (int k = 1; k < n; ++k) EXPECT_GE(pts[ranked[k - 1]], pts[ranked[k]]) << "rank " << k;
  std::vector<Tpn> top(ranked.begin(), ranked.begin() + 4);
  // Best score against the top four, the four excluded; ties go to the better-placed.
  std::vector<double> vs(n + 1);
  for (int r = 1; r <= rounds; ++r)
    for (const auto& g : played[r]) {
      auto [a, b] = points_of(g.result);
      if (std::count(top.begin(), top.end(), g.black)) vs[g.white] += a;
      if (std::count(top.begin(), top.end(), g.white)) vs[g.black] += b;
    }
  Tpn best = 0;
  for (Tpn p : ranked)
    if (!std::count(top.begin(), top.end(), p) && (best == 0 || vs[p] > vs[best])) best = p;
  // The two residents tied for the title of Aragon: 14 wins and their draw each (events.md B).
  const Tpn xa = find_player(e, aragon_a), xb = find_player(e, aragon_b);
  EXPECT_DOUBLE_EQ(pts[xa], 14.5);
  EXPECT_DOUBLE_EQ(pts[xb], 14.5);
  for (const auto& [p, ex] : e.settings.extra) {
    const auto aragon = std::make_pair(std::string("Region"), std::string("Aragon"));
    if (p != xa && p != xb && std::count(ex.begin(), ex.end(), aragon)) {
      EXPECT_LT(pts[p], 14.5) << "resident " << p;
    }
  }
  // The 4-game match: drawn by lot from the event's seed, the two alternate colours (two
  // Whites each).
  std::string lot = ok("event playoff '" + f + "'");
  EXPECT_NE(lot.find("sha256"), std::string::npos) << lot;
  e = load(f);
  const auto games = e.settings.playoff_games;
  ASSERT_EQ(games.size(), 4u);
  std::map<Tpn, int> whites;
  for (size_t g = 0; g < games.size(); ++g) {
    EXPECT_TRUE((games[g].white == xa && games[g].black == xb) ||
                (games[g].white == xb && games[g].black == xa))
        << "game " << g + 1;
    ++whites[games[g].white];
    if (g) {
      EXPECT_EQ(games[g].white, games[g - 1].black) << "game " << g + 1;
    }
  }
  EXPECT_EQ(whites[xa], 2);
  EXPECT_EQ(whites[xb], 2);
  // The match is won by the one the tie-breaks placed second (so that the title cannot come
  // from the standings' order): game 1 decided, the other three drawn.
  const Tpn second =
      std::find(ranked.begin(), ranked.end(), xa) < std::find(ranked.begin(), ranked.end(), xb)
          ? xb
          : xa;
  const std::vector<std::string> match = {games[0].white == second ? "1-0" : "0-1", "1/2-1/2",
                                          "1/2-1/2", "1/2-1/2"};
  std::map<Tpn, double> match_pts;
  for (size_t g = 0; g < match.size(); ++g) {
    ok("event playoff '" + f + "' --result " + match[g]);
    auto [w, b] = points_of(match[g]);
    match_pts[games[g].white] += w, match_pts[games[g].black] += b;
  }
  const Tpn champion = match_pts[xa] > match_pts[xb] ? xa : xb;
  EXPECT_EQ(champion, second);
  EXPECT_DOUBLE_EQ(match_pts[champion], 2.5);
  // The Aragon sub-ranking puts the match's winner first; the overall standings only say so.
  auto aragon = read_tsv(ok("event standings '" + f + "' --format tsv --filter cat=ARA"));
  ASSERT_EQ(aragon["StartNo"].size(), 5u);
  for (size_t i = 0; i < 5; ++i) {
    const Tpn p = std::stoi(aragon["StartNo"][i]);
    if (p == champion) {
      EXPECT_EQ(aragon["Rank"][i], "1");
    } else if (p == (champion == xa ? xb : xa)) {
      EXPECT_EQ(aragon["Rank"][i], "2");
    }
  }
  EXPECT_NE(ok("event standings '" + f + "'").find("Play-off for first place among cat=ARA"),
            std::string::npos);
  auto prizes = read_csv_rows(
      ok("event prizes '" + f + "' --spec '" + (d / "prizes.txt") + "' --format csv"));
  ASSERT_EQ(prizes.size(), 7u);
  const std::vector<std::pair<std::string, Tpn>> want = {{"First", top[0]},
                                                         {"Second", top[1]},
                                                         {"Third", top[2]},
                                                         {"Fourth", top[3]},
                                                         {"Best against the top four", best},
                                                         {"Champion of Aragon", champion}};
  const std::vector<std::string> amounts = {"1000", "500", "250", "125", "100", "0"};
  for (size_t k = 0; k < want.size(); ++k) {
    EXPECT_EQ(prizes[k + 1][0], want[k].first);
    EXPECT_EQ(prizes[k + 1][1], std::to_string(want[k].second)) << want[k].first;
    EXPECT_EQ(prizes[k + 1][3], amounts[k]);
  }
  EXPECT_NE(prizes[5][4].find("best score against the top 4"), std::string::npos);
}

// Perft against the shared suites (../shared/data/perft). CI checks every position up to a node
// budget per count; ARBITER_FULL=1 checks every count to full depth.
#include "arbiter/engine/perft.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <fstream>
#include <optional>
#include <thread>
#include <vector>

#include "arbiter/engine/perft_suite.h"
#include "test_support.h"

using namespace arbiter;

namespace {

std::vector<PerftCase> load(const std::string& name) {
  std::ifstream in(test::shared("data/perft/" + name));
  EXPECT_TRUE(in.good()) << name;
  auto suite = parse_perft_suite(in);
  EXPECT_TRUE(suite.ok()) << (suite.ok() ? "" : suite.error().message());
  return suite.ok() ? *suite : std::vector<PerftCase>{};
}

// Checks each case's counts up to max_nodes expected nodes (all counts when full_run()),
// taking every `stride`-th case (stride 1 in the full run), positions shared out to all cores.
// Returns the counts checked, or -1 after the first failure.
int check_suite(const std::string& name, std::uint64_t max_nodes, std::size_t stride = 1,
                std::size_t expect_cases = 0) {
  auto suite = load(name);
  if (expect_cases) {
    EXPECT_EQ(suite.size(), expect_cases) << name;
  }
  if (test::full_run()) max_nodes = ~std::uint64_t(0), stride = 1;
  std::vector<std::string> failures(suite.size());
  std::atomic<int> checked{0};
  std::atomic<std::size_t> next{0};
  auto worker = [&] {
    // The full run (hundreds of billions of nodes) counts through a transposition table; its
    // agreement with the plain perft is tested below.
    std::optional<PerftTable> table;
    if (test::full_run()) table.emplace(256);
    for (std::size_t i; (i = stride * next.fetch_add(1)) < suite.size();) {
      const PerftCase& c = suite[i];
      auto pos = Position::from_fen(c.fen, false, true);
      if (!pos.ok()) {
        failures[i] = c.id + ": " + pos.error().message();
        continue;
      }
      for (auto [depth, expected] : c.counts) {
        if (expected > max_nodes) continue;
        std::uint64_t got = table ? perft(*pos, depth, *table) : perft(*pos, depth);
        if (got != expected) {
          failures[i] = name + " " + c.id + " depth " + std::to_string(depth) + ": expected " +
                        std::to_string(expected) + " got " + std::to_string(got) + "  " + c.fen;
          break;
        }
        ++checked;
      }
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < std::max(1u, std::thread::hardware_concurrency()); ++t)
    pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  for (const std::string& f : failures)
    if (!f.empty()) {
      ADD_FAILURE() << f;
      return -1;
    }
  return checked;
}

}  // namespace

TEST(Perft, Tricky) { EXPECT_GE(check_suite("tricky.perft", 5'000'000, 1, 19), 19); }
TEST(Perft, PerftSuiteEpd) { EXPECT_GE(check_suite("perftsuite.epd", 2'000'000, 1, 127), 127); }
TEST(Perft, Chess960AllPositions) {
  EXPECT_GE(check_suite("chess960.perft", 1'000'000, 1, 960), 960 * 3);
}
TEST(Perft, Sp960StartPositions) {
  EXPECT_GE(check_suite("sp960-start-positions.perft", 300'000, 1, 960), 960 * 3);
}
TEST(Perft, RandomPublicSample) {
  EXPECT_GE(check_suite("random-public.perft", 200'000, 7, 3419), 400);
}

// The hashed perft equals the plain one, on positions with en passant, castling (standard and
// 960), promotions and checks, sharing one table across positions and depths.
TEST(Perft, TranspositionTableCountsEqualPlainPerft) {
  PerftTable table(16);
  for (const char* fen : {
           "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
           "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
           "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
           "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
           "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
       }) {
    Position p = *Position::from_fen(fen, false, true);
    for (int depth = 1; depth <= 5; ++depth)
      EXPECT_EQ(perft(p, depth, table), perft(p, depth)) << fen << " depth " << depth;
  }
}

TEST(Perft, DivideSumsToPerft) {
  Position p =
      *Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  std::uint64_t sum = 0;
  auto d = divide(p, 3);
  EXPECT_EQ(d.size(), 48u);
  for (auto [m, n] : d) sum += n;
  EXPECT_EQ(sum, 97862u);
  EXPECT_EQ(perft(p, 0), 1u);
}

TEST(Perft, SuiteParserReportsBadLines) {
  std::istringstream bad("perft 1 20\n");
  auto r = parse_perft_suite(bad);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().line, 1);
  std::istringstream epd("8/8/8/8/8/8/8/K6k w - - ;D1 3 ;D2 x\n");
  EXPECT_FALSE(parse_perft_suite(epd).ok());
}

// The grouped generation, expanded, is the legal move list move for move (same order), at every
// node two plies deep from the perft suite's positions (checks, pins, en passant, promotions,
// castling): the list itself is checked by the perft counts above.
TEST(Perft, GroupedMovesExpandToTheLegalList) {
  std::size_t nodes = 0;
  auto expand = [](const MoveGroups& groups) {
    std::vector<Move> out;
    for (const MoveGroup& g : groups)
      for (Bitboard b = g.targets; b;) {
        const Move m = g.at(pop_lsb(b));
        if (g.kind == MoveGroup::Promotion)
          for (PieceType pt : {QUEEN, ROOK, BISHOP, KNIGHT})
            out.push_back(Move::promotion(m.from(), m.to(), pt));
        else
          out.push_back(m);
      }
    return out;
  };
  auto check = [&](const Position& p) {
    MoveList list;
    MoveGroups groups;
    p.generate_legal(list);
    p.generate_groups(groups);
    EXPECT_EQ(expand(groups), std::vector<Move>(list.begin(), list.end())) << p.fen();
    ++nodes;
    return list;
  };
  for (const char* suite : {"perftsuite.epd", "tricky.perft"})
    for (const PerftCase& c : load(suite)) {
      const Position p = *Position::from_fen(c.fen, false, true);
      for (Move m : check(p))
        for (Move r : check(p.after(m))) check(p.after(m).after(r));
    }
  EXPECT_GT(nodes, 30000u);
}

// Mutation test: take correct games from the corpora, inject one known defect, and check that
// exactly that defect is reported, at that place (code, ply, line:column), and nothing else new.
#include <gtest/gtest.h>

#include "arbiter/adjudication/validate.h"
#include "arbiter/engine/pgn.h"
#include "arbiter/engine/position.h"
#include "arbiter/engine/san.h"
#include "test_support.h"

namespace {

using namespace arbiter;
using adjudication::GameReport;
using adjudication::validate_game;

struct MainMove {
  const pgn::Token* token;
  Position before;
};

// Main-line moves of a game with the position before each (the oracle replays with the engine).
std::vector<MainMove> main_line(const pgn::RawGame& g) {
  std::vector<MainMove> v;
  Position pos;
  if (const std::string* fen = g.tag("FEN")) pos = *Position::from_fen(*fen);
  int depth = 0;
  for (auto& t : g.tokens) {
    if (t.kind == pgn::TokenKind::VariationStart) ++depth;
    if (t.kind == pgn::TokenKind::VariationEnd) --depth;
    if (depth || t.kind != pgn::TokenKind::Move) continue;
    auto m = parse_san(pos, g.token_text(t), SanMode::Lenient);
    if (!m) break;
    v.push_back({&t, pos});
    pos.play(*m);
  }
  return v;
}

std::vector<adjudication::ValidationIssue> errors(const GameReport& r) {
  std::vector<adjudication::ValidationIssue> e;
  for (auto& i : r.issues)
    if (i.severity == pgn::Severity::Error) e.push_back(i);
  return e;
}

// The game's text with [begin, end) replaced.
std::string splice(const pgn::RawGame& g, size_t begin, size_t end, std::string_view with) {
  std::string s = g.text;
  s.replace(begin, end - begin, with);
  return s;
}

pgn::RawGame reparse(const std::string& text, const pgn::RawGame& like) {
  return pgn::parse_game(text, like.start, like.index);
}

// A SAN that is well formed but illegal in pos (a piece move to a square it cannot reach).
std::string illegal_san(const Position& pos) {
  for (const char* piece : {"Q", "R", "B", "N", "K"})
    for (char f = 'a'; f <= 'h'; ++f)
      for (char r = '1'; r <= '8'; ++r) {
        std::string san = std::string(piece) + f + r;
        auto m = parse_san(pos, san, SanMode::Lenient);
        if (!m && m.error().kind != SanError::Kind::Ambiguous &&
            m.error().kind != SanError::Kind::Malformed)
          return san;
      }
  return "Qa1";
}

std::vector<pgn::RawGame> sample(const char* rel, size_t n) {
  pgn::Reader rd = pgn::Reader::open(test::shared(std::string("data/pgn/corpus/") + rel).string());
  std::vector<pgn::RawGame> v;
  pgn::RawGame g;
  while (v.size() < n && rd.next(g))
    if (validate_game(g).errors() == 0 && !g.tokens.empty()) v.push_back(g);
  return v;
}

class Mutation : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    games_ = sample("world-championship.pgn", test::full_run() ? 685 : 60);
    auto twic = sample("twic-excerpt.pgn", test::full_run() ? 232 : 40);
    games_.insert(games_.end(), twic.begin(), twic.end());
  }
  static std::vector<pgn::RawGame> games_;
};
std::vector<pgn::RawGame> Mutation::games_;

TEST_F(Mutation, IllegalMoveAtPlyK) {
  ASSERT_GE(games_.size(), 50u);
  int tried = 0;
  for (auto& g : games_) {
    auto line = main_line(g);
    if (line.size() < 4) continue;
    const size_t k = (g.index * 7 + 3) % line.size();  // deterministic, spread over the game
    const pgn::Token& t = *line[k].token;
    const std::string bad = illegal_san(line[k].before);
    auto m = reparse(splice(g, t.offset, t.offset + t.len, bad), g);
    auto e = errors(validate_game(m));
    ASSERT_EQ(e.size(), 1u) << "game " << g.index << " ply " << k + 1 << " " << bad;
    EXPECT_EQ(e[0].code, "illegal-move");
    EXPECT_EQ(e[0].ply, static_cast<int>(k + 1));
    EXPECT_EQ(e[0].line, g.where(t).line);
    EXPECT_EQ(e[0].column, g.where(t).column);
    EXPECT_NE(e[0].message.find(line[k].before.fen()), std::string::npos);
    ++tried;
  }
  EXPECT_GE(tried, 50);
}

TEST_F(Mutation, WrongResultTag) {
  for (auto& g : games_) {
    if (g.result == GameResult::None || g.result == GameResult::Unfinished) continue;
    const pgn::Tag* tag = nullptr;
    for (auto& t : g.tags)
      if (t.name == "Result") tag = &t;
    if (!tag) continue;
    // Rewrite the Result tag's value in the text.
    const std::string quoted = "\"" + tag->value + "\"";
    size_t at = g.text.find("[Result " + quoted);
    ASSERT_NE(at, std::string::npos);
    at += 8;
    const char* other = g.result == GameResult::Draw ? "\"1-0\"" : "\"1/2-1/2\"";
    auto m = reparse(splice(g, at, at + quoted.size(), other), g);
    auto e = errors(validate_game(m));
    ASSERT_EQ(e.size(), 1u) << g.index;
    EXPECT_EQ(e[0].code, "result-mismatch");
    EXPECT_EQ(e[0].line, g.result_where.line);
    EXPECT_EQ(e[0].column, g.result_where.column);
  }
}

TEST_F(Mutation, MovesAfterMate) {
  int tried = 0;
  for (auto& g : games_) {
    auto line = main_line(g);
    if (line.empty()) continue;
    Position end = line.back().before;
    end.play(*parse_san(end, g.token_text(*line.back().token), SanMode::Lenient));
    if (!(end.in_check() && end.count_legal_moves() == 0)) continue;
    // Insert a (now impossible) king move after the mate, before the result.
    const pgn::Token& last = *line.back().token;
    const size_t at = last.offset + last.len;
    auto m = reparse(splice(g, at, at, " Kh1"), g);
    auto e = errors(validate_game(m));
    ASSERT_EQ(e.size(), 1u) << g.index;
    EXPECT_EQ(e[0].code, "moves-after-checkmate");
    EXPECT_EQ(e[0].ply, static_cast<int>(line.size() + 1));
    ++tried;
  }
  // Synthetic mates when the sample has none.
  auto g = pgn::read_all(
      "[Event \"x\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# Ke7 1-0\n");
  auto e = errors(validate_game(g.at(0)));
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].code, "moves-after-checkmate");
  EXPECT_EQ(e[0].ply, 8);
  EXPECT_EQ(e[0].column, 41u);
  (void)tried;
}

// A decisive result on time in a final position that is dead (Laws 5.2.2 / 6.9): the last
// capture leaves K+B v K, K+N v K, or bishops of one colour only.
TEST_F(Mutation, DecisiveTimeForfeitInDeadPosition) {
  for (auto [fen, move] : {std::pair{"8/8/4k3/8/8/3n4/2B5/4K3 w - - 0 1", "Bxd3"},
                           std::pair{"8/8/4k3/8/8/3b4/5N2/4K3 w - - 0 1", "Nxd3"},
                           std::pair{"4k3/8/4b3/8/8/3n4/2B5/4K3 w - - 0 1", "Bxd3"}}) {
    const std::string text = std::string(
                                 "[Event \"x\"]\n[Result \"1-0\"]\n[Termination \"time forfeit\"]\n"
                                 "[SetUp \"1\"]\n[FEN \"") +
                             fen + "\"]\n\n1. " + move + " 1-0\n";
    auto g = pgn::read_all(text);
    const std::string draw =
        std::string(
            "[Event \"x\"]\n[Result \"1/2-1/2\"]\n[Termination \"time forfeit\"]\n"
            "[SetUp \"1\"]\n[FEN \"") +
        fen + "\"]\n\n1. " + move + " 1/2-1/2\n";
    auto before = validate_game(pgn::read_all(draw).at(0));
    EXPECT_EQ(before.errors(), 0) << fen;
    auto r = validate_game(g.at(0));
    auto e = errors(r);
    ASSERT_EQ(e.size(), 1u) << fen;
    EXPECT_EQ(e[0].code, "decisive-result-in-dead-position") << fen;
    EXPECT_EQ(e[0].ply, 1);
    EXPECT_EQ(e[0].line, 7u);
    EXPECT_EQ(e[0].column, 9u);
  }
}

}  // namespace

// The byte scanning of the PGN reader on the shapes its fast paths take and leave: runs of tag
// pair lines (PGN 8.1), the game boundaries they decide, movetext that ends at the last byte, and
// exact line:column positions. Expected values are worked out from the PGN standard by hand.
#include <gtest/gtest.h>

#include "arbiter/engine/pgn.h"

namespace {

using namespace arbiter::pgn;
using arbiter::GameResult;

std::vector<std::string> texts(const RawGame& g) {
  std::vector<std::string> v;
  for (auto& t : g.tokens) v.emplace_back(g.token_text(t));
  return v;
}

TEST(PgnScan, SecondEventTagLineStartsTheNextGame) {
  auto g = read_all("[Event \"A\"]\n[Site \"x\"]\n[Event \"B\"]\n[Site \"y\"]\n\n1. e4 *\n");
  ASSERT_EQ(g.size(), 2u);
  EXPECT_EQ(*g[0].tag("Event"), "A");
  EXPECT_EQ(*g[0].tag("Site"), "x");
  EXPECT_TRUE(g[0].tokens.empty());
  EXPECT_EQ(g[1].start.line, 3u);
  EXPECT_EQ(*g[1].tag("Event"), "B");
  EXPECT_EQ(*g[1].tag("Site"), "y");
  EXPECT_EQ(texts(g[1]), (std::vector<std::string>{"1.", "e4"}));
  EXPECT_EQ(g[1].result, GameResult::Unfinished);
}

TEST(PgnScan, TagLineAfterMovetextStartsTheNextGame) {
  auto g = read_all("[Event \"A\"]\n1. e4 e5\n[Event \"B\"]\n[Round \"2\"]\n1. d4 *\n");
  ASSERT_EQ(g.size(), 2u);
  EXPECT_EQ(texts(g[0]), (std::vector<std::string>{"1.", "e4", "e5"}));
  EXPECT_EQ(g[0].result, GameResult::None);
  EXPECT_EQ(*g[1].tag("Event"), "B");
  EXPECT_EQ(*g[1].tag("Round"), "2");
  EXPECT_EQ(g[1].start.line, 3u);
}

TEST(PgnScan, TagShapesInARunOfTagLines) {
  // Plain, escaped quotes and backslash (PGN 7), two blanks, blanks inside the brackets.
  auto g = parse_game(
      "[Event \"E\"]\n[White \"a \\\"b\\\" c\"]\n[Black  \"x\\\\y\"]\n[ Site \"s\" ]\n"
      "[Round \"\"]\n\n1. e4 *");
  ASSERT_EQ(g.tags.size(), 5u);
  EXPECT_EQ(g.tags[0].value, "E");
  EXPECT_EQ(g.tags[1].value, "a \"b\" c");
  EXPECT_EQ(g.tags[2].value, "x\\y");
  EXPECT_EQ(g.tags[3].name, "Site");
  EXPECT_EQ(g.tags[3].value, "s");
  EXPECT_EQ(g.tags[4].name, "Round");
  EXPECT_EQ(g.tags[4].value, "");
  for (uint32_t k = 0; k < 5; ++k) {
    EXPECT_EQ(g.tags[k].where.line, k + 1);
    EXPECT_EQ(g.tags[k].where.column, 1u);
  }
  EXPECT_TRUE(g.diagnostics.empty());
  EXPECT_EQ(texts(g), (std::vector<std::string>{"1.", "e4"}));
}

TEST(PgnScan, MovetextPositionsAcrossLines) {
  auto g = parse_game("[Event \"E\"]\n\n1. e4 e5 2. Nf3\n2... Nc6 3.Bb5 a6 1/2-1/2");
  ASSERT_EQ(texts(g), (std::vector<std::string>{"1.", "e4", "e5", "2.", "Nf3", "2...", "Nc6", "3.",
                                                "Bb5", "a6"}));
  const auto at = [&](size_t k) {
    return std::pair(g.where(g.tokens[k]).line, g.where(g.tokens[k]).column);
  };
  EXPECT_EQ(at(0), std::pair(3u, 1u));
  EXPECT_EQ(at(4), std::pair(3u, 13u));  // Nf3
  EXPECT_EQ(at(5), std::pair(4u, 1u));   // 2...
  EXPECT_EQ(g.tokens[5].value, 2u);
  EXPECT_EQ(at(6), std::pair(4u, 6u));   // Nc6
  EXPECT_EQ(at(8), std::pair(4u, 12u));  // Bb5, glued to its move number
  EXPECT_EQ(g.result, GameResult::Draw);
  EXPECT_EQ(g.result_where.line, 4u);
  EXPECT_EQ(g.result_where.column, 19u);
}

TEST(PgnScan, MovetextEndingAtTheLastByte) {
  EXPECT_EQ(texts(parse_game("1. e4 e5 2.")), (std::vector<std::string>{"1.", "e4", "e5", "2."}));
  const auto n = parse_game("12");
  ASSERT_EQ(n.tokens.size(), 1u);
  EXPECT_EQ(n.tokens[0].kind, TokenKind::MoveNumber);
  EXPECT_EQ(n.tokens[0].value, 12u);
  const auto m = parse_game("1. Nf3");
  ASSERT_EQ(m.tokens.size(), 2u);
  EXPECT_EQ(m.tokens[1].kind, TokenKind::Move);
  EXPECT_EQ(m.token_text(m.tokens[1]), "Nf3");
}

TEST(PgnScan, EllipsisAfterAMoveNumber) {
  auto g = parse_game("1. e4 1\xE2\x80\xA6 e5 *");  // U+2026 for "..."
  ASSERT_EQ(g.tokens.size(), 4u);
  EXPECT_EQ(g.tokens[2].kind, TokenKind::MoveNumber);
  EXPECT_EQ(g.tokens[2].value, 1u);
  EXPECT_EQ(g.tokens[2].len, 4u);
  EXPECT_EQ(g.token_text(g.tokens[3]), "e5");
  EXPECT_EQ(g.where(g.tokens[3]).column, 10u);  // columns count characters, not bytes
}

TEST(PgnScan, NulInsideTheTextIsOneInvalidToken) {
  auto g = parse_game(std::string_view("1. e4 \0 e5 *", 12));
  ASSERT_EQ(g.tokens.size(), 4u);
  EXPECT_EQ(g.tokens[2].kind, TokenKind::Invalid);
  EXPECT_EQ(g.where(g.tokens[2]).column, 7u);
  EXPECT_EQ(g.token_text(g.tokens[3]), "e5");
  EXPECT_EQ(g.result, GameResult::Unfinished);
}

TEST(PgnScan, LongSymbolIsOneToken) {
  const std::string w(70, 'N');
  auto g = parse_game("1. " + w + " e5");
  ASSERT_EQ(g.tokens.size(), 3u);
  EXPECT_EQ(g.tokens[1].len, 70u);
  EXPECT_EQ(g.where(g.tokens[2]).column, 75u);
}

}  // namespace

// PGN 7: a SAN/UCI symbol continues with letters, digits and _+#=:-, plus the `/` and `@` some
// writers use; any other byte ends it. Checked for every byte value, with the symbol far enough
// from the end of the text for the block scan (64 bytes) and at its end for the byte loop.
TEST(PgnScan, SymbolCharactersForEveryByte) {
  const auto continues = [](int c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           std::string_view("_+#=:-/@").find(static_cast<char>(c)) != std::string_view::npos;
  };
  for (int c = 1; c < 256; ++c) {
    const std::string sym = std::string("Nb") + static_cast<char>(c) + "d";
    for (const std::string& tail : {std::string(70, ' ') + "*", std::string()}) {
      const auto g = parse_game("1. " + sym + tail);
      ASSERT_GE(g.tokens.size(), 2u) << c;
      EXPECT_EQ(g.token_text(g.tokens[1]), continues(c) ? sym : "Nb") << "byte " << c;
    }
  }
}

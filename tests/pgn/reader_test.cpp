// PGN reader: the edge cases collected in ../shared/data/pgn/testcases (behaviour as the file
// names and their source projects' tests say) and synthetic inputs with exact locations.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <sstream>

#include "arbiter/engine/pgn.h"
#include "test_support.h"

namespace {

using namespace arbiter::pgn;
using arbiter::GameResult;
using arbiter::test::shared;

std::string slurp(const std::filesystem::path& p) {
  std::ifstream f(p, std::ios::binary);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}
std::vector<RawGame> read_file(const std::string& rel) {
  std::vector<RawGame> v;
  Reader r = Reader::open(shared("data/pgn/testcases/" + rel).string());
  RawGame g;
  while (r.next(g)) v.push_back(std::move(g));
  return v;
}
std::vector<std::string> moves(const RawGame& g, bool main_only = true) {
  std::vector<std::string> m;
  int depth = 0;
  for (auto& t : g.tokens) {
    if (t.kind == TokenKind::VariationStart) ++depth;
    if (t.kind == TokenKind::VariationEnd) --depth;
    if (t.kind == TokenKind::Move && (!main_only || depth == 0)) m.emplace_back(g.token_text(t));
  }
  return m;
}
bool has_diag(const RawGame& g, std::string_view code) {
  for (auto& d : g.diagnostics)
    if (d.code == code) return true;
  return false;
}

TEST(PgnReader, Utf8BomParsesLikeWithoutBom) {
  const std::string bytes = slurp(shared("data/pgn/testcases/python-chess/utf8-bom.pgn"));
  ASSERT_EQ(bytes.substr(0, 3), "\xEF\xBB\xBF");
  auto with = read_all(bytes), without = read_all(bytes.substr(3));
  ASSERT_EQ(with.size(), without.size());
  ASSERT_GE(with.size(), 1u);
  for (size_t i = 0; i < with.size(); ++i) {
    ASSERT_EQ(with[i].tags.size(), without[i].tags.size());
    for (size_t k = 0; k < with[i].tags.size(); ++k) {
      EXPECT_EQ(with[i].tags[k].name, without[i].tags[k].name);
      EXPECT_EQ(with[i].tags[k].value, without[i].tags[k].value);
    }
    EXPECT_EQ(moves(with[i]), moves(without[i]));
  }
  EXPECT_EQ(*with[0].tag("Event"), "A");
}

TEST(PgnReader, ChessbaseEmptyLineKeepsMovesAndTags) {
  auto g = read_file("python-chess/chessbase-empty-line.pgn");
  ASSERT_EQ(g.size(), 1u);
  EXPECT_EQ(*g[0].tag("Event"), "AlphaZero vs. Stockfish");
  EXPECT_EQ(*g[0].tag("Date"), "2017.12.04");  // after the empty line inside the tags
  auto m = moves(g[0]);
  ASSERT_EQ(m.size(), 134u);  // 67 moves each, across the empty lines
  EXPECT_EQ(m.front(), "e4");
  EXPECT_EQ(m.back(), "Bd6");
  EXPECT_EQ(g[0].result, GameResult::BlackWins);
}

TEST(PgnReader, HeadersAndMovesOnTheSameLine) {
  auto g = read_file("chessops/headers-and-moves-on-the-same-line.pgn");
  ASSERT_EQ(g.size(), 3u);
  for (auto& x : g) {
    EXPECT_EQ(*x.tag("Variant"), "Antichess");
    EXPECT_EQ(moves(x), (std::vector<std::string>{"e3", "e6", "b4", "Bxb4", "Qg4"}));
    EXPECT_EQ(x.result, GameResult::None);
  }
}

TEST(PgnReader, PathologicalHeaders) {
  auto g = read_file("chessops/pathological-headers.pgn");
  ASSERT_EQ(g.size(), 1u);
  EXPECT_EQ(*g[0].tag("A"), "b\"");
  EXPECT_EQ(*g[0].tag("B"), "b\"");
  EXPECT_EQ(*g[0].tag("C"), "A]]");
  EXPECT_EQ(*g[0].tag("D"), "A]][");
  EXPECT_EQ(*g[0].tag("E"), "\"A]][\"");
  EXPECT_EQ(*g[0].tag("F"), "\"A]][\"\\");
  EXPECT_EQ(*g[0].tag("G"), "\"]");
  EXPECT_FALSE(g[0].has_errors());
}

TEST(PgnReader, UnescapedQuotesAndTrailingBackslashInTags) {
  auto q = read_file("chess-library/tests_pgns_unescaped_quote_header.pgn");
  ASSERT_EQ(q.size(), 1u);
  EXPECT_EQ(*q[0].tag("Event"), "Tournament \"Championship\" Finals");
  EXPECT_EQ(*q[0].tag("White"), "Smith, John \"The King\"");
  EXPECT_EQ(*q[0].tag("Black"), "Jones, \"Lightning\" Mike");
  EXPECT_TRUE(has_diag(q[0], "malformed-tag"));
  EXPECT_EQ(moves(q[0]).size(), 20u);
  auto b = read_file("chess-library/tests_pgns_backslash_header.pgn");
  ASSERT_EQ(b.size(), 1u);
  EXPECT_EQ(*b[0].tag("Event"), "Tournament \\");
  EXPECT_EQ(*b[0].tag("Site"), "Madrid ESP");
  EXPECT_EQ(b[0].result, GameResult::WhiteWins);
}

TEST(PgnReader, NonAsciiUtf8AndLatin1) {
  auto g = read_file("chess-library/tests_pgns_non_ascii.pgn");
  ASSERT_EQ(g.size(), 1u);
  EXPECT_EQ(*g[0].tag("White"),
            "Jos\xC3\xA9 Mar\xC3\xAD"
            "a");
  EXPECT_FALSE(has_diag(g[0], "latin1"));
  auto l = read_all("[Event \"Caf\xE9\"]\n[White \"M\xFCller\"]\n\n1. e4 {tr\xE8s bien} e5 *\n");
  ASSERT_EQ(l.size(), 1u);
  EXPECT_EQ(*l[0].tag("Event"), "Caf\xC3\xA9");
  EXPECT_EQ(*l[0].tag("White"), "M\xC3\xBCller");
  ASSERT_TRUE(has_diag(l[0], "latin1"));
  EXPECT_EQ(l[0].diagnostics[0].where, (Location{1, 12}));
}

// The check for bytes that are not UTF-8 reads 128 and 16 bytes at a time, then the last 16 bytes
// of the game once: a Latin-1 byte is found (and re-encoded, its location reported) wherever it
// stands in games of every length around those sizes, and plain ASCII games get no warning.
TEST(PgnReader, Latin1ByteFoundAtEveryPosition) {
  for (size_t len = 1; len <= 300; ++len) {
    const std::string ascii(len, 'a');
    auto plain = read_all("{" + ascii + "} *\n");
    ASSERT_EQ(plain.size(), 1u);
    EXPECT_FALSE(has_diag(plain[0], "latin1")) << len;
    for (size_t at = 0; at < len; ++at) {
      std::string body = ascii;
      body[at] = '\xE9';
      auto g = read_all("{" + body + "} *\n");
      ASSERT_EQ(g.size(), 1u);
      ASSERT_TRUE(has_diag(g[0], "latin1")) << len << " " << at;
      EXPECT_EQ(g[0].diagnostics[0].where, (Location{1, static_cast<uint32_t>(at + 2)}));
      ASSERT_FALSE(g[0].tokens.empty());
      EXPECT_EQ(g[0].token_text(g[0].tokens[0]),
                std::string(at, 'a') + "\xC3\xA9" + std::string(len - at - 1, 'a'));
    }
  }
}

TEST(PgnReader, CrlfAndEscapeLinesAndComments) {
  const std::string lf =
      "% a comment for the escape mechanism\n[Event \"E\"]\n\n1. e4 ; rest of line\ne5 {a {b} 2. "
      "Nf3 "
      "(2. f4 exf4 (2... d5)) 2... Nc6 $1 3. Bb5!? a6?? *\n";
  std::string crlf;
  for (char c : lf) {
    if (c == '\n') crlf += '\r';
    crlf += c;
  }
  for (const auto& text : {lf, crlf}) {
    auto g = read_all(text);
    ASSERT_EQ(g.size(), 1u);
    EXPECT_EQ(*g[0].tag("Event"), "E");
    EXPECT_EQ(moves(g[0]), (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}));
    EXPECT_EQ(moves(g[0], false).size(), 9u);
    std::vector<uint32_t> nags;
    std::vector<std::string> comments;
    for (auto& t : g[0].tokens) {
      if (t.kind == TokenKind::Nag) nags.push_back(t.value);
      if (t.kind == TokenKind::Comment) comments.emplace_back(g[0].token_text(t));
    }
    EXPECT_EQ(nags, (std::vector<uint32_t>{1, 5, 4}));
    ASSERT_EQ(comments.size(), 2u);
    EXPECT_EQ(comments[1], "a {b");
    EXPECT_EQ(g[0].result, GameResult::Unfinished);
  }
}

TEST(PgnReader, TokenLocationsAreLineAndColumn) {
  auto g = read_all("[Event \"x\"]\n\n1. e4 {\xC3\xA9t\xC3\xA9} e5\n2.Nf3 *");
  ASSERT_EQ(g.size(), 1u);
  std::vector<std::pair<std::string, Location>> seen;
  for (auto& t : g[0].tokens)
    if (t.kind == TokenKind::Move)
      seen.emplace_back(std::string(g[0].token_text(t)), g[0].where(t));
  ASSERT_EQ(seen.size(), 3u);
  EXPECT_EQ(seen[0].second, (Location{3, 4}));
  EXPECT_EQ(seen[1].second, (Location{3, 13}));  // columns count characters, not bytes
  EXPECT_EQ(seen[2].second, (Location{4, 3}));
  EXPECT_EQ(g[0].result_where, (Location{4, 7}));
}

// Symbols of every length from 1 to 90 bytes at every offset from 0 to 70 in the movetext
// (the tokenizer finds where a symbol ends in 64-byte windows, refreshed as it moves on, and
// with a byte loop in the text's last 64 bytes), in ASCII text and in text with a character
// of two bytes before them (columns then counted per character): each is one token, the bytes
// and the columns those of the text as built here.
TEST(PgnReader, LongSymbolsAtEveryWindowPosition) {
  for (const bool ascii : {true, false}) {
    for (size_t pad = 0; pad <= 70; ++pad) {
      for (size_t len = 1; len <= 90; ++len) {
        std::string sym = "N";
        for (size_t k = 1; k < len; ++k) sym += static_cast<char>('a' + k % 8);
        const std::string head = ascii ? "{x} " : "{\xC3\xA9} ";  // 4 columns either way
        const std::string text = head + std::string(pad, ' ') + "1. " + sym + " Qd1 *";
        auto g = parse_game(text);
        ASSERT_EQ(g.tokens.size(), 4u) << pad << " " << len;
        EXPECT_EQ(g.tokens[1].kind, TokenKind::MoveNumber);
        EXPECT_EQ(g.where(g.tokens[1]), (Location{1, static_cast<uint32_t>(5 + pad)}));
        EXPECT_EQ(g.tokens[2].kind, TokenKind::Move);
        EXPECT_EQ(g.token_text(g.tokens[2]), sym) << pad << " " << len;
        EXPECT_EQ(g.where(g.tokens[2]), (Location{1, static_cast<uint32_t>(8 + pad)}));
        EXPECT_EQ(g.token_text(g.tokens[3]), "Qd1") << pad << " " << len;
        EXPECT_EQ(g.where(g.tokens[3]), (Location{1, static_cast<uint32_t>(9 + pad + len)}));
        EXPECT_EQ(g.result, GameResult::Unfinished);
      }
    }
  }
}

// Move numbers of 1 to 20 digits, with and without leading zeros: the value is the number,
// capped at 100000000 (computed here from the digits without their leading zeros).
TEST(PgnReader, MoveNumberValuesAndCap) {
  std::mt19937 rng(7);
  for (int round = 0; round < 2000; ++round) {
    const size_t len = 1 + rng() % 20, zeros = rng() % 3 == 0 ? rng() % len : 0;
    std::string digits(zeros, '0');
    while (digits.size() < len) digits += static_cast<char>('0' + rng() % 10);
    if (zeros == 0 && digits[0] == '0') digits[0] = '1';
    if (digits == "0000") continue;  // the UCI null move
    const std::string significant = digits.substr(std::min(digits.find_first_not_of('0'), len));
    const uint32_t want = significant.size() > 9
                              ? 100000000u
                              : static_cast<uint32_t>(std::min<uint64_t>(
                                    significant.empty() ? 0 : std::stoull(significant), 100000000));
    auto g = parse_game(digits + ". e4 *");
    ASSERT_FALSE(g.tokens.empty()) << digits;
    EXPECT_EQ(g.tokens[0].kind, TokenKind::MoveNumber) << digits;
    EXPECT_EQ(g.tokens[0].value, want) << digits;
    EXPECT_EQ(g.tokens[0].len, len + 1) << digits;
  }
}

TEST(PgnReader, NullMovesMoveNumbersAndMissingResult) {
  auto g = read_all("1. e4 -- 2. d4 1... Z0 3.Nf3\n\n[Event \"next\"]\n1. d4 d5");
  ASSERT_EQ(g.size(), 2u);
  int nulls = 0;
  for (auto& t : g[0].tokens) nulls += t.kind == TokenKind::NullMove;
  EXPECT_EQ(nulls, 2);
  EXPECT_EQ(moves(g[0]), (std::vector<std::string>{"e4", "d4", "Nf3"}));
  EXPECT_EQ(g[0].result, GameResult::None);
  EXPECT_TRUE(g[0].tags.empty());
  EXPECT_EQ(g[1].result, GameResult::None);
  EXPECT_EQ(*g[1].tag("Event"), "next");
}

TEST(PgnReader, GamesWithoutTagsSplitAtResults) {
  auto g = read_all("1. e4 e5 1-0\n1. d4 d5 0-1 1. c4 1/2-1/2\n*");
  ASSERT_EQ(g.size(), 4u);
  EXPECT_EQ(g[0].result, GameResult::WhiteWins);
  EXPECT_EQ(g[1].result, GameResult::BlackWins);
  EXPECT_EQ(g[2].result, GameResult::Draw);
  EXPECT_EQ(g[3].result, GameResult::Unfinished);
  EXPECT_EQ(g[1].start, (Location{2, 1}));
  EXPECT_EQ(g[2].start, (Location{2, 14}));
}

TEST(PgnReader, ResultGluedToNextTag) {
  auto g = read_all("[Event \"a\"]\n1. e4 *[Event \"b\"]\n1. d4 1-0");
  ASSERT_EQ(g.size(), 2u);
  EXPECT_EQ(*g[1].tag("Event"), "b");
  EXPECT_EQ(g[1].start, (Location{2, 8}));
}

TEST(PgnReader, BadBytesResynchroniseAtBlankLineOrEvent) {
  using namespace std::string_literals;
  const std::string text =
      "[Event \"A\"]\n\n1. e4 e5 2. \x00\x01\xFF junk [Event \"no\"]\nmore junk\n\n"s +
      "1. c4 *\n[Event \"B\"]\n1. d4 \x02 x\n[Event \"C\"]\n1. Nf3 *\n"s;
  auto g = read_all(text);
  ASSERT_EQ(g.size(), 4u);
  ASSERT_TRUE(has_diag(g[0], "bad-bytes"));
  EXPECT_EQ(g[0].diagnostics[0].where, (Location{3, 13}));
  EXPECT_NE(g[0].diagnostics[0].message.find("line 6"), std::string::npos);
  EXPECT_EQ(moves(g[0]), (std::vector<std::string>{"e4", "e5"}));
  EXPECT_EQ(moves(g[1]), (std::vector<std::string>{"c4"}));
  EXPECT_EQ(*g[2].tag("Event"), "B");
  EXPECT_TRUE(has_diag(g[2], "bad-bytes"));
  EXPECT_EQ(*g[3].tag("Event"), "C");
  EXPECT_EQ(moves(g[3]), (std::vector<std::string>{"Nf3"}));
}

// A control byte or DEL is as unreadable in a `;` comment (and a `%` escape line) as in a brace
// comment: the writer turns the one into the other, so accepting it here made `pgn --normalize`
// write a game that reads back broken (fuzz_pgn, 2026-12-02).
TEST(PgnReader, BadBytesInALineCommentAreRefusedAsInABraceComment) {
  using namespace std::string_literals;
  for (const std::string& bad : {"\x7F"s, "\x00"s, "\x1B"s}) {
    for (const std::string& open : {";"s, "{"s}) {
      const std::string text = "1. e4 e5 2. Nf3 " + open + " a " + bad + " b" +
                               (open == "{" ? "}"s : ""s) + "\n Nc6 *\n\n1. d4 *\n";
      auto g = read_all(text);
      ASSERT_EQ(g.size(), 2u) << open;
      ASSERT_TRUE(has_diag(g[0], "bad-bytes")) << open << int(bad[0]);
      EXPECT_EQ(g[0].diagnostics[0].where, (Location{1, 21})) << open;
      EXPECT_EQ(moves(g[1]), (std::vector<std::string>{"d4"}));
    }
  }
  auto g = read_all("%escape \x7F line\n1. e4 *\n");
  ASSERT_EQ(g.size(), 1u);
  EXPECT_TRUE(has_diag(g[0], "bad-bytes"));
  // Tab and CR stay what they are everywhere: blanks.
  g = read_all("1. e4 ; a\tb\r\n e5 *\n");
  ASSERT_EQ(g.size(), 1u);
  EXPECT_TRUE(g[0].diagnostics.empty());
  EXPECT_EQ(moves(g[0]), (std::vector<std::string>{"e4", "e5"}));
}

TEST(PgnReader, UnterminatedCommentStopsAtNextEvent) {
  auto g = read_all("[Event \"A\"]\n\n1. e4 { never closed\n2. d4\n[Event \"B\"]\n\n1. c4 *\n");
  ASSERT_EQ(g.size(), 2u);
  EXPECT_TRUE(has_diag(g[0], "unterminated-comment"));
  EXPECT_EQ(g[0].diagnostics[0].where, (Location{3, 7}));
  EXPECT_EQ(*g[1].tag("Event"), "B");
  EXPECT_EQ(moves(g[1]), (std::vector<std::string>{"c4"}));
}

TEST(PgnReader, CommentTextKeepsClockCommands) {
  auto g = read_all("1. e4 { [%clk 0:03:00] [%eval 0.2] [%emt 0:00:02] } e5 *");
  ASSERT_EQ(g.size(), 1u);
  std::string c;
  for (auto& t : g[0].tokens)
    if (t.kind == TokenKind::Comment) c = g[0].token_text(t);
  EXPECT_NE(c.find("[%clk 0:03:00]"), std::string::npos);
  EXPECT_NE(c.find("[%eval 0.2]"), std::string::npos);
  EXPECT_NE(c.find("[%emt 0:00:02]"), std::string::npos);
}

TEST(PgnReader, UciMovesAreKeptAsWritten) {
  auto g = read_file("python-chess/uci-moves.pgn");
  ASSERT_EQ(g.size(), 1u);
  auto m = moves(g[0]);
  ASSERT_GE(m.size(), 2u);
  EXPECT_EQ(m[0], "g1f3");
  EXPECT_EQ(m[1], "c7c5");
  EXPECT_EQ(g[0].result, GameResult::Draw);
}

// Every testcase file reads without crashing and yields at least one game (or none for an
// empty file); the games carry their Event tags in file order.
TEST(PgnReader, AllTestcaseFilesRead) {
  namespace fs = std::filesystem;
  int files = 0;
  for (auto& dir : fs::directory_iterator(shared("data/pgn/testcases"))) {
    if (!dir.is_directory()) continue;
    for (auto& f : fs::directory_iterator(dir.path())) {
      ++files;
      const std::string text = slurp(f.path());
      size_t events = 0;
      for (size_t at = text.find("[Event "); at != std::string::npos;
           at = text.find("[Event ", at + 1))
        ++events;
      Reader r = Reader::open(f.path().string());
      RawGame g;
      size_t n = 0, with_event = 0;
      while (r.next(g)) {
        ++n;
        with_event += g.tag("Event") != nullptr;
      }
      EXPECT_GE(n, 1u) << f.path();
      EXPECT_EQ(with_event, events) << f.path() << " " << n;
    }
  }
  EXPECT_GE(files, 60);
}

}  // namespace

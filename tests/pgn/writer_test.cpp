// PGN export writer: what it writes reads back as the same single game.
#include <gtest/gtest.h>

#include <string>

#include "arbiter/engine/pgn.h"
#include "arbiter/engine/pgn_normalize.h"
#include "arbiter/engine/pgn_writer.h"

namespace {

using namespace arbiter::pgn;
using arbiter::GameResult;

TEST(PgnWriter, CommentLineNeverStartsWithAnEventTag) {
  // The reader ends a game at a line starting with `[Event "` inside a comment (so that a
  // comment left open cannot swallow the next game): the writer may not wrap a comment there.
  // Every filler length puts the line break somewhere else; one of them right before "[Event".
  for (size_t filler = 0; filler < 90; ++filler) {
    ExportGame g;
    g.movetext.push_back({ExportElement::Kind::Move, "e4", 0, 1, true});
    g.movetext.push_back({ExportElement::Kind::Comment,
                          std::string(filler, 'x') + " [Event \"next\"] y", 0, 1, false});
    g.result = GameResult::Unfinished;
    std::string out;
    write_export(out, g);
    const auto games = read_all(out);
    ASSERT_EQ(games.size(), 1u) << out;
    ASSERT_EQ(games[0].tokens.size(), 3u) << out;  // 1. e4 {...}
    std::string comment(games[0].token_text(games[0].tokens[2]));
    for (char& c : comment)
      if (c == '\n') c = ' ';  // (the writer's line breaks)
    EXPECT_EQ(comment, (filler ? std::string(filler, 'x') + " " : "") + "[Event \"next\"] y")
        << out;
  }
}

}  // namespace

namespace {

using namespace arbiter::pgn;

// fuzz_pgn campaign 2026-12-02 (tests/fuzz/seeds/pgn/del-in-line-comment): a DEL (and NULs) in a
// `;` comment was read, written into a brace comment, and the written game read back as two
// games (the DEL broke the comment, and a line of it starting with "[Event " began a game).
TEST(PgnWriter, ALineCommentWithAControlByteNeverBreaksTheWrittenGame) {
  static const char kIn[] =
      "1. e4 e5 2. Nf3 ; c Rharbx...d [5 2.\x91\xC2R\xDF\xFD\x7F\x00\x00 N6f3 ; c\n{x...d [..c4 * "
      "2. Nf3 ; [Event c Rharbx...d  \x91[2.5\xC2R\xDF\xFD\x7F\x00\x00 N6f3 ; c\n{x... *";
  const std::string in(kIn, sizeof kIn - 1);
  ASSERT_EQ(in.size(), 128u);
  for (auto& g : read_all(in)) {
    auto e = normalize(g);
    if (!e) continue;
    std::string out;
    write_export(out, *e);
    EXPECT_EQ(read_all(out).size(), 1u) << out;
  }
}

}  // namespace

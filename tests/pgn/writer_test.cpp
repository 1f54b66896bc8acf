// PGN export writer: what it writes reads back as the same single game.
#include <gtest/gtest.h>

#include <string>

#include "arbiter/engine/pgn.h"
#include "arbiter/engine/pgn_writer.h"

namespace {

using namespace arbiter::pgn;

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

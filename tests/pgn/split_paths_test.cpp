// The splitter's block scans (tag pairs, movetext, comments) against its byte-by-byte reading.
// A source that hands out one byte per read leaves the splitter never more than one byte ahead,
// so every block scan declines and the byte loops read all of it: the games, their bytes, start
// locations and diagnostics must come out the same as from one large read. Inputs: the shared
// corpora (a prefix in CI), every testcase file, and tag-pair shapes with their bytes changed
// at random (fixed seed) around what the block scans test for.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <random>

#include "arbiter/engine/pgn.h"
#include "test_support.h"

namespace {

using namespace arbiter::pgn;

std::string describe(const GameChunk& c) {
  std::string s = "game " + std::to_string(c.index) + " at " + std::to_string(c.start.line) + ":" +
                  std::to_string(c.start.column) + ", " + std::to_string(c.bytes.size()) +
                  " bytes\n";
  for (auto& d : c.diagnostics)
    s += "  " + d.code + " " + std::to_string(d.where.line) + ":" + std::to_string(d.where.column) +
         " " + d.message + "\n";
  return s;
}

// Splits `text` both ways and expects the same games.
void expect_same_split(const std::string& text, const std::string& what, size_t step = 1) {
  Splitter fast(memory_source(text));
  Splitter slow(memory_source(text, step));  // one byte per read, the first ones too
  GameChunk a, b;
  for (size_t n = 0;; ++n) {
    const bool more_a = fast.next(a), more_b = slow.next(b);
    ASSERT_EQ(more_a, more_b) << what << ": game " << n;
    if (!more_a) return;
    ASSERT_EQ(describe(a), describe(b)) << what;
    ASSERT_EQ(a.bytes, b.bytes) << what << ": game " << n;
  }
}

std::string read_file(const std::filesystem::path& p, size_t limit) {
  auto src = open_source(p.string());
  std::string s(limit, '\0');
  size_t n = 0, k;
  while (n < limit && (k = src->read(s.data() + n, limit - n)) > 0) n += k;
  s.resize(n);
  return s;
}

TEST(PgnSplitPaths, CorporaAndTestcases) {
  namespace fs = std::filesystem;
  using arbiter::test::shared;
  const size_t limit = arbiter::test::full_run() ? size_t{1} << 30 : size_t{400} << 10;
  size_t files = 0;
  for (const char* dir : {"data/pgn/corpus", "data/pgn/testcases"})
    for (auto& e : fs::recursive_directory_iterator(shared(dir))) {
      const std::string name = e.path().filename().string();
      if (!e.is_regular_file() || name.find(".pgn") == std::string::npos) continue;
      expect_same_split(read_file(e.path(), limit), e.path().string());
      ++files;
    }
  EXPECT_GT(files, 40u);
}

TEST(PgnSplitPaths, TagPairShapes) {
  const std::vector<std::string> shapes = {
      "[Event \"E\"]\n[Site \"a ] b\"]\n[Date \"x \\\" y\"]\n[Round \"1\"]\n\n1. e4 e5 *\n\n",
      "[Event \"E\"] [Site \"s\"]\n[White \"w\" ]\n[Black\t\"b\"]\n1. d4 1-0\n",
      "[Event \"E\"\n[Site \"s\"]]\n[X Y]\n[Z \"\"\"]\n\n1. c4 0-1\n\n",
      "[Event \"E\"]\n[Annotator \"a\\\\\"]\n[Black \"q\"r\"]\n\n{c} 1. e4 (1. d4) 1/2-1/2\n",
      "[Event \"" + std::string(80, 'v') + "\"]\n[Site \"" + std::string(40, 's') +
          "\"]\n\n1. Nf3 *\n",
  };
  // Bytes that the block scans stop at or step over.
  const std::string alphabet = std::string("\"]\\[\n\t\r ") + '\0' + '\x01' + '\x7F' + "a{};%()-*1";
  std::mt19937 rng(20261130);
  for (auto& s : shapes) expect_same_split(s + s + s, "shape");
  for (int round = 0; round < 3000; ++round) {
    std::string s;
    for (int k = 0; k < 4; ++k) s += shapes[rng() % shapes.size()];
    const int edits = 1 + static_cast<int>(rng() % 4);
    for (int k = 0; k < edits; ++k) {
      const size_t at = rng() % s.size();
      const char c = alphabet[rng() % alphabet.size()];
      switch (rng() % 3) {
        case 0: s[at] = c; break;
        case 1: s.insert(s.begin() + static_cast<std::ptrdiff_t>(at), c); break;
        default: s.erase(at, 1); break;
      }
    }
    expect_same_split(s, "round " + std::to_string(round));
    if (HasFatalFailure()) return;
  }
}

// Every byte value in movetext, at each position of a block and next to a termination marker:
// the movetext block scan classes bytes by table lookups (newline, blank, stop or token byte),
// which must agree with the byte loop's classes for all 256 values.
TEST(PgnSplitPaths, EveryByteInMovetext) {
  const std::string head = "[Event \"E\"]\n\n",
                    moves = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 1-0";
  for (int c = 0; c < 256; ++c)
    for (size_t at = 0; at <= moves.size(); ++at) {
      std::string game = moves;
      game.insert(game.begin() + static_cast<std::ptrdiff_t>(at), static_cast<char>(c));
      expect_same_split(head + game + " " + moves + "\n\n" + head + moves + "\n",
                        "byte " + std::to_string(c) + " at " + std::to_string(at));
      if (HasFatalFailure()) return;
    }
}

std::vector<Location> starts(const std::string& text, size_t step = SIZE_MAX) {
  Splitter split(memory_source(text, step));
  std::vector<Location> v;
  for (GameChunk c; split.next(c);) v.push_back(c.start);
  return v;
}

// Columns count characters as the tokenizer decodes them: a byte from 0x80 up that starts no
// valid UTF-8 sequence is one Latin-1 character, a valid sequence one character even where a
// read ends inside it. Before, the splitter gave Latin-1 bytes no width: a game's start column
// came out short, and at a read boundary after such bytes a `%` passed for an escape line at the
// line's start, which swallowed the rest of the line (a tag and a result): fuzz_pgn_read found
// that reading the same bytes in pieces gave other games.
TEST(PgnSplitPaths, NonAsciiBytesHaveTheTokenizersWidth) {
  const std::string latin1 =
      "1. e4 e5\n" + std::string(19, '\x8B') + "% e[Site \"x\"] 1. d4 *\n1. d4 *\n";
  const std::string utf8 = "1. e4 \xC3\xA9 [Event \"x\"]\n1. d4 *\n";  // 'é': one character
  const std::string overlong = "1. e4 \xC0\x80\xE0\x80\x80 [Event \"x\"]\n1. d4 *\n";  // 5
  for (size_t step : {size_t{1}, size_t{2}, size_t{3}, size_t{7}, SIZE_MAX}) {
    const std::string at = "reads of " + std::to_string(step);
    EXPECT_EQ(starts(latin1, step), (std::vector<Location>{{1, 1}, {2, 23}, {3, 1}})) << at;
    EXPECT_EQ(starts(utf8, step), (std::vector<Location>{{1, 1}, {1, 9}})) << at;
    EXPECT_EQ(starts(overlong, step), (std::vector<Location>{{1, 1}, {1, 13}})) << at;
  }
  // The tokenizer's columns follow from the game's start: the tag of the second game.
  RawGame g;
  Reader r(memory_source(latin1, 2));
  ASSERT_TRUE(r.next(g) && r.next(g));
  ASSERT_FALSE(g.tags.empty());
  EXPECT_EQ(g.tags[0].where, (Location{2, 23}));
}

// Bytes from 0x80 up (Latin-1, UTF-8 leads and continuations) next to what the splitter stops
// at, read whole and in reads of 1, 2, 3 and 5 bytes: the same games, starts and diagnostics.
TEST(PgnSplitPaths, NonAsciiBytesAtEveryReadSize) {
  const std::vector<std::string> shapes = {
      "[Event \"E\"]\n[White \"M\xFCller\"]\n\n1. e4 {caf\xC3\xA9} e5 *\n\n",
      "\xE9\xE9 1. d4 % x\n%esc\n\xC3\xA9; c\n[Site \"s\"]\n1. c4 1-0\n",
      "1. Nf3 \xE2\x82\xAC (1. e4) \xF0\x9F\x98\x80 {\x8B} 0-1\n",
      // (A run of over 7 bytes: a token that long is not kept whole across a read.)
      "1. e4\n\x8B\xA9\x8B\xA9\x8B\xA9\x8B\xA9\x8B% e [Site \"s\"] 1. e4 *\n",
  };
  const std::string alphabet = std::string("\x80\x8B\xA9\xBF\xC2\xC3\xE2\xF0\xFF[%{}\n ;") + "1-0";
  std::mt19937 rng(20261203);
  for (int round = 0; round < 2000; ++round) {
    std::string s;
    for (int k = 0; k < 3; ++k) s += shapes[rng() % shapes.size()];
    const int edits = 1 + static_cast<int>(rng() % 6);
    for (int k = 0; k < edits; ++k) {
      const size_t at = rng() % s.size();
      const char c = alphabet[rng() % alphabet.size()];
      if (rng() % 2)
        s[at] = c;
      else
        s.insert(s.begin() + static_cast<std::ptrdiff_t>(at), c);
    }
    for (size_t step : {1, 2, 3, 5})
      expect_same_split(s, "round " + std::to_string(round) + ", reads of " + std::to_string(step),
                        step);
    if (HasFatalFailure()) return;
  }
}
}  // namespace

// GameChunk is public: a chunk built by hand may carry tag notes that lie outside its
// bytes (out of bounds). Such a chunk is read without notes (every pair scanned), so the game
// reads as without notes (before: the name was copied from past the end).
TEST(PgnSplitPaths, NotesOutOfBoundsAreNotRead) {
  const std::string text = "[Event \"x\"]\n[Site \"y\"]\n\n1. e4 *\n";
  const auto tags_of = [&](std::vector<GameChunk::TagSpan> notes) {
    GameChunk c;
    c.bytes = text;
    c.tags = std::move(notes);
    RawGame g;
    parse_game(std::move(c), g);
    std::string s;
    for (auto& t : g.tags) s += t.name + "=" + t.value + ";";
    return s;
  };
  const std::string plain = tags_of({});
  ASSERT_EQ(plain, "Event=x;Site=y;");
  EXPECT_EQ(tags_of({{0, 1000, 5000}}), plain);
  EXPECT_EQ(tags_of({{0, 6, 100}, {12, 12, 12}}), plain);
  EXPECT_EQ(tags_of({{0, 6, 9}, {12, 17, 99}}), plain);  // the second out of bounds
  EXPECT_EQ(tags_of({{0, 6, 9}, {12, 17, 20}}), plain);  // the notes the splitter makes
}

// TRF reader: the shared example files field by field, and every corpus file.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "arbiter/pairing/trf.h"
#include "test_support.h"

namespace ap = arbiter::pairing;
using arbiter::test::shared;

namespace {

std::vector<std::filesystem::path> trf_files(const std::string& dir) {
  std::vector<std::filesystem::path> out;
  for (const auto& e : std::filesystem::directory_iterator(shared(dir)))
    if (e.path().extension() == ".trf") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST(TrfRead, ExampleTrf16) {
  auto t = ap::read_trf_file(shared("data/trf/example-trf16.trf"));
  EXPECT_EQ(t.name, "Example Open (TRF-16 sample)");
  EXPECT_EQ(t.city, "Testville");
  EXPECT_EQ(t.federation, "NOR");
  EXPECT_EQ(t.start_date, "2025/10/01");
  EXPECT_EQ(t.end_date, "2025/10/03");
  EXPECT_EQ(t.declared_players, 7);
  EXPECT_EQ(t.declared_rated, 6);
  EXPECT_EQ(t.type, "Individual: Swiss-System");
  EXPECT_EQ(t.system(), ap::System::Dutch);
  EXPECT_EQ(t.chief_arbiter, "IA Arbiter, Chief 123456");
  ASSERT_EQ(t.deputy_arbiters.size(), 1u);
  EXPECT_EQ(t.deputy_arbiters[0], "FA Deputy, Dora");
  EXPECT_EQ(t.time_control, "90 min + 30 sec/move");
  EXPECT_EQ(t.round_dates,
            (std::vector<std::string>{"25/10/01", "25/10/01", "25/10/02", "25/10/02", "25/10/03"}));
  EXPECT_EQ(t.total_rounds, 5);
  EXPECT_EQ(t.format, ap::TrfFormat::Trf16);
  ASSERT_EQ(t.player_count(), 7);

  const auto& a = t.player(1);
  EXPECT_EQ(a.sex, 'm');
  EXPECT_EQ(a.title, "GM");
  EXPECT_EQ(a.name, "Alpha, Anton");
  EXPECT_EQ(a.rating, 2510);
  EXPECT_EQ(a.federation, "NOR");
  EXPECT_EQ(a.fide_id, "1500001");
  EXPECT_EQ(a.birth, "1990/01/15");
  EXPECT_EQ(a.recorded_points, 25);
  EXPECT_EQ(a.rank, 3);
  ASSERT_EQ(a.rounds.size(), 5u);
  EXPECT_EQ(a.rounds[0], (ap::RoundEntry{4, arbiter::WHITE, ap::ResultCode::Win}));
  EXPECT_TRUE(a.rounds[0].played());

  const auto& golf = t.player(7);  // unrated, PAB in round 1
  EXPECT_EQ(golf.rating, 0);
  EXPECT_TRUE(golf.rounds[0].pairing_bye());
  EXPECT_EQ(golf.rounds[0].bye_kind(), ap::ByeKind::PairingAllocated);
  EXPECT_EQ(t.player(3).rounds[1].bye_kind(), ap::ByeKind::Half);
  EXPECT_EQ(t.player(3).rounds[3].bye_kind(), ap::ByeKind::Full);
  EXPECT_EQ(t.player(5).rounds[2].bye_kind(), ap::ByeKind::Zero);
  EXPECT_TRUE(t.player(5).rounds[0].forfeit());
  EXPECT_FALSE(t.player(5).rounds[0].played());
  EXPECT_TRUE(t.double_forfeit(2, 5));  // 2 b - vs 4 w - in round 5... (2 "4 w -", 4 "2 b -")
  EXPECT_TRUE(t.double_forfeit(4, 5));
  EXPECT_FALSE(t.double_forfeit(5, 1));
  EXPECT_EQ(t.player(6).rounds.size(), 4u);  // withdrawn: trailing blank cell not stored
  EXPECT_EQ(t.recorded_rounds(), 5);
  EXPECT_EQ(t.paired_rounds(), 5);
  EXPECT_TRUE(ap::check_points(t).empty()) << ap::check_points(t)[0];
  // Points under 1-1/2-0 straight from the cells.
  EXPECT_EQ(t.player(3).score(t.scoring), 30);
  EXPECT_EQ(t.player(7).score(t.scoring), 40);
}

TEST(TrfRead, ExampleTrf2026) {
  auto t = ap::read_trf_file(shared("data/trf/example-trf26.trf"));
  EXPECT_EQ(t.format, ap::TrfFormat::Trf2026);
  EXPECT_EQ(t.total_rounds, 5);
  EXPECT_EQ(t.initial_colour, arbiter::WHITE);
  EXPECT_EQ(t.pairing_controller, "Example pairing program 1.0");
  EXPECT_EQ(t.type_code, "FIDE_DUTCH_2025");
  EXPECT_EQ(t.system(), ap::System::Dutch);
  EXPECT_EQ(t.tiebreaks, "BH/C1,BH,SB");
  EXPECT_EQ(t.standings, "PTS,BH/C1,BH,SB");
  EXPECT_EQ(t.encoded_time_control, "5400+30");
  ASSERT_EQ(t.declared_byes.size(), 3u);
  EXPECT_EQ(t.declared_byes[0], (ap::DeclaredBye{ap::ResultCode::HalfBye, 2, {3}, false}));
  EXPECT_EQ(t.declared_byes[2], (ap::DeclaredBye{ap::ResultCode::ZeroBye, 3, {5}, false}));
  // the ### comment line is kept verbatim
  ASSERT_FALSE(t.extra_records.empty());
  EXPECT_EQ(t.extra_records.back().line, "### T RRR  ID1  ID2");
  EXPECT_TRUE(ap::check_points(t).empty());
}

TEST(TrfRead, InferredInitialColour) {
  auto t = ap::read_trf_file(shared("data/trf/example-trf16.trf"));
  EXPECT_EQ(t.initial_colour, std::nullopt);
  EXPECT_EQ(t.inferred_initial_colour(), arbiter::WHITE);  // 1 w vs 4 in round 1
}

// Every Swiss corpus file: the file name says players and rounds; recorded points agree with
// the cells under the file's scoring system (bbpPairings wrote them).
TEST(TrfRead, SwissCorpus) {
  int files = 0, three_one_zero = 0;
  const std::regex name(R"([sw](\d+)_n(\d+)_r(\d+)\.trf)");
  for (const auto& f : trf_files("data/swiss/public")) {
    SCOPED_TRACE(f.string());
    ap::Tournament t;
    ASSERT_NO_THROW(t = ap::read_trf_file(f));
    std::smatch m;
    std::string fn = f.filename().string();
    ASSERT_TRUE(std::regex_match(fn, m, name));
    EXPECT_EQ(t.player_count(), std::stoi(m[2]));
    EXPECT_EQ(t.rounds_to_play(), std::stoi(m[3]));
    EXPECT_EQ(t.recorded_rounds(), std::stoi(m[3]));
    auto bad = ap::check_points(t);
    EXPECT_TRUE(bad.empty()) << bad[0];
    if (t.scoring.win() == 30) ++three_one_zero;
    ++files;
  }
  EXPECT_EQ(files, 165);
  EXPECT_GT(three_one_zero, 0);
}

TEST(TrfRead, TiebreakCorpus) {
  int files = 0, rr = 0, drr = 0;
  for (const auto& f : trf_files("data/tiebreak/public")) {
    SCOPED_TRACE(f.string());
    ap::Tournament t;
    ASSERT_NO_THROW(t = ap::read_trf_file(f));
    auto bad = ap::check_points(t);
    EXPECT_TRUE(bad.empty()) << bad[0];
    char kind = f.filename().string()[0];
    if (kind == 'R') {
      EXPECT_EQ(t.system(), ap::System::RoundRobin);
      ++rr;
    } else if (kind == 'D') {
      EXPECT_EQ(t.system(), ap::System::DoubleRoundRobin);
      ++drr;
    } else {
      EXPECT_EQ(t.system(), ap::System::Dutch);
    }
    ++files;
  }
  EXPECT_EQ(files, 50);
  EXPECT_EQ(rr, 10);
  EXPECT_EQ(drr, 4);
}

// Third-party files collected from other TRF readers' test suites.
TEST(TrfRead, RealFiles) {
  for (const auto& f : trf_files("data/trf/real")) {
    SCOPED_TRACE(f.string());
    EXPECT_NO_THROW(ap::read_trf_file(f));
  }
}

TEST(TrfRead, ThreeOneZeroFrom162) {
  auto t = ap::read_trf(
      "162  W 3.0    D 1.0\n001    1      A                                 1000                   "
      "          3.0    1  0000 - U\n");
  EXPECT_TRUE(t.scoring_given);
  EXPECT_EQ(t.scoring, ap::Scoring::three_one_zero());
}

TEST(TrfRead, ScoringRecords) {
  ap::TrfReadOptions fragment;  // the records alone, without players
  fragment.require_players = false;
  auto t = ap::read_trf("XXS WW=2.0 BW=2.5 D=1.0 PAB=1.5 FL=-1.0\n", "<input>", fragment);
  EXPECT_EQ(t.scoring.win_white, 20);
  EXPECT_EQ(t.scoring.win_black, 25);
  EXPECT_EQ(t.scoring.draw_black, 10);
  EXPECT_EQ(t.scoring.half_bye, 10);
  EXPECT_EQ(t.scoring.pairing_bye, 15);
  EXPECT_EQ(t.scoring.forfeit_loss, -10);
  auto b = ap::read_trf("BBW 3.0\nBBD 1.0\nBBU 2.0\nBBZ 0.5\n", "<input>", fragment);
  EXPECT_EQ(b.scoring.win_white, 30);
  EXPECT_EQ(b.scoring.full_bye, 30);
  EXPECT_EQ(b.scoring.half_bye, 10);
  EXPECT_EQ(b.scoring.pairing_bye, 20);
  EXPECT_EQ(b.scoring.zero_bye, 5);
  auto x = ap::read_trf("162  W 1.0    D 0.5    L 0.0    A 0.0    P 0.5    X 0.0\n", "<input>",
                        fragment);
  EXPECT_EQ(x.scoring.pairing_bye, 5);
  EXPECT_EQ(x.scoring.unknown, 0);
}

TEST(TrfRead, Utf8NamesKeepColumns) {
  // "Ñúñez, José" has multi-byte characters; the rating must still be found in cols 49-52.
  std::string l =
      "001    1 m GM Ñúñez, José                       2510 ESP     1500001 1990/01/15  1.0    1   "
      "  2 w 1";
  std::string l2 =
      "001    2 w    Øre, Åse                          2400 NOR     1500002 1991/01/15  0.0    2   "
      "  1 b 0";
  auto t = ap::read_trf(l + "\n" + l2 + "\n");
  EXPECT_EQ(t.player(1).name, "Ñúñez, José");
  EXPECT_EQ(t.player(1).rating, 2510);
  EXPECT_EQ(t.player(1).rounds[0].opponent, 2);
  EXPECT_EQ(t.player(2).name, "Øre, Åse");
  EXPECT_EQ(t.player(2).federation, "NOR");
}

TEST(TrfRead, LineEndsAndBom) {
  std::string body =
      "012 X\r001    1      A                                 1000                             1.0 "
      "   1  0000 - U\r";
  auto cr = ap::read_trf(body);
  auto crlf = ap::read_trf(
      "\xEF\xBB\xBF"
      "012 X\r\n001    1      A                                 1000                             "
      "1.0    1  0000 - U\r\n");
  EXPECT_EQ(cr.name, "X");
  EXPECT_EQ(crlf.name, "X");
  EXPECT_EQ(cr.players, crlf.players);
}

// The one line split of every TRF line reader (read_trf, the event file): LF, CR and CRLF each
// end a line, a CR followed by LF is one end, LF then CR two; a last line without an end counts,
// an end at the very end starts no empty line.
std::vector<std::string> text_lines(std::string_view text) {
  std::vector<std::string> out;
  ap::TextLines lines(text);
  for (std::string_view l; lines.next(l);) out.emplace_back(l);
  return out;
}

TEST(TrfRead, TextLinesEndAtLfCrOrCrlf) {
  using V = std::vector<std::string>;
  EXPECT_EQ(text_lines(""), V{});
  EXPECT_EQ(text_lines("a"), V{"a"});
  EXPECT_EQ(text_lines("a\n"), V{"a"});
  EXPECT_EQ(text_lines("\n"), V{""});
  EXPECT_EQ(text_lines("\r\n"), V{""});
  EXPECT_EQ(text_lines("a\nb\n\nc"), (V{"a", "b", "", "c"}));
  EXPECT_EQ(text_lines("a\rb\r\rc\r"), (V{"a", "b", "", "c"}));  // CR only (classic Mac OS)
  EXPECT_EQ(text_lines("a\r\nb\r\n"), (V{"a", "b"}));
  // Mixed in one file (parts joined from several systems).
  EXPECT_EQ(text_lines("a\r\nb\nc\rd\r\n\re"), (V{"a", "b", "c", "d", "", "e"}));
  EXPECT_EQ(text_lines("a\n\rb"), (V{"a", "", "b"}));  // LF CR: two ends
  EXPECT_EQ(text_lines("a\r\r\nb"), (V{"a", "", "b"}));
  // The same lines through the reader: a mixed file reads as its LF copy.
  // Two players: a pairing-allocated bye and a zero-point bye in round 1.
  const std::string p1 =
      "001    1      A                                 1000                             1.0    1  "
      "0000 - U";
  const std::string p2 =
      "001    2      B                                 1000                             0.0    2  "
      "0000 - Z";
  const auto lf = ap::read_trf("012 X\n" + p1 + "\n\n" + p2 + "\n");
  const auto mixed = ap::read_trf("012 X\r" + p1 + "\r\n\n" + p2);
  EXPECT_EQ(mixed.name, "X");
  EXPECT_EQ(mixed.players, lf.players);
}

// The one BOM rule of every TRF line reader (read_trf, the event file): every leading UTF-8
// byte-order mark (EF BB BF) goes, anything else stays, including a BOM inside the line.
TEST(TrfRead, StripByteOrderMarksRemovesOnlyLeadingMarks) {
  EXPECT_EQ(ap::strip_byte_order_marks(""), "");
  EXPECT_EQ(ap::strip_byte_order_marks("\xEF\xBB\xBF"), "");
  EXPECT_EQ(ap::strip_byte_order_marks("\xEF\xBB\xBF\xEF\xBB\xBF"
                                       "012 X"),
            "012 X");
  EXPECT_EQ(ap::strip_byte_order_marks("\xEF\xBB"
                                       "012"),
            "\xEF\xBB"
            "012");  // a partial mark is text
  EXPECT_EQ(ap::strip_byte_order_marks("012 \xEF\xBB\xBF"), "012 \xEF\xBB\xBF");
  // A BOM on a later line (files joined with `cat`) is removed there too.
  auto t = ap::read_trf(
      "012 X\n\xEF\xBB\xBF"
      "022 Zaragoza\n\xEF\xBB\xBF"
      "001    1      A                                 1000                             1.0    1  "
      "0000 - U\n");
  EXPECT_EQ(t.name, "X");
  EXPECT_EQ(t.city, "Zaragoza");
}

TEST(TrfRead, XxzAndNextRoundByes) {
  // Round 2 to be paired: 3 absent (XXZ), 4 has a pre-declared half-point bye in the cell.
  std::string s =
      "XXR 3\n"
      "001    1      A                                 2000                             1.0    1   "
      "  2 w 1\n"
      "001    2      B                                 1900                             0.0    2   "
      "  1 b 0\n"
      "001    3      C                                 1800                             1.0    3   "
      "  4 w 1\n"
      "001    4      D                                 1700                             0.5    4   "
      "  3 b 0  0000 - H\n"
      "001    5      E                                 1600                             1.0    5  "
      "0000 - U\n"
      "XXZ 3\n";
  auto t = ap::read_trf(s);
  EXPECT_EQ(t.paired_rounds(), 1);
  EXPECT_EQ(t.player(3).round(2).bye_kind(), ap::ByeKind::Zero);
  EXPECT_EQ(t.to_pair(2), (std::vector<ap::Tpn>{1, 2, 5}));
}

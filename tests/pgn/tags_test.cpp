// Tag meanings (pgn_tags.h) against plain reference versions: the Event class words by a
// lower-case copy and a search per word, TimeControl numbers by strtod, on the corpora's tag
// values and on words written in every case, cut short, and with every byte in every place.
#include <gtest/gtest.h>

#include <cstdlib>
#include <set>

#include "arbiter/engine/pgn.h"
#include "arbiter/engine/pgn_tags.h"
#include "test_support.h"

namespace {

using namespace arbiter;
using arbiter::test::shared;

// The words in their order of precedence, found by std::string::find in a copy lowered as
// std::tolower does in the C locale.
std::optional<pgn::TimeClass> reference_class(std::string_view event) {
  std::string e(event);
  for (char& c : e)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  auto has = [&](const char* w) { return e.find(w) != std::string::npos; };
  if (has("blitz") || has("bullet") || has("lightning")) return pgn::TimeClass::Blitz;
  if (has("rapid") || has("quickplay") || has("active")) return pgn::TimeClass::Rapid;
  if (has("classical") || has("standard")) return pgn::TimeClass::Standard;
  return std::nullopt;
}

std::set<std::string> corpus_values(const char* tag) {
  std::set<std::string> v;
  for (const char* f :
       {"data/pgn/corpus/tcec-standard-nocomments.pgn.zst", "data/pgn/corpus/twic-excerpt.pgn",
        "data/pgn/corpus/world-championship.pgn", "data/pgn/corpus/lessons-with-errors.pgn",
        "data/pgn/corpus/engine-games-threefold.pgn"}) {
    pgn::Reader rd = pgn::Reader::open(shared(f).string());
    pgn::RawGame g;
    while (rd.next(g))
      if (const std::string* t = g.tag(tag)) v.insert(*t);
  }
  return v;
}

TEST(PgnTags, EventClassAsReference) {
  const auto events = corpus_values("Event");
  ASSERT_GT(events.size(), 50u);
  for (const std::string& e : events) EXPECT_EQ(pgn::class_from_event(e), reference_class(e)) << e;

  const char* words[] = {"blitz",  "bullet",    "lightning", "rapid",    "quickplay",
                         "active", "classical", "standard",  "Rapidplay"};
  std::vector<std::string> names;
  for (std::string w : words) {
    std::string upper = w, mixed = w;
    for (size_t i = 0; i < w.size(); ++i) {
      upper[i] = static_cast<char>(std::toupper(static_cast<unsigned char>(w[i])));
      if (i % 2) mixed[i] = upper[i];
    }
    for (const std::string& v : {w, upper, mixed}) {
      names.push_back(v);
      names.push_back("World " + v + " Ch 2024");
      names.push_back("x" + v);
      for (size_t n = 1; n < v.size(); ++n) {  // cut short, at the end and inside
        names.push_back("Open " + v.substr(0, n));
        names.push_back(v.substr(0, n) + " " + v.substr(n));
      }
      // Every byte in every place of the word (the case folding must match letters only).
      for (size_t i = 0; i < v.size(); ++i)
        for (int b = 1; b < 256; ++b) {
          std::string x = "Ev " + v + " end";
          x[3 + i] = static_cast<char>(b);
          names.push_back(x);
        }
    }
  }
  names.push_back("Blitz and Rapid");
  names.push_back("Standard then Rapid then Bullet");
  names.push_back("");
  for (const std::string& e : names) EXPECT_EQ(pgn::class_from_event(e), reference_class(e)) << e;
}

// The numbers of a TimeControl field as strtod reads them, the shape as PGN 9.6.1 gives it.
std::optional<pgn::TimeControl> reference_tc(std::string_view s) {
  auto number = [](std::string_view f, double& out) {
    if (f.empty() || f.find_first_not_of("0123456789.") != std::string_view::npos) return false;
    std::string t(f);
    char* end = nullptr;
    out = std::strtod(t.c_str(), &end);
    return *end == '\0';
  };
  pgn::TimeControl tc;
  if (s == "?" || s == "-") {
    tc.unknown = s == "?";
    tc.none = s == "-";
    return tc;
  }
  for (size_t i = 0;;) {
    size_t j = std::min(s.find(':', i), s.size());
    std::string_view f = s.substr(i, j - i);
    pgn::TimePeriod p;
    if (!f.empty() && f[0] == '*') {
      p.sandclock = true;
      if (!number(f.substr(1), p.seconds)) return std::nullopt;
    } else {
      if (size_t slash = f.find('/'); slash != std::string_view::npos) {
        double mv;
        if (!number(f.substr(0, slash), mv) || mv < 1) return std::nullopt;
        p.moves = static_cast<int>(mv);
        f = f.substr(slash + 1);
      }
      size_t plus = f.find('+');
      if (!number(f.substr(0, plus), p.seconds)) return std::nullopt;
      if (plus != std::string_view::npos && !number(f.substr(plus + 1), p.increment))
        return std::nullopt;
    }
    tc.periods.push_back(p);
    if (j == s.size()) break;
    i = j + 1;
  }
  return tc;
}

void expect_same_tc(std::string_view s) {
  const auto got = pgn::parse_time_control(s), want = reference_tc(s);
  ASSERT_EQ(got.has_value(), want.has_value()) << s;
  if (!got) return;
  EXPECT_EQ(got->unknown, want->unknown) << s;
  EXPECT_EQ(got->none, want->none) << s;
  ASSERT_EQ(got->periods.size(), want->periods.size()) << s;
  for (size_t k = 0; k < got->periods.size(); ++k) {
    EXPECT_EQ(got->periods[k].moves, want->periods[k].moves) << s;
    EXPECT_EQ(got->periods[k].seconds, want->periods[k].seconds) << s;
    EXPECT_EQ(got->periods[k].increment, want->periods[k].increment) << s;
    EXPECT_EQ(got->periods[k].sandclock, want->periods[k].sandclock) << s;
  }
}

TEST(PgnTags, TimeControlNumbersAsStrtod) {
  const auto tcs = corpus_values("TimeControl");
  ASSERT_GT(tcs.size(), 10u);
  for (const std::string& t : tcs) expect_same_tc(t);
  for (const char* t : {"5400+30",
                        "40/7200:3600",
                        "40/6000:20/3000:1200+10",
                        "*180",
                        "300+2.5",
                        "0.5+0",
                        "123456789012345",
                        "1234567890123456+1",
                        "99999999999999999999",
                        "1.5.5",
                        "40/0:60",
                        "+5",
                        "60+",
                        "60++1",
                        "6 0",
                        "60+a",
                        "-",
                        "?",
                        "",
                        ":",
                        "60:",
                        "007+007",
                        "1e3",
                        "900+-1"})
    expect_same_tc(t);
  for (int b = 1; b < 256; ++b) {  // every byte in each place of a number
    for (size_t i = 0; i < 4; ++i) {
      std::string t = "1800+5";
      t[i] = static_cast<char>(b);
      expect_same_tc(t);
    }
  }
}

TEST(PgnTags, VariantWithoutTagIsStandard) {
  const pgn::VariantInfo none = pgn::variant_of(std::string_view());
  EXPECT_EQ(none.kind, pgn::Variant::Standard);
  EXPECT_EQ(none.written, "");
  EXPECT_EQ(pgn::variant_of("Chess 960").kind, pgn::Variant::Chess960);
  EXPECT_EQ(pgn::variant_of("normal").written, "normal");
  EXPECT_EQ(pgn::variant_of("Atomic").kind, pgn::Variant::Unsupported);
}

}  // namespace

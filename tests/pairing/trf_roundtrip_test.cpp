// TRF writer: read -> write -> read gives the same model, for every corpus file and both formats.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "arbiter/pairing/trf.h"
#include "test_support.h"

namespace ap = arbiter::pairing;
using arbiter::test::shared;

namespace {

std::vector<std::filesystem::path> corpus() {
  std::vector<std::filesystem::path> out;
  for (const char* dir : {"data/swiss/public", "data/tiebreak/public", "data/trf", "data/trf/real"})
    for (const auto& e : std::filesystem::directory_iterator(shared(dir)))
      if (e.path().extension() == ".trf") out.push_back(e.path());
  std::sort(out.begin(), out.end());
  return out;
}

// The model without what legitimately differs between two reads (source lines; the format a
// file was detected as).
ap::Tournament normalised(ap::Tournament t) {
  for (auto& p : t.players) p.source_line = 0;
  t.format = ap::TrfFormat::Trf16;
  return t;
}

}  // namespace

TEST(TrfRoundTrip, Trf16AndTrf2026) {
  int n = 0;
  for (const auto& f : corpus()) {
    SCOPED_TRACE(f.string());
    const auto t = ap::read_trf_file(f);
    for (auto fmt : {ap::TrfFormat::Trf16, ap::TrfFormat::Trf2026}) {
      ap::TrfWriteOptions o;
      o.format = fmt;
      const std::string text = ap::write_trf(t, o);
      ap::Tournament back;
      ASSERT_NO_THROW(back = ap::read_trf(text, "written")) << text;
      EXPECT_EQ(normalised(back).players, normalised(t).players);
      EXPECT_EQ(back.scoring, t.scoring);
      EXPECT_EQ(back.total_rounds, t.total_rounds);
      EXPECT_EQ(back.initial_colour, t.initial_colour);
      EXPECT_EQ(back.accelerations.size() > 0, t.accelerations.size() > 0);
      EXPECT_EQ(back.forbidden, t.forbidden);
      EXPECT_EQ(back.name, t.name);
      EXPECT_EQ(back.round_dates, t.round_dates);
      // A second write is byte-identical: the writer is a fixed point.
      EXPECT_EQ(ap::write_trf(back, o), text);
      if (fmt == ap::TrfFormat::Trf16) {
        EXPECT_EQ(normalised(back), normalised(t)) << text;
      }
    }
    ++n;
  }
  EXPECT_GE(n, 165 + 50 + 2);
}

// A canonical TRF-16 file (the shared example) is reproduced byte for byte.
TEST(TrfRoundTrip, ExampleBytes) {
  for (const char* name : {"data/trf/example-trf16.trf"}) {
    std::ifstream in(shared(name), std::ios::binary);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    auto t = ap::read_trf(text);
    EXPECT_EQ(ap::write_trf(t), text);
  }
}

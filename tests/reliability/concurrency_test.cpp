// Issue 17, concurrent and killed writers (class 9): two arbiter commands changing one event are
// serialised by a lock on the event file itself (nothing to delete from under them), a waiting
// writer says so and gives up after a time limit, and kill -9 at any moment leaves a whole event.
#include "reliability_support.h"

namespace arbiter::test::reliability {
namespace {

int count_players(const std::string& show) {
  // `event show`: "N players registered, ..."
  return std::atoi(show.c_str());
}

TEST(Concurrency, TwoWritersLoseNothing) {
  TempDir d;
  make_event(d, "e.trf", 2);
  // Two shells register 12 players each at the same time, one command per player.
  auto r = sh(d.path,
              "w() { i=0; while [ $i -lt 12 ]; do \"$A\" event register e.trf --name \"$1$i, X\" "
              "--standard 2000 >/dev/null || echo FAIL; i=$((i+1)); done; }; "
              "w Alpha & w Beta & wait; \"$A\" event show e.trf");
  EXPECT_EQ(r.code, kOk) << r.err;
  EXPECT_EQ(r.out.find("FAIL"), std::string::npos) << r.err;
  EXPECT_EQ(count_players(r.out.substr(r.out.find_last_of('\n', r.out.size() - 2) + 1)), 26)
      << r.out;
  EXPECT_TRUE(names_with(d.path, ".lock").empty());
  EXPECT_TRUE(names_with(d.path, ".tmp.").empty());
}

TEST(Concurrency, AWaitingWriterSaysSoAndGivesUp) {
  TempDir d;
  make_event(d, "e.trf", 2);
  const std::string before = slurp(d.path / "e.trf");
  auto probe = sh(d.path, "command -v flock");
  if (probe.code != 0) GTEST_SKIP() << "flock(1) (util-linux) is not installed";
  // Another writer (flock(1) on the event file, as arbiter locks it) holds the lock until told to
  // let go. Every step waits for a file rather than for a time: with fixed sleeps a loaded CI
  // machine let the holder go before the waiting writer's limit had run out (CI of d9e1819).
  const std::string hold_until_done =
      "flock e.trf sh -c 'touch held; until [ -e done ]; do sleep 0.02; done' & "
      "until [ -e held ]; do sleep 0.02; done; ";
  auto r = sh(d.path, hold_until_done +
                          "ARBITER_LOCK_WAIT=0.4 \"$A\" event register e.trf --name 'Late, X' "
                          "--standard 2000; echo \"exit $?\"; touch done; wait");
  EXPECT_NE(r.err.find("waiting for another arbiter command on e.trf"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("exit 4"), std::string::npos) << r.out << r.err;
  EXPECT_EQ(slurp(d.path / "e.trf"), before);
  // Within the limit it goes ahead once the other writer is done: the holder lets go only when
  // the waiting writer has said that it waits.
  r = sh(d.path,
         "rm -f held done; "
         "flock e.trf sh -c 'touch held; until grep -q waiting err || [ -e done ]; do sleep 0.02; "
         "done' 2>/dev/null & until [ -e held ]; do sleep 0.02; done; "
         "\"$A\" event register e.trf --name 'Late, X' --standard 2000 2>err; "
         "echo \"exit $?\"; touch done; wait; cat err >&2");
  EXPECT_NE(r.err.find("waiting for another arbiter command on e.trf"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("exit 0"), std::string::npos) << r.out << r.err;
}

TEST(Concurrency, KillNineLeavesAWholeEvent) {
  TempDir d;
  make_event(d, "e.trf", 2);
  // 25 writers killed at staggered moments; after each, the event loads and never loses a
  // player it acknowledged.
  auto r =
      sh(d.path,
         "i=0; last=2; while [ $i -lt 25 ]; do "
         "  \"$A\" event register e.trf --name \"Killed$i, X\" --standard 2000 >/dev/null & "
         "  p=$!; sleep 0.00$(( (i * 37) % 10 ))$(( i % 7 )); kill -9 $p 2>/dev/null; "
         "  wait $p 2>/dev/null; "
         "  n=$(\"$A\" event show e.trf | head -1 | cut -d' ' -f1) || { echo BROKEN; exit 1; }; "
         "  [ \"$n\" -ge \"$last\" ] || echo \"LOST $n < $last\"; last=$n; i=$((i+1)); "
         "done; echo \"players $last\"");
  EXPECT_EQ(r.code, kOk) << r.out << r.err;
  EXPECT_EQ(r.out.find("BROKEN"), std::string::npos) << r.out << r.err;
  EXPECT_EQ(r.out.find("LOST"), std::string::npos) << r.out;
  // The next write removes what the killed writers left; undo still works.
  r = sh(d.path,
         "\"$A\" event register e.trf --name 'After, X' --standard 2000 && "
         "\"$A\" event undo e.trf");
  EXPECT_EQ(r.code, kOk) << r.err;
  EXPECT_TRUE(names_with(d.path, ".tmp.").empty());
}

}  // namespace
}  // namespace arbiter::test::reliability

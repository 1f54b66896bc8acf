// Issue 17, a full disk (class 2): on a small tmpfs (in a private mount namespace, where the
// machine allows one) a write that does not fit fails with exit status 4 and leaves the files as
// they were: no truncated event, no truncated output, no temporary file.
#include "reliability_support.h"

namespace arbiter::test::reliability {
namespace {

// Runs `script` in a private mount namespace with a 256 KiB tmpfs on ./m; nullopt when the
// machine does not allow that (the caller skips, saying why).
std::optional<Shell> on_small_tmpfs(const TempDir& d, const std::string& script) {
  auto probe =
      sh(d.path, "unshare -rm sh -c 'mkdir -p m && mount -t tmpfs -o size=256k tmpfs m' 2>&1");
  if (probe.code != 0) return std::nullopt;
  std::string quoted;
  for (char c : script) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return sh(d.path,
            "unshare -rm sh -c 'mount -t tmpfs -o size=256k tmpfs m && cd m && " + quoted + "'");
}

TEST(FullDisk, EventChangeFailsWithStatus4AndKeepsTheEvent) {
  TempDir d;
  make_event(d, "e.trf", 8);
  auto r = on_small_tmpfs(
      d,
      "cp ../e.trf ../players.csv . && \"$A\" event pair e.trf >/dev/null && cp e.trf before && "
      "dd if=/dev/zero of=fill bs=4k 2>/dev/null; "
      "\"$A\" event result e.trf 1 1-0; echo \"exit $?\"; cmp -s e.trf before && echo SAME; "
      "\"$A\" event show e.trf >/dev/null && echo LOADS; ls -a");
  if (!r) GTEST_SKIP() << "cannot mount a small tmpfs here (unshare -rm, mount -t tmpfs)";
  EXPECT_NE(r->out.find("exit 4"), std::string::npos) << r->out << r->err;
  EXPECT_NE(r->out.find("SAME"), std::string::npos) << r->out;
  EXPECT_NE(r->out.find("LOADS"), std::string::npos) << r->out << r->err;
  EXPECT_EQ(r->out.find(".tmp."), std::string::npos) << r->out;
}

TEST(FullDisk, OutputThatDoesNotFitIsNotLeftTruncated) {
  TempDir d;
  std::string games;
  for (int i = 0; i < 3000; ++i)
    games += "[Event \"T\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n[Round \"" + std::to_string(i) +
             "\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"1/2-1/2\"]\n\n1. e4 e5 2. Nf3 Nc6 "
             "1/2-1/2\n\n";
  put(d.path / "big.pgn", games);  // ~400 KB of export text: more than the tmpfs holds
  auto r = on_small_tmpfs(d,
                          "echo old > out.pgn; \"$A\" pgn --normalize ../big.pgn -o out.pgn; "
                          "echo \"exit $?\"; cat out.pgn; \"$A\" pgn --normalize ../big.pgn "
                          "> out2.pgn; echo \"stdout exit $?\"; ls -a");
  if (!r) GTEST_SKIP() << "cannot mount a small tmpfs here (unshare -rm, mount -t tmpfs)";
  EXPECT_NE(r->out.find("exit 4\nold\n"), std::string::npos) << r->out << r->err;
  EXPECT_NE(r->out.find("stdout exit 4"), std::string::npos) << r->out << r->err;
  EXPECT_EQ(r->out.find(".tmp."), std::string::npos) << r->out;
}

}  // namespace
}  // namespace arbiter::test::reliability

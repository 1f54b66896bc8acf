// Issue 17: "a 10 MB single game takes 17 s to validate". The quadratic step was the repetition
// count (Laws 9.2.2): every move of a piece shuffle scanned every earlier position since the last
// capture or pawn move, also long after the game had ended by fivefold repetition (Laws 9.6.1).
// 100,000 knight-shuffle cycles (3.3 MB, 400,000 plies) took about 100 s; now 0.2 s of CPU in the
// release build, 0.7 s under ASan+UBSan. CPU time is bounded, not wall-clock time: a loaded
// machine (CI beside other jobs) stretches the latter, never the former.
#include "reliability_support.h"

namespace arbiter::test::reliability {
namespace {

TEST(LongGame, AShuffleOfMillionsOfBytesIsValidatedInLinearTime) {
  TempDir d;
  std::string g =
      "[Event \"T\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n[Round \"1\"]\n"
      "[White \"A\"]\n[Black \"B\"]\n[Result \"1/2-1/2\"]\n\n";
  for (int k = 1; k < 200000; k += 2)
    g += std::to_string(k) + ". Nf3 Nf6 " + std::to_string(k + 1) + ". Ng1 Ng8\n";
  g += "1/2-1/2\n";
  put(d.path / "long.pgn", g);
  const double before = children_cpu_seconds();
  auto r = sh(d.path, "\"$A\" validate long.pgn");
  const double cpu = children_cpu_seconds() - before;
  // The game ended by fivefold repetition at move 5; the moves after it are an error.
  EXPECT_EQ(r.code, kRefused) << r.err;
  EXPECT_NE((r.out + r.err).find("fivefold"), std::string::npos) << r.out.substr(0, 2000);
  EXPECT_LT(cpu, 20.0) << "CPU seconds for 400,000 plies";
}

}  // namespace
}  // namespace arbiter::test::reliability

// Issue 17, class 13: `pgn --normalize` does not rewrite a game that `validate` reports as
// unreadable (an unclosed comment swallowing moves, an unterminated tag): it names file:line:col,
// leaves the game out (or with --keep writes it unchanged) and says so in the exit status.
#include "reliability_support.h"

namespace arbiter::test::reliability {
namespace {

const std::string kGood =
    "[Event \"T\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n[Round \"1\"]\n[White \"A\"]\n"
    "[Black \"B\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n";
// The comment opened on line 9 is never closed: it swallows moves 2-4.
const std::string kUnclosed =
    "[Event \"T\"]\n[Site \"?\"]\n[Date \"2026.01.01\"]\n[Round \"2\"]\n[White \"C\"]\n"
    "[Black \"D\"]\n[Result \"0-1\"]\n\n1. f3 {a weak move e5 2. g4 Qh4# 0-1\n\n";

TEST(Normalize, AGameThatCannotBeReadCleanlyIsNotRewritten) {
  TempDir d;
  put(d.path / "in.pgn", kGood + kUnclosed);
  auto v = sh(d.path, "\"$A\" validate in.pgn");
  EXPECT_NE(v.code, kOk);  // validate reports it
  auto r = sh(d.path, "\"$A\" pgn --normalize in.pgn -o out.pgn");
  EXPECT_EQ(r.code, kRefused) << r.err;
  EXPECT_NE(r.err.find("in.pgn:19:7: error:"), std::string::npos) << r.err;  // the open brace
  EXPECT_NE(r.err.find("left out"), std::string::npos) << r.err;
  const std::string out = slurp(d.path / "out.pgn");
  EXPECT_NE(out.find("4. Qxf7# 1-0"), std::string::npos) << out;
  EXPECT_EQ(out.find("[White \"C\"]"), std::string::npos) << out;  // not rewritten as 1. f3 0-1
  r = sh(d.path, "\"$A\" pgn --normalize --keep in.pgn -o kept.pgn");
  EXPECT_EQ(r.code, kRefused) << r.err;
  const std::string kept = slurp(d.path / "kept.pgn");
  EXPECT_NE(kept.find(kUnclosed), std::string::npos) << kept;  // byte for byte
  EXPECT_NE(r.err.find("written unchanged"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace arbiter::test::reliability

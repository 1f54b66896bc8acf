// Chess960 numbering (chess960.md section 1 check values), verification, SHA-256 (FIPS 180-4
// test vectors) and the seeded draw (expected numbers computed independently with Python's
// hashlib using the algorithm stated in chess960.h).
#include "arbiter/engine/chess960.h"

#include <gtest/gtest.h>

#include <set>

using namespace arbiter;
using namespace arbiter::chess960;

TEST(Chess960, ScharnaglCheckValues) {
  EXPECT_EQ(back_rank_string(0), "BBQNNRKR");
  EXPECT_EQ(back_rank_string(1), "BQNBNRKR");
  EXPECT_EQ(back_rank_string(2), "BQNNRBKR");
  EXPECT_EQ(back_rank_string(4), "QBBNNRKR");
  EXPECT_EQ(back_rank_string(518), "RNBQKBNR");
  EXPECT_EQ(back_rank_string(534), "RNBKQBNR");
  EXPECT_EQ(back_rank_string(959), "RKRNNQBB");
  EXPECT_THROW(back_rank(960), std::out_of_range);
  EXPECT_THROW(back_rank(-1), std::out_of_range);
}

TEST(Chess960, AllNumbersDistinctValidAndInvertible) {
  std::set<std::string> seen;
  for (int n = 0; n < kCount; ++n) {
    BackRank r = back_rank(n);
    seen.insert(back_rank_string(n));
    EXPECT_EQ(number_of(r), n);
    auto id = verify(start_setup(n));
    ASSERT_TRUE(id.ok()) << n << ": " << id.error().message();
    EXPECT_EQ(id->white, n);
    EXPECT_EQ(id->black, n);
    // Every start position is written KQkq in X-FEN (chess960.md section 2).
    EXPECT_EQ(castling_field(start_setup(n)), "KQkq");
    EXPECT_EQ(start_position(n).count_legal_moves() >= 18u, true);
  }
  EXPECT_EQ(seen.size(), 960u);
  EXPECT_EQ(start_setup(518), Setup::standard());
}

TEST(Chess960, VerifyGivesReasons) {
  auto why = [](const char* fen, bool dbl = false) {
    auto r = verify(*parse_fen(fen), dbl);
    EXPECT_FALSE(r.ok()) << fen;
    return r.ok() ? std::string() : r.error().reason;
  };
  EXPECT_NE(why("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w KQkq - 0 1").find("mirror"),
            std::string::npos);
  EXPECT_NE(why("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKNBR w KQkq - 0 1").find("same colour"),
            std::string::npos);
  EXPECT_NE(why("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/KNBQRBNR w - - 0 1").find("between"),
            std::string::npos);
  EXPECT_NE(why("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1").find("castling"),
            std::string::npos);
  EXPECT_NE(why("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").size(), 0u);
  EXPECT_NE(why("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNN w - - 0 1").find("K, Q"),
            std::string::npos);
  // Double Chess960 is accepted when asked for.
  auto d = verify(*parse_fen("rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"), true);
  ASSERT_TRUE(d.ok());
  EXPECT_EQ(d->white, 518);
  EXPECT_EQ(d->black, 534);
  EXPECT_TRUE(d->is_double());
}

TEST(Chess960, Sha256TestVectors) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
  EXPECT_EQ(sha256_hex(std::string(1000000, 'a')),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
  // 55/56/64-byte boundaries of the padding.
  EXPECT_EQ(sha256_hex(std::string(55, 'a')),
            "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
  EXPECT_EQ(sha256_hex(std::string(56, 'a')),
            "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
  EXPECT_EQ(sha256_hex(std::string(64, 'a')),
            "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
}

TEST(Chess960, SeededDrawIsReproducible) {
  // Python: hashlib.sha256((seed + '#' + str(k)).encode()), first 4 bytes big-endian, reject
  // >= 4294966080, mod 960.
  Draw d = draw_seeded("hello");
  EXPECT_EQ(d.white, 222);
  EXPECT_EQ(d.black, 222);
  Draw dd = draw_seeded("hello", true);
  EXPECT_EQ(dd.white, 222);
  EXPECT_EQ(dd.black, 570);
  EXPECT_EQ(draw_seeded("arbiter demo").white, 61);
  EXPECT_EQ(draw_seeded("").white, 466);
  EXPECT_EQ(dd.audit_line(),
            "draw: seed=\"hello\" algorithm=sha256-counter-mod960-v1 number=222 black=570");
  auto s = dd.setup();
  auto id = verify(s, true);
  ASSERT_TRUE(id.ok());
  EXPECT_EQ(id->white, 222);
  EXPECT_EQ(id->black, 570);
}

TEST(Chess960, RandomDrawCoversRange) {
  std::set<int> seen;
  for (int i = 0; i < 2000; ++i) {
    Draw d = draw_random();
    ASSERT_GE(d.white, 0);
    ASSERT_LT(d.white, 960);
    seen.insert(d.white);
  }
  EXPECT_GT(seen.size(), 700u);  // 2000 draws over 960 values: ~851 distinct expected
  EXPECT_NE(draw_random().audit_line().find("algorithm=os-random-mod960"), std::string::npos);
}

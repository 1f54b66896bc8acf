// Checks the installed library from a program built with default flags: slider attacks against
// the slow reference walk (the tables' layout is the library's, PEXT or magic, whatever this
// program's flags), perft counts from the shared perft suite, and SAN written then read back.
//   consumer PERFTSUITE_EPD
#include <arbiter/engine/bitboard.h>
#include <arbiter/engine/perft.h>
#include <arbiter/engine/position.h>
#include <arbiter/engine/san.h>

#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

using namespace arbiter;

namespace {

int failures = 0;
void check(bool ok, const std::string& what) {
  if (!ok) {
    ++failures;
    std::printf("FAIL %s\n", what.c_str());
  }
}

// The two cases of issue 22 (a consumer built without BMI2 read a PEXT library's tables with
// magic indices: 14 and 7 squares), then every square against detail::ray_attacks.
void check_attacks() {
  const Bitboard rook = rook_attacks(SQ_A1, square_bb(SQ_A3) | square_bb(SQ_D1));
  check(rook == (square_bb(SQ_A2) | square_bb(SQ_A3) | square_bb(SQ_B1) | square_bb(SQ_C1) |
                 square_bb(SQ_D1)),
        "rook_attacks(a1, {a3, d1}) has " + std::to_string(popcount(rook)) + " squares, not 5");
  const Bitboard bishop = bishop_attacks(SQ_C1, square_bb(SQ_E3));
  check(bishop == (square_bb(SQ_B2) | square_bb(SQ_A3) | square_bb(SQ_D2) | square_bb(SQ_E3)),
        "bishop_attacks(c1, {e3}) has " + std::to_string(popcount(bishop)) + " squares, not 4");
  std::uint64_t x = 0x9E3779B97F4A7C15ULL;
  for (int i = 0; i < 20000; ++i) {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    const Bitboard occ = x & (x >> 5);  // about a quarter of the board
    const Square s = Square(i % 64);
    check(rook_attacks(s, occ) == detail::ray_attacks(s, occ, false), "rook attacks");
    check(bishop_attacks(s, occ) == detail::ray_attacks(s, occ, true), "bishop attacks");
  }
}

// "FEN ;D1 20 ;D2 400 ...": every count up to 200,000 nodes.
int check_perft(const char* suite) {
  std::ifstream in(suite);
  check(bool(in), std::string("cannot read ") + suite);
  std::string line;
  int counts = 0;
  while (std::getline(in, line)) {
    const size_t semi = line.find(';');
    if (line.empty() || line[0] == '#' || semi == std::string::npos) continue;
    auto pos = Position::from_fen(line.substr(0, semi));
    check(pos.ok(), "FEN " + line);
    if (!pos.ok()) continue;
    std::istringstream fields(line.substr(semi));
    std::string depth_field;
    std::uint64_t expected;
    while (fields >> depth_field >> expected) {
      if (expected > 200000) break;
      const int depth = std::stoi(depth_field.substr(2));  // ";D3"
      const std::uint64_t got = perft(pos.value(), depth);
      check(got == expected, "perft " + line.substr(0, semi) + " depth " + std::to_string(depth) +
                                 ": " + std::to_string(got));
      ++counts;
    }
  }
  return counts;
}

// Every legal move of every position one ply from each suite position: its SAN read back is
// the same move.
int check_san(const char* suite) {
  std::ifstream in(suite);
  std::string line;
  int moves = 0;
  while (std::getline(in, line)) {
    const size_t semi = line.find(';');
    if (line.empty() || line[0] == '#' || semi == std::string::npos) continue;
    auto start = Position::from_fen(line.substr(0, semi));
    if (!start.ok()) continue;
    for (Move first : start.value().legal_moves()) {
      Position pos = start.value();
      pos.play(first);
      for (Move m : pos.legal_moves()) {
        const std::string san = to_san(pos, m);
        auto back = parse_san(pos, san);
        check(back.ok() && back.value() == m, "SAN " + san + " in " + pos.fen());
        ++moves;
      }
    }
  }
  return moves;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: consumer PERFTSUITE_EPD\n");
    return 2;
  }
  check_attacks();
  const int counts = check_perft(argv[1]);
  const int sans = check_san(argv[1]);
  check(counts > 100 && sans > 10000, "too few checks");
  std::printf("consumer (%s attacks): %d perft counts, %d SAN round trips, %d failures\n",
              slider_backend(), counts, sans, failures);
  return failures ? 1 : 0;
}

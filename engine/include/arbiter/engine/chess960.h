#pragma once
// Chess960 start positions (Laws Guidelines II.2): Scharnagl numbering (chess960.md section 1,
// 518 = RNBQKBNR, 0 = BBQNNRKR), verification of a FEN as a start position, double Chess960
// (different back ranks for White and Black) and the random draw with an audit line.
#include <array>
#include <optional>
#include <string>
#include <string_view>

#include "arbiter/engine/position.h"
#include "arbiter/engine/result.h"
#include "arbiter/engine/setup.h"

namespace arbiter::chess960 {

inline constexpr int kCount = 960;
inline constexpr int kStandard = 518;

using BackRank = std::array<PieceType, 8>;  // files a..h

// SP number 0..959 -> back rank; throws std::out_of_range otherwise.
BackRank back_rank(int sp);
std::string back_rank_string(int sp);  // "RNBQKBNR"
// Back rank -> SP number, or nullopt when it is not a 960 arrangement (Guidelines II.2:
// king between the rooks, bishops on opposite colours, K Q RR BB NN).
std::optional<int> number_of(const BackRank& rank);

// Start position (castling rights on both rooks, White to move, clocks 0 1).
Setup start_setup(int sp);
// Double Chess960: White on white_sp, Black on the mirror of black_sp.
Setup start_setup(int white_sp, int black_sp);
Position start_position(int sp);
Position start_position(int white_sp, int black_sp);

struct Identified {
  int white = -1;  // SP numbers of each side's back rank
  int black = -1;
  bool is_double() const { return white != black; }
};
struct VerifyError {
  std::string reason;  // e.g. "bishops on squares of the same colour (c1, e1)"
  std::string message() const;
};
// Checks a setup is a Chess960 start position: full back ranks and pawn ranks only, each back
// rank a valid arrangement, all four castling rights, White to move, no en passant square.
// allow_double: Black's back rank may differ from White's (else it must mirror it).
Result<Identified, VerifyError> verify(const Setup& setup, bool allow_double = false);

// The draw. Either cryptographically random (getrandom(2) via std::random_device), or
// reproducible from a seed string with algorithm kSeedAlgorithm:
//   for k = 0, 1, 2, ...: d = SHA-256(seed || "#" || decimal(k)); x = first 4 bytes of d as a
//   big-endian integer; if x < 4294966080 (= 960 * 4473924) the next number is x mod 960,
//   otherwise (rejection, to avoid bias) try the next k.
// White's number is the first number of the stream; with double, Black's is the second.
inline constexpr std::string_view kSeedAlgorithm = "sha256-counter-mod960-v1";
inline constexpr std::string_view kRandomAlgorithm = "os-random-mod960";
struct Draw {
  int white = kStandard;
  int black = kStandard;  // == white unless double
  bool is_double = false;
  std::string seed;       // empty for a random draw
  std::string algorithm;  // kSeedAlgorithm or kRandomAlgorithm
  Setup setup() const { return start_setup(white, black); }
  // One line anyone can re-run: 'draw: seed="S" algorithm=... number=N' (and black=M).
  std::string audit_line() const;
};
Draw draw_random(bool double960 = false);
Draw draw_seeded(std::string_view seed, bool double960 = false);

// SHA-256 (FIPS 180-4) of bytes, as 64 lower-case hex digits; exposed for the audit and tests.
std::string sha256_hex(std::string_view data);
std::array<unsigned char, 32> sha256(std::string_view data);

}  // namespace arbiter::chess960

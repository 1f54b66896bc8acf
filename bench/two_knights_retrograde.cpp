// The proof behind adjudication's rule for king and two knights against a bare king
// (adjudication/src/unwinnable/two_knights.h): an exhaustive retrograde analysis of every legal
// position of this material. Starting from every checkmate of the bare king, it walks backwards
// through every legal move that takes nothing (a capture leaves king and knight against a bare
// king, which cannot mate: Laws 5.2.2), both sides cooperating (Laws 5.2.2, 6.9: "any series of
// legal moves"), and marks every position that leads to a checkmate. It then checks the rule's
// statement against every legal position and prints the counts the rule's comment cites; exit
// status 1 if the statement fails anywhere. Not a timing benchmark: run by hand (a few seconds,
// about 150 MB).
#include <cstdint>
#include <cstdio>
#include <vector>

#include "arbiter/engine/bitboard.h"

namespace {

using arbiter::Bitboard;
using arbiter::Square;

// A position: the knights' side (S) has its king on sk and knights on a and b (told apart), the
// bare king (L) stands on lk; `l_to_move` says whose turn it is.
constexpr std::uint32_t kPositions = 2u << 24;
std::uint32_t index(bool l_to_move, int sk, int a, int b, int lk) {
  return std::uint32_t(l_to_move) << 24 | std::uint32_t(sk) << 18 | std::uint32_t(a) << 12 |
         std::uint32_t(b) << 6 | std::uint32_t(lk);
}
Bitboard bb(int s) { return Bitboard(1) << s; }
Bitboard king_zone(int s) { return arbiter::king_attacks(Square(s)); }
Bitboard knights_attack(int a, int b) {
  return arbiter::knight_attacks(Square(a)) | arbiter::knight_attacks(Square(b));
}

// Legal (Laws 3.9): four distinct squares, the kings apart, and the side not to move not in
// check (only L can be: by a knight; S never, the kings being apart).
bool legal(bool l_to_move, int sk, int a, int b, int lk) {
  if (sk == a || sk == b || sk == lk || a == b || a == lk || b == lk) return false;
  if (king_zone(sk) & bb(lk)) return false;
  return l_to_move || !(knights_attack(a, b) & bb(lk));
}

// L's legal moves: steps to free squares no S man guards, and captures of a knight that neither
// the S king nor the other knight guards.
void l_moves(int sk, int a, int b, int lk, int& quiet, int& captures) {
  quiet = captures = 0;
  for (Bitboard t = king_zone(lk) & ~bb(sk) & ~king_zone(sk); t; t &= t - 1) {
    const int s = __builtin_ctzll(t);
    if (s == a || s == b) {
      captures += !(arbiter::knight_attacks(Square(s == a ? b : a)) & bb(s));
      continue;
    }
    quiet += !(knights_attack(a, b) & bb(s));
  }
}

}  // namespace

int main() {
  std::vector<std::uint8_t> mate_ahead(kPositions, 0);
  std::vector<std::uint32_t> queue;
  auto mark = [&](bool l_to_move, int sk, int a, int b, int lk) {
    if (!legal(l_to_move, sk, a, b, lk)) return;
    const std::uint32_t i = index(l_to_move, sk, a, b, lk);
    if (!mate_ahead[i]) mate_ahead[i] = 1, queue.push_back(i);
  };
  long mates = 0;
  for (int sk = 0; sk < 64; ++sk)
    for (int a = 0; a < 64; ++a)
      for (int b = 0; b < 64; ++b)
        for (int lk = 0; lk < 64; ++lk) {
          if (!legal(true, sk, a, b, lk) || !(knights_attack(a, b) & bb(lk))) continue;
          int quiet, captures;
          l_moves(sk, a, b, lk, quiet, captures);
          if (quiet + captures == 0) ++mates, mark(true, sk, a, b, lk);
        }
  // Backwards: the position before a marked one, with the other side to move, leads to it.
  for (std::size_t h = 0; h < queue.size(); ++h) {
    const std::uint32_t i = queue[h];
    const int lk = i & 63, b = i >> 6 & 63, a = i >> 12 & 63, sk = i >> 18 & 63;
    const bool l_to_move = i >> 24;
    const Bitboard empty = ~(bb(sk) | bb(a) | bb(b) | bb(lk));
    if (l_to_move) {  // S just moved its king or a knight
      for (Bitboard t = king_zone(sk) & empty; t; t &= t - 1)
        mark(false, __builtin_ctzll(t), a, b, lk);
      for (Bitboard t = arbiter::knight_attacks(Square(a)) & empty; t; t &= t - 1)
        mark(false, sk, __builtin_ctzll(t), b, lk);
      for (Bitboard t = arbiter::knight_attacks(Square(b)) & empty; t; t &= t - 1)
        mark(false, sk, a, __builtin_ctzll(t), lk);
    } else {  // L just stepped (a capture would have left other material)
      for (Bitboard t = king_zone(lk) & empty; t; t &= t - 1)
        mark(true, sk, a, b, __builtin_ctzll(t));
    }
  }
  // The statement: S to move, always a mate ahead; L to move, a mate ahead (or on the board)
  // exactly when L is checkmated or has a legal move that takes nothing.
  long s_legal = 0, s_fail = 0, l_legal = 0, stalemates = 0, only_captures = 0, l_fail = 0;
  for (int sk = 0; sk < 64; ++sk)
    for (int a = 0; a < 64; ++a)
      for (int b = 0; b < 64; ++b)
        for (int lk = 0; lk < 64; ++lk) {
          if (legal(false, sk, a, b, lk)) {
            ++s_legal;
            s_fail += !mate_ahead[index(false, sk, a, b, lk)];
          }
          if (!legal(true, sk, a, b, lk)) continue;
          ++l_legal;
          int quiet, captures;
          l_moves(sk, a, b, lk, quiet, captures);
          const bool check = knights_attack(a, b) & bb(lk);
          stalemates += quiet + captures == 0 && !check;
          only_captures += quiet == 0 && captures > 0;
          const bool rule = quiet > 0 || (captures == 0 && check);
          l_fail += rule != bool(mate_ahead[index(true, sk, a, b, lk)]);
        }
  std::printf(
      "checkmates %ld\nknights' side to move: %ld legal positions, %ld without a mate ahead\n"
      "bare king to move: %ld legal positions, %ld stalemates, %ld with only captures, "
      "%ld where the rule is wrong\n",
      mates, s_legal, s_fail, l_legal, stalemates, only_captures, l_fail);
  const bool holds = s_fail == 0 && l_fail == 0;
  std::printf("%s\n", holds ? "the rule holds for every position" : "THE RULE FAILS");
  return holds ? 0 : 1;
}

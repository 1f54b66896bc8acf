// "Did you mean": the legal moves closest to an illegal or unparsable move as written.
#include <algorithm>
#include <array>

#include "arbiter/engine/san.h"
#include "internal.h"

namespace arbiter::adjudication::detail {
namespace {

std::string core(std::string_view s) {  // without x, +, #, =, annotations
  std::string r;
  for (char c : s)
    if (c != 'x' && c != '+' && c != '#' && c != '=' && c != '!' && c != '?' && c != ':')
      r.push_back(c);
  return r;
}

// Edit distance of a to b, where b is a legal move's SAN core (at most 6 characters): one row
// of counts, on the stack (a vector cost an allocation per legal move).
size_t distance(std::string_view a, std::string_view b) {
  std::array<size_t, 8> d;
  if (b.size() >= d.size()) b = b.substr(0, d.size() - 1);  // (never: cores are shorter)
  for (size_t j = 0; j <= b.size(); ++j) d[j] = j;
  for (size_t i = 1; i <= a.size(); ++i) {
    size_t prev = d[0];
    d[0] = i;
    for (size_t j = 1; j <= b.size(); ++j) {
      size_t cur = d[j];
      d[j] = std::min({d[j] + 1, d[j - 1] + 1, prev + (a[i - 1] == b[j - 1] ? 0 : 1)});
      prev = cur;
    }
  }
  return d[b.size()];
}

// The destination square named at the end of a SAN core, if any.
std::string_view dest(std::string_view c) {
  while (!c.empty() && (c.back() == 'Q' || c.back() == 'R' || c.back() == 'B' || c.back() == 'N'))
    c.remove_suffix(1);
  if (c.size() >= 2 && c[c.size() - 2] >= 'a' && c[c.size() - 2] <= 'h' && c.back() >= '1' &&
      c.back() <= '8')
    return c.substr(c.size() - 2);
  return {};
}

}  // namespace

std::vector<std::string> closest_moves(const Position& pos, std::string_view written, int n) {
  const std::string w = core(written);
  const std::string_view wd = dest(w);
  const char wp = w.empty() ? 0 : w[0];
  struct Cand {
    int score;
    Move move;
    std::string san;  // without the check suffix, which the ranking ignores (core drops it)
  };
  std::vector<Cand> c;
  for (Move m : pos.legal_moves()) {
    std::string san = to_san_without_suffix(pos, m);
    std::string mc = core(san);
    int score = -static_cast<int>(distance(w, mc)) * 2;
    if (!wd.empty() && dest(mc) == wd) score += 6;
    if (wp && !mc.empty() && mc[0] == wp) score += 3;
    c.push_back({score, m, std::move(san)});
  }
  std::stable_sort(c.begin(), c.end(),
                   [](const Cand& a, const Cand& b) { return a.score > b.score; });
  // The check suffix (a look at the position after the move) only for the moves shown.
  std::vector<std::string> out;
  for (int i = 0; i < n && i < static_cast<int>(c.size()); ++i)
    out.push_back(to_san(pos, c[i].move));
  return out;
}

std::string move_prefix(const Position& pos) {
  return std::to_string(pos.fullmove_number()) + (pos.side_to_move() == WHITE ? "." : "...");
}

bool dead_by_material(const Position& pos) {
  if (pos.pieces(PAWN) | pos.pieces(ROOK) | pos.pieces(QUEEN)) return false;
  const Bitboard minors = pos.pieces(KNIGHT) | pos.pieces(BISHOP);
  if (popcount(minors) <= 1) return true;  // K v K, K+minor v K
  if (pos.pieces(KNIGHT)) return false;
  const Bitboard b = pos.pieces(BISHOP);  // bishops only: dead iff all on one colour
  return (b & DARK_SQUARES) == 0 || (b & LIGHT_SQUARES) == 0;
}

bool side_cannot_mate_by_material(const Position& pos, Color side) {
  const Bitboard mine = pos.pieces(side) & ~pos.pieces(side, KING);
  if (!mine) return true;  // a bare king never mates (Laws 6.9 example: K v K+N)
  if (dead_by_material(pos)) return true;
  return false;
}

namespace {

// Whether the side to move, not in check, surely has more than n legal moves: counted on its
// pieces other than the king and the pawns that are not pinned, each of whose moves to a square
// without a piece of ours (nor their king) is then legal (Art. 3.9: it leaves our king as safe
// as it was). A lower bound, so exact for forced_dead; much cheaper than generating the moves.
bool more_moves_than(const Position& pos, int n) {
  const Color us = pos.side_to_move();
  const Bitboard occ = pos.occupied(), closed = pos.pieces(us) | pos.pieces(KING);
  int count = 0;
  for (Bitboard b = pos.pieces(us) & ~pos.pieces(PAWN, KING) & ~pos.blockers_for_king(us); b;) {
    const Square s = pop_lsb(b);
    count += popcount(attacks(type_of(pos.piece_on(s)), s, occ) & ~closed);
    if (count > n) return true;
  }
  return false;
}

}  // namespace

bool forced_dead(const Position& pos, int depth) { return forced_dead(pos, depth, pos.in_check()); }

bool forced_dead(const Position& pos, int depth, bool in_check) {
  if (dead_by_material(pos)) return true;
  constexpr int kForced = 4;  // more choice than that: not forced play
  if (!in_check && more_moves_than(pos, kForced)) return false;
  MoveList moves;
  pos.generate_legal(moves);
  if (moves.size() == 0) return !in_check;  // stalemate ends the game without a mate
  if (depth == 0 || moves.size() > std::size_t(kForced)) return false;
  for (Move m : moves)
    if (!forced_dead(pos.after(m), depth - 1)) return false;
  return true;
}

}  // namespace arbiter::adjudication::detail

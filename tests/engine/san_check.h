#pragma once
// The check of the SAN fast path (parse_san_common) on one position, shared by the SAN tests:
// against the legal move generator and the SAN writer (to_san, whose check marks are checked
// here against the position after the move), the SAN of every legal move resolves to
// that move, the minimal disambiguation (PGN 8.2.3.4) is recomputed from the legal move list,
// and no altered text (wrong capture mark, check mark, promotion, disambiguation, pawn forms)
// is accepted except as the SAN of a legal move.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "arbiter/engine/san.h"

namespace arbiter::test {

// PGN 8.2.3.4 from the legal moves alone: the rivals are the other pieces of the same type that
// can legally move to the same square; file if it tells them apart, else rank, else both.
inline std::string expected_disambiguation(const Position& p, const MoveList& legal, Move m) {
  const PieceType pt = type_of(p.moved_piece(m));
  if (m.is_castling() || pt == PAWN || pt == KING) return "";
  std::vector<Square> rivals;
  for (Move x : legal)
    if (!x.is_castling() && x.to() == m.to() && x.from() != m.from() &&
        type_of(p.moved_piece(x)) == pt)
      rivals.push_back(x.from());
  if (rivals.empty()) return "";
  bool same_file = false, same_rank = false;
  for (Square r : rivals) {
    same_file |= file_of(r) == file_of(m.from());
    same_rank |= rank_of(r) == rank_of(m.from());
  }
  const std::string sq = square_name(m.from());
  if (!same_file) return sq.substr(0, 1);
  if (!same_rank) return sq.substr(1, 1);
  return sq;
}

// Texts near the SAN s of a move: other marks, disambiguations and promotion letters.
inline std::vector<std::string> variants(const std::string& s) {
  std::vector<std::string> out;
  std::string core = s;
  while (!core.empty() && (core.back() == '+' || core.back() == '#')) core.pop_back();
  out.push_back(core);
  out.push_back(core + "+");
  out.push_back(core + "#");
  const size_t x = core.find('x');
  if (x != std::string::npos)
    out.push_back(core.substr(0, x) + core.substr(x + 1));
  else if (core.size() >= 2)
    out.push_back(core.substr(0, core.size() - 2) + "x" + core.substr(core.size() - 2));
  const size_t eq = core.find('=');
  if (eq != std::string::npos) {
    out.push_back(core.substr(0, eq));
    for (char c : {'Q', 'R', 'B', 'N', 'K', 'P'}) out.push_back(core.substr(0, eq + 1) + c);
  } else if (core.size() >= 2 && (core[core.size() - 1] == '8' || core[core.size() - 1] == '1')) {
    out.push_back(core + "=Q");
  }
  // Extra or missing disambiguation after a piece letter, or a pawn's file and rank.
  const bool piece = !core.empty() && core[0] >= 'A' && core[0] <= 'Z' && core[0] != 'O';
  const size_t head = piece ? 1 : 0;
  for (char f = 'a'; f <= 'h'; ++f) out.push_back(core.substr(0, head) + f + core.substr(head));
  for (char r = '1'; r <= '8'; ++r) out.push_back(core.substr(0, head) + r + core.substr(head));
  if (piece && core.size() >= 4) {
    out.push_back(core.substr(0, 1) + core.substr(2));  // one disambiguation character dropped
    out.push_back(core.substr(0, 1) + core.substr(3));
  }
  if (!piece && core.size() >= 2) out.push_back("P" + core);
  return out;
}

inline int check_position(const Position& p, const std::string& fen) {
  const MoveList legal = p.legal_moves();
  int checked = 0;
  for (Move m : legal) {
    const std::string s = to_san(p, m);
    // The check mark (PGN 8.2.3.6) from the position after the move, not from the writer.
    const Position next = p.after(m);
    const char mark = !next.in_check() ? 0 : next.has_legal_moves() ? '+' : '#';
    const char written = s.back() == '+' || s.back() == '#' ? s.back() : 0;
    EXPECT_EQ(written, mark) << fen << " " << s;
    // The written disambiguation is the minimal one computed from the legal moves.
    if (!m.is_castling()) {
      const PieceType pt = type_of(p.moved_piece(m));
      const std::string want = expected_disambiguation(p, legal, m);
      if (pt != PAWN) {
        const size_t dest = s.find(square_name(m.to()), 1);
        std::string got = s.substr(1, dest - 1);
        if (!got.empty() && got.back() == 'x') got.pop_back();
        EXPECT_EQ(got, want) << fen << " " << s;
      }
    }
    if (const Move fast = parse_san_common(p, s); !fast.is_none()) {
      EXPECT_EQ(fast, m) << fen << " " << s;
    } else {
      // Only castling is left to the general parser among canonical SAN.
      EXPECT_TRUE(m.is_castling()) << fen << " " << s << " not taken by the fast path";
    }
    for (const std::string& v : variants(s)) {
      const Move got = parse_san_common(p, v);
      if (got.is_none()) continue;
      // Accepted only as the canonical SAN of a legal move (the check mark may be left out,
      // as the general parser allows, but never be wrong).
      EXPECT_TRUE(legal.contains(got)) << fen << " '" << v << "'";
      const std::string canon = to_san(p, got);
      std::string canon_core = canon;
      if (!canon_core.empty() && (canon_core.back() == '+' || canon_core.back() == '#'))
        canon_core.pop_back();
      EXPECT_TRUE(v == canon || v == canon_core) << fen << " '" << v << "' taken as " << canon;
      ++checked;
    }
  }
  return checked;
}

}  // namespace arbiter::test

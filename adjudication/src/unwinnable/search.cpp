// Helpmate and exhaustive searches (see search.h).
#include "unwinnable/search.h"

#include <algorithm>
#include <deque>
#include <new>
#include <optional>
#include <unordered_set>

#include "unwinnable/check_info.h"
#include "unwinnable/identity.h"
#include "unwinnable/material.h"

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace arbiter::adjudication::detail {

// A table of 2 MB or more (the probe's) is zeroed through fresh 4 KB pages, a page fault each
// (~15 us on a virtual machine: 7 ms for 512 pages, a game's validation several times over);
// aligned to and marked for transparent huge pages, Linux maps each 2 MB with one fault.
TranspositionTable::TranspositionTable(int log2_size) : mask_((std::uint64_t(1) << log2_size) - 1) {
  constexpr std::size_t kHuge = std::size_t{2} << 20;
  const std::size_t bytes = (mask_ + 1) * sizeof(std::uint64_t);
  const bool huge = bytes >= kHuge;
  void* p = std::aligned_alloc(huge ? kHuge : 64, (bytes + 63) / 64 * 64);
  if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (huge) ::madvise(p, bytes, MADV_HUGEPAGE);  // advice only: the table works the same without
#endif
  entries_.reset(static_cast<std::uint64_t*>(p));
  std::fill_n(entries_.get(), mask_ + 1, 0);
}

void TranspositionTable::clear() {
  if (++generation_ == 0) {  // wrapped: old entries could pass for current ones
    std::fill_n(entries_.get(), mask_ + 1, 0);
    generation_ = 1;
  }
}

namespace {

constexpr int kReward = 0, kNormal = 1, kPunish = 4;
constexpr std::size_t kMaxLine = 160;

int distance(Square a, Square b) { return king_distance(a, b); }

// Cheap material facts, tested at every node: a bare king never mates, and neither does a lone
// knight or bishops of one colour against a bare king (no piece to block a flight square; see
// material.cpp for the general arguments).
bool bare(const Position& pos, Color c) {
  const Bitboard ours = pos.pieces(c) & ~pos.pieces(c, KING);
  if (!ours) return true;
  if (pos.pieces(~c) != pos.pieces(~c, KING) || (ours & pos.pieces(PAWN))) return false;
  if (ours == pos.pieces(c, KNIGHT)) return !more_than_one(ours);
  const Bitboard b = pos.pieces(c, BISHOP);
  return ours == b && (!(b & DARK_SQUARES) || !(b & LIGHT_SQUARES));
}

// kCloser[a][d]: the squares at king distance less than d from a (a move to one of them from a
// square at distance d brings a piece closer to a).
struct CloserTable {
  Bitboard within[SQUARE_NB][8]{};
  constexpr CloserTable() {
    for (int a = 0; a < SQUARE_NB; ++a)
      for (int b = 0; b < SQUARE_NB; ++b)
        for (int d = kDistances.king[a][b] + 1; d < 8; ++d) within[a][d] |= square_bb(Square(b));
  }
};
inline constexpr CloserTable kCloser{};
Bitboard closer(Square aim, Square from) { return kCloser.within[aim][kDistances.king[aim][from]]; }

}  // namespace

int Helpmate::cost(const Position& pos, Move m) const {
  const Piece p = pos.moved_piece(m);
  const PieceType pt = type_of(p);
  const bool capture = pos.is_capture(m);
  if (capture_) {
    // Capture sub-goal: the loser's unwanted pieces walk towards the winner's king, which
    // walks towards them; other captures and pawn moves are avoided.
    const Piece victim = pos.piece_on(m.to());
    if (capture)
      return color_of(p) == winner_ && (capture_ >> type_of(victim) & 1) ? kReward : kPunish;
    if (pt == PAWN) return kPunish;
    const Square wk = pos.king_square(winner_);
    if (color_of(p) != winner_)
      return (capture_ >> pt & 1) && distance(m.to(), wk) < distance(m.from(), wk) ? kReward
                                                                                   : kNormal;
    Bitboard targets = 0;
    for (int t = PAWN; t <= QUEEN; ++t)
      if (capture_ >> t & 1) targets |= pos.pieces(~winner_, PieceType(t));
    if (pt == KING && targets) {
      int before = 99, after = 99;
      for (Bitboard b = targets; b;) {
        const Square t = pop_lsb(b);
        before = std::min(before, distance(m.from(), t));
        after = std::min(after, distance(m.to(), t));
      }
      return after < before ? kReward : kNormal;
    }
    return kNormal;
  }
  if (promote_ != NO_PIECE_TYPE) {
    // Promotion sub-goal: the promoting side's pawns walk on (taking what stands in their way),
    // nobody else captures, the rest is waiting.
    const Color promoter = promoter_ == COLOR_NB ? ~winner_ : promoter_;
    if (m.is_promotion() && m.promotion_type() != promote_) return kPunish;
    if (color_of(p) == promoter && pt == PAWN)
      return capture && promoter != winner_ ? kPunish : kReward;  // never take the lone mater
    if (capture) return kPunish;
    return kNormal;
  }
  if (use_goals_) {
    const Square g = goal_at_[m.from()];
    if (g == SQ_NONE || m.is_castling()) return color_of(p) == winner_ ? kNormal : kPunish;
    const int before = move_distance(pt, color_of(p), m.from(), g);
    const int after = move_distance(pt, color_of(p), m.to(), g);
    return after < before ? kReward : after == before ? kNormal : kPunish;
  }
  if (color_of(p) == winner_) {
    // The winner: captures clear the way, pawns head for promotion, pieces close in.
    if (capture || pt == PAWN) return kReward;
    const Square aim = chase_ ? pos.king_square(~winner_) : target_;
    if (distance(m.to(), aim) < distance(m.from(), aim)) return kReward;
    return kNormal;
  }
  // The loser: its king walks to the mating corner and its pieces gather round it to block its
  // flight squares; captures and pawn moves are rarely needed (searched later).
  if (pt == KING) {
    if (!m.is_castling() && distance(m.to(), target_) < distance(m.from(), target_)) return kReward;
  } else if (pt != PAWN && !capture) {
    Square k = pos.king_square(~winner_);
    if (distance(m.to(), k) < distance(m.from(), k)) return kReward;
  }
  if (capture || (pt == PAWN && !chase_)) return kPunish;
  return kNormal;
}

// Counts `count` moves looked at but not played (out of effort only a mate would do, and these
// moves give no check). False when a limit is reached among them: the counters then stop at the
// same move as visiting them one by one would.
bool Helpmate::charge(std::uint64_t count) {
  const std::uint64_t iter_room = iter_limit_ - std::min(iter_limit_, iter_nodes_);
  const std::uint64_t room = std::min(iter_room, node_limit_ - std::min(node_limit_, call_nodes_));
  if (count > room) {
    total_nodes_ += room;
    iter_nodes_ += room + 1;
    call_nodes_ += room + (iter_room > room);
    if (call_nodes_ > node_limit_) global_stop_ = true;
    iter_stop_ = true;
    return false;
  }
  iter_nodes_ += count, call_nodes_ += count, total_nodes_ += count;
  return true;
}

// The plain cost model (see cost()) on grouped moves: the six keys of a group's moves are its
// targets split by three masks (rewarded, punished, giving check), computed once per group from
// the squares alone, so that no move is classified one by one (that, and writing out every
// move, cost about half of each node). The moves are visited in the order search() visits them:
// key by key, and within a key in generation order (groups in turn, targets ascending), so the
// nodes and lines are the same.
bool Helpmate::search_plain(const Position& pos, int effort, bool past_progress) {
  const std::uint64_t key = identity(pos);
  const std::uint8_t tt_effort = std::uint8_t(std::min(effort, 255));
  // A position in the table was recorded below, so it has moves and is not bare, and the
  // answer is "no" with or without the moves: the table is asked before generating them.
  if (tt_ && tt_->seen(key, tt_effort)) return false;
  MoveGroups groups;
  pos.generate_groups(groups);
  if (groups.empty()) return pos.side_to_move() != winner_ && pos.in_check();
  if (bare(pos, winner_)) return false;
  if (effort <= 0 || stack_.size() >= kMaxLine) return false;
  if (tt_ && tt_->seen_with(key, tt_effort)) return false;
  const bool winner_to_move = pos.side_to_move() == winner_;
  const std::uint8_t(&dist)[SQUARE_NB][SQUARE_NB] = kDistances.king;
  const Bitboard enemy = pos.pieces(~pos.side_to_move());
  const std::size_t n = groups.size();
  Bitboard reward[MoveGroups::kCapacity], punish[MoveGroups::kCapacity],
      check[MoveGroups::kCapacity];
  // Winner: rewarded = captures, pawn moves, steps closer to the aim; punished = none. Loser:
  // rewarded = king steps towards the mating corner, piece moves (not captures) towards its own
  // king; punished = other captures and (unless chasing) pawn moves; no key for checks.
  std::optional<CheckInfo> ci;
  if (winner_to_move) ci.emplace(pos);
  const Square aim = !winner_to_move ? target_ : chase_ ? pos.king_square(~winner_) : target_;
  const Square own_king = pos.king_square(~winner_);
  for (std::size_t i = 0; i < n; ++i) {
    const MoveGroup& g = groups[i];
    if (g.kind == MoveGroup::Single) {
      // Castling, en passant, a pinned pawn's move: as search() classifies them.
      const Move m = g.move;
      const Square from = m.from(), to = m.to();
      const PieceType pt = type_of(pos.piece_on(from));
      const bool capture = pos.is_capture(m);
      bool r, p = false, c = false;
      if (winner_to_move) {
        r = capture || pt == PAWN || dist[aim][to] < dist[aim][from];
        c = ci->gives_check(pos, m);
      } else {
        r = pt == KING ? !m.is_castling() && dist[target_][to] < dist[target_][from]
                       : pt != PAWN && !capture && dist[own_king][to] < dist[own_king][from];
        p = !r && (capture || (pt == PAWN && !chase_));
      }
      reward[i] = r ? ~Bitboard(0) : 0, punish[i] = p ? ~Bitboard(0) : 0,
      check[i] = c ? ~Bitboard(0) : 0;
      continue;
    }
    const bool pawn = g.kind != MoveGroup::Piece;
    if (winner_to_move) {
      punish[i] = 0;
      if (pawn) {
        reward[i] = ~Bitboard(0);
        // Promotions are asked one by one (their checks depend on the piece).
        Bitboard c = ci->squares[PAWN];
        for (Bitboard d = ci->discoverers & pos.pieces(PAWN); d;) {
          const Square from = pop_lsb(d);
          const int to = from + g.step;
          if (to >= 0 && to < SQUARE_NB && (g.targets & square_bb(Square(to))) &&
              !(line_bb(from, ci->ksq) & square_bb(Square(to))))
            c |= square_bb(Square(to));
        }
        check[i] = c;
      } else {
        const PieceType pt = type_of(pos.piece_on(g.from));
        reward[i] = enemy | closer(aim, g.from);
        check[i] =
            ci->squares[pt] | (ci->discoverers & square_bb(g.from) ? ~line_bb(g.from, ci->ksq) : 0);
      }
    } else {
      check[i] = 0;
      if (pawn) {
        reward[i] = 0;
        punish[i] = chase_ ? enemy : ~Bitboard(0);
      } else if (g.from == own_king) {
        reward[i] = closer(target_, g.from);
        punish[i] = enemy & ~reward[i];
      } else {
        reward[i] = closer(own_king, g.from) & ~enemy;
        punish[i] = enemy;
      }
    }
  }
  // The targets of group i with key k (cost: rewarded, normal, punished; then check or not).
  auto with_key = [&](std::size_t i, int k) {
    const Bitboard cls = k < 2 ? reward[i] : k < 4 ? ~reward[i] & ~punish[i] : punish[i];
    return groups[i].targets & cls & (k & 1 ? ~check[i] : check[i]);
  };
  // A promotion's check, which depends on the piece.
  auto promotion_checks = [&](Move m) { return winner_to_move && pos.gives_check(m); };
  constexpr int kKeys = 6;
  constexpr int kCostOfKey[kKeys] = {kReward, kReward, kNormal, kNormal, kPunish, kPunish};
  constexpr PieceType kPromotions[] = {QUEEN, ROOK, BISHOP, KNIGHT};
  // Keys that hold no move by construction are skipped: the loser's moves never count as
  // checks (check[] is empty), and the winner's are never punished (punish[] is empty).
  const int first_key = winner_to_move ? 0 : 1, key_step = winner_to_move ? 1 : 2;
  const int end_key = winner_to_move ? 4 : kKeys;
  for (int k = first_key; k < end_key; k += key_step) {
    const int c = kCostOfKey[k];
    const bool gives_check = !(k & 1);
    const int next = effort - (c == kNormal && past_progress ? 0 : c);
    if (next <= 0 && !gives_check) {
      // Out of effort: only a mating move is of use. These moves still count as visited nodes
      // (the budgets are measured in moves looked at).
      std::uint64_t count = 0;
      for (std::size_t i = 0; i < n; ++i) {
        if (groups[i].kind != MoveGroup::Promotion) {
          count += popcount(with_key(i, k));
          continue;
        }
        // Promotions: the class is the group's, the check the move's.
        const Bitboard cls = k < 2 ? reward[i] : k < 4 ? ~reward[i] & ~punish[i] : punish[i];
        for (Bitboard b = groups[i].targets & cls; b;) {
          const Move m = groups[i].at(pop_lsb(b));
          for (PieceType pt : kPromotions)
            count += !promotion_checks(Move::promotion(m.from(), m.to(), pt));
        }
      }
      if (!count) continue;
      if (!charge(count)) return false;
      continue;
    }
    // Visits one move: 1 = a mate below it, -1 = stop, 0 = go on.
    auto visit = [&](Move m) {
      if (++iter_nodes_ > iter_limit_ || ++call_nodes_ > node_limit_) {
        if (call_nodes_ > node_limit_) global_stop_ = true;
        iter_stop_ = true;
        return -1;
      }
      ++total_nodes_;
      const Position child = pos.after(m);
      stack_.push_back(m);
      if (next <= 0 ? !child.has_legal_moves() : search_plain(child, next, c == kReward)) return 1;
      stack_.pop_back();
      return iter_stop_ ? -1 : 0;
    };
    for (std::size_t i = 0; i < n; ++i) {
      const MoveGroup& g = groups[i];
      if (g.kind == MoveGroup::Promotion) {
        const Bitboard cls = k < 2 ? reward[i] : k < 4 ? ~reward[i] & ~punish[i] : punish[i];
        for (Bitboard b = g.targets & cls; b;) {
          const Move step = g.at(pop_lsb(b));
          for (PieceType pt : kPromotions) {
            const Move m = Move::promotion(step.from(), step.to(), pt);
            if (promotion_checks(m) != gives_check) continue;
            if (const int r = visit(m)) return r > 0;
          }
        }
        continue;
      }
      for (Bitboard b = with_key(i, k); b;)
        if (const int r = visit(g.at(pop_lsb(b)))) return r > 0;
    }
  }
  return false;
}

bool Helpmate::search(const Position& pos, int effort, bool past_progress) {
  if (!capture_ && promote_ == NO_PIECE_TYPE && !use_goals_)
    return search_plain(pos, effort, past_progress);
  MoveList moves;
  pos.generate_legal(moves);
  if (moves.empty()) return pos.side_to_move() != winner_ && pos.in_check();
  if (bare(pos, winner_)) return false;
  if (effort <= 0 || stack_.size() >= kMaxLine) return false;
  // Only positions that are searched are recorded: recording finished or bare ones too would
  // evict entries the search needs.
  if (tt_ && tt_->seen_with(identity(pos), std::uint8_t(std::min(effort, 255)))) return false;
  const bool winner_to_move = pos.side_to_move() == winner_;
  // Order: cheap (promising) moves first, and among the winner's moves checks first. Costs take
  // three values (kReward, kNormal, kPunish), so each move gets one of six keys (cost, then
  // checks before quiet moves) and the keys are visited in turn, each by a scan of the key array
  // in generation order (no sort: a scan of a few dozen bytes is cheaper, and when an early key
  // leads to a mate the later ones are never scanned).
  constexpr int kKeys = 6;
  auto key_of = [](int c, bool check) {
    return std::uint8_t((c == kReward ? 0 : c == kNormal ? 2 : 4) + !check);
  };
  std::uint8_t keys[MoveList::kCapacity];
  const std::size_t n = moves.size();
  // How many moves have each key, in ten bits per key of one register (at most 512 moves), so
  // that empty keys are skipped and a key's scan stops at its last move.
  std::uint64_t tally = 0;
  auto note = [&](std::size_t i, std::uint8_t key) {
    keys[i] = key;
    tally += std::uint64_t(1) << (10 * key);
  };
  const bool plain = !capture_ && promote_ == NO_PIECE_TYPE && !use_goals_;
  if (plain) {
    // The plain cost model (see cost()) evaluated inline: every move of a node belongs to the
    // side to move, so the side's branch and its reference squares are chosen once.
    const std::uint8_t(&dist)[SQUARE_NB][SQUARE_NB] = kDistances.king;
    if (winner_to_move) {
      const CheckInfo ci(pos);
      const Square aim = chase_ ? pos.king_square(~winner_) : target_;
      for (std::size_t i = 0; i < n; ++i) {
        const Move m = moves[i];
        const Square from = m.from(), to = m.to();
        const bool reward = pos.is_capture(m) || type_of(pos.piece_on(from)) == PAWN ||
                            dist[aim][to] < dist[aim][from];
        note(i, std::uint8_t((reward ? 0 : 2) + !ci.gives_check(pos, m)));
      }
    } else {
      const Square own_king = pos.king_square(~winner_);
      for (std::size_t i = 0; i < n; ++i) {
        const Move m = moves[i];
        const Square from = m.from(), to = m.to();
        const PieceType pt = type_of(pos.piece_on(from));
        const bool capture = pos.is_capture(m);
        const bool reward =
            pt == KING ? !m.is_castling() && dist[target_][to] < dist[target_][from]
                       : pt != PAWN && !capture && dist[own_king][to] < dist[own_king][from];
        note(i, std::uint8_t(reward ? 1 : capture || (pt == PAWN && !chase_) ? 5 : 3));
      }
    }
  } else if (winner_to_move) {
    const CheckInfo ci(pos);
    for (std::size_t i = 0; i < n; ++i)
      note(i, key_of(cost(pos, moves[i]), ci.gives_check(pos, moves[i])));
  } else {
    for (std::size_t i = 0; i < n; ++i) note(i, key_of(cost(pos, moves[i]), false));
  }
  constexpr int kCostOfKey[kKeys] = {kReward, kReward, kNormal, kNormal, kPunish, kPunish};
  for (int k = 0; k < kKeys; ++k) {
    const std::uint64_t count = tally >> (10 * k) & 1023;
    if (!count) continue;
    const int c = kCostOfKey[k];
    const bool check = !(k & 1);
    const int next = effort - (c == kNormal && past_progress ? 0 : c);
    if (next <= 0 && !check) {
      // Out of effort: only a mating move is of use. These moves still count as visited nodes
      // (the budgets are measured in moves looked at).
      if (!charge(count)) return false;
      continue;
    }
    std::uint64_t left = count;
    for (std::size_t i = 0; left; ++i) {
      if (keys[i] != k) continue;
      --left;
      const Move m = moves[i];
      if (++iter_nodes_ > iter_limit_ || ++call_nodes_ > node_limit_) {
        if (call_nodes_ > node_limit_) global_stop_ = true;
        iter_stop_ = true;
        return false;
      }
      ++total_nodes_;
      if ((promote_ != NO_PIECE_TYPE && winner_to_move == (promoter_ == winner_) &&
           m.is_promotion() && m.promotion_type() == promote_) ||
          (capture_ && winner_to_move && (capture_ >> type_of(pos.piece_on(m.to())) & 1) &&
           pos.is_capture(m) && !m.is_en_passant())) {
        stack_.push_back(m);
        return true;
      }
      Position child = pos.after(m);
      stack_.push_back(m);
      const Square from = m.from(), to = m.to();
      const Square g_from = goal_at_[from], g_to = goal_at_[to];
      if (use_goals_ && !m.is_castling()) goal_at_[to] = g_from, goal_at_[from] = SQ_NONE;
      const bool found = next <= 0 ? !child.has_legal_moves() : search(child, next, c == kReward);
      goal_at_[from] = g_from, goal_at_[to] = g_to;
      if (found) return true;
      stack_.pop_back();
      if (iter_stop_) return false;
    }
  }
  return false;
}

Bitboard mating_corners(const Position& root, Color winner) {
  // Bishops of one colour (no knight, rook or queen) cover no square of the other colour, and a
  // king in a corner has a flight square of each colour next to it.
  const Bitboard wb = root.pieces(winner, BISHOP);
  if (wb && wb == (root.pieces(winner) & ~root.pieces(winner, KING) & ~root.pieces(winner, PAWN))) {
    const Bitboard shade = (wb & DARK_SQUARES) ? DARK_SQUARES : LIGHT_SQUARES;
    if (!(wb & ~shade)) return CORNERS_BB & shade;
  }
  return CORNERS_BB;
}

std::vector<Square> Helpmate::corners(const Position& root, Color winner) {
  // The loser's king heads for a corner.
  const Square lk = root.king_square(~winner);
  std::vector<Square> out;
  for (Bitboard b = mating_corners(root, winner); b;) out.push_back(pop_lsb(b));
  std::stable_sort(out.begin(), out.end(),
                   [&](Square a, Square b) { return distance(a, lk) < distance(b, lk); });
  return out;
}

bool Helpmate::run(const Position& root, int first, int last, std::uint64_t node_limit,
                   std::uint64_t per_effort_limit, TranspositionTable* tt,
                   std::vector<Move>& line) {
  target_ = forced_ != SQ_NONE ? forced_ : corners(root, winner_).front();
  tt_ = tt;
  node_limit_ = node_limit;
  call_nodes_ = 0;
  global_stop_ = false;
  if (tt_) tt_->clear();  // entries from other targets would misguide (kept across iterations)
  for (int e = first; e <= last && !global_stop_; ++e) {
    iter_nodes_ = 0;
    iter_stop_ = false;
    iter_limit_ = per_effort_limit ? std::uint64_t(e) * per_effort_limit : ~std::uint64_t(0);
    stack_.clear();
    if (search(root, e, false)) {
      line = stack_;
      return true;
    }
  }
  return false;
}

Exhaustion exhaust(const Position& root, Color winner, std::size_t cap, std::vector<Move>* line,
                   std::uint64_t* nodes) {
  struct Frame {
    Position pos;
    MoveList moves;
    std::size_t next = 0;
    Move played;
  };
  constexpr std::size_t kMaxDepth = 1024;
  std::unordered_set<std::uint64_t> visited;
  visited.reserve(std::min<std::size_t>(cap, 1 << 12));
  std::deque<Frame> stack;
  auto enter = [&](const Position& p, Move played) {
    stack.push_back(Frame{p, {}, 0, played});
    p.generate_legal(stack.back().moves);
  };
  visited.insert(identity(root));
  enter(root, Move::none());
  std::uint64_t n = 0;
  // The root itself is handled by the caller (mate/stalemate on the board).
  while (!stack.empty()) {
    Frame& f = stack.back();
    if (f.next == f.moves.size()) {
      stack.pop_back();
      continue;
    }
    Move m = f.moves[f.next++];
    Position child = f.pos.after(m);
    ++n;
    if (!visited.insert(identity(child)).second) continue;
    if (visited.size() > cap || stack.size() >= kMaxDepth) {
      if (nodes) *nodes += n;
      return Exhaustion::TooLarge;
    }
    const std::size_t legal = child.count_legal_moves();
    if (legal == 0) {
      if (child.in_check() && child.side_to_move() != winner) {
        if (line) {
          line->clear();
          for (std::size_t i = 1; i < stack.size(); ++i) line->push_back(stack[i].played);
          line->push_back(m);
        }
        if (nodes) *nodes += n;
        return Exhaustion::MateFound;
      }
      continue;  // stalemate, or the winner is mated: this line is over
    }
    if (bare(child, winner)) continue;  // a bare king never mates
    enter(child, m);
  }
  if (nodes) *nodes += n;
  return Exhaustion::NoMate;
}

}  // namespace arbiter::adjudication::detail

// Proof-game search (proof_game.h): IDA* from the start position towards the target.
#include "arbiter/adjudication/proof_game.h"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <optional>
#include <queue>
#include <unordered_map>

namespace arbiter::adjudication {

namespace {

constexpr int kNone = 1 << 20;  // the target cannot be reached from here

int chebyshev(Square a, Square b) {
  return std::max(std::abs(file_of(a) - file_of(b)), std::abs(rank_of(a) - rank_of(b)));
}

// Knight moves between any two squares on an empty board (breadth-first, built once).
const std::array<std::array<std::uint8_t, 64>, 64>& knight_distances() {
  static const auto table = [] {
    std::array<std::array<std::uint8_t, 64>, 64> t{};
    for (int s = 0; s < 64; ++s) {
      t[s].fill(0xFF);
      t[s][s] = 0;
      Bitboard frontier = square_bb(Square(s)), seen = frontier;
      for (std::uint8_t d = 1; frontier; ++d) {
        Bitboard next = 0;
        for (Bitboard b = frontier; b;) next |= knight_attacks(pop_lsb(b));
        next &= ~seen;
        seen |= next;
        for (Bitboard b = next; b;) t[s][pop_lsb(b)] = d;
        frontier = next;
      }
    }
    return t;
  }();
  return table;
}

// Fewest moves for a piece of type pt from s to t on an empty board (kNone: never).
int piece_distance(PieceType pt, Square s, Square t) {
  if (s == t) return 0;
  switch (pt) {
    case KNIGHT: return knight_distances()[s][t];
    case BISHOP:
      if (bool(square_bb(s) & LIGHT_SQUARES) != bool(square_bb(t) & LIGHT_SQUARES)) return kNone;
      return bishop_attacks(s, 0) & square_bb(t) ? 1 : 2;
    case ROOK: return rook_attacks(s, 0) & square_bb(t) ? 1 : 2;
    case QUEEN: return queen_attacks(s, 0) & square_bb(t) ? 1 : 2;
    case KING: return chebyshev(s, t);
    default: return kNone;
  }
}

// A pawn of colour c from s to t: one rank a move (two from its start square when it goes
// straight at least twice), one file per capture, each capture a rank forward.
int pawn_distance(Color c, Square s, Square t) {
  const int rs = relative_rank(c, rank_of(s)), rt = relative_rank(c, rank_of(t));
  const int df = std::abs(file_of(s) - file_of(t)), up = rt - rs;
  if (up <= 0 || df > up) return kNone;
  return up - (rs == RANK_2 && up - df >= 2 ? 1 : 0);
}

// A pawn of colour c from s promoting, then (unless it promotes there) on to t.
int promotion_distance(Color c, Square s, Square t) {
  const int rs = relative_rank(c, rank_of(s));
  const int to_promote = RANK_8 - rs - (rs == RANK_2 ? 1 : 0);
  return to_promote + (relative_rank(c, rank_of(t)) == RANK_8 ? 0 : 1);
}

struct Goal {
  const Setup& target;
  Bitboard by[COLOR_NB][PIECE_TYPE_NB]{};
  int men[COLOR_NB]{}, pawns[COLOR_NB]{};
  explicit Goal(const Setup& t) : target(t) {
    for (Color c : {WHITE, BLACK}) {
      for (int pt = PAWN; pt <= KING; ++pt) by[c][pt] = t.pieces(c, PieceType(pt));
      men[c] = popcount(t.pieces(c));
      pawns[c] = popcount(by[c][PAWN]);
    }
  }
};

// Moves colour c still needs at least: each target square not yet holding its man needs the
// man that ends there to travel at least the shortest route of the nearest candidate (a man
// ends on one square only, so the sum is a lower bound). Castling moves two men at once and
// takes the king two squares: while a right is kept and the king must move, up to 2 moves may
// be saved (a king that ends where it stands gains nothing from castling).
int moves_needed(const Position& p, const Goal& g, Color c) {
  int sum = 0;
  const Bitboard pawns = p.pieces(c, PAWN);
  for (Bitboard want = g.by[c][PAWN] & ~pawns; want;) {
    const Square t = pop_lsb(want);
    int best = kNone;
    for (Bitboard b = pawns; b;) best = std::min(best, pawn_distance(c, pop_lsb(b), t));
    if (best == kNone) return kNone;
    sum += best;
  }
  for (int pt = KNIGHT; pt <= KING; ++pt) {
    const Bitboard have = p.pieces(c, PieceType(pt));
    for (Bitboard want = g.by[c][pt] & ~have; want;) {
      const Square t = pop_lsb(want);
      int best = kNone;
      for (Bitboard b = have; b;)
        best = std::min(best, piece_distance(PieceType(pt), pop_lsb(b), t));
      if (pt != KING)
        for (Bitboard b = pawns; b;) best = std::min(best, promotion_distance(c, pop_lsb(b), t));
      if (best == kNone) return kNone;
      sum += best;
    }
  }
  // Castling saves moves only on the way to a king square elsewhere.
  const bool king_moves = (g.by[c][KING] & p.pieces(c, KING)) == 0;
  const bool castles = king_moves && p.has_castling_rights(c);
  // Every man not already where the target has it must move at least once, unless it is one
  // of the men to be captured (which may be taken where it stands); castling moves two.
  Bitboard in_place = 0;
  for (int pt = PAWN; pt <= KING; ++pt) in_place |= p.pieces(c, PieceType(pt)) & g.by[c][pt];
  const int leave =
      popcount(p.pieces(c) & ~in_place) - (popcount(p.pieces(c)) - g.men[c]) - (castles ? 1 : 0);
  return std::max(castles ? std::max(0, sum - 2) : sum, leave);
}

// Plies before the target at least: White needs w moves and Black b, and the side to move
// must come out right.
int plies_needed(const Position& p, const Goal& g) {
  for (Color c : {WHITE, BLACK})
    if (popcount(p.pieces(c)) < g.men[c] || popcount(p.pieces(c, PAWN)) < g.pawns[c]) return kNone;
  if (g.target.castling_rooks & ~p.castling_rooks()) return kNone;  // rights are never regained
  const int w0 = moves_needed(p, g, WHITE), b0 = moves_needed(p, g, BLACK);
  if (w0 == kNone || b0 == kNone) return kNone;
  // Men of one colour beyond the target's must be captured, one per move of the other.
  const int w = std::max(w0, popcount(p.pieces(BLACK)) - g.men[BLACK]);
  const int b = std::max(b0, popcount(p.pieces(WHITE)) - g.men[WHITE]);
  const bool white = p.side_to_move() == WHITE;
  const int first = white ? w : b, second = white ? b : w;
  int n = std::max(first > 0 ? 2 * first - 1 : 0, 2 * second);
  if ((n & 1) != (p.side_to_move() != g.target.turn)) ++n;
  return n;
}

bool matches(const Position& p, const Setup& t) {
  if (p.side_to_move() != t.turn || p.castling_rooks() != t.castling_rooks) return false;
  for (int s = 0; s < 64; ++s)
    if (p.piece_on(Square(s)) != t.board[s]) return false;
  return t.ep_square != SQ_NONE ? p.ep_square() == t.ep_square : p.legal_ep_square() == SQ_NONE;
}

class Searcher {
 public:
  Searcher(const Goal& g, const ProofLimits& l) : goal_(g), limits_(l) {}
  enum class Outcome { Found, None, OutOfNodes };

  Outcome iterate(const Position& root, int h, int bound) {
    bound_ = bound;
    seen_.clear();
    line_.clear();
    return dfs(root, 0, h);
  }
  const std::vector<Move>& line() const { return line_; }
  std::uint64_t nodes() const { return nodes_; }

 private:
  struct Child {
    int h;
    Move m;
  };

  // Key with the en passant square as played (the goal test compares it).
  static std::uint64_t key(const Position& p) {
    return p.key() ^ (p.ep_square() == SQ_NONE ? 0 : 0x9E3779B97F4A7C15ULL * (p.ep_square() + 1));
  }

  Outcome dfs(const Position& p, int g, int h) {
    if (h == 0 && matches(p, goal_.target)) return Outcome::Found;
    if (g >= bound_) return Outcome::None;
    std::vector<Child> children;
    for (Move m : p.legal_moves()) {
      if (++nodes_ > limits_.max_nodes) return Outcome::OutOfNodes;
      Position q = p;
      q.play(m);
      const int ch = plies_needed(q, goal_);
      if (ch != kNone && g + 1 + ch <= bound_) children.push_back({ch, m});
    }
    std::stable_sort(children.begin(), children.end(),
                     [](const Child& a, const Child& b) { return a.h < b.h; });
    for (const Child& c : children) {
      Position q = p;
      q.play(c.m);
      auto [it, fresh] = seen_.try_emplace(key(q), g + 1);
      if (!fresh) {
        if (it->second <= g + 1) continue;
        it->second = g + 1;
      }
      line_.push_back(c.m);
      const Outcome o = dfs(q, g + 1, c.h);
      if (o != Outcome::None) return o;
      line_.pop_back();
    }
    return Outcome::None;
  }

  const Goal& goal_;
  const ProofLimits& limits_;
  int bound_ = 0;
  std::uint64_t nodes_ = 0;
  std::vector<Move> line_;
  std::unordered_map<std::uint64_t, int> seen_;  // positions expanded this iteration, at ply
};

// The search guided by the target, for positions beyond the shortest-proof search: best-first
// on g + kWeight * h (weighted A*; h is plies_needed, so a proof found is at most kWeight times
// longer than the shortest, and usually much shorter than that bound). Every position is
// expanded once; the node budget counts positions evaluated, as in Searcher.
class GuidedSearch {
 public:
  static constexpr int kWeight = 3;
  GuidedSearch(const Goal& g, std::uint64_t budget) : goal_(g), budget_(budget) {}

  // The moves from `start` to the target, or nullopt (budget spent, or nothing left to expand).
  std::optional<std::vector<Move>> run(const Position& start, int h) {
    nodes_.push_back({start, -1, Move::none(), 0});
    open_.push({kWeight * h, h, 0});
    seen_.emplace(key(start), 0);
    while (!open_.empty()) {
      const int at = open_.top().index;
      open_.pop();
      const Node n = nodes_[at];  // copied: nodes_ grows below
      for (Move m : n.pos.legal_moves()) {
        if (++used_ > budget_) return std::nullopt;
        Position q = n.pos;
        q.play(m);
        const int ch = plies_needed(q, goal_);
        if (ch == kNone) continue;
        if (ch == 0 && matches(q, goal_.target)) return line(at, m);
        auto [it, fresh] = seen_.try_emplace(key(q), n.g + 1);
        if (!fresh) {
          if (it->second <= n.g + 1) continue;
          it->second = n.g + 1;
        }
        nodes_.push_back({q, at, m, n.g + 1});
        open_.push({n.g + 1 + kWeight * ch, ch, int(nodes_.size() - 1)});
      }
    }
    return std::nullopt;
  }
  std::uint64_t nodes() const { return std::min(used_, budget_); }

 private:
  struct Node {
    Position pos;
    int parent;
    Move move;  // the move from the parent
    int g;
  };
  struct Entry {
    int f, h, index;
    // Lowest f first, then lowest h, then the newest (deeper lines first among equals).
    bool operator<(const Entry& o) const {
      if (f != o.f) return f > o.f;
      if (h != o.h) return h > o.h;
      return index < o.index;
    }
  };
  static std::uint64_t key(const Position& p) {
    return p.key() ^ (p.ep_square() == SQ_NONE ? 0 : 0x9E3779B97F4A7C15ULL * (p.ep_square() + 1));
  }
  std::vector<Move> line(int at, Move last) const {
    std::vector<Move> out{last};
    for (int i = at; nodes_[i].parent >= 0; i = nodes_[i].parent) out.push_back(nodes_[i].move);
    std::reverse(out.begin(), out.end());
    return out;
  }

  const Goal& goal_;
  std::uint64_t budget_, used_ = 0;
  std::vector<Node> nodes_;
  std::priority_queue<Entry> open_;
  std::unordered_map<std::uint64_t, int> seen_;
};

}  // namespace

ProofSearch find_proof_game(const Position& start, const Setup& target, const ProofLimits& limits) {
  ProofSearch out;
  const Goal goal(target);
  const int h = plies_needed(start, goal);
  if (h == kNone) {
    out.lower_bound = -1;
    out.exhausted = true;
    return out;
  }
  out.lower_bound = h;
  // First the shortest proof game of up to max_plies plies (IDA*), then any proof game guided by
  // the target with the nodes left (all of them when the bound alone rules the first out).
  // (A position whose bound exceeds twice max_plies is not searched: deep middle games cost one
  // evaluation, as before, instead of the whole budget.)
  // With the guided search to follow, IDA* gets half the nodes: its iterations grow with every
  // order of the moves still to play, where the guided search follows one.
  const bool guided = limits.guided && h <= 2 * limits.max_plies;
  ProofLimits first = limits;
  if (guided) first.max_nodes = limits.max_nodes / 2;
  Searcher s(goal, first);
  bool out_of_nodes = false;
  for (int bound = h; bound <= limits.max_plies; bound += 2) {
    const auto o = s.iterate(start, h, bound);
    out.nodes = s.nodes();
    if (o == Searcher::Outcome::Found) {
      out.found = true;
      out.moves = s.line();
      out.plies_searched = bound;
      return out;
    }
    if (o == Searcher::Outcome::OutOfNodes) {
      out_of_nodes = true;
      break;
    }
    out.plies_searched = bound;
  }
  out.exhausted = !out_of_nodes;
  if (!guided) return out;
  out.nodes = std::min(out.nodes, first.max_nodes);
  GuidedSearch search(goal, limits.max_nodes - out.nodes);
  if (auto line = search.run(start, h)) {
    out.found = out.guided = true;
    out.moves = std::move(*line);
  }
  out.guided_nodes = search.nodes();
  out.nodes += search.nodes();
  return out;
}

bool reaches(const Position& start, const std::vector<Move>& moves, const Setup& target) {
  Position p = start;
  for (Move m : moves) {
    if (!p.is_legal(m)) return false;
    p.play(m);
  }
  return matches(p, target);
}

}  // namespace arbiter::adjudication

// Chess960 start positions (Guidelines II.2) and Scharnagl numbering (chess960.md section 1).
#include "arbiter/engine/chess960.h"

#include <sys/random.h>

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <utility>

namespace arbiter::chess960 {

BackRank back_rank(int sp) {
  if (sp < 0 || sp >= kCount)
    throw std::out_of_range("Chess960 number " + std::to_string(sp) + " is not in 0..959");
  BackRank r{};
  int n = sp;
  r[2 * (n % 4) + 1] = BISHOP, n /= 4;  // light-squared bishop on b, d, f or h
  r[2 * (n % 4)] = BISHOP, n /= 4;      // dark-squared bishop on a, c, e or g
  auto place_nth_empty = [&r](int k, PieceType pt) {
    for (int f = 0; f < 8; ++f)
      if (r[f] == NO_PIECE_TYPE && k-- == 0) {
        r[f] = pt;
        return;
      }
  };
  place_nth_empty(n % 6, QUEEN), n /= 6;
  static constexpr int kKnights[10][2] = {{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2},
                                          {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}};
  // Place the second knight first so the first one's index still counts the same empties.
  place_nth_empty(kKnights[n][1], KNIGHT);
  place_nth_empty(kKnights[n][0], KNIGHT);
  place_nth_empty(0, ROOK);
  place_nth_empty(0, KING);
  place_nth_empty(0, ROOK);
  return r;
}

std::string back_rank_string(int sp) {
  std::string s;
  for (PieceType pt : back_rank(sp)) s += piece_type_char(pt);
  return s;
}

std::optional<int> number_of(const BackRank& rank) {
  // The 960 arrangements packed one byte per file and sorted: a binary search, where comparing
  // with each in turn cost 5,000 instructions per look-up (twice per Chess960 game validated).
  const auto pack = [](const BackRank& r) {
    std::uint64_t k = 0;
    for (PieceType pt : r) k = k << 8 | pt;
    return k;
  };
  static const auto table = [pack] {
    std::array<std::pair<std::uint64_t, int>, kCount> t{};
    for (int i = 0; i < kCount; ++i) t[i] = {pack(back_rank(i)), i};
    std::sort(t.begin(), t.end());
    return t;
  }();
  const std::uint64_t key = pack(rank);
  const auto it = std::lower_bound(table.begin(), table.end(), key,
                                   [](const auto& e, std::uint64_t k) { return e.first < k; });
  if (it != table.end() && it->first == key) return it->second;
  return std::nullopt;
}

Setup start_setup(int white_sp, int black_sp) {
  BackRank w = back_rank(white_sp), b = back_rank(black_sp);
  Setup s;
  for (int f = 0; f < 8; ++f) {
    s.board[make_square(File(f), RANK_1)] = make_piece(WHITE, w[f]);
    s.board[make_square(File(f), RANK_2)] = W_PAWN;
    s.board[make_square(File(f), RANK_7)] = B_PAWN;
    s.board[make_square(File(f), RANK_8)] = make_piece(BLACK, b[f]);
    if (w[f] == ROOK) s.castling_rooks |= square_bb(make_square(File(f), RANK_1));
    if (b[f] == ROOK) s.castling_rooks |= square_bb(make_square(File(f), RANK_8));
  }
  return s;
}
Setup start_setup(int sp) { return start_setup(sp, sp); }

Position start_position(int white_sp, int black_sp) {
  return Position::from_setup(start_setup(white_sp, black_sp), true).value();
}
Position start_position(int sp) { return start_position(sp, sp); }

std::string VerifyError::message() const { return "not a Chess960 start position: " + reason; }

namespace {
std::string describe_rank_problem(const BackRank& r, char side) {
  int count[PIECE_TYPE_NB] = {};
  for (PieceType pt : r) ++count[pt];
  std::string who = side == 'w' ? "white" : "black";
  if (count[NO_PIECE_TYPE] || count[PAWN] || count[KING] != 1 || count[QUEEN] != 1 ||
      count[ROOK] != 2 || count[BISHOP] != 2 || count[KNIGHT] != 2)
    return who + " back rank must hold K, Q, two R, two B and two N (Guidelines II.2)";
  int k = -1, r1 = -1, r2 = -1, b1 = -1, b2 = -1;
  for (int f = 0; f < 8; ++f) {
    if (r[f] == KING) k = f;
    if (r[f] == ROOK) (r1 < 0 ? r1 : r2) = f;
    if (r[f] == BISHOP) (b1 < 0 ? b1 : b2) = f;
  }
  if (!(r1 < k && k < r2)) return who + " king is not between its rooks (Guidelines II.2)";
  if ((b1 & 1) == (b2 & 1))
    return who + " bishops stand on squares of the same colour (Guidelines II.2)";
  return who + " back rank is not a Chess960 arrangement";
}
}  // namespace

Result<Identified, VerifyError> verify(const Setup& s, bool allow_double) {
  auto fail = [](std::string r) { return unexpected(VerifyError{std::move(r)}); };
  BackRank w{}, b{};
  for (int f = 0; f < 8; ++f) {
    for (int r = RANK_3; r <= RANK_6; ++r)
      if (s.board[make_square(File(f), Rank(r))] != NO_PIECE)
        return fail("a piece stands on " + square_name(make_square(File(f), Rank(r))));
    if (s.board[make_square(File(f), RANK_2)] != W_PAWN)
      return fail("no white pawn on " + square_name(make_square(File(f), RANK_2)));
    if (s.board[make_square(File(f), RANK_7)] != B_PAWN)
      return fail("no black pawn on " + square_name(make_square(File(f), RANK_7)));
    Piece pw = s.board[make_square(File(f), RANK_1)], pb = s.board[make_square(File(f), RANK_8)];
    if (pw == NO_PIECE || color_of(pw) != WHITE)
      return fail("no white piece on " + square_name(make_square(File(f), RANK_1)));
    if (pb == NO_PIECE || color_of(pb) != BLACK)
      return fail("no black piece on " + square_name(make_square(File(f), RANK_8)));
    w[f] = type_of(pw), b[f] = type_of(pb);
  }
  auto nw = number_of(w), nb = number_of(b);
  if (!nw) return fail(describe_rank_problem(w, 'w'));
  if (!nb) return fail(describe_rank_problem(b, 'b'));
  if (!allow_double && *nw != *nb)
    return fail("black's back rank does not mirror white's (double Chess960 not allowed here)");
  Bitboard rooks = 0;
  for (int f = 0; f < 8; ++f) {
    if (w[f] == ROOK) rooks |= square_bb(make_square(File(f), RANK_1));
    if (b[f] == ROOK) rooks |= square_bb(make_square(File(f), RANK_8));
  }
  if (s.castling_rooks != rooks) return fail("castling rights must be on all four rooks");
  if (s.turn != WHITE) return fail("white must be to move");
  if (s.ep_square != SQ_NONE) return fail("there can be no en passant square");
  if (s.halfmove_clock != 0) return fail("the halfmove clock must be 0");
  if (s.fullmove_number != 1) return fail("the fullmove number must be 1");
  return Identified{*nw, *nb};
}

namespace {
std::string escape(std::string_view s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\')
      o += '\\', o += c;
    else if (static_cast<unsigned char>(c) < 32)
      o += '?';
    else
      o += c;
  }
  return o;
}

// Rejection threshold: the largest multiple of 960 that fits in 32 bits.
constexpr std::uint64_t kLimit = (std::uint64_t(1) << 32) / kCount * kCount;  // 4294966080

struct SeedStream {
  std::string_view seed;
  std::uint64_t k = 0;
  int next() {
    for (;; ++k) {
      std::string msg(seed);
      msg.push_back('#');
      msg.append(std::to_string(k));
      auto d = sha256(msg);
      std::uint32_t x = std::uint32_t(d[0]) << 24 | std::uint32_t(d[1]) << 16 |
                        std::uint32_t(d[2]) << 8 | std::uint32_t(d[3]);
      if (x < kLimit) {
        ++k;
        return int(x % kCount);
      }
    }
  }
};

int os_random_number() {
  for (;;) {
    std::uint32_t x = 0;
    ssize_t got = ::getrandom(&x, sizeof x, 0);
    if (got != sizeof x)
      throw std::runtime_error("getrandom failed: no operating-system randomness");
    if (x < kLimit) return int(x % kCount);
  }
}
}  // namespace

std::string Draw::audit_line() const {
  std::string s = "draw: seed=";
  if (algorithm == kRandomAlgorithm) {
    s.append("(none)");
  } else {
    s.push_back('"');
    s.append(escape(seed));
    s.push_back('"');
  }
  s.append(" algorithm=").append(algorithm).append(" number=").append(std::to_string(white));
  if (is_double) s.append(" black=").append(std::to_string(black));
  return s;
}

Draw draw_random(bool double960) {
  Draw d;
  d.algorithm = std::string(kRandomAlgorithm);
  d.white = os_random_number();
  d.black = double960 ? os_random_number() : d.white;
  d.is_double = double960;
  return d;
}

Draw draw_seeded(std::string_view seed, bool double960) {
  Draw d;
  d.seed = std::string(seed);
  d.algorithm = std::string(kSeedAlgorithm);
  SeedStream stream{seed};
  d.white = stream.next();
  d.black = double960 ? stream.next() : d.white;
  d.is_double = double960;
  return d;
}

}  // namespace arbiter::chess960

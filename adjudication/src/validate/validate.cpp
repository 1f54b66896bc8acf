// The game validator: replays each game with the engine and checks it against the Laws.
#include "arbiter/adjudication/validate.h"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <climits>
#include <cstdlib>
#include <memory>

#include "arbiter/adjudication/regime.h"
#include "arbiter/adjudication/unwinnability.h"
#include "arbiter/engine/chess960.h"
#include "arbiter/engine/pgn_tags.h"
#include "arbiter/engine/san.h"
#include "arbiter/engine/san_fast.h"
#include "arbiter/engine/setup.h"
#include "arbiter/engine/uci.h"
#include "internal.h"
#include "unpromoted_pawn.h"
#include "unwinnable/line_builder.h"
#include "unwinnable/material.h"
#include "unwinnable/search.h"
#include "unwinnable/two_knights.h"

namespace arbiter::adjudication {

using detail::Sink;
using pgn::Location;
using pgn::TokenKind;

const char* status_name(GameStatus s) {
  switch (s) {
    case GameStatus::Ok: return "ok";
    case GameStatus::Warnings: return "warnings";
    case GameStatus::Errors: return "errors";
  }
  return "";
}

int GameReport::errors() const {
  return static_cast<int>(std::count_if(
      issues.begin(), issues.end(), [](auto& i) { return i.severity == pgn::Severity::Error; }));
}
int GameReport::warnings() const { return static_cast<int>(issues.size()) - errors(); }
GameStatus GameReport::status() const {
  if (errors()) return GameStatus::Errors;
  return issues.empty() ? GameStatus::Ok : GameStatus::Warnings;
}

namespace {

// One line of play: the main line or a variation (RAV, PGN 8.2.5).
struct Line {
  Position pos;
  Position before;  // position before the last move of this line (where a RAV starts)
  bool has_before = false;
  int ply = 0;  // half-moves from the game's start position
  bool broken = false;
};

bool decisive(GameResult r) { return r == GameResult::WhiteWins || r == GameResult::BlackWins; }

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return r;
}

// PGN 9.8.1 Termination "time forfeit", and what real files write ("Time forfeit", "time",
// "lost on time", "White won on time", "flag fall").
bool is_time_forfeit(const std::string* termination) {
  if (!termination) return false;
  const std::string t = lower(*termination);
  return t.find("time forfeit") != std::string::npos || t == "time" ||
         t.find("on time") != std::string::npos || t.find("flag") != std::string::npos ||
         t.find("timeout") != std::string::npos || t.find("time out") != std::string::npos;
}

// The board of a FEN looks like a start array (full back ranks, pawns on ranks 2 and 7): a
// Chess960 FEN like that which is not a valid start position is an error, while any other FEN
// may be a game continued from a mid-game position (only a warning).
bool looks_like_start_array(const Setup& s) {
  for (int sq = 0; sq < 64; ++sq) {
    const int rank = sq / 8;
    const Piece p = s.board[sq];
    const bool want_piece = rank == 0 || rank == 7;
    const bool want_pawn = rank == 1 || rank == 6;
    if (want_piece && (p == NO_PIECE || type_of(p) == PAWN)) return false;
    if (want_pawn && type_of(p) != PAWN) return false;
    if (!want_piece && !want_pawn && p != NO_PIECE) return false;
  }
  return true;
}

// The side for which the line builder is likelier to write a short line (or any), `first`
// (likelier_mater) on a tie: the side with a queen or rook (without one the line waits for a
// pawn to run and promote), then the one whose opponent's king stands nearer to an edge (the
// line walks it to an edge square and mates it there). Either side's line settles the question
// (Laws 5.2.2), so the order only saves work: on the TCEC standard file's final positions the
// builder then plays 4% fewer moves (its edge squares come first, alternately with the other
// side's: build_either_mating_line).
Color likelier_line(const Position& pos, Color first) {
  auto score = [&](Color c) {
    const Square k = pos.king_square(~c);
    const int f = file_of(k), r = rank_of(k);
    const int to_edge = std::min(std::min(f, 7 - f), std::min(r, 7 - r));
    const bool heavy = pos.pieces(c, QUEEN) | pos.pieces(c, ROOK);
    return (heavy ? 10 : 0) - to_edge;
  };
  return score(~first) > score(first) ? ~first : first;
}

// The side more likely to have a quick mate, asked first where either side's mate settles the
// question (Laws 5.2.2): the one with more material (queen 9, rook 5, minor piece 3, pawn 1).
Color likelier_mater(const Position& pos) {
  auto value = [&](Color c) {
    return 9 * popcount(pos.pieces(c, QUEEN)) + 5 * popcount(pos.pieces(c, ROOK)) +
           3 * popcount(pos.pieces(c, BISHOP) | pos.pieces(c, KNIGHT)) +
           popcount(pos.pieces(c, PAWN));
  };
  return value(BLACK) > value(WHITE) ? BLACK : WHITE;
}

// Castling written "O-O" or "O-O-O" without a suffix, when it is legal (Laws 3.8.2): the move
// the general SAN parser returns for it (strict SAN checks a check mark only when there is one),
// found without the detour through it, else Move::none(). Anything else is left to the general
// parser. (Returned by value: a move written through a reference is kept in memory, a store per
// move in main_moves.)
Move plain_castling(const Position& pos, std::string_view text) {
  if (text != "O-O" && text != "O-O-O") return Move::none();
  if (pos.in_check()) return Move::none();
  return pos.legal_castling(text.size() == 3 ? KING_SIDE : QUEEN_SIDE);
}

const char* colour_name(Color c) { return c == WHITE ? "White" : "Black"; }

Position null_move(const Position& pos, bool& ok) {
  Setup s = pos.to_setup();
  s.turn = ~s.turn;
  s.ep_square = SQ_NONE;
  auto p = Position::from_setup(s, pos.is_chess960());
  ok = p.ok();
  return ok ? *p : pos;
}

class Validator {
 public:
  Validator(const pgn::RawGame& g, const ValidateOptions& o, GameReport& r, Solver& solver)
      : g_(g), tags_(g), opt_(o), r_(r), sink_{r}, solver_(solver) {}
  Validator(const Validator&) = delete;  // cur_ and keys_ point into the object
  Validator& operator=(const Validator&) = delete;

  void run() {
    r_.index = g_.index;
    r_.first_line = g_.start.line;
    for (auto& d : g_.diagnostics) sink_.add(d.severity, d.code, 0, d.where, d.message);

    check_result_tag();
    tc_ = detail::check_tags(g_, tags_, sink_);
    regime_ = opt_.regime ? *opt_.regime : regime_of_time_control();
    a5_ = unsupervised(regime_);
    if (setup_start()) {
      if (a5_) note_wrong_setup();
      replay();
      judge_end();
      if (unpromoted_ && opt_.final_fen)
        r_.final_fen = detail::fen_with_pawn(*unpromoted_, main_.pos);  // Laws A.5.4
    }
    if (opt_.tags || !r_.issues.empty()) {
      r_.tags.reserve(g_.tags.size());
      for (auto& t : g_.tags) r_.tags.emplace_back(t.name, t.value);
    }
  }

 private:
  const pgn::RawGame& g_;
  const detail::TagIndex tags_;
  const ValidateOptions& opt_;
  GameReport& r_;
  Sink sink_;
  Solver& solver_;  // unwinnability search tables, reused across games

  GameResult result_ = GameResult::None;  // as recorded: marker, else the Result tag
  Location result_at_;
  bool chess960_ = false;
  // The main line; setup_start() puts the start position in main_.pos (a Line is built with the
  // standard start position), from which replay() goes on without a copy.
  Line main_;
  Color start_turn_ = WHITE;  // side to move in the start position
  std::vector<Line> vars_;    // the variations open at this point, innermost last
  Line* cur_ = &main_;        // the line the next move belongs to
  // Main line repetition keys, keys_[ply]: at most one key per move token, plus the start. In
  // the Validator (on the caller's stack, left uninitialised) for games of fewer tokens than
  // kKeysInline, else a buffer sized once per game (its new and delete cost about 400
  // instructions a game).
  static constexpr size_t kKeysInline = 1024;
  uint64_t keys_inline_[kKeysInline];
  std::unique_ptr<uint64_t[]> keys_heap_;
  uint64_t* keys_ = keys_inline_;
  // Where the main line's legal play starts: the start position, or the position after the
  // last null move or illegal move that stood (from which later positions are not reached by
  // legal moves alone).
  int legal_from_ply_ = 0;
  std::optional<Position> legal_from_;
  // A 1,024-bit filter of the keys since the last capture or pawn move: a key whose bit is
  // clear has not occurred there, and only the others are compared with earlier positions.
  uint64_t seen_[16] = {};
  uint64_t& seen_word(uint64_t key) { return seen_[key >> 60]; }
  static uint64_t seen_bit(uint64_t key) { return uint64_t{1} << ((key >> 54) & 63); }

  // Where and how the game ended on the board before its last move (Laws 5.2.2, 9.6).
  int ended_ply_ = -1;
  std::string ended_code_, ended_why_;
  bool after_end_reported_ = false;
  int threefold_ply_ = -1, fifty_ply_ = -1;
  // few_men(): the men on the board, at least (exact when at most 6), and the ply of the
  // clock's last reset then (ply - halfmove clock; INT_MIN: no count yet, which no ply - clock
  // is).
  int men_ = 0;
  int men_reset_ply_ = INT_MIN;
  Location threefold_at_, fifty_at_;
  bool lenient_warned_ = false, uci_warned_ = false;
  bool keep_before_ = true;  // whether a variation may need the position before a move
  bool automatic_draws_ = true;
  // The game's date (last Date tag, else UTCDate, else EventDate) as yyyymmdd, 0 if unknown.
  int date_ = 0;
  // The regime (Appendix A / B): A.5 in force (rapid or blitz without adequate supervision),
  // an illegal move that stood (A.5.2) has been played, the ply after which both kings were
  // in check (A.5.4), and a start position with a wrongly placed king or rooks (A.5.1.2).
  Regime regime_ = Regime::Standard;
  bool a5_ = false;
  bool illegal_stood_ = false;
  int both_in_check_ply_ = -1;
  bool wrong_king_[COLOR_NB] = {};
  Bitboard wrong_rooks_ = 0;
  // A.5.4: a pawn left on its last rank by a move that stood (main line only), the ply of that
  // move, and whether the next move left it there (the game was drawn).
  std::optional<detail::UnpromotedPawn> unpromoted_;
  int unpromoted_ply_ = -1;
  bool unpromoted_drawn_ = false;

  // Clock comments ([%clk]) on the main line.
  double last_clock_[2] = {-1, -1};
  int clock_side_ = -1;  // side whose move the next comment annotates
  int clock_warnings_ = 0;
  std::optional<pgn::TimeControl> tc_;

  // Laws A.1 / B.1 from the TimeControl tag (standard without one), adequately supervised.
  Regime regime_of_time_control() const {
    if (tc_)
      if (auto minutes = pgn::minutes_for_60_moves(*tc_))
        return supervised_regime(pgn::classify_minutes(*minutes));
    return Regime::Standard;
  }

  // Laws A.5.1.2: a game started from a set-up (a start array) with a wrongly placed king or
  // rook: castling with that king, or with that rook, is not allowed once 10 moves are played.
  // Wrongly placed: a king or rook that does not mirror the opponent's (the set-up was not one
  // position for both, as every standard or FIDE Chess960 game is), in standard chess a king off
  // the e-file or a rook off the corners, in Chess960 a king not between its rooks. A valid
  // start position (standard, or Chess960 by Guidelines II.2) has none.
  void note_wrong_setup() {
    const Setup s = main_.pos.to_setup();
    if (!looks_like_start_array(s)) return;
    if (chess960_ ? bool(chess960::verify(s, false))
                  : main_.pos.to_setup().board == Position::standard().to_setup().board)
      return;
    const Position& p = main_.pos;
    for (Color c : {WHITE, BLACK}) {
      const Rank back = c == WHITE ? RANK_1 : RANK_8, other = c == WHITE ? RANK_8 : RANK_1;
      const Square k = p.king_square(c);
      const Bitboard rooks = p.pieces(c, ROOK) & rank_bb(back);
      Bitboard mirrored = 0;  // the opponent's back-rank rooks' files, on this back rank
      for (Bitboard b = p.pieces(~c, ROOK) & rank_bb(other); b;)
        mirrored |= square_bb(make_square(file_of(pop_lsb(b)), back));
      bool wrong = file_of(k) != file_of(p.king_square(~c));
      if (chess960_) {
        const bool left = rooks & (square_bb(k) - 1), right = rooks & ~((square_bb(k) << 1) - 1);
        wrong |= !(left && right);
      } else {
        wrong |= k != make_square(FILE_E, back);
        mirrored &= square_bb(make_square(FILE_A, back)) | square_bb(make_square(FILE_H, back));
      }
      wrong_king_[c] = wrong;
      wrong_rooks_ |= rooks & ~mirrored;
    }
  }

  // A.5.1.2 after 10 moves by each player (plies counted from the game's start).
  void check_castling_after_setup(const Move m, int ply, const pgn::Token& t, const Position& pos) {
    if (!m.is_castling() || ply <= 20) return;
    const Color us = pos.side_to_move();
    if (!wrong_king_[us] && !(wrong_rooks_ & square_bb(m.to()))) return;
    sink_.warn("illegal-move-stands", ply, g_.where(t),
               detail::move_prefix(pos) + " " + std::string(g_.token_text(t)) + where_text() +
                   ": castling with a wrongly placed " + (wrong_king_[us] ? "king" : "rook") +
                   " is not allowed once 10 moves are played (Laws A.5.1.2); nobody claimed "
                   "it, so it stands (A.5.2, " +
                   regime_name(regime_) + ")");
  }

  Location tag_at(std::string_view name) const {
    for (auto it = g_.tags.rbegin(); it != g_.tags.rend(); ++it)
      if (it->name == name) return it->where;
    return g_.start;
  }

  void check_result_tag() {
    const std::string* tag = tags_[detail::TagIndex::Result];
    std::optional<GameResult> tag_result = tag ? pgn::parse_result(*tag) : std::nullopt;
    if (g_.result != GameResult::None) {
      result_ = g_.result;
      result_at_ = g_.result_where;
      if (tag_result && *tag_result != g_.result)
        sink_.error("result-mismatch", 0, g_.result_where,
                    "the Result tag says " + *tag + " but the moves end with " +
                        std::string(pgn::to_string(g_.result)));
    } else {
      if (tag_result) {
        result_ = *tag_result;
        result_at_ = tag_at("Result");
      }
      if (!g_.tokens.empty())
        sink_.warn("missing-result", 0, g_.where(g_.tokens.back()),
                   "no termination marker (1-0, 0-1, 1/2-1/2 or *) after the moves");
    }
    r_.result = std::string(pgn::to_string(result_));
  }

  bool setup_start() {
    const std::string* variant_tag = tags_[detail::TagIndex::Variant];
    const auto variant = variant_tag ? pgn::variant_of(*variant_tag) : pgn::VariantInfo{};
    if (variant.kind == pgn::Variant::Unsupported) {
      sink_.error("unsupported-variant", 0, tag_at("Variant"),
                  "variant \"" + variant.written +
                      "\" is not supported (only standard chess and Chess960)");
      return false;
    }
    chess960_ = variant.kind == pgn::Variant::Chess960;
    const std::string* fen = tags_[detail::TagIndex::FEN];
    const std::string* setup = tags_[detail::TagIndex::SetUp];
    if (fen) {
      if (!setup || *setup != "1")
        sink_.warn("fen-without-setup", 0, tag_at("FEN"),
                   "a FEN tag needs [SetUp \"1\"] (PGN 9.7.1)");
      auto p = Position::from_fen(*fen, chess960_);
      if (!p && p.error().kind == PositionError::Kind::Fen) {
        // Tolerated with a warning: a fullmove number of 0 (many puzzle FENs: "... 1 0") and
        // EPD-style FENs without the two clocks.
        std::vector<std::string> f;
        for (size_t i = 0; i < fen->size();) {
          size_t j = fen->find(' ', i);
          if (j == std::string::npos) j = fen->size();
          if (j > i) f.push_back(fen->substr(i, j - i));
          i = j + 1;
        }
        std::string fixed;
        if (f.size() == 6 && p.error().fen.field == FenField::Fullmove && f[5] == "0") {
          f[5] = "1";
          for (auto& x : f) fixed += (fixed.empty() ? "" : " ") + x;
        } else if (f.size() == 4) {
          for (auto& x : f) fixed += (fixed.empty() ? "" : " ") + x;
          fixed += " 0 1";
        }
        if (!fixed.empty()) {
          auto q = Position::from_fen(fixed, chess960_);
          if (q) {
            sink_.warn(
                "fen-clocks", 0, tag_at("FEN"),
                "FEN \"" + *fen + "\": " + p.error().message() + "; read as \"" + fixed + "\"");
            p = std::move(q);
          }
        }
      }
      if (!p) {
        sink_.error("invalid-fen", 0, tag_at("FEN"),
                    "invalid FEN \"" + *fen + "\": " + p.error().message());
        return false;
      }
      main_.pos = *p;
      if (!chess960_ && main_.pos.is_chess960() && !variant.written.empty()) {
        // [Variant "Standard"] with castling rights only Chess960 allows (king off e1/e8 or an
        // inner rook, e.g. lichess studies "KQq" with the king on g8): the rights cannot be
        // used in standard chess (Art. 3.8.2); drop them and say so.
        if (auto s = parse_fen(*fen)) {
          Bitboard keep = 0, rooks = s->castling_rooks;
          while (rooks) {
            const Square sq = pop_lsb(rooks);
            const Color c = color_of(s->board[sq]);
            if (s->king_square(c) == relative_square(c, SQ_E1) &&
                (file_of(sq) == FILE_A || file_of(sq) == FILE_H))
              keep |= square_bb(sq);
          }
          s->castling_rooks = keep;
          if (auto p2 = Position::from_setup(*s, false)) {
            sink_.warn("fen-castling-rights", 0, tag_at("FEN"),
                       "castling rights in the FEN that standard chess cannot have (king or rook "
                       "not on its original square) are ignored; castling: " +
                           castling_field(*s));
            main_.pos = *p2;
          }
        }
      }
      if (!chess960_ && main_.pos.is_chess960()) {
        sink_.warn("chess960-undeclared", 0, tag_at("FEN"),
                   "the FEN's castling rights need Chess960 (king or rooks not on e/a/h files) but "
                   "there is no [Variant \"Chess960\"] tag; read as Chess960");
        chess960_ = true;
      }
      if (chess960_) check_960_start();
    } else {
      if (setup && *setup == "1") {
        sink_.error("invalid-fen", 0, tag_at("SetUp"), "[SetUp \"1\"] without a FEN tag");
        return false;
      }
      if (chess960_) {
        sink_.warn("chess960-no-fen", 0, tag_at("Variant"),
                   "Chess960 game without a FEN tag: replayed from start position 518 (RNBQKBNR)");
        main_.pos = chess960::start_position(chess960::kStandard);
      }  // else main_.pos is already the standard start position
    }
    r_.chess960 = chess960_;
    return true;
  }

  void check_960_start() {
    const Setup s = main_.pos.to_setup();
    auto v = chess960::verify(s, false);
    if (v) return;
    if (auto d = chess960::verify(s, true)) {
      sink_.warn("double-chess960", 0, tag_at("FEN"),
                 "White and Black have different back ranks (double Chess960: " +
                     std::to_string(d->white) + "/" + std::to_string(d->black) + ")");
      return;
    }
    if (looks_like_start_array(s))
      sink_.error("chess960-start", 0, tag_at("FEN"),
                  "not a valid Chess960 start position (Guidelines II.2): " + v.error().reason);
    else
      sink_.warn("chess960-start", 0, tag_at("FEN"),
                 "the FEN is not a Chess960 start position (a game continued from a later "
                 "position?): " +
                     v.error().reason);
  }

  // ---- replay ---------------------------------------------------------------------------
  void replay() {
    vars_.clear();
    cur_ = &main_;
    if (g_.tokens.size() + 1 > kKeysInline) {
      keys_heap_ = std::make_unique_for_overwrite<uint64_t[]>(g_.tokens.size() + 1);
      keys_ = keys_heap_.get();
    }
    start_turn_ = main_.pos.side_to_move();
    legal_from_ = main_.pos;
    keys_[0] = main_.pos.repetition_key();
    std::fill(std::begin(seen_), std::end(seen_), 0);
    seen_word(keys_[0]) |= seen_bit(keys_[0]);
    men_ = popcount(main_.pos.occupied());  // (few_men's count at the start)
    men_reset_ply_ = -main_.pos.halfmove_clock();
    if (detail::dead_by_material(main_.pos))
      end_at(0, "moves-after-dead-position",
             "a dead position: insufficient material for either side to mate (Laws 5.2.2)");
    // Laws 9.6.1/9.6.2 (fivefold repetition, 75 moves) are in force since 1 July 2014; older
    // games (Date tag) are judged without them.
    using detail::TagIndex;
    for (const TagIndex::Name name : {TagIndex::Date, TagIndex::UTCDate, TagIndex::EventDate}) {
      const std::string* d = tags_[name];
      if (!d || d->size() < 4) continue;
      const std::string_view v = *d;
      if (!std::isdigit(static_cast<unsigned char>(v[0])) ||
          v.substr(0, 4).find('?') != std::string_view::npos)
        continue;
      // The leading digits of the year (as atoi reads them), and the month when it has two.
      int year = 0;
      for (char c : v.substr(0, 4)) {
        if (c < '0' || c > '9') break;
        year = 10 * year + (c - '0');
      }
      int month = 12;
      if (v.size() >= 7 && std::isdigit(static_cast<unsigned char>(v[5])) &&
          std::isdigit(static_cast<unsigned char>(v[6])))
        month = 10 * (v[5] - '0') + (v[6] - '0');
      automatic_draws_ = year > 2014 || (year == 2014 && month >= 7);
      int day = 31;
      if (v.size() >= 10 && std::isdigit(static_cast<unsigned char>(v[8])) &&
          std::isdigit(static_cast<unsigned char>(v[9])))
        day = 10 * (v[8] - '0') + (v[9] - '0');
      date_ = year * 10000 + month * 100 + day;
      break;
    }

    // Lines remember the position before their last move only for a variation to start from
    // (a copy of the position per move otherwise). A variation's token is a '(' of the text: a
    // text without one (a memchr, far shorter than the token list) has none.
    keep_before_ = opt_.check_variations && g_.text.find('(') != std::string::npos &&
                   std::any_of(g_.tokens.begin(), g_.tokens.end(), [](const pgn::Token& t) {
                     return t.kind == TokenKind::VariationStart;
                   });
    const pgn::Token* next = g_.tokens.data();
    const pgn::Token* const end = next + g_.tokens.size();
    while (next != end) {
      if (!keep_before_ && !a5_ && cur_ == &main_ && !main_.broken && ended_ply_ < 0) {
        next = main_moves(next, end);
        if (next == end) break;
      }
      const pgn::Token& t = *next++;
      if (t.kind == TokenKind::Move) {  // most tokens: first, without the jump table
        move(t);
        continue;
      }
      if (t.kind == TokenKind::MoveNumber) continue;  // the next most, nothing to do
      switch (t.kind) {
        case TokenKind::VariationStart: {
          Line& cur = *cur_;
          Line v;
          if (opt_.check_variations && cur.has_before && !cur.broken) {
            v.pos = cur.before;
            v.before = cur.before;
            v.ply = cur.ply - 1;
          } else {
            v.broken = true;  // nothing to replay it from (or its parent line is broken)
          }
          vars_.push_back(std::move(v));
          cur_ = &vars_.back();
          break;
        }
        case TokenKind::VariationEnd:
          if (!vars_.empty()) {
            vars_.pop_back();
            cur_ = vars_.empty() ? &main_ : &vars_.back();
          }
          break;
        case TokenKind::Comment:
          if (main_line() && clock_side_ >= 0) clock_comment(t);
          break;
        case TokenKind::Nag:
        case TokenKind::MoveNumber: break;
        case TokenKind::Invalid: invalid(t); break;
        case TokenKind::NullMove: null(t); break;
        case TokenKind::Move: move(t); break;
      }
    }
    r_.plies = main_.ply;
    // A stand-in still holds the pawn's square: the final position is not one the engine can
    // judge (the result is checked against the A.5.4 draw, if any, in judge_end).
    if (unpromoted_) main_.broken = true;
  }

  // The main line's moves while nothing else can happen to them: no variation open, the line
  // replayable, the game not ended on the board, no position kept for a variation to start
  // from. What move() does with such a move, without its tests of those states (and what the
  // general loop does with move numbers, NAGs and comments). Returns at the first token of
  // another kind, at a move that strict SAN of the usual shapes does not read
  // (for move() to take), or after the move that ends the game (Laws 5.2.2, 9.6).
  const pgn::Token* main_moves(const pgn::Token* t, const pgn::Token* end) {
    for (; t != end; ++t) {
      if (t->kind == TokenKind::MoveNumber) continue;
      if (t->kind != TokenKind::Move) {
        if (t->kind == TokenKind::Nag) continue;
        if (t->kind != TokenKind::Comment) break;
        if (clock_side_ >= 0) clock_comment(*t);  // as the general loop on the main line
        continue;
      }
      const std::string_view text = g_.token_text(*t);
      // (parse_san_common inline: this loop runs once per move of every game.)
      Move m = arbiter::detail::san::parse_fast(main_.pos, text);
      if (m.is_none() && (m = plain_castling(main_.pos, text)).is_none()) break;
      main_.pos.play(m);
      ++main_.ply;
      if (after_main_move<true>(*t)) return t + 1;
    }
    return t;
  }

  bool main_line() const { return cur_ == &main_; }
  std::string where_text() const { return main_line() ? "" : " (in a variation)"; }

  void invalid(const pgn::Token& t) {
    Line& L = *cur_;
    if (L.broken) return;
    sink_.error("unparsable-move", L.ply + 1, g_.where(t),
                "'" + std::string(g_.token_text(t)) + "' is not a move or any other PGN token" +
                    where_text() + "; the rest of this line cannot be checked");
    L.broken = true;
  }

  void null(const pgn::Token& t) {
    Line& L = *cur_;
    if (L.broken) return;
    const int ply = L.ply + 1;
    if (main_line()) {
      report_after_end(ply, t);
      sink_.error("null-move", ply, g_.where(t),
                  "null move '" + std::string(g_.token_text(t)) + "' in the game (" +
                      detail::move_prefix(L.pos) + "): not a chess move");
    }
    bool ok = false;
    Position next = null_move(L.pos, ok);
    if (!ok) {
      L.broken = true;
      return;
    }
    L.before = L.pos;
    L.has_before = true;
    L.pos = next;
    L.ply = ply;
    if (main_line()) {
      after_main_move(t);
      restart_legal_play();
    }
  }

  void report_after_end(int ply, const pgn::Token& t) {
    if (ended_ply_ < 0 || after_end_reported_) return;
    after_end_reported_ = true;
    sink_.error(ended_code_, ply, g_.where(t),
                "move " + detail::move_prefix(main_.pos) + " " + std::string(g_.token_text(t)) +
                    " was played after the game had ended at ply " + std::to_string(ended_ply_) +
                    " by " + ended_why_ + "; the game ended there");
  }

  void move(const pgn::Token& t) {
    Line& L = *cur_;
    if (L.broken) return;
    const std::string_view text = g_.token_text(t);
    if (ended_ply_ >= 0 && main_line()) report_after_end(L.ply + 1, t);
    if (unpromoted_ && main_line()) return reply_to_unpromoted(L, t, text);
    if (illegal_stood_ && takes_exposed_king(L, t, text)) return;

    Move m = parse_san_common(L.pos, text);
    if (m.is_none() && (m = plain_castling(L.pos, text)).is_none() &&
        !read_other_move(L, t, text, L.ply + 1, m))
      return;
    if (a5_) check_castling_after_setup(m, L.ply + 1, t, L.pos);
    if (keep_before_) {
      L.before = L.pos;
      L.has_before = true;
    }
    const bool stood = illegal_stood_ && !L.pos.is_legal(m);
    if (stood)
      L.pos.play_standing(m);  // Laws A.5.2: it may leave the mover's king in check
    else
      L.pos.play(m);
    ++L.ply;
    if (&L == &main_) {
      after_main_move(t);
      if (stood) restart_legal_play();
    }
  }

  void restart_legal_play() {
    legal_from_ply_ = main_.ply;
    legal_from_ = main_.pos;
  }

  // After an illegal move stood (A.5.2) the king left in check may stand attacked: a move that
  // takes it is never a move (the game had to be stopped before); the line ends there.
  bool takes_exposed_king(Line& L, const pgn::Token& t, std::string_view text) {
    if (!detail::king_exposed(L.pos)) return false;
    const Square k = L.pos.king_square(~L.pos.side_to_move());
    std::string_view last;
    for (size_t i = 0; i + 1 < text.size(); ++i)
      if (text[i] >= 'a' && text[i] <= 'h' && text[i + 1] >= '1' && text[i + 1] <= '8')
        last = text.substr(i, 2);
    if (parse_square(last) != k) return false;
    L.broken = true;
    sink_.error("illegal-move", L.ply + 1, g_.where(t),
                detail::move_prefix(L.pos) + " " + std::string(text) + where_text() +
                    ": captures the king left in check by an illegal move (Laws A.5.2); the rest "
                    "of this line cannot be checked; position before: " +
                    L.pos.fen());
    return true;
  }

  // A move that is not strict SAN of the usual shapes: strict SAN through the general parser,
  // else lenient SAN or UCI (warned about once per game), else the error.
  bool read_other_move(Line& L, const pgn::Token& t, std::string_view text, int ply, Move& m) {
    auto strict = parse_san(L.pos, text, SanMode::Strict);
    if (strict) {
      m = *strict;
    } else if (auto lenient = parse_san(L.pos, text, SanMode::Lenient)) {
      m = *lenient;
      if (!lenient_warned_) {
        lenient_warned_ = true;
        sink_.warn("non-standard-san", ply, g_.where(t),
                   "'" + std::string(text) + "' is not PGN SAN; read as " + to_san(L.pos, m) +
                       " (" + strict.error().reason + ")");
      }
    } else if (auto uci = parse_uci(L.pos, text)) {
      m = *uci;
      if (!uci_warned_) {
        uci_warned_ = true;
        sink_.warn("uci-move", ply, g_.where(t),
                   "moves are in UCI notation ('" + std::string(text) + "' = " + to_san(L.pos, m) +
                       "), not SAN");
      }
    } else if (const Move stood = a5_ ? detail::read_illegal_move(L.pos, text) : Move::none();
               !stood.is_none()) {
      // Laws A.5.2: nobody claimed the illegal move before the opponent's next move (the
      // record goes on), so it stands; the game goes on from the position it reached.
      m = stood;
      illegal_stood_ = true;
      sink_.warn("illegal-move-stands", ply, g_.where(t),
                 detail::move_prefix(L.pos) + " " + std::string(text) + where_text() + ": " +
                     lenient.error().message() +
                     "; nobody claimed it before the next move, so it stands (Laws A.5.2, " +
                     regime_name(regime_) + ") and the game goes on from there");
    } else {
      // (A pawn left on its last rank is played here and not returned: Laws A.5.4.)
      if (!(a5_ && main_line() && unpromoted_pawn_move(L, t, text, ply)))
        bad_move(L, t, ply, lenient.error());
      return false;
    }
    return true;
  }

  // Laws A.5.2 / A.5.4 (unpromoted_pawn.h): a pawn move to the last rank written without a
  // promotion piece stands; the pawn stays there until captured. Plays it (a stand-in holds the
  // pawn's square) and returns true, or false if the text is not such a move.
  bool unpromoted_pawn_move(Line& L, const pgn::Token& t, std::string_view text, int ply) {
    auto u = detail::read_unpromoted_pawn_move(L.pos, text);
    if (!u) return false;
    illegal_stood_ = true;
    sink_.warn("illegal-move-stands", ply, g_.where(t),
               detail::move_prefix(L.pos) + " " + std::string(text) +
                   ": a pawn move to the last rank without a promotion (Art. 3.7.5.1); nobody "
                   "claimed it before the next move, so it stands (Laws A.5.2, " +
                   regime_name(regime_) + ") with the pawn on " + square_name(u->square) +
                   " (Laws A.5.4: if it is still there after the next move, the game is drawn)");
    L.before = L.pos;
    L.has_before = true;
    L.pos = u->as_knight;
    L.ply = ply;
    keys_[ply] = L.pos.key();  // no earlier position recurs after a pawn move (9.2.2)
    clock_side_ = ~L.pos.side_to_move();
    unpromoted_ = std::move(*u);
    unpromoted_ply_ = ply;
    return true;
  }

  // The move after the pawn reached its last rank (Laws A.5.4): it captures the pawn, and the
  // game goes on from an ordinary position, or the pawn is still on the board and the game is
  // drawn; any later move was played after the end.
  void reply_to_unpromoted(Line& L, const pgn::Token& t, std::string_view text) {
    if (unpromoted_drawn_) {
      L.broken = true;  // reported as played after the end (report_after_end)
      return;
    }
    const int ply = L.ply + 1;
    const detail::UnpromotedReply r = detail::read_reply(*unpromoted_, text);
    if (!r.error.empty()) {
      L.broken = true;
      sink_.error("illegal-move", ply, g_.where(t),
                  detail::move_prefix(L.pos) + " " + std::string(text) + ": " + r.error +
                      " (Laws A.5.4); the rest of this line cannot be checked");
      return;
    }
    L.before = L.pos;
    L.has_before = true;
    L.pos = r.after;
    L.ply = ply;
    if (r.takes_pawn) {
      unpromoted_.reset();
      after_main_move(t);
      restart_legal_play();
      return;
    }
    keys_[ply] = L.pos.key();
    clock_side_ = ~L.pos.side_to_move();
    unpromoted_drawn_ = true;
    const Piece pawn = make_piece(color_of(L.pos.piece_on(unpromoted_->square)), PAWN);
    end_at(ply, "moves-after-illegal-position",
           "an illegal position (the " + std::string(color_of(pawn) == WHITE ? "white" : "black") +
               " pawn on " + square_name(unpromoted_->square) + ", its last rank, since ply " +
               std::to_string(unpromoted_ply_) +
               ") still on the board after the next move (Laws A.5.4: drawn)");
  }

  void bad_move(Line& L, const pgn::Token& t, int ply, const SanError& e) {
    L.broken = true;
    const std::string text(g_.token_text(t));
    const std::string prefix = detail::move_prefix(L.pos);
    if (!L.pos.has_legal_moves()) {
      // Laws 5.1.1 / 5.2.1: the game had already ended on the board.
      const bool mate = L.pos.in_check();
      if (main_line() && ended_ply_ < 0) {
        sink_.error(mate ? "moves-after-checkmate" : "moves-after-stalemate", ply, g_.where(t),
                    "move " + prefix + " " + text + " was played after " +
                        (mate ? "checkmate (Laws 5.1.1)" : "stalemate (Laws 5.2.1)") + " at ply " +
                        std::to_string(ply - 1) + "; the game ended there");
      } else if (!main_line()) {
        sink_.error("illegal-move", ply, g_.where(t),
                    "move " + prefix + " " + text + where_text() + " after " +
                        (mate ? "checkmate" : "stalemate"));
      }
      return;
    }
    const char* code = "illegal-move";
    if (e.kind == SanError::Kind::Ambiguous) code = "ambiguous-move";
    if (e.kind == SanError::Kind::Malformed) code = "unparsable-move";
    std::string msg = prefix + " " + text + where_text() + ": " + e.message() +
                      "; position before: " + L.pos.fen();
    auto close = illegal_stood_ && detail::king_exposed(L.pos)
                     ? std::vector<std::string>{}
                     : detail::closest_moves(L.pos, text, opt_.closest_moves);
    if (!close.empty()) {
      msg += "; closest legal moves: ";
      for (size_t i = 0; i < close.size(); ++i) msg += (i ? ", " : "") + close[i];
    }
    sink_.error(code, ply, g_.where(t), msg);
  }

  // Returns whether the game ended on the board with this move (for main_moves to stop).
  // Open: main_moves' call, where the game has not ended (ended_ply_ < 0) and no illegal move
  // stood (no A.5 regime): the tests of those states left out (9M instructions on the TCEC file).
  template <bool Open = false>
  [[gnu::always_inline]] bool after_main_move(const pgn::Token& t) {
    const Position& pos = main_.pos;
    const int ply = main_.ply;
    const bool open = Open || ended_ply_ < 0;
    clock_side_ = ~pos.side_to_move();
    if (!Open && illegal_stood_ && both_kings_in_check(pos, ply)) return true;

    // Laws 9.2.2: same position = same pieces, side to move, castling rights and en passant
    // capture possibilities (repetition_key). Positions before the last capture or pawn move
    // cannot recur, so only the last halfmove_clock plies are compared.
    // (Without an en passant square, or with one that no pawn of the side to move attacks, as
    // after most double steps, the key is the position's own: no call.)
    const Square ep = pos.ep_square();
    const Color us = pos.side_to_move();
    const uint64_t key = ep == SQ_NONE || !(pawn_attacks(~us, ep) & pos.pieces(us, PAWN))
                             ? pos.key()
                             : pos.repetition_key();
    keys_[ply] = key;
    const int hmc = pos.halfmove_clock();
    uint64_t& word = seen_word(key);
    const uint64_t bit = seen_bit(key);
    if (hmc == 0) {
      // After a capture or pawn move no earlier position can recur (Laws 9.2.2) and no
      // count or clock is reached; only the material may have become dead (Laws 5.2.2).
      // Material changes only by a capture or a promotion, both of which (as any pawn move)
      // reset the halfmove clock; after a pawn move that is neither, a pawn is left on the
      // board and the test fails at once. (A null move leaves the material, already judged.)
      // A pawn, rook or queen on the board rules a dead position by material out at once.
      // (Whatever the Date: Article 5.2.2 is much older than the 2014 automatic draws.)
      std::fill(std::begin(seen_), std::end(seen_), 0);
      word |= bit;
      if (!(pos.pieces(PAWN) | pos.pieces(ROOK) | pos.pieces(QUEEN)) && open &&
          detail::dead_by_material(pos)) {
        end_at(ply, "moves-after-dead-position",
               "a dead position: insufficient material for either side to mate (Laws 5.2.2)");
        return true;
      }
      return open && forced_dead_after<Open>(pos, ply);
    }
    if (open && forced_dead_after(pos, ply)) return true;
    // The count decides only the first threefold and, before the game has ended, the fivefold:
    // once those are settled the backward scan is skipped (it made a long shuffle after the end,
    // e.g. a 10 MB game of knight moves, quadratic: each move compared with every earlier one).
    const bool counts = open && (automatic_draws_ || threefold_ply_ < 0);
    int count = 1;
    if (counts && (word & bit))
      for (int j = ply - 2; j >= 0 && ply - j <= hmc; j -= 2) count += keys_[j] == key;
    word |= bit;
    // The common case: no repetition and no 50 moves (below which nothing is recorded or ended).
    if (count < 3 && hmc < 100) return false;

    if (count >= 3 && threefold_ply_ < 0) {
      threefold_ply_ = ply;
      threefold_at_ = g_.where(t);
    }
    if (hmc >= 100 && fifty_ply_ < 0) {
      fifty_ply_ = ply;
      fifty_at_ = g_.where(t);
    }
    // Before 1 July 2014 the Laws had no automatic fivefold / 75-move draw.
    if (!open || !automatic_draws_) return false;
    if (count >= 5) {
      end_at(ply, "moves-after-fivefold", "fivefold repetition (Laws 9.6.1)");
      return true;
    }
    // Laws 9.6.2: 75 moves by each player without pawn move or capture; a mate on the last
    // move takes priority.
    if (hmc >= 150 && !(pos.in_check() && !pos.has_legal_moves())) {
      end_at(ply, "moves-after-75-moves", "the 75-move rule (Laws 9.6.2)");
      return true;
    }
    return false;
  }

  // Laws 5.2.2 through forced play: with few men on the board, a position whose every line of
  // forced replies (checks, only moves) ends in insufficient material or stalemate is dead
  // already (e.g. the only legal reply takes the last piece). Looked at only where it can be:
  // at most six men, and the side to move in check or able to take something (a line of quiet
  // only moves that ends in a stalemate is left to the search at the end of the game).
  // (The test of the men's count inline, once per move: the call with its saved registers cost
  // more than the test on the many positions of more than six men.)
  // (For a game not yet ended: ended_ply_ < 0.)
  template <bool Open = false>
  [[gnu::always_inline]] bool forced_dead_after(const Position& pos, int ply) {
    return few_men<Open>(pos, ply) && few_men_forced_dead(pos, ply);
  }
  // Whether at most 6 men are on the board, counted again only where the men may have changed:
  // a capture resets the halfmove clock (Laws 9.3), so while the clock has gone up by one a ply
  // since the last count, no man has left the board (a count per ply cost 12 instructions of
  // the portable build's ~600 a ply). The clock went up by one a ply since the count while
  // the ply of its last reset, ply - clock, is the one of the count.
  // Open (main_moves, whose every ply and the one before come through here, or replay()'s
  // count at the start): after a reset of the clock, the men of the ply before less one (the
  // capture, if it was one) are a bound, counted exactly only once it may be 6 or fewer (a
  // count at each pawn move or capture cost 17 instructions of the portable build).
  template <bool Open = false>
  [[gnu::always_inline]] bool few_men(const Position& pos, int ply) {
    const int hmc = pos.halfmove_clock();
    if (Open && hmc == 0) {
      if (--men_ <= 6) men_ = popcount(pos.occupied());
      men_reset_ply_ = ply;
    } else if (hmc == 0 || ply - hmc != men_reset_ply_) {
      men_ = popcount(pos.occupied());
      men_reset_ply_ = ply - hmc;
    }
    assert(men_ <= popcount(pos.occupied()) && (men_ > 6 || men_ == popcount(pos.occupied())));
    return men_ <= 6;
  }
  [[gnu::noinline]] bool few_men_forced_dead(const Position& pos, int ply) {
    if (illegal_stood_ && detail::king_exposed(pos)) return false;
    const bool check = pos.in_check();
    if (!(check || can_take(pos)) || !detail::forced_dead(pos, 4, check)) return false;
    end_at(ply, "moves-after-dead-position",
           "a dead position: every series of legal moves ends in insufficient material or "
           "stalemate (Laws 5.2.2)");
    return true;
  }

  // Whether a man of the side to move attacks one of theirs other than the king (a capture,
  // en passant aside, that a line of forced play can start with): man by man, at most six.
  static bool can_take(const Position& pos) {
    const Color us = pos.side_to_move();
    const Bitboard targets = pos.pieces(~us) & ~pos.pieces(KING), occ = pos.occupied();
    for (Bitboard b = pos.pieces(us); b;) {
      const Square s = pop_lsb(b);
      const PieceType pt = type_of(pos.piece_on(s));
      if ((pt == PAWN ? pawn_attacks(us, s) : attacks(pt, s, occ)) & targets) return true;
    }
    return false;
  }

  // Laws A.5.4: both kings in check, still on the board after the next move: drawn.
  bool both_kings_in_check(const Position& pos, int ply) {
    if (!pos.in_check() || !detail::king_exposed(pos)) {
      both_in_check_ply_ = -1;
      return false;
    }
    if (both_in_check_ply_ < 0 || both_in_check_ply_ != ply - 1 || ended_ply_ >= 0) {
      both_in_check_ply_ = ply;
      return false;
    }
    end_at(ply, "moves-after-illegal-position",
           "an illegal position (both kings in check since ply " +
               std::to_string(both_in_check_ply_) +
               ") still on the board after the next move (Laws A.5.4: drawn)");
    return true;
  }

  void end_at(int ply, const char* code, std::string why) {
    ended_ply_ = ply;
    ended_code_ = code;
    ended_why_ = std::move(why);
  }

  void clock_comment(const pgn::Token& t) {
    const int side = clock_side_;
    clock_side_ = -1;
    auto clk = pgn::clock_command(g_.token_text(t), "%clk");
    if (!clk) return;
    const double last = last_clock_[side];
    last_clock_[side] = *clk;
    if (last < 0 || !tc_ || tc_->periods.empty() || clock_warnings_ >= 3) return;
    // Time may go up by the increment, plus a new period's time when one starts after this
    // move (e.g. 40/5400+30:1800+30 adds 30 minutes after move 40).
    // Main-line moves made by `side` (null moves included): the side to move at the start
    // made the odd plies.
    const int moves = side == start_turn_ ? (main_.ply + 1) / 2 : main_.ply / 2;
    double allowed = 0;
    int counted = 0;
    for (size_t k = 0; k < tc_->periods.size(); ++k) {
      const auto& p = tc_->periods[k];
      if (moves > counted || k == 0) allowed = p.increment;
      if (p.moves > 0) {
        counted += p.moves;
        if (moves == counted && k + 1 < tc_->periods.size()) allowed += tc_->periods[k + 1].seconds;
        if (moves % p.moves == 0 && k + 1 == tc_->periods.size()) allowed += p.seconds;
      }
    }
    if (*clk > last + allowed + 1.0) {
      ++clock_warnings_;
      char buf[160];
      std::snprintf(buf, sizeof buf,
                    "%s's clock goes up from %.0f s to %.0f s, more than the %.0f s the time "
                    "control adds",
                    side == WHITE ? "White" : "Black", last, *clk, allowed);
      sink_.warn("clock-backwards", main_.ply, g_.where(t), buf);
    }
  }

  // ---- end of game --------------------------------------------------------------------------
  void judge_end() {
    const Line& M = main_;
    if (opt_.final_fen) r_.final_fen = M.pos.fen();
    const bool known = !M.broken;
    if (known) dead_before_draw_rule();
    bool mate = false, stalemate = false;
    if (known && !M.pos.has_legal_moves()) {
      mate = M.pos.in_check();
      stalemate = !mate;
      r_.ending = mate ? "checkmate" : "stalemate";
    } else if (ended_ply_ >= 0) {
      r_.ending = ended_code_ == "moves-after-fivefold"           ? "fivefold repetition"
                  : ended_code_ == "moves-after-75-moves"         ? "75-move rule"
                  : ended_code_ == "moves-after-illegal-position" ? "illegal position (A.5.4)"
                                                                  : "dead position";
    }
    const Location at = result_at_;
    const std::string res(pgn::to_string(result_));
    if (mate) {
      const Color winner = ~M.pos.side_to_move();
      const GameResult right = winner == WHITE ? GameResult::WhiteWins : GameResult::BlackWins;
      if (result_ == GameResult::Unfinished)
        sink_.warn("unfinished-after-checkmate", M.ply, at,
                   std::string("the game ends in checkmate by ") +
                       (winner == WHITE ? "White" : "Black") + " (Laws 5.1.1) but the result is *");
      else if (result_ != GameResult::None && result_ != right)
        sink_.error("result-contradicts-checkmate", M.ply, at,
                    "result " + res + " after checkmate by " +
                        (winner == WHITE ? "White" : "Black") +
                        " (Laws 5.1.1: the game is won by the mating side, " +
                        std::string(pgn::to_string(right)) + ")");
      return;
    }
    if (stalemate) {
      if (decisive(result_))
        sink_.error("decisive-result-after-stalemate", M.ply, at,
                    "result " + res + " after stalemate (Laws 5.2.1: the game is drawn)");
      else if (result_ == GameResult::Unfinished)
        sink_.warn("unfinished-after-stalemate", M.ply, at,
                   "the game ends in stalemate (Laws 5.2.1: drawn) but the result is *");
      return;
    }
    if (ended_ply_ >= 0 && decisive(result_)) {
      const bool dead = ended_code_ == "moves-after-dead-position";
      sink_.error(dead ? "decisive-result-in-dead-position" : "decisive-result-after-draw",
                  ended_ply_, at,
                  "result " + res + " but the game was drawn at ply " + std::to_string(ended_ply_) +
                      " by " + ended_why_);
    } else if (known && ended_ply_ < 0 && !(illegal_stood_ && detail::king_exposed(M.pos))) {
      if (decisive(result_))
        check_dead_and_forfeit(M, at, res);
      else
        check_moves_after_dead(M);
    }
    if (known && result_ == GameResult::Draw && M.ply < 2 && !tags_[detail::TagIndex::FEN] &&
        ended_ply_ < 0)
      sink_.warn("early-draw", M.ply, at,
                 "draw agreed before both players made a move (Laws 5.2.3 needs one move each)");
    if (threefold_ply_ >= 0 && (threefold_ply_ < M.ply || decisive(result_)))
      sink_.warn("threefold-available", threefold_ply_, threefold_at_,
                 "the same position appeared for the third time at ply " +
                     std::to_string(threefold_ply_) +
                     ": a draw could have been claimed (Laws 9.2) but the game went on");
    if (fifty_ply_ >= 0 && (fifty_ply_ < M.ply || decisive(result_)))
      sink_.warn("fifty-moves-available", fifty_ply_, fifty_at_,
                 "50 moves by each player without a pawn move or capture at ply " +
                     std::to_string(fifty_ply_) +
                     ": a draw could have been claimed (Laws 9.3) but the game went on");
  }

  // A decisive result (Laws 5.1.2, 5.2.2, 6.9, A.5.3): whether the winner can still checkmate
  // by some series of legal moves, and if not, whether the loser can (else the final position
  // is dead and the game was drawn, at the first dead position of the game). Exact: every
  // answer is a witness or a proof of the unwinnability solver; what the node budget cannot
  // settle is reported as undetermined. With --no-search (inexact) only the material is looked
  // at.
  void check_dead_and_forfeit(const Line& M, Location at, const std::string& res) {
    const Color winner = result_ == GameResult::WhiteWins ? WHITE : BLACK;
    // The loss on time is only looked at where it matters (most decisive games end with the
    // winner able to mate).
    auto forfeit = [&] { return is_time_forfeit(tags_[detail::TagIndex::Termination]); };
    if (!opt_.dead_position_search) {
      if (detail::dead_by_material(M.pos))
        sink_.error("decisive-result-in-dead-position", M.ply, at,
                    "result " + res +
                        " but the final position is dead: insufficient material for "
                        "either side to checkmate (Laws 5.2.2: the game is drawn)");
      else if (detail::side_cannot_mate_by_material(M.pos, winner))
        winner_cannot_mate(M, at, res, winner, "a bare king", forfeit());
      return;
    }
    // The winner being able to mate settles every question (not dead, the result stands): the
    // rule for two knights against a bare king, the line builder (a legal line written directly,
    // ending in mate), a short look (a witness for most decisive games), the mate planner (a
    // replayed line: most of the rest), then the solver.
    if (detail::two_knights_can_mate(M.pos, winner)) return;
    if (builds_mate(M.pos, winner)) return;
    if (solver_.quick_mate(M.pos, winner, quick_limit()).verdict == Verdict::Winnable) return;
    if (plan_mate(M.pos, winner, plan_limit()).verdict == Verdict::Winnable) return;
    const Winnability w = solver_.can_checkmate(M.pos, winner, opt_.node_budget);
    if (w.verdict == Verdict::Winnable) return;
    if (w.verdict == Verdict::Undetermined) {
      sink_.warn("unwinnability-undetermined", M.ply, at,
                 "result " + res + ": whether " + colour_name(winner) +
                     " can still checkmate is undetermined within " +
                     std::to_string(opt_.node_budget) +
                     " search nodes (--node-budget); Laws 5.1.2, 5.2.2 and 6.9 not checked");
      return;
    }
    const Winnability l = solver_.can_checkmate(M.pos, ~winner, opt_.node_budget);
    if (l.verdict == Verdict::Unwinnable) {
      const std::string why = dead_reason(winner == WHITE ? w : l, winner == WHITE ? l : w);
      r_.ending = "dead position";
      if (trace_dead_position(why)) {
        sink_.error("decisive-result-in-dead-position", ended_ply_, at,
                    "result " + res + " but the game was drawn at ply " +
                        std::to_string(ended_ply_) + " by " + ended_why_);
        return;
      }
      sink_.error("decisive-result-in-dead-position", M.ply, at,
                  "result " + res +
                      " but the final position is dead: neither side can "
                      "checkmate by any series of legal moves (Laws 5.2.2: the game is drawn; " +
                      why + ")");
      return;
    }
    if (l.verdict == Verdict::Undetermined)
      sink_.warn("unwinnability-undetermined", M.ply, at,
                 "result " + res +
                     ": whether the final position is dead (Laws 5.2.2) is "
                     "undetermined within " +
                     std::to_string(opt_.node_budget) +
                     " search nodes (--node-budget): " + colour_name(winner) +
                     " cannot checkmate, whether " + colour_name(~winner) + " can is not known");
    winner_cannot_mate(M, at, res, winner, w.reason, forfeit());
  }

  // Whether the line builder writes a mating line for `side` (build_mate without its witness
  // and reason, which the validator does not print: a legal line ending in checkmate by `side`,
  // line_builder.h; the line is written in place and dropped).
  bool builds_mate(const Position& pos, Color side) {
    detail::BuiltLine line;
    return detail::build_mating_line(pos, side, line);
  }

  // The short look's nodes (Solver::quick_mate), within the node budget.
  std::uint64_t quick_limit() const { return std::min<std::uint64_t>(200, opt_.node_budget); }
  // The mate planner's nodes (plan_mate), within the node budget.
  std::uint64_t plan_limit() const { return std::min(kPlanNodes, opt_.node_budget); }

  static std::string dead_reason(const Winnability& white, const Winnability& black) {
    return "dead position (Laws 5.2.2): neither side can checkmate by any series of legal "
           "moves. White: " +
           white.reason + ". Black: " + black.reason;
  }

  // Laws 5.2.2: whether `pos` is dead: Winnable (not dead: a side's mate was found),
  // Unwinnable (dead: proved for both sides, the reason in *why) or Undetermined (the node
  // budget ran out). Either side's mate settles it, so the sides take turns with growing
  // budgets (a short look each, then 2,000, 20,000 and the full budget), the side with more
  // material first: a position where one side mates quickly and the other only after a long
  // search costs the short one (every budget up to the full one is at most a tenth of the next,
  // so the repeated work stays small); the line builder's lines for both sides (their edge
  // squares tried alternately) come before the short looks, the mate planner's after them. Every
  // answer is the solver's or the planner's (a witness replayed to mate, or a proof) or, for two
  // knights against a bare king, that of a rule proved exhaustively.
  Verdict dead_verdict(const Position& pos, std::string* why) {
    // Two knights against a bare king: decided by rule (two_knights.h), not searched.
    if (detail::two_knights_can_mate(pos, WHITE) || detail::two_knights_can_mate(pos, BLACK))
      return Verdict::Winnable;
    const Color first = likelier_mater(pos);
    const Color builder_first = likelier_line(pos, first);
    detail::BuiltLine line;
    Color builder_side;
    if (detail::build_either_mating_line(pos, builder_first, line, builder_side))
      return Verdict::Winnable;
    for (const Color side : {first, ~first})
      if (solver_.quick_mate(pos, side, quick_limit()).verdict == Verdict::Winnable)
        return Verdict::Winnable;
    for (const Color side : {first, ~first})
      if (plan_mate(pos, side, plan_limit()).verdict == Verdict::Winnable) return Verdict::Winnable;
    Winnability answer[COLOR_NB];
    for (const std::uint64_t step : {std::uint64_t{2000}, std::uint64_t{20000}, opt_.node_budget}) {
      const std::uint64_t budget = std::min(step, opt_.node_budget);
      for (const Color side : {first, ~first}) {
        if (answer[side].verdict == Verdict::Unwinnable) continue;
        answer[side] = solver_.can_checkmate(pos, side, budget);
        if (answer[side].verdict == Verdict::Winnable) return Verdict::Winnable;
      }
      if (answer[WHITE].verdict == Verdict::Unwinnable &&
          answer[BLACK].verdict == Verdict::Unwinnable) {
        if (why) *why = dead_reason(answer[WHITE], answer[BLACK]);
        return Verdict::Unwinnable;
      }
      if (budget == opt_.node_budget) break;
    }
    return Verdict::Undetermined;
  }

  // Laws 5.2.2: a dead position ends the game at once. Given that the final position of the main
  // line is dead, finds the first dead one: every position reached from a dead one is dead too,
  // so along the legal play it is found by bisection (a position the budget cannot settle is
  // taken as not dead: the ply found is then dead for certain, if perhaps not the first). When
  // it comes before the last move, the game ended there and the next move is reported; returns
  // whether it did.
  bool trace_dead_position(const std::string& final_reason) {
    return trace_dead_position(final_reason, main_.ply, true);
  }

  // The same up to ply `last` of the main line, whose position is known to be dead, or, when
  // `known_dead` is false, is first settled (dead_verdict) and the search stops if it is not.
  bool trace_dead_position(const std::string& final_reason, int last, bool known_dead) {
    const int from = legal_from_ply_;
    if (!legal_from_ || last <= from) return false;
    // The main line's move tokens, by ply (outside every variation), read again from the start
    // of the legal play: every one of them was read as a legal move there.
    std::vector<const pgn::Token*> tokens{nullptr};
    int depth = 0;
    for (const pgn::Token& t : g_.tokens) {
      if (t.kind == TokenKind::VariationStart) ++depth;
      if (t.kind == TokenKind::VariationEnd) --depth;
      if (depth == 0 && (t.kind == TokenKind::Move || t.kind == TokenKind::NullMove))
        tokens.push_back(&t);
    }
    if (static_cast<int>(tokens.size()) <= last) return false;
    std::vector<Position> line{*legal_from_};
    line.reserve(last - from + 1);
    for (int ply = from + 1; ply <= last; ++ply) {
      const Move m = reread(line.back(), g_.token_text(*tokens[ply]));
      if (m.is_none()) return false;
      line.push_back(line.back().after(m));
    }
    std::string reason = final_reason;
    if (!known_dead && dead_verdict(line.back(), &reason) != Verdict::Unwinnable) return false;
    int lo = from, hi = last;
    while (lo < hi) {
      const int mid = lo + (hi - lo) / 2;
      std::string why;
      if (dead_verdict(line[mid - from], &why) == Verdict::Unwinnable) {
        hi = mid;
        reason = std::move(why);
      } else {
        lo = mid + 1;
      }
    }
    if (hi == last) return false;
    if (ended_ply_ >= 0 && after_end_reported_) {
      // The move reported after a later end (fivefold, 75 moves) came after this one.
      const std::string code = ended_code_;
      std::erase_if(r_.issues, [&](const ValidationIssue& i) { return i.code == code; });
    }
    end_at(hi, "moves-after-dead-position", "a " + reason);
    const pgn::Token& t = *tokens[hi + 1];
    after_end_reported_ = true;
    sink_.error(ended_code_, hi + 1, g_.where(t),
                "move " + detail::move_prefix(line[hi - from]) + " " +
                    std::string(g_.token_text(t)) + " was played after the game had ended at ply " +
                    std::to_string(hi) + " by " + ended_why_ + "; the game ended there");
    r_.ending = "dead position";
    return true;
  }

  // Laws 5.2.2 before 9.6: a game ended on the board by the fivefold repetition or the 75-move
  // rule may have reached a dead position before (locked pawns, then moves to and fro), which
  // ended it there. The position where the rule applied is settled exactly; when it is dead,
  // the first dead position is found back from it and replaces the later end. (Not after an
  // illegal move that stood, where a king may stand attacked.)
  void dead_before_draw_rule() {
    if (!opt_.dead_position_search || illegal_stood_) return;
    if (ended_code_ != "moves-after-fivefold" && ended_code_ != "moves-after-75-moves") return;
    trace_dead_position("", ended_ply_, false);
  }

  // A legal move as the replay read it (strict SAN, castling, lenient SAN, UCI).
  static Move reread(const Position& pos, std::string_view text) {
    Move m = parse_san_common(pos, text);
    if (!m.is_none() || !(m = plain_castling(pos, text)).is_none()) return m;
    if (auto strict = parse_san(pos, text, SanMode::Strict)) return *strict;
    if (auto lenient = parse_san(pos, text, SanMode::Lenient)) return *lenient;
    if (auto uci = parse_uci(pos, text)) return *uci;
    return Move::none();
  }

  // A game not won (drawn, unfinished, no result): whether it went on after a dead position
  // (Laws 5.2.2) that neither the material nor the forced replies after each move showed. The
  // game contains a dead position if and only if its final position is dead (a position reached
  // from a dead one is dead), so the final position is settled exactly and, when dead, the
  // first dead one is found back from it. Not with --no-search (inexact).
  void check_moves_after_dead(const Line& M) {
    if (!opt_.dead_position_search || M.ply <= legal_from_ply_) return;
    std::string why;
    const Verdict dead = dead_verdict(M.pos, &why);
    if (dead == Verdict::Unwinnable) {
      r_.ending = "dead position";
      trace_dead_position(why);
    } else if (dead == Verdict::Undetermined) {
      sink_.warn("unwinnability-undetermined", M.ply, result_at_,
                 "whether the final position is dead (Laws 5.2.2) is undetermined within " +
                     std::to_string(opt_.node_budget) + " search nodes (--node-budget)");
    }
  }

  // The winner cannot checkmate by any series of legal moves (the loser still can). A loss on
  // time is then a draw (Laws 6.9, A.5.3); so is a resignation from 1 January 2023 (Laws 5.1.2:
  // "unless the opponent cannot checkmate"), which before that date stood: a warning only.
  // A game without a date is judged by the Laws in force.
  void winner_cannot_mate(const Line& M, Location at, const std::string& res, Color winner,
                          const std::string& why, bool on_time) {
    const std::string wname = colour_name(winner);
    if (on_time) {
      sink_.error("time-forfeit-unwinnable", M.ply, at,
                  "result " + res + " on time, but " + wname +
                      (why == "a bare king"
                           ? " has no material to checkmate with: "
                           : " cannot checkmate by any series of legal moves (" + why + "): ") +
                      flag_rule() + " make it a draw");
      return;
    }
    constexpr int kLaws2023 = 20230101;
    const std::string cannot = "result " + res + ", but " + wname +
                               " cannot checkmate by any series of legal moves (" + why + ")";
    if (date_ == 0 || date_ >= kLaws2023)
      sink_.error("winner-cannot-mate", M.ply, at,
                  cannot +
                      ": Laws 5.1.2 (from 1 January 2023) make a resignation then a draw, and "
                      "6.9 a loss on time");
    else
      sink_.warn("winner-cannot-mate", M.ply, at,
                 cannot +
                     ": a resignation before 1 January 2023 stands (Laws 5.1.2 makes it a draw "
                     "only from then; a loss on time would be a draw by 6.9)");
  }

  std::string flag_rule() const {
    if (tc_) {
      if (auto minutes = pgn::minutes_for_60_moves(*tc_); minutes && *minutes < 60)
        return "Laws 6.9 and A.5.3";
    }
    return "Laws 6.9";
  }
};

}  // namespace

GameReport validate_game(const pgn::RawGame& game, const ValidateOptions& options) {
  Solver solver;  // allocates its tables only if a search is needed
  return validate_game(game, options, solver);
}

GameReport validate_game(const pgn::RawGame& game, const ValidateOptions& options, Solver& solver) {
  GameReport r;
  Validator(game, options, r, solver).run();
  return r;
}

}  // namespace arbiter::adjudication

// Turns a read game into a clean export-format game (canonical SAN, PGN 8.2.3).
#include "arbiter/engine/chess960.h"
#include "arbiter/engine/pgn_normalize.h"
#include "arbiter/engine/pgn_tags.h"
#include "arbiter/engine/position.h"
#include "arbiter/engine/san.h"
#include "arbiter/engine/uci.h"

namespace arbiter::pgn {
namespace {

struct Line {
  Position pos, before;
  bool has_before = false;
  bool dead = false;       // a move could not be replayed: skip to the end of this variation
  size_t start_index = 0;  // index in movetext of this variation's '('
};

std::optional<Move> read_move(const Position& pos, std::string_view text) {
  if (auto m = parse_san(pos, text, SanMode::Lenient)) return *m;
  if (auto m = parse_uci(pos, text)) return *m;
  return std::nullopt;
}

}  // namespace

std::optional<ExportGame> normalize(const RawGame& g, NormalizeError* error,
                                    std::vector<NormalizeError>* dropped) {
  auto fail = [&](Location at, std::string msg) -> std::optional<ExportGame> {
    if (error) *error = {at, std::move(msg)};
    return std::nullopt;
  };
  ExportGame out;
  const VariantInfo variant = variant_of(g);
  if (variant.kind == Variant::Unsupported)
    return fail(g.start, "unsupported variant \"" + variant.written + "\"");
  bool c960 = variant.kind == Variant::Chess960;
  Position start;
  const std::string* fen = g.tag("FEN");
  if (fen) {
    auto p = Position::from_fen(*fen, c960);
    if (!p) return fail(g.start, "invalid FEN: " + p.error().message());
    start = *p;
    c960 = c960 || start.is_chess960();
  } else if (c960) {
    start = chess960::start_position(chess960::kStandard);
  }

  for (auto& t : g.tags) {
    if (t.name == "Variant" || t.name == "SetUp" || t.name == "FEN") continue;
    out.tags.emplace_back(t.name, t.value);
  }
  if (c960) out.tags.emplace_back("Variant", "Chess960");
  if (fen) {
    out.tags.emplace_back("SetUp", "1");
    out.tags.emplace_back("FEN", start.fen());
  }
  if (g.result != GameResult::None)
    out.result = g.result;
  else if (const std::string* r = g.tag("Result"); r && parse_result(*r))
    out.result = *parse_result(*r);
  else
    out.result = GameResult::Unfinished;

  std::vector<Line> lines;
  lines.push_back({start, start, false, false, 0});
  auto& mt = out.movetext;
  for (const Token& t : g.tokens) {
    Line& L = lines.back();
    switch (t.kind) {
      case TokenKind::VariationStart: {
        Line v{L.before, L.before, false, !L.has_before || L.dead, mt.size()};
        lines.push_back(v);
        if (!v.dead) mt.push_back({ExportElement::Kind::VariationStart, {}, 0, 0, true});
        break;
      }
      case TokenKind::VariationEnd:
        if (lines.size() > 1) {
          if (!L.dead || L.start_index < mt.size()) {
            // A variation that died before its first move is removed entirely.
            if (L.start_index + 1 == mt.size() &&
                mt.back().kind == ExportElement::Kind::VariationStart)
              mt.pop_back();
            else if (L.start_index < mt.size())
              mt.push_back({ExportElement::Kind::VariationEnd, {}, 0, 0, true});
          }
          lines.pop_back();
        }
        break;
      case TokenKind::Comment:
        if (!L.dead)
          mt.push_back({ExportElement::Kind::Comment, std::string(g.token_text(t)), 0, 0, true});
        break;
      case TokenKind::Nag:
        if (!L.dead && !mt.empty())
          mt.push_back({ExportElement::Kind::Nag, {}, static_cast<int>(t.value), 0, true});
        break;
      case TokenKind::MoveNumber: break;
      case TokenKind::Invalid:
      case TokenKind::NullMove:
      case TokenKind::Move: {
        if (L.dead) break;
        std::optional<Move> m;
        if (t.kind == TokenKind::Move) m = read_move(L.pos, g.token_text(t));
        if (!m) {
          std::string msg = "cannot replay '" + std::string(g.token_text(t)) + "'";
          if (lines.size() == 1) return fail(g.where(t), msg);
          if (dropped)
            dropped->push_back({g.where(t), msg + " in a variation; rest of it dropped"});
          L.dead = true;
          break;
        }
        mt.push_back({ExportElement::Kind::Move, to_san(L.pos, *m), 0, L.pos.fullmove_number(),
                      L.pos.side_to_move() == WHITE});
        L.before = L.pos;
        L.has_before = true;
        L.pos.play(*m);
        break;
      }
    }
  }
  while (lines.size() > 1) {  // unclosed variations
    if (lines.back().start_index < mt.size())
      mt.push_back({ExportElement::Kind::VariationEnd, {}, 0, 0, true});
    lines.pop_back();
  }
  return out;
}

}  // namespace arbiter::pgn

// Tag checks: Seven Tag Roster values (PGN 8.1.1) and the TimeControl class (Laws A.1 / B.1).
#include <cstring>

#include "arbiter/engine/pgn_tags.h"
#include "arbiter/engine/pgn_writer.h"
#include "internal.h"

namespace arbiter::adjudication::detail {

namespace {
// Whether a tag name of the same length as `name` is `name`: a comparison of a known length,
// which compiles to a few integer compares.
template <std::size_t N>
bool named(const std::string& n, const char (&name)[N]) {
  return std::memcmp(n.data(), name, N - 1) == 0;
}
}  // namespace

TagIndex::TagIndex(const pgn::RawGame& g) {
  // Names by length, then compared in full (PGN tag names are case-sensitive).
  for (const pgn::Tag& t : g.tags) {
    const std::string& n = t.name;
    Name k;
    switch (n.size()) {
      case 3: k = named(n, "FEN") ? FEN : kCount; break;
      case 4: k = named(n, "Site") ? Site : named(n, "Date") ? Date : kCount; break;
      case 5:
        k = named(n, "Event")   ? Event
            : named(n, "Round") ? Round
            : named(n, "White") ? White
            : named(n, "Black") ? Black
            : named(n, "SetUp") ? SetUp
                                : kCount;
        break;
      case 6: k = named(n, "Result") ? Result : kCount; break;
      case 7: k = named(n, "UTCDate") ? UTCDate : named(n, "Variant") ? Variant : kCount; break;
      case 9: k = named(n, "EventDate") ? EventDate : kCount; break;
      case 11:
        k = named(n, "TimeControl") ? TimeControl : named(n, "Termination") ? Termination : kCount;
        break;
      default: continue;
    }
    if (k != kCount) value[k] = &t.value;
  }
}

std::optional<pgn::TimeControl> check_tags(const pgn::RawGame& g, const TagIndex& tags,
                                           Sink& sink) {
  auto where = [&](std::string_view name) -> pgn::Location {
    for (auto it = g.tags.rbegin(); it != g.tags.rend(); ++it)
      if (it->name == name) return it->where;
    return g.start;
  };
  const std::string* const* found = tags.value;  // the Seven Tag Roster in its order
  for (size_t k = 0; k < 7; ++k) {
    const std::string_view name = pgn::kSevenTagRoster[k];
    const std::string* v = found[k];
    if (!v) {
      sink.warn("missing-tag", 0, g.start, "Seven Tag Roster: no [" + std::string(name) + "] tag");
      continue;
    }
    if (v->empty()) {
      sink.warn("empty-tag", 0, where(name),
                "Seven Tag Roster: [" + std::string(name) + "] is empty (use \"?\" when unknown)");
      continue;
    }
    if (k == TagIndex::Date) {
      if (auto why = pgn::check_date(*v)) sink.warn("bad-date", 0, where(name), *why);
    } else if (k == TagIndex::Round) {
      if (auto why = pgn::check_round(*v)) sink.warn("bad-round", 0, where(name), *why);
    } else if (k == TagIndex::Result) {
      if (!pgn::parse_result(*v))
        sink.warn("bad-result-tag", 0, where(name),
                  "Result \"" + *v + "\" is not 1-0, 0-1, 1/2-1/2 or *");
    }
  }

  const std::string* tc = tags[TagIndex::TimeControl];
  if (!tc) return std::nullopt;
  auto parsed = pgn::parse_time_control(*tc);
  if (!parsed) {
    sink.warn(
        "bad-time-control", 0, where("TimeControl"),
        "TimeControl \"" + *tc + "\" is not in PGN form (e.g. \"5400+30\", \"40/7200:3600\")");
    return parsed;
  }
  auto minutes = pgn::minutes_for_60_moves(*parsed);
  const std::string* event = tags[TagIndex::Event];
  if (!minutes || !event) return parsed;
  const pgn::TimeClass cls = pgn::classify_minutes(*minutes);
  auto suggested = pgn::class_from_event(*event);
  if (suggested && *suggested != cls) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", *minutes);
    const char* rule = cls == pgn::TimeClass::Blitz   ? "B.1"
                       : cls == pgn::TimeClass::Rapid ? "A.1"
                                                      : "A.1/B.1";
    sink.warn("time-control-class", 0, where("TimeControl"),
              "TimeControl \"" + *tc + "\" gives " + buf + " min for 60 moves: " +
                  std::string(pgn::to_string(cls)) + " (Laws " + rule + "), but the Event \"" +
                  *event + "\" suggests " + std::string(pgn::to_string(*suggested)));
  }
  return parsed;
}

}  // namespace arbiter::adjudication::detail

#include "arbiter/engine/perft_suite.h"

#include <charconv>
#include <sstream>

namespace arbiter {

std::string SuiteError::message() const { return "line " + std::to_string(line) + ": " + reason; }

namespace {
std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r'))
    s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}
bool parse_u64(std::string_view t, std::uint64_t& v) {
  t = trim(t);
  auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  return ec == std::errc() && p == t.data() + t.size() && !t.empty();
}
}  // namespace

Result<std::vector<PerftCase>, SuiteError> parse_perft_suite(std::istream& in) {
  std::vector<PerftCase> out;
  std::string raw, pending_id;
  int n = 0;
  bool open = false;  // last case came from an `epd` line and may take `perft` lines
  auto fail = [&](std::string r) { return unexpected(SuiteError{n, std::move(r)}); };
  while (std::getline(in, raw)) {
    ++n;
    std::string_view line = trim(raw);
    if (line.empty() || line.front() == '#') continue;
    if (line.substr(0, 3) == "id " || line == "id") {
      pending_id = std::string(trim(line.substr(2)));
      open = false;
    } else if (line.substr(0, 4) == "epd ") {
      out.push_back({pending_id.empty() ? "line " + std::to_string(n) : pending_id,
                     std::string(trim(line.substr(4))),
                     n,
                     {}});
      pending_id.clear();
      open = true;
    } else if (line.substr(0, 6) == "perft ") {
      if (!open) return fail("'perft' line without a preceding 'epd' line");
      std::string_view rest = trim(line.substr(6));
      auto sp = rest.find(' ');
      std::uint64_t d, c;
      if (sp == std::string_view::npos || !parse_u64(rest.substr(0, sp), d) ||
          !parse_u64(rest.substr(sp + 1), c) || d < 1 || d > 64)
        return fail("expected 'perft DEPTH NODES'");
      out.back().counts.emplace_back(int(d), c);
    } else {
      // EPD: FEN fields, then ";D<depth> <count>" operations.
      auto semi = line.find(';');
      if (semi == std::string_view::npos)
        return fail("expected 'id', 'epd', 'perft' or 'FEN ;D1 N'");
      PerftCase pc{pending_id.empty() ? "line " + std::to_string(n) : pending_id,
                   std::string(trim(line.substr(0, semi))),
                   n,
                   {}};
      pending_id.clear();
      open = false;
      std::string_view ops = line.substr(semi + 1);
      while (!ops.empty()) {
        auto next = ops.find(';');
        std::string_view op = trim(ops.substr(0, next));
        ops = next == std::string_view::npos ? std::string_view{} : ops.substr(next + 1);
        if (op.empty()) continue;
        if (op.front() != 'D') continue;  // other EPD operations are ignored
        auto sp = op.find(' ');
        std::uint64_t d, c;
        if (sp == std::string_view::npos || !parse_u64(op.substr(1, sp - 1), d) ||
            !parse_u64(op.substr(sp + 1), c) || d < 1 || d > 64)
          return fail("expected ';D<depth> <nodes>' but found '" + std::string(op) + "'");
        pc.counts.emplace_back(int(d), c);
      }
      out.push_back(std::move(pc));
    }
  }
  return out;
}

}  // namespace arbiter

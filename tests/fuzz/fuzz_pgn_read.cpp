// libFuzzer target for the PGN reader alone (splitter and tokenizer), beside fuzz_pgn, which also
// validates every game it reads. Here each input is read twice: whole, and as a slow pipe delivers
// it (1 to 16 bytes a read, chosen by the input's first byte), and both readings must give the
// same games, token for token and diagnostic for diagnostic: nothing in the reader may depend on
// how the stream is cut into reads (its 64-byte block scans, a game's buffers reused for the next
// game, a tag or comment across a read boundary). What normalises is written and must read back
// as one game. Without the replay under two regimes that fuzz_pgn adds, the reader gets about
// ten times as many inputs per CPU second (docs/fuzzing.md).
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "arbiter/engine/pgn.h"
#include "arbiter/engine/pgn_normalize.h"
#include "arbiter/engine/pgn_writer.h"

namespace {

using namespace arbiter::pgn;

bool same(const Token& a, const Token& b) {
  return a.kind == b.kind && a.offset == b.offset && a.len == b.len && a.value == b.value;
}

bool same(const RawGame& a, const RawGame& b) {
  if (a.index != b.index || !(a.start == b.start) || a.text != b.text || a.result != b.result ||
      !(a.result_where == b.result_where) || a.tags.size() != b.tags.size() ||
      a.tokens.size() != b.tokens.size() || a.diagnostics.size() != b.diagnostics.size() ||
      a.line_starts != b.line_starts)  // (with text and start: where each token stands)
    return false;
  for (size_t i = 0; i < a.tags.size(); ++i)
    if (a.tags[i].name != b.tags[i].name || a.tags[i].value != b.tags[i].value ||
        !(a.tags[i].where == b.tags[i].where))
      return false;
  for (size_t i = 0; i < a.tokens.size(); ++i)
    if (!same(a.tokens[i], b.tokens[i])) return false;
  for (size_t i = 0; i < a.diagnostics.size(); ++i) {
    const Diagnostic &x = a.diagnostics[i], &y = b.diagnostics[i];
    if (x.severity != y.severity || x.code != y.code || !(x.where == y.where) ||
        x.message != y.message)
      return false;
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  size_t step = size ? 1 + data[0] % 16 : 1;
  Reader whole(memory_source(bytes));
  Reader piecewise(memory_source(bytes, step));
  RawGame a, b;
  std::string out;
  for (;;) {
    bool more = whole.next(a);
    if (more != piecewise.next(b)) __builtin_trap();  // one reading found a game the other did not
    if (!more) break;
    if (!same(a, b)) __builtin_trap();
    for (auto& t : a.tokens)
      if (t.offset + uint64_t{t.len} > a.text.size()) __builtin_trap();
    if (auto e = normalize(a)) {
      out.clear();
      write_export(out, *e);
      if (read_all(out).size() != 1) __builtin_trap();  // the written game reads back as one
    }
  }
  return 0;
}

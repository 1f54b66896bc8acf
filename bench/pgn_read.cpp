// PGN reading and validation throughput on the TCEC corpora (single thread), games/s counters.
// The comparison with pgn-extract on the same files is bench/pgn-vs-pgn-extract.sh.
#include <benchmark/benchmark.h>

#include <string>

#include "arbiter/adjudication/validate.h"
#include "arbiter/engine/pgn.h"

namespace {

using namespace arbiter;

const std::string& corpus(const std::string& name) {
  static std::string std_file, c960_file;
  std::string& s = name == "standard" ? std_file : c960_file;
  if (s.empty()) {
    auto src = pgn::open_source(
        std::string(ARBITER_SHARED_DIR) + "/data/pgn/corpus/" +
        (name == "standard" ? "tcec-standard-nocomments.pgn.zst" : "tcec-chess960.pgn.zst"));
    char buf[1 << 16];
    for (size_t n; (n = src->read(buf, sizeof buf)) > 0;) s.append(buf, n);
  }
  return s;
}

void read_only(benchmark::State& st, const char* which) {
  const std::string& text = corpus(which);
  size_t games = 0;
  for (auto _ : st) {
    pgn::Reader r(pgn::memory_source(text));
    pgn::RawGame g;
    while (r.next(g)) ++games;
  }
  st.counters["games/s"] =
      benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  st.SetBytesProcessed(static_cast<int64_t>(text.size() * st.iterations()));
}

void validate(benchmark::State& st, const char* which) {
  const std::string& text = corpus(which);
  size_t games = 0, errors = 0;
  for (auto _ : st) {
    pgn::Reader r(pgn::memory_source(text));
    pgn::RawGame g;
    while (r.next(g)) {
      errors += adjudication::validate_game(g).errors();
      ++games;
    }
  }
  benchmark::DoNotOptimize(errors);
  st.counters["games/s"] =
      benchmark::Counter(static_cast<double>(games), benchmark::Counter::kIsRate);
  st.SetBytesProcessed(static_cast<int64_t>(text.size() * st.iterations()));
}

BENCHMARK_CAPTURE(read_only, tcec_standard, "standard")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(read_only, tcec_chess960, "chess960")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(validate, tcec_standard, "standard")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(validate, tcec_chess960, "chess960")->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

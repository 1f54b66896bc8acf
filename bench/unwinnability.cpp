// Unwinnability speed on the shared corpora, one thread: average and worst time per query on
// lichess-public.tsv and community-public.tsv (compare: CHA 336 us average, 4.5 us in its quick
// mode; chasolver 33 us average, 930 ms worst, both as published). Also reports how many
// answers disagree with the labels, how many stay undetermined, and how many witnesses fail to
// replay to mate (checked after the timing). One Solver is reused for every query.
// ARBITER_BENCH_STRIDE=N measures every N-th query only (default 1: all of them);
// ARBITER_BENCH_BUDGET=N sets the node budget (default: the library default);
// ARBITER_BENCH_DUMP=FILE writes one line per query (CPU us, verdict, method, nodes, FEN, side)
// to FILE.<corpus> for finding where the time goes.
#include "arbiter/adjudication/unwinnability.h"

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdlib>
#include <ctime>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace adj = arbiter::adjudication;

namespace {

// Thread CPU time: on a shared machine the wall clock also counts the time other processes
// held the core, so both are reported.
double cpu_us() {
  timespec t;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

struct Query {
  arbiter::Position pos;
  arbiter::Color side;
  std::string label;
  std::string fen;
};

std::vector<Query> load(const std::string& name) {
  std::size_t stride = 1;
  if (const char* s = std::getenv("ARBITER_BENCH_STRIDE")) stride = std::max(1, std::atoi(s));
  std::ifstream in(std::string(ARBITER_SHARED_DIR) + "/data/unwinnability/" + name);
  std::vector<Query> out;
  std::string line;
  std::size_t n = 0;
  while (std::getline(in, line)) {
    if (line.rfind("fen\t", 0) == 0 || line.empty()) continue;
    if (n++ % stride) continue;
    std::istringstream ls(line);
    std::string fen, side, label;
    std::getline(ls, fen, '\t');
    std::getline(ls, side, '\t');
    std::getline(ls, label, '\t');
    auto p = arbiter::Position::from_fen(fen, false, true);
    if (!p.ok()) continue;
    out.push_back({*p, side == "w" ? arbiter::WHITE : arbiter::BLACK, label, fen});
  }
  return out;
}

void run_corpus(benchmark::State& state, const std::string& name) {
  const auto queries = load(name);
  std::uint64_t budget = adj::kDefaultNodeBudget;
  if (const char* b = std::getenv("ARBITER_BENCH_BUDGET")) budget = std::strtoull(b, nullptr, 10);
  std::ofstream dump;
  if (const char* d = std::getenv("ARBITER_BENCH_DUMP")) dump.open(std::string(d) + "." + name);
  adj::Solver solver;  // reused across queries, as a batch caller would (one per thread)
  for (auto _ : state) {
    double total = 0, worst = 0, decided_total = 0, cpu_total = 0, cpu_worst = 0;
    int wrong = 0, undetermined = 0, bad_witness = 0;
    for (const auto& q : queries) {
      const double c0 = cpu_us();
      auto t0 = std::chrono::steady_clock::now();
      auto r = solver.can_checkmate(q.pos, q.side, budget);
      double us =
          std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
      const double cpu = cpu_us() - c0;
      cpu_total += cpu;
      cpu_worst = std::max(cpu_worst, cpu);
      total += us;
      worst = std::max(worst, us);
      if (r.verdict != adj::Verdict::Undetermined) decided_total += us;
      if (r.verdict == adj::Verdict::Undetermined)
        ++undetermined;
      else if (adj::verdict_name(r.verdict) != q.label)
        ++wrong;
      else if (r.verdict == adj::Verdict::Winnable &&
               !adj::replays_to_mate(q.pos, r.witness, q.side))
        ++bad_witness;  // checked outside the timed part
      if (dump.is_open())
        dump << cpu << '\t' << adj::verdict_name(r.verdict) << '\t' << adj::method_name(r.method)
             << '\t' << r.nodes << '\t' << q.fen << '\t' << (q.side == arbiter::WHITE ? 'w' : 'b')
             << '\n';
      benchmark::DoNotOptimize(r);
    }
    state.counters["queries"] = double(queries.size());
    state.counters["avg_us"] = queries.empty() ? 0 : total / queries.size();
    state.counters["worst_us"] = worst;
    state.counters["avg_cpu_us"] = queries.empty() ? 0 : cpu_total / queries.size();
    state.counters["worst_cpu_us"] = cpu_worst;
    state.counters["avg_decided_us"] = queries.size() > std::size_t(undetermined)
                                           ? decided_total / (queries.size() - undetermined)
                                           : 0;
    state.counters["wrong"] = wrong;
    state.counters["undetermined"] = undetermined;
    state.counters["bad_witness"] = bad_witness;
  }
}

void BM_LichessPublic(benchmark::State& s) { run_corpus(s, "lichess-public.tsv"); }
void BM_CommunityPublic(benchmark::State& s) { run_corpus(s, "community-public.tsv"); }
BENCHMARK(BM_LichessPublic)->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_CommunityPublic)->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();

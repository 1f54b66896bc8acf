#pragma once
// Parallel processing for the commands with --jobs: bounded_jobs (the -j bound), start_threads
// (fewer threads with a warning when the system refuses them), parallel_for (independent items,
// e.g. perft and unwinnability queries) and run_ordered (batches written in input order).
//
// run_ordered, for the PGN commands (validate, pgn --normalize): the calling
// thread cuts the input into batches (`fill`), `jobs` worker threads process them (`work`, with
// one State per thread, e.g. an unwinnability Solver), and the calling thread hands the finished
// batches to `done` in input order, so the output is byte for byte the one of a single thread.
// At most 4 * jobs batches are in flight (memory stays bounded on any input size); `idle` runs
// on the calling thread after each batch is queued (progress bars).
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <iostream>
#include <memory>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>
#include <vector>

namespace arbiter::cli {

// The PGN commands allocate and free each game's text (kilobytes to megabytes, batch after
// batch). glibc returns the freed top of the heap to the system after each batch and then
// page-faults it back in for the next one, which cost as much as reading the file; keeping up to
// 256 MB of freed memory for reuse avoids that. Called once by the commands, not the libraries.
inline void keep_freed_memory() {
#if defined(__GLIBC__)
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
  mallopt(M_MMAP_THRESHOLD, 64 << 20);
#endif
}

// The worker threads for --jobs N: 0 means one per core; more than 4 per core only slows the
// machine down, so N is cut to that with a warning (never an abort for want of threads).
inline unsigned bounded_jobs(long requested, const char* command) {
  const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
  if (requested <= 0) return cores;
  const unsigned limit = 4 * cores;
  if (requested > long(limit)) {
    std::cerr << "arbiter " << command << ": warning: --jobs " << requested << " cut to " << limit
              << " (4 per core)\n";
    return limit;
  }
  return unsigned(requested);
}

// Starts up to `count` threads running `worker` into `pool`. The system may refuse threads
// (ulimit -u, address space): then the command goes on with those it gave, after a warning
// naming `command` (never std::terminate). Returns how many were started.
template <class Worker>
std::size_t start_threads(std::vector<std::thread>& pool, unsigned count, const Worker& worker,
                          const char* command) {
  for (unsigned i = 0; i < count; ++i) {
    try {
      pool.emplace_back(worker);
    } catch (const std::system_error& e) {
      std::cerr << "arbiter " << command << ": warning: could start only " << pool.size() << " of "
                << count << " worker threads (" << e.what() << ")\n";
      break;
    }
  }
  return pool.size();
}

// Calls body(state, i) for every i in [0, n), on the calling thread and up to jobs - 1 more
// (never more than n in all), each thread with its own State made by make_state() (a perft
// table, an unwinnability solver). The first exception of any thread (no memory for a table...)
// stops the others and is rethrown here once all have ended, never std::terminate.
template <class MakeState, class Body>
void parallel_for(std::size_t n, unsigned jobs, const char* command, MakeState make_state,
                  Body body) {
  std::atomic<std::size_t> next{0};
  std::mutex failure_mu;
  std::exception_ptr failure;
  auto worker = [&] {
    try {
      auto state = make_state();  // one per thread
      for (std::size_t i; (i = next.fetch_add(1)) < n;) body(state, i);
    } catch (...) {
      std::lock_guard lk(failure_mu);
      if (!failure) failure = std::current_exception();
      next = n;  // the others stop too
    }
  };
  std::vector<std::thread> pool;
  const std::size_t threads =
      std::min<std::size_t>(std::max(jobs, 1u), std::max<std::size_t>(n, 1));
  start_threads(pool, unsigned(threads - 1), worker, command);
  worker();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
}

template <class Batch, class State, class Fill, class Work, class Done, class Idle>
void run_ordered(unsigned jobs, const char* command, Fill fill, Work work, Done done, Idle idle) {
  if (jobs <= 1) {
    State state;
    for (;;) {
      Batch b;
      if (!fill(b)) break;
      work(b, state);
      done(b);
      idle();
    }
    return;
  }
  struct Slot {
    Batch batch;
    bool ready = false;
  };
  std::mutex mu;
  std::condition_variable cv_work, cv_done;
  std::deque<Slot*> todo;
  std::deque<std::unique_ptr<Slot>> inflight;  // in input order
  bool closing = false;
  std::exception_ptr failure;  // a worker's first exception (out of memory...), rethrown here
  auto record_failure = [&] {
    std::lock_guard lk(mu);
    if (!failure) failure = std::current_exception();
  };
  std::vector<std::thread> workers;
  auto worker = [&] {
    std::optional<State> state;
    try {
      state.emplace();
    } catch (...) {
      record_failure();
    }
    for (;;) {
      Slot* s;
      {
        std::unique_lock lk(mu);
        cv_work.wait(lk, [&] { return closing || !todo.empty(); });
        if (todo.empty()) return;
        s = todo.front();
        todo.pop_front();
      }
      if (state) {
        try {
          work(s->batch, *state);
        } catch (...) {  // never std::terminate: the calling thread reports it
          record_failure();
        }
      }
      {
        std::lock_guard lk(mu);
        s->ready = true;
      }
      cv_done.notify_all();
    }
  };
  if (start_threads(workers, jobs, worker, command) == 0)
    return run_ordered<Batch, State>(1, command, fill, work, done, idle);
  const std::size_t max_inflight = 4 * std::size_t{jobs};
  auto drain = [&](bool all) {
    std::unique_lock lk(mu);
    while (!inflight.empty()) {
      if (!inflight.front()->ready) {
        if (!all && inflight.size() < max_inflight) return;
        cv_done.wait(lk, [&] { return inflight.front()->ready; });
      }
      std::unique_ptr<Slot> s = std::move(inflight.front());
      inflight.pop_front();
      if (failure) std::rethrow_exception(failure);
      lk.unlock();
      done(s->batch);
      lk.lock();
    }
  };
  auto stop = [&] {
    {
      std::lock_guard lk(mu);
      closing = true;
      todo.clear();  // a failed output: the batches not started are dropped
    }
    cv_work.notify_all();
    for (auto& t : workers) t.join();
  };
  try {
    for (;;) {
      auto s = std::make_unique<Slot>();
      if (!fill(s->batch)) break;
      {
        std::lock_guard lk(mu);
        todo.push_back(s.get());
        inflight.push_back(std::move(s));
      }
      cv_work.notify_one();
      drain(false);
      idle();
    }
    drain(true);
  } catch (...) {  // e.g. the output cannot be written: stop the workers, then report
    stop();
    throw;
  }
  stop();
}

}  // namespace arbiter::cli

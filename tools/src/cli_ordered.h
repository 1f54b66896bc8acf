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

namespace detail {

// run_ordered on the calling thread alone.
template <class Batch, class State, class Fill, class Work, class Done, class Idle>
void run_serial(Fill& fill, Work& work, Done& done, Idle& idle) {
  State state;
  for (;;) {
    Batch b;
    if (!fill(b)) return;
    work(b, state);
    done(b);
    idle();
  }
}

// What run_ordered's threads share: the batches not started yet (todo) and every batch in
// flight, in input order; a worker's first exception (out of memory...), rethrown by drain on
// the calling thread.
template <class Batch, class State, class Work>
class OrderedPool {
 public:
  struct Slot {
    Batch batch;
    bool ready = false;
  };
  OrderedPool(Work& work, unsigned jobs) : work_(work), max_inflight_(4 * std::size_t{jobs}) {}

  // A worker thread: works on the next batch until stop(), with its own State.
  void work() {
    std::optional<State> state;
    try {
      state.emplace();
    } catch (...) {
      record_failure();
    }
    while (Slot* s = next_todo()) {
      if (state) {
        try {
          work_(s->batch, *state);
        } catch (...) {  // never std::terminate: the calling thread reports it
          record_failure();
        }
      }
      {
        std::lock_guard lk(mu_);
        s->ready = true;
      }
      cv_done_.notify_all();
    }
  }

  void push(std::unique_ptr<Slot> s) {
    {
      std::lock_guard lk(mu_);
      todo_.push_back(s.get());
      inflight_.push_back(std::move(s));
    }
    cv_work_.notify_one();
  }

  // Hands the finished batches at the front to `done` in input order: every batch (all), or
  // until the front is not finished and fewer than the bound are in flight.
  template <class Done>
  void drain(bool all, Done& done) {
    std::unique_lock lk(mu_);
    while (!inflight_.empty()) {
      if (!inflight_.front()->ready) {
        if (!all && inflight_.size() < max_inflight_) return;
        cv_done_.wait(lk, [&] { return inflight_.front()->ready; });
      }
      std::unique_ptr<Slot> s = std::move(inflight_.front());
      inflight_.pop_front();
      if (failure_) std::rethrow_exception(failure_);
      lk.unlock();
      done(s->batch);
      lk.lock();
    }
  }

  // Ends the workers; the batches not started are dropped (after a failed output).
  void stop(std::vector<std::thread>& workers) {
    {
      std::lock_guard lk(mu_);
      closing_ = true;
      todo_.clear();
    }
    cv_work_.notify_all();
    for (auto& t : workers) t.join();
  }

 private:
  Slot* next_todo() {
    std::unique_lock lk(mu_);
    cv_work_.wait(lk, [&] { return closing_ || !todo_.empty(); });
    if (todo_.empty()) return nullptr;
    Slot* s = todo_.front();
    todo_.pop_front();
    return s;
  }
  void record_failure() {
    std::lock_guard lk(mu_);
    if (!failure_) failure_ = std::current_exception();
  }

  Work& work_;
  const std::size_t max_inflight_;  // at most this many batches in memory
  std::mutex mu_;
  std::condition_variable cv_work_, cv_done_;
  std::deque<Slot*> todo_;
  std::deque<std::unique_ptr<Slot>> inflight_;  // in input order
  bool closing_ = false;
  std::exception_ptr failure_;
};

}  // namespace detail

template <class Batch, class State, class Fill, class Work, class Done, class Idle>
void run_ordered(unsigned jobs, const char* command, Fill fill, Work work, Done done, Idle idle) {
  if (jobs <= 1) return detail::run_serial<Batch, State>(fill, work, done, idle);
  using Pool = detail::OrderedPool<Batch, State, Work>;
  Pool pool(work, jobs);
  std::vector<std::thread> workers;
  if (start_threads(
          workers, jobs, [&pool] { pool.work(); }, command) == 0)
    return detail::run_serial<Batch, State>(fill, work, done, idle);
  try {
    for (;;) {
      auto s = std::make_unique<typename Pool::Slot>();
      if (!fill(s->batch)) break;
      pool.push(std::move(s));
      pool.drain(false, done);
      idle();
    }
    pool.drain(true, done);
  } catch (...) {  // e.g. the output cannot be written: stop the workers, then report
    pool.stop(workers);
    throw;
  }
  pool.stop(workers);
}

}  // namespace arbiter::cli

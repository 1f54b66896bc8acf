#pragma once
// Ordered parallel processing for the PGN commands (validate, pgn --normalize): the calling
// thread cuts the input into batches (`fill`), `jobs` worker threads process them (`work`, with
// one State per thread, e.g. an unwinnability Solver), and the calling thread hands the finished
// batches to `done` in input order, so the output is byte for byte the one of a single thread.
// At most 4 * jobs batches are in flight (memory stays bounded on any input size); `idle` runs
// on the calling thread after each batch is queued (progress bars).
#if defined(__GLIBC__)
#include <malloc.h>
#endif

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <memory>
#include <mutex>
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

template <class Batch, class State, class Fill, class Work, class Done, class Idle>
void run_ordered(unsigned jobs, Fill fill, Work work, Done done, Idle idle) {
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
  std::vector<std::thread> workers;
  for (unsigned i = 0; i < jobs; ++i)
    workers.emplace_back([&] {
      State state;
      for (;;) {
        Slot* s;
        {
          std::unique_lock lk(mu);
          cv_work.wait(lk, [&] { return closing || !todo.empty(); });
          if (todo.empty()) return;
          s = todo.front();
          todo.pop_front();
        }
        work(s->batch, state);
        {
          std::lock_guard lk(mu);
          s->ready = true;
        }
        cv_done.notify_all();
      }
    });
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
      lk.unlock();
      done(s->batch);
      lk.lock();
    }
  };
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
  {
    std::lock_guard lk(mu);
    closing = true;
  }
  cv_work.notify_all();
  for (auto& t : workers) t.join();
}

}  // namespace arbiter::cli

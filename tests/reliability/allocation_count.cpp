// The replaced global operator new of allocation_count.h: malloc plus a counter (relaxed atomic;
// the counter is the only state, and only tests read it).
#include "allocation_count.h"

#include <atomic>
#include <cstdlib>
#include <new>

namespace {
std::atomic<std::size_t> count{0};

[[maybe_unused]] void* counted(std::size_t n) {
  count.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
}  // namespace

std::size_t arbiter::test::reliability::allocations() {
  return count.load(std::memory_order_relaxed);
}

// AddressSanitizer replaces operator new itself (and pairs it with its own delete): there the
// counter stays 0 and the test that reads it is skipped.
#if !defined(__SANITIZE_ADDRESS__)
void* operator new(std::size_t n) { return counted(n); }
void* operator new[](std::size_t n) { return counted(n); }
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
#endif

#pragma once
// An allocator for the matcher's large tables (the n x n weight indices, the pruning bounds):
// a buffer of 2 MB or more is aligned to 2 MB and offered to the kernel for transparent huge
// pages. The tables are read row by row in random order across hundreds of megabytes (400 MB of
// weight indices at 10,000 players), and each bracket's window allocates fresh ones: with 4 KB
// pages a 10,000-player round took 270,000 page faults (3.0 of its 14.1 s CPU in the kernel)
// and missed the TLB on most row reads; with huge pages it takes 10,000 faults and 1.5 s.
// Elsewhere than Linux it is the plain allocator with an aligned buffer.
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace arbiter::pairing::matching {

template <class T>
struct HugePageAllocator {
  using value_type = T;
  static constexpr std::size_t kHuge = std::size_t(2) << 20;

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) {}

  T* allocate(std::size_t n) {
    if (n * sizeof(T) < kHuge) return std::allocator<T>{}.allocate(n);
    const std::size_t bytes = rounded(n);
    void* p = std::aligned_alloc(kHuge, bytes);
    if (!p) throw std::bad_alloc();
#if defined(MADV_HUGEPAGE)
    madvise(p, bytes, MADV_HUGEPAGE);  // advice only: without huge pages the buffer still works
#endif
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) {
    if (n * sizeof(T) < kHuge)
      std::allocator<T>{}.deallocate(p, n);
    else
      std::free(p);
  }
  template <class U>
  bool operator==(const HugePageAllocator<U>&) const {
    return true;
  }

 private:
  static std::size_t rounded(std::size_t n) { return (n * sizeof(T) + kHuge - 1) / kHuge * kHuge; }
};

}  // namespace arbiter::pairing::matching

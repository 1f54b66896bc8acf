// An allocator for the large buffers of the enumerations (reachable.h): a buffer of 1 MB or more
// is aligned to 2 MB and marked for transparent huge pages (Linux madvise), so that touching it
// for the first time costs one page fault per 2 MB instead of one per 4 KB. On a virtual machine
// a fault costs tens of microseconds: the 100 MB first touched by the community file's largest
// enumerations took more time in faults than in the enumeration itself. Elsewhere, and for
// small buffers, it is std::allocator.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>
#include <vector>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace arbiter::adjudication::detail {

template <class T>
struct HugePageAllocator {
  using value_type = T;
  static constexpr std::size_t kHuge = std::size_t(2) << 20, kThreshold = std::size_t(1) << 20;

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) {}

  T* allocate(std::size_t n) {
    const std::size_t bytes = n * sizeof(T);
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (bytes >= kThreshold) {
      const std::size_t rounded = (bytes + kHuge - 1) / kHuge * kHuge;
      void* p = std::aligned_alloc(kHuge, rounded);
      if (!p) throw std::bad_alloc();
      madvise(p, rounded, MADV_HUGEPAGE);  // a hint: without huge pages the buffer still works
      return static_cast<T*>(p);
    }
#endif
    return std::allocator<T>().allocate(n);
  }
  void deallocate(T* p, std::size_t n) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (n * sizeof(T) >= kThreshold) return std::free(p);
#endif
    std::allocator<T>().deallocate(p, n);
  }
  template <class U>
  bool operator==(const HugePageAllocator<U>&) const {
    return true;
  }
};

template <class T>
using HugePageVector = std::vector<T, HugePageAllocator<T>>;

}  // namespace arbiter::adjudication::detail

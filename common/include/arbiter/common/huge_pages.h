#pragma once
// An allocator for large, randomly read tables: a buffer of Threshold bytes or more is aligned to
// 2 MB and offered to the kernel for transparent huge pages (Linux madvise), so that touching it
// costs one page fault per 2 MB instead of one per 4 KB, and its reads miss the TLB far less.
// Smaller buffers, and every buffer elsewhere than Linux, come from std::allocator. The users
// (the Dutch matcher's weight tables, the unwinnability enumerations) say why they chose their
// threshold.
#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace arbiter::common {

inline constexpr std::size_t kHugePage = std::size_t(2) << 20;

template <class T, std::size_t Threshold = kHugePage>
struct HugePageAllocator {
  using value_type = T;
  template <class U>
  struct rebind {
    using other = HugePageAllocator<U, Threshold>;
  };

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U, Threshold>&) {}

  T* allocate(std::size_t n) {
    if (!huge(n)) return std::allocator<T>().allocate(n);
    const std::size_t bytes = (n * sizeof(T) + kHugePage - 1) / kHugePage * kHugePage;
    void* p = std::aligned_alloc(kHugePage, bytes);
    if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    madvise(p, bytes, MADV_HUGEPAGE);  // advice only: without huge pages the buffer still works
#endif
    return static_cast<T*>(p);
  }
  void deallocate(T* p, std::size_t n) {
    if (huge(n))
      std::free(p);
    else
      std::allocator<T>().deallocate(p, n);
  }
  template <class U>
  bool operator==(const HugePageAllocator<U, Threshold>&) const {
    return true;
  }

 private:
  static constexpr bool huge(std::size_t n) {
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    return n * sizeof(T) >= Threshold;
#else
    (void)n;
    return false;
#endif
  }
};

}  // namespace arbiter::common

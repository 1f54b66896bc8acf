# ARBITER_ARCH: the instruction set the whole build targets, one named tier as in Stockfish, so
# that a binary never holds instructions its CPU may lack and every target agrees with the
# engine library on how slider attacks are indexed (ARBITER_USE_PEXT, written into the engine's
# generated arbiter/engine/config.h and so fixed for every program that includes its headers).
#   x86-64       portable default on x86-64: SSE2 only; magic bitboards, 16-byte PGN scans
#   x86-64-v2    + SSE4.2 and POPCNT (Nehalem, 2008, and later)
#   x86-64-avx2  x86-64-v3 (AVX2, BMI1/2, FMA; Haswell, Zen): 64-byte PGN scans; magic bitboards
#                (PEXT is microcoded and slow on AMD Zen 1 and 2)
#   x86-64-bmi2  x86-64-avx2 plus PEXT slider attacks
#   native       -march=native: this CPU's instructions; PEXT when it has BMI2, except on AMD
#                Zen 1 and 2 (family 17h); the fastest build, for benchmarks on the machine that
#                runs them (the README's figures)
#   generic      no -march flag: the compiler's default target (the default off x86-64, e.g. an
#                aarch64 cross build)
include(CheckCXXSourceCompiles)

if(CMAKE_SYSTEM_PROCESSOR MATCHES "^(x86_64|AMD64|amd64)$")
  set(arbiter_default_arch x86-64)
else()
  set(arbiter_default_arch generic)
endif()
# The former ARBITER_NATIVE (ON: -march=native, OFF: portable) still picks the tier of a build
# folder configured with it.
if(DEFINED ARBITER_NATIVE AND NOT DEFINED ARBITER_ARCH)
  if(ARBITER_NATIVE)
    set(arbiter_default_arch native)
  endif()
  message(STATUS "arbiter: ARBITER_NATIVE is replaced by ARBITER_ARCH (now ${arbiter_default_arch})")
endif()
unset(ARBITER_NATIVE CACHE)
set(ARBITER_ARCH ${arbiter_default_arch} CACHE STRING
    "Target instruction set: x86-64, x86-64-v2, x86-64-avx2, x86-64-bmi2, native or generic")
set_property(CACHE ARBITER_ARCH PROPERTY STRINGS x86-64 x86-64-v2 x86-64-avx2 x86-64-bmi2 native generic)

set(ARBITER_USE_PEXT 0)
if(ARBITER_ARCH STREQUAL "x86-64" OR ARBITER_ARCH STREQUAL "x86-64-v2")
  set(arbiter_arch_flags -march=${ARBITER_ARCH} -mtune=generic)
elseif(ARBITER_ARCH STREQUAL "x86-64-avx2")
  set(arbiter_arch_flags -march=x86-64-v3 -mtune=generic)
elseif(ARBITER_ARCH STREQUAL "x86-64-bmi2")
  set(arbiter_arch_flags -march=x86-64-v3 -mtune=generic)
  set(ARBITER_USE_PEXT 1)
elseif(ARBITER_ARCH STREQUAL "native")
  set(arbiter_arch_flags -march=native)
  set(CMAKE_REQUIRED_FLAGS -march=native)
  check_cxx_source_compiles("#ifndef __BMI2__\n#error no BMI2\n#endif\nint main() {}"
                            ARBITER_NATIVE_HAS_BMI2)
  unset(CMAKE_REQUIRED_FLAGS)
  set(arbiter_slow_pext OFF)
  if(EXISTS /proc/cpuinfo)
    file(STRINGS /proc/cpuinfo arbiter_cpu REGEX "^(vendor_id|cpu family)" LIMIT_COUNT 2)
    if(arbiter_cpu MATCHES "AuthenticAMD" AND arbiter_cpu MATCHES "cpu family[ \t]*: 23")
      set(arbiter_slow_pext ON)  # Zen 1/2: PEXT in microcode, slower than a magic multiply
    endif()
  endif()
  if(ARBITER_NATIVE_HAS_BMI2 AND NOT arbiter_slow_pext)
    set(ARBITER_USE_PEXT 1)
  endif()
elseif(ARBITER_ARCH STREQUAL "generic")
  set(arbiter_arch_flags "")
else()
  message(FATAL_ERROR "ARBITER_ARCH=${ARBITER_ARCH}: expected x86-64, x86-64-v2, x86-64-avx2, "
                      "x86-64-bmi2, native or generic")
endif()
add_compile_options(${arbiter_arch_flags})
if(ARBITER_USE_PEXT)
  set(arbiter_sliders pext)
else()
  set(arbiter_sliders magic)
endif()
message(STATUS "arbiter: ARBITER_ARCH=${ARBITER_ARCH} (${arbiter_arch_flags}), slider attacks: ${arbiter_sliders}")

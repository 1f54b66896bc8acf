#pragma once
// Helpers of the reliability tests (issue 17): every case runs the real `arbiter` program the way
// an arbiter types it, through /bin/sh, in a temporary directory.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

#include "test_support.h"

namespace arbiter::test::reliability {

namespace fs = std::filesystem;

// Exit statuses of the README's table.
inline constexpr int kOk = 0, kRefused = 1, kBadInput = 2, kIo = 4;

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() /
           ("arbiter-rel-" + std::to_string(::getpid()) + "-" +
            std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()));
    fs::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    fs::permissions(path, fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(path, ec);
  }
  std::string operator/(const std::string& f) const { return (path / f).string(); }
};

struct Shell {
  int code = -1;
  std::string out, err;
};

// Runs `script` with /bin/sh in `dir`; $A is the arbiter program. stdout and stderr are kept apart.
inline Shell sh(const fs::path& dir, const std::string& script) {
  static int counter = 0;
  const fs::path errf = dir / (".stderr." + std::to_string(counter++));
  const std::string cmd = "cd '" + dir.string() + "' && A='" + ARBITER_BIN + "' && export A && { " +
                          script + "\n} 2>'" + errf.string() + "'";
  Shell r;
  if (FILE* p = ::popen(cmd.c_str(), "r")) {
    std::array<char, 65536> buf;
    size_t n;
    while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.out.append(buf.data(), n);
    const int st = ::pclose(p);
    r.code = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  }
  std::ifstream e(errf, std::ios::binary);
  std::ostringstream ss;
  ss << e.rdbuf();
  r.err = ss.str();
  fs::remove(errf);
  return r;
}

// The CPU seconds (user and system) of the finished children so far: a bound on the work a
// command did that, unlike the wall-clock time, does not grow with the machine's load.
inline double children_cpu_seconds() {
  rusage u{};
  ::getrusage(RUSAGE_CHILDREN, &u);
  return double(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
         double(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void put(const fs::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

// A player list of n players for `event register --csv`.
inline std::string players_csv(int n) {
  std::ostringstream os;
  os << "name,federation,standard\n";
  for (int i = 0; i < n; ++i)
    os << "\"Player" << char('A' + i / 26) << char('A' + i % 26) << ", Test\",ESP," << 2400 - 10 * i
       << '\n';
  return os.str();
}

// A Dutch event of `players` players and 5 rounds in dir/name (made by the CLI).
inline void make_event(const TempDir& d, const std::string& name, int players = 8) {
  put(d.path / "players.csv", players_csv(players));
  auto r = sh(d.path, "\"$A\" event new " + name +
                          " --system dutch --rounds 5 --rating-list standard --tiebreaks 'BH SB' "
                          "--rules 2026 --seed 7 && \"$A\" event register " +
                          name + " --csv players.csv");
  ASSERT_EQ(r.code, 0) << r.err;
}

inline std::string mode_of(const fs::path& p) {
  struct stat st;
  if (::stat(p.c_str(), &st) != 0) return "missing";
  char b[8];
  std::snprintf(b, sizeof b, "%04o", unsigned(st.st_mode & 07777));
  return b;
}

// Names in `dir` that contain `part` (stray temporary or lock files).
inline std::vector<std::string> names_with(const fs::path& dir, const std::string& part) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir))
    if (e.path().filename().string().find(part) != std::string::npos)
      out.push_back(e.path().filename().string());
  return out;
}

}  // namespace arbiter::test::reliability

// Atomic, journalled, locked storage of an event file (see event_store.h).
#include "arbiter/pairing/event_store.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "arbiter/pairing/event_settings.h"

namespace arbiter::pairing {
namespace fs = std::filesystem;
namespace {

[[noreturn]] void sys_fail(const fs::path& p, const char* what) {
  throw EventError(p.string() + ": " + what + ": " + std::strerror(errno));
}

void write_all(int fd, std::string_view data, const fs::path& p) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      sys_fail(p, "cannot write");
    }
    data.remove_prefix(static_cast<size_t>(n));
  }
}

void fsync_dir(const fs::path& dir) {
  int fd = ::open(dir.empty() ? "." : dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) sys_fail(dir, "cannot open directory");
  int rc = ::fsync(fd);
  ::close(fd);
  if (rc != 0) sys_fail(dir, "cannot sync directory");
}

fs::path parent_of(const fs::path& p) {
  auto d = p.parent_path();
  return d.empty() ? fs::path(".") : d;
}

std::string temp_prefix(const fs::path& file) {
  std::string s = ".";  // built by append: g++ 12 warns falsely (-Wrestrict) on "." + string
  s += file.filename().string();
  s += ".tmp.";
  return s;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) throw EventError(p.string() + ": cannot read: " + std::strerror(errno));
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

void write_file_atomically(const fs::path& file, std::string_view content) {
  const fs::path dir = parent_of(file);
  const fs::path tmp = dir / (temp_prefix(file) + std::to_string(::getpid()));
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) sys_fail(tmp, "cannot create");
  try {
    write_all(fd, content, tmp);
    if (::fsync(fd) != 0) sys_fail(tmp, "cannot sync");
  } catch (...) {
    ::close(fd);
    ::unlink(tmp.c_str());
    throw;
  }
  ::close(fd);
  if (::rename(tmp.c_str(), file.c_str()) != 0) {
    int e = errno;
    ::unlink(tmp.c_str());
    errno = e;
    sys_fail(file, "cannot replace");
  }
  fsync_dir(dir);  // the rename itself must survive a power cut
}

EventStore::EventStore(fs::path file)
    : file_(std::move(file)), journal_dir_(file_.string() + ".undo") {
  const fs::path lock = file_.string() + ".lock";
  lock_fd_ = ::open(lock.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (lock_fd_ < 0) sys_fail(lock, "cannot open lock file");
  while (::flock(lock_fd_, LOCK_EX) != 0) {
    if (errno == EINTR) continue;
    int e = errno;
    ::close(lock_fd_);
    errno = e;
    sys_fail(lock, "cannot lock");
  }
  // Holding the lock, any temporary file left next to the event is from a killed process.
  std::error_code ec;
  const std::string prefix = temp_prefix(file_);
  for (const auto& de : fs::directory_iterator(parent_of(file_), ec))
    if (de.path().filename().string().rfind(prefix, 0) == 0) fs::remove(de.path(), ec);
}

EventStore::~EventStore() {
  if (lock_fd_ >= 0) ::close(lock_fd_);  // closing releases the flock
}

bool EventStore::exists() const {
  std::error_code ec;
  return fs::is_regular_file(file_, ec);
}

std::string EventStore::read() const {
  if (!exists()) throw EventError(file_.string() + ": no such event file");
  return slurp(file_);
}

void EventStore::create(std::string_view content) {
  if (exists()) throw EventError(file_.string() + ": the event file exists already");
  // A journal left from an earlier event of the same name would let undo resurrect it.
  std::error_code ec;
  fs::remove_all(journal_dir_, ec);
  write_file_atomically(file_, content);
}

std::vector<EventStore::Entry> EventStore::journal() const {
  std::vector<Entry> out;
  std::error_code ec;
  for (const auto& de : fs::directory_iterator(journal_dir_, ec)) {
    const std::string name = de.path().filename().string();
    if (name.size() != 10 || name.substr(6) != ".trf" ||
        !std::all_of(name.begin(), name.begin() + 6, [](char c) { return c >= '0' && c <= '9'; }))
      continue;  // temporary files and strangers
    out.push_back({de.path(), std::stoul(name.substr(0, 6))});
  }
  std::sort(out.begin(), out.end(),
            [](const Entry& a, const Entry& b) { return a.number < b.number; });
  return out;
}

namespace {
// A journal entry is the change's description on the first line, then the version it replaced.
std::pair<std::string, std::string> read_entry(const fs::path& p) {
  std::string s = slurp(p);
  auto nl = s.find('\n');
  if (nl == std::string::npos) return {s, {}};
  return {s.substr(0, nl), s.substr(nl + 1)};
}
std::string entry_name(unsigned long n) {
  std::string s = std::to_string(n % 1000000);
  return std::string(6 - s.size(), '0') + s + ".trf";
}
}  // namespace

void EventStore::commit(std::string_view content, std::string_view what) {
  const std::string old = read();
  if (old == content) return;
  std::error_code ec;
  if (!fs::is_directory(journal_dir_, ec)) {
    if (::mkdir(journal_dir_.c_str(), 0755) != 0 && errno != EEXIST)
      sys_fail(journal_dir_, "cannot create the undo journal");
    fsync_dir(parent_of(file_));
  }
  auto entries = journal();
  unsigned long next = entries.empty() ? 1 : entries.back().number + 1;
  if (next > 999999) {  // renumber from 1, keeping order (rare: a million changes)
    unsigned long k = 1;
    for (auto& e : entries) {
      fs::rename(e.path, journal_dir_ / entry_name(k), ec);
      e = {journal_dir_ / entry_name(k), k};
      ++k;
    }
    next = k;
  }
  std::string desc(what);
  std::replace(desc.begin(), desc.end(), '\n', ' ');
  // 1. The old version goes into the journal first: if we die before step 2, the journal holds a
  //    copy of the current file, which undo recognises and skips.
  write_file_atomically(journal_dir_ / entry_name(next), desc + "\n" + old);
  // 2. The new version replaces the file.
  write_file_atomically(file_, content);
  entries = journal();
  for (size_t i = 0; i + kJournalLimit < entries.size(); ++i) fs::remove(entries[i].path, ec);
}

std::optional<std::string> EventStore::undo() {
  const std::string current = read();
  auto entries = journal();
  while (!entries.empty()) {
    auto [desc, prior] = read_entry(entries.back().path);
    if (prior != current) {
      write_file_atomically(file_, prior);
      fs::remove(entries.back().path);
      fsync_dir(journal_dir_);
      return desc;
    }
    // Left by a process killed between journalling and replacing: nothing changed, drop it.
    fs::remove(entries.back().path);
    entries.pop_back();
  }
  return std::nullopt;
}

std::vector<std::string> EventStore::history() const {
  std::vector<std::string> out;
  for (const auto& e : journal()) out.push_back(read_entry(e.path).first);
  return out;
}

}  // namespace arbiter::pairing

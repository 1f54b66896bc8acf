// Atomic, journalled, locked, checksummed storage of an event file (see event_store.h).
#include "arbiter/pairing/event_store.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <thread>

#include "arbiter/pairing/event_settings.h"

namespace arbiter::pairing {
namespace fs = std::filesystem;
namespace {

constexpr std::string_view kFormat = "XAR FORMAT arbiter-event ";
constexpr int kFormatVersion = 1;
constexpr std::string_view kChecksum = "XAR CHECKSUM crc32 ";

// CRC-32 (IEEE 802.3, the zlib/gzip one): catches every burst and every deleted line.
uint32_t crc32(std::string_view s) {
  static const auto table = [] {
    std::array<uint32_t, 256> t{};
    for (uint32_t i = 0; i < 256; ++i) {
      uint32_t c = i;
      for (int k = 0; k < 8; ++k) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
      t[i] = c;
    }
    return t;
  }();
  uint32_t c = 0xFFFFFFFFu;
  for (unsigned char ch : s) c = table[(c ^ ch) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

std::string hex8(uint32_t v) {
  char b[9];
  std::snprintf(b, sizeof b, "%08x", v);
  return b;
}

int line_of(std::string_view text, size_t pos) {
  return 1 + int(std::count(text.begin(), text.begin() + long(pos), '\n'));
}

std::string how_to_recover(const std::string& file) {
  return "; the file was damaged or cut short outside arbiter: restore the version before the "
         "last change with `arbiter event undo " +
         file + "` (then enter that change again), or copy a version from " + file +
         ".undo/ (each entry: the change's description on line 1, then the file)";
}

// An event file of an arbiter before the format record: no 'XAR FORMAT' line 1, but the
// 'XAR VERSION 1' settings record that every event file has carried since the first version.
bool is_legacy_event_text(std::string_view text) {
  if (text.substr(0, kFormat.size()) == kFormat) return false;
  for (size_t i = 0; i < text.size();) {
    size_t j = text.find('\n', i);
    std::string_view line = text.substr(i, j == std::string_view::npos ? j : j - i);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line == "XAR VERSION 1") return true;
    if (j == std::string_view::npos) break;
    i = j + 1;
  }
  return false;
}

std::string entry_name(unsigned long n) {
  std::string s = std::to_string(n % 1000000);
  return std::string(6 - s.size(), '0') + s + ".trf";
}

// A journal entry is the change's description on the first line, then the file it replaced.
std::pair<std::string, std::string> read_entry(const fs::path& p) {
  std::string s = read_text_file(p, EventStore::kFileLimit + 4096);
  auto nl = s.find('\n');
  if (nl == std::string::npos) return {s, {}};
  return {s.substr(0, nl), s.substr(nl + 1)};
}

unsigned file_mode(const fs::path& p) {
  struct stat st;
  return ::stat(p.c_str(), &st) == 0 ? unsigned(st.st_mode & 0666) : 0666u;
}

}  // namespace

std::string seal_event_file(std::string_view content) {
  std::string s(kFormat);
  s += std::to_string(kFormatVersion);
  s += '\n';
  s += content;
  if (!s.empty() && s.back() != '\n') s.push_back('\n');
  const std::string sum = hex8(crc32(s)) + ' ' + std::to_string(s.size());
  s += kChecksum;
  s += sum;
  s += '\n';
  return s;
}

std::string unseal_event_file(std::string_view text, const std::string& file) {
  // Line 1: the format record, like a magic number (it survives any cut).
  const size_t first_nl = text.find('\n');
  const std::string_view first = text.substr(0, first_nl);
  if (first.substr(0, kFormat.size()) != kFormat && is_legacy_event_text(text))
    throw EventError(file + ":1: an event file of an earlier arbiter (no '" + std::string(kFormat) +
                     std::to_string(kFormatVersion) +
                     "' record, no checksum): convert it once with `arbiter event upgrade " + file +
                     "` (the old version stays in " + file + ".undo/ for `event undo`)");
  if (first.substr(0, kFormat.size()) != kFormat)
    throw EventError(file + ":1: not an arbiter event file (its first line is not the '" +
                     std::string(kFormat) + std::to_string(kFormatVersion) +
                     "' record; event files are made by `arbiter event new`)");
  std::string_view version = first.substr(kFormat.size());
  if (!version.empty() && version.back() == '\r') version.remove_suffix(1);
  if (version != std::to_string(kFormatVersion))
    throw EventError(file + ":1: event file format '" + std::string(version) +
                     "', but this arbiter reads format " + std::to_string(kFormatVersion) +
                     " (a newer arbiter wrote it?)");
  // Last line: the checksum record over every byte before it.
  std::string_view body = text;
  if (!body.empty() && body.back() == '\n') body.remove_suffix(1);
  const size_t last = body.rfind('\n') == std::string_view::npos ? 0 : body.rfind('\n') + 1;
  const std::string_view tail = body.substr(last);
  if (last == 0 || tail.substr(0, kChecksum.size()) != kChecksum)
    throw EventError(file + ":" + std::to_string(line_of(text, text.size())) +
                     ": the event file is cut short (its last line is not the 'XAR CHECKSUM' "
                     "record)" +
                     how_to_recover(file));
  const std::string_view covered = text.substr(0, last);
  const std::string want = hex8(crc32(covered)) + ' ' + std::to_string(covered.size());
  std::string_view got = tail.substr(kChecksum.size());
  while (!got.empty() && (got.back() == '\r' || got.back() == ' ')) got.remove_suffix(1);
  if (got != want)
    throw EventError(file + ":" + std::to_string(line_of(text, last)) +
                     ": the event file does not match its checksum (" + std::string(got) +
                     " recorded, " + want + " found)" + how_to_recover(file));
  if (first_nl + 1 > last) return {};
  return std::string(text.substr(first_nl + 1, last - first_nl - 1));
}

EventStore::EventStore(fs::path file, StoreOptions options)
    : file_(resolve_output(file)),
      journal_dir_(file_.string() + ".undo"),
      name_(file.string()),
      write_(options.write) {
  if (write_ && exists()) lock(options);
}

EventStore::~EventStore() {
  if (lock_fd_ >= 0) ::close(lock_fd_);  // closing releases the flock
}

void EventStore::lock(const StoreOptions& o) {
  // A read-only event file (chmod a-w) is one the arbiter does not want changed: the rename
  // would replace it all the same, so refuse here.
  if (::access(file_.c_str(), W_OK) != 0 && errno == EACCES)
    throw_file_error(name_, "is read-only; make it writable (chmod u+w) to change it");
  const auto deadline = std::chrono::steady_clock::now() + o.wait_limit;
  bool said = false;
  for (;;) {
    int fd = ::open(file_.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) throw_file_error(name_, "cannot open");
    while (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      if (errno == EINTR) continue;
      if (errno != EWOULDBLOCK) {
        int e = errno;
        ::close(fd);
        errno = e;
        throw_file_error(name_, "cannot lock");
      }
      if (std::chrono::steady_clock::now() >= deadline) {
        ::close(fd);
        char waited[32];  // ARBITER_LOCK_WAIT may be a fraction of a second
        std::snprintf(waited, sizeof waited, "%g", o.wait_limit.count() / 1000.0);
        throw FileError(name_ + ": another arbiter command has been changing it for " + waited +
                        " s; nothing was changed, try again when it has finished");
      }
      if (!said && o.on_wait) o.on_wait("waiting for another arbiter command on " + name_ + " ...");
      said = true;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
    // The writer before us may have replaced the file: then our lock is on the old inode.
    struct stat held, now;
    if (::fstat(fd, &held) == 0 && ::stat(file_.c_str(), &now) == 0 && held.st_dev == now.st_dev &&
        held.st_ino == now.st_ino) {
      lock_fd_ = fd;
      remove_stale_temporaries(file_);  // a writer cleans up after killed writers
      return;
    }
    ::close(fd);
    if (!exists()) throw EventError(name_ + ": the event file was removed");
  }
}

void EventStore::require_writer() const {
  if (!write_) throw EventError(name_ + ": opened for reading only");
}

bool EventStore::exists() const {
  std::error_code ec;
  return fs::is_regular_file(file_, ec);
}

std::string EventStore::read_raw() const {
  std::error_code ec;
  // A wrong name is bad input, as for every other input file (README's exit statuses: 2), not a
  // refusal by the event's rules.
  if (fs::is_directory(file_, ec))
    throw FileInputError(name_, 0, 0, "is a directory, not an event file");
  if (!fs::exists(file_, ec)) throw FileInputError(name_, 0, 0, "no such event file");
  return read_text_file(file_, kFileLimit);
}

std::string EventStore::read() const { return unseal_event_file(read_raw(), name_); }

void EventStore::create(std::string_view content) {
  require_writer();
  if (exists()) throw EventError(name_ + ": the event file exists already");
  // A journal left from an earlier event of the same name would let undo resurrect it.
  std::error_code ec;
  fs::remove_all(journal_dir_, ec);
  OutputFile out(file_);
  out.write(seal_event_file(content));
  out.commit_new();
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

void EventStore::commit(std::string_view content, std::string_view what) {
  require_writer();
  if (!exists()) read_raw();  // says why: missing, a directory
  if (lock_fd_ < 0) lock({});
  const std::string old = read_raw();
  unseal_event_file(old, name_);  // never journal over a damaged file
  replace(old, content, what);
}

std::string EventStore::read_legacy() const {
  std::string raw = read_raw();
  if (!is_legacy_event_text(raw)) {
    unseal_event_file(raw, name_);  // not an event file, or a damaged one: says which
    throw EventError(name_ + ": already in event file format " + std::to_string(kFormatVersion) +
                     ": nothing to upgrade");
  }
  return raw;
}

void EventStore::upgrade_legacy(std::string_view content) {
  require_writer();
  if (lock_fd_ < 0) lock({});
  const std::string old = read_legacy();
  replace(old, content, "upgrade to event file format " + std::to_string(kFormatVersion));
}

void EventStore::replace(const std::string& old, std::string_view content, std::string_view what) {
  const std::string sealed = seal_event_file(content);
  if (old == sealed) return;
  const unsigned mode = file_mode(file_);
  std::error_code ec;
  if (!fs::is_directory(journal_dir_, ec)) {
    // Readable by whoever may read the event: the journal holds its earlier versions.
    const unsigned dir_mode = mode | ((mode & 0444) >> 2);
    if (::mkdir(journal_dir_.c_str(), dir_mode) != 0 && errno != EEXIST)
      throw_file_error(journal_dir_, "cannot create the undo journal");
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
  std::replace(desc.begin(), desc.end(), '\r', ' ');
  // 1. The old version goes into the journal first: if we die before step 2, the journal holds a
  //    copy of the current file, which undo recognises and skips.
  write_file_atomically(journal_dir_ / entry_name(next), desc + "\n" + old, mode);
  // 2. The new version replaces the file.
  write_file_atomically(file_, sealed);
  entries = journal();
  for (size_t i = 0; i + kJournalLimit < entries.size(); ++i) fs::remove(entries[i].path, ec);
}

std::optional<std::string> EventStore::undo() {
  require_writer();
  if (!exists()) read_raw();  // says why: missing, a directory
  if (lock_fd_ < 0) lock({});
  const std::string current = read_raw();  // possibly damaged: undo is the way back
  auto entries = journal();
  while (!entries.empty()) {
    auto [desc, prior] = read_entry(entries.back().path);
    if (prior != current) {
      write_file_atomically(file_, prior);
      fs::remove(entries.back().path);
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

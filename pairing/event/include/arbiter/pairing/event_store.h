#pragma once
// Durable storage of one event file. Every change replaces the file atomically through
// OutputFile (file_io.h: a temporary file beside it, fsync, rename, fsync of the directory), so
// a crash or kill -9 at any moment leaves either the old or the new version, never a mix; the
// file keeps its mode and owner. The version replaced is kept in the journal FILE.undo/ for
// `undo`. A symbolic link as FILE is resolved once: the real file, its journal and its lock.
//
// The store adds two records around the content and checks them (TRF readers skip XAR records):
//   line 1:    XAR FORMAT arbiter-event 1
//   last line: XAR CHECKSUM crc32 <8 hex digits> <bytes>   (over every byte before this line)
// so that any other text file, a file cut short and a hand-damaged file are refused on load
// (never silently repaired), with a message saying how to recover. Line N of the content is
// line N + 1 of the file.
//
// Writers are serialised by an exclusive flock on the event file itself (no lock file that could
// be deleted from under a writer): after the lock is taken the path is checked to still name
// the locked inode (a writer that replaced it meanwhile released the old one), else it retries.
// Readers take no lock (they see one whole version) and need no write access.
#include <chrono>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/pairing/file_io.h"

namespace arbiter::pairing {

// The records above: `seal` appends them, `unseal` checks and removes them (EventError naming
// file:line and the way to recover when the file is not an event file or is damaged).
std::string seal_event_file(std::string_view content);
std::string unseal_event_file(std::string_view text, const std::string& file);

struct StoreOptions {
  bool write = true;  // false: read only, no lock, nothing created or removed
  // How long a writer waits for another one, and what it says while waiting.
  std::chrono::milliseconds wait_limit = std::chrono::seconds(30);
  std::function<void(const std::string&)> on_wait;
};

class EventStore {
 public:
  // For writing, takes the lock on an existing `file` (waits for another writer up to the limit,
  // then throws FileError). Throws EventError / FileError.
  explicit EventStore(std::filesystem::path file, StoreOptions options = {});
  ~EventStore();
  EventStore(const EventStore&) = delete;
  EventStore& operator=(const EventStore&) = delete;

  const std::filesystem::path& file() const { return file_; }  // the real file (links resolved)
  bool exists() const;
  // The content without the store's records; throws when the file cannot be read or is damaged.
  std::string read() const;

  // Creates the event file; refuses when it exists already.
  void create(std::string_view content);
  // Keeps the current version in the journal, then replaces it with `content`. `what` is a
  // one-line description of the change, shown by undo. Returns only once both are on disk.
  void commit(std::string_view content, std::string_view what);
  // Event files written before the format and checksum records (arbiter before December 2026)
  // are refused on load with a pointer to `arbiter event upgrade`. read_legacy returns such a
  // file's content (EventError when the file is not one: a current file, or any other text);
  // upgrade_legacy seals `content` in its place, the legacy version kept in the journal (undo).
  std::string read_legacy() const;
  void upgrade_legacy(std::string_view content);
  // Restores the version before the last change and returns that change's description;
  // nullopt when there is nothing to undo. Works on a damaged file too (the way to recover).
  std::optional<std::string> undo();
  // Descriptions of the changes that can be undone, oldest first.
  std::vector<std::string> history() const;

  static constexpr size_t kJournalLimit = 1000;           // oldest versions beyond this are dropped
  static constexpr size_t kFileLimit = size_t(64) << 20;  // an event file of 64 MiB at most

 private:
  struct Entry {
    std::filesystem::path path;
    unsigned long number;
  };
  std::vector<Entry> journal() const;
  std::string read_raw() const;
  void replace(const std::string& old, std::string_view content, std::string_view what);
  void lock(const StoreOptions& o);
  void require_writer() const;
  std::filesystem::path file_, journal_dir_;
  std::string name_;  // the path as given, for messages
  int lock_fd_ = -1;
  bool write_ = true;
};

}  // namespace arbiter::pairing

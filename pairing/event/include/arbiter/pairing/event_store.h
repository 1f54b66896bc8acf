#pragma once
// Durable storage of one event file. Every change replaces the file atomically (a temporary file
// in the same directory, fsync, rename, fsync of the directory), so a crash or kill -9 at any
// moment leaves either the old or the new version, never a mix. The version replaced is kept in
// the journal FILE.undo/ for `undo`. Two processes working on the same event are serialised by
// an exclusive flock on FILE.lock (a separate file: rename gives FILE a new inode, so a lock on
// FILE itself would not exclude a process that opened the old one).
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::pairing {

// Writes `content` to `file` atomically and durably (see above). Throws EventError.
void write_file_atomically(const std::filesystem::path& file, std::string_view content);

class EventStore {
 public:
  // Takes the lock on `file` (waits while another process holds it). Throws EventError.
  explicit EventStore(std::filesystem::path file);
  ~EventStore();
  EventStore(const EventStore&) = delete;
  EventStore& operator=(const EventStore&) = delete;

  const std::filesystem::path& file() const { return file_; }
  bool exists() const;
  std::string read() const;  // throws EventError when the file cannot be read

  // Creates the event file; refuses when it exists already.
  void create(std::string_view content);
  // Keeps the current version in the journal, then replaces it with `content`. `what` is a
  // one-line description of the change, shown by undo. Returns only once both are on disk.
  void commit(std::string_view content, std::string_view what);
  // Restores the version before the last change and returns that change's description;
  // nullopt when there is nothing to undo.
  std::optional<std::string> undo();
  // Descriptions of the changes that can be undone, oldest first.
  std::vector<std::string> history() const;

  static constexpr size_t kJournalLimit = 1000;  // oldest versions beyond this are dropped

 private:
  struct Entry {
    std::filesystem::path path;
    unsigned long number;
  };
  std::vector<Entry> journal() const;
  std::filesystem::path file_, journal_dir_;
  int lock_fd_ = -1;
};

}  // namespace arbiter::pairing

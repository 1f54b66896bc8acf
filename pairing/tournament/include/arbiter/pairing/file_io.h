#pragma once
// The one way arbiter writes a file (event files, their journal, every output of the CLI):
// the text goes to a new temporary file beside the target (created with O_EXCL under an
// unpredictable name, never through a symbolic link), every write and the fsync are checked,
// the temporary file takes the target's mode and owner, and only then is it renamed over the
// target (then the directory is synced). A failure at any step removes the temporary file and
// leaves the target as it was. A symbolic link as the target is resolved once: the file it
// points to is replaced, the link stays. A target that is not a regular file (/dev/full, a FIFO)
// is written in place, with the same checks.
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace arbiter::pairing {

// An I/O or permission error (cannot open, create, write, sync, rename, lock): the CLI exits 4.
class FileError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};
// A file that is not acceptable as it is (a directory, too large, a NUL byte, an output that is
// an input): bad input, the CLI exits 2.
class FileInputError : public std::runtime_error {
 public:
  // "file:line:col: message", or "file: message" when line is 0.
  FileInputError(std::string file, int line, int column, std::string message);
  const std::string& file() const { return file_; }
  int line() const { return line_; }
  int column() const { return column_; }
  const std::string& message() const { return message_; }

 private:
  std::string file_;
  int line_, column_;
  std::string message_;
};

// Throws FileError naming `p`, `what` and errno's text.
[[noreturn]] void throw_file_error(const std::filesystem::path& p, const std::string& what);

// The file a write to `target` replaces: symbolic links followed (also in the directories).
std::filesystem::path resolve_output(const std::filesystem::path& target);

// Refuses (FileInputError, nothing opened) an output that is one of the inputs: the same device and
// inode, so also through a symbolic or hard link. Inputs that do not exist are ignored.
void refuse_same_file(const std::filesystem::path& output,
                      const std::vector<std::filesystem::path>& inputs);

// Removes the temporary files of `target` left by writers that no longer run (killed before
// their rename). OutputFile does it before each write; a lock holder may call it at once.
void remove_stale_temporaries(const std::filesystem::path& target);

class OutputFile {
 public:
  // Creates the temporary file beside `target` (after removing the temporary files of this
  // target left by killed processes). `new_mode` is the mode of a target that does not exist
  // yet (the umask applies); an existing target keeps its own mode and owner.
  explicit OutputFile(const std::filesystem::path& target, unsigned new_mode = 0666);
  ~OutputFile();  // removes the temporary file unless committed
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  void write(std::string_view data);
  // fsync, mode and owner, rename over the target, fsync of the directory.
  void commit();
  // Like commit, but refuses (FileInputError) when the target exists: nothing is replaced.
  void commit_new();
  const std::filesystem::path& target() const { return target_; }

 private:
  void finish();
  std::filesystem::path target_, temp_;
  int fd_ = -1;
  bool done_ = false, in_place_ = false;
};

// Reads a whole file of at most `limit` bytes. Refuses a directory, a file past the
// limit and a NUL byte (with file:line:col: no text format arbiter reads holds one) with
// FileInputError, as a file that does not exist; FileError
// when it cannot be read.
std::string read_text_file(const std::filesystem::path& file, size_t limit);
inline constexpr size_t kTextFileLimit = size_t(256) << 20;  // 256 MiB: documented in README

// An OutputFile written in one go.
void write_file_atomically(const std::filesystem::path& file, std::string_view content,
                           unsigned new_mode = 0666);

}  // namespace arbiter::pairing

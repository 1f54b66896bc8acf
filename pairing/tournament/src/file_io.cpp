// Checked, atomic writing of a file beside its target (see file_io.h).
#include "arbiter/pairing/file_io.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

namespace arbiter::pairing {
namespace fs = std::filesystem;

FileInputError::FileInputError(std::string file, int line, int column, std::string message)
    : std::runtime_error(line > 0 ? file + ":" + std::to_string(line) + ":" +
                                        std::to_string(column) + ": " + message
                                  : file + ": " + message),
      file_(std::move(file)),
      line_(line),
      column_(column),
      message_(std::move(message)) {}

void throw_file_error(const fs::path& p, const std::string& what) {
  throw FileError(p.string() + ": " + what + ": " + std::strerror(errno));
}

namespace {

fs::path parent_of(const fs::path& p) {
  auto d = p.parent_path();
  return d.empty() ? fs::path(".") : d;
}

// ".NAME.tmp." then the writer's pid, a dot and a random suffix: the pid tells a later writer
// whether the file is a killed process's leftover; the random part makes the name unpredictable.
std::string temp_prefix(const fs::path& file) {
  std::string s = ".";  // built by append: g++ 12 warns falsely (-Wrestrict) on "." + string
  s += file.filename().string();
  s += ".tmp.";
  return s;
}

std::string random_hex() {
  unsigned char b[8];
  size_t got = 0;
  while (got < sizeof b) {
    ssize_t n = ::getrandom(b + got, sizeof b - got, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw_file_error("getrandom", "cannot make a temporary file name");
    got += size_t(n);
  }
  std::string s;
  for (unsigned char c : b) {
    s += "0123456789abcdef"[c >> 4];
    s += "0123456789abcdef"[c & 15];
  }
  return s;
}

// Removes temporary files of `target` whose writer no longer runs (killed before its rename).
void remove_leftovers(const fs::path& target) {
  const std::string prefix = temp_prefix(target);
  std::error_code ec;
  for (const auto& de : fs::directory_iterator(parent_of(target), ec)) {
    const std::string name = de.path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    const std::string rest = name.substr(prefix.size());
    const size_t digits = rest.find_first_not_of("0123456789");
    if (digits == 0) continue;
    const long pid = std::strtol(rest.substr(0, digits).c_str(), nullptr, 10);
    if (pid > 0 && (::kill(pid_t(pid), 0) == 0 || errno != ESRCH)) continue;  // still writing
    struct stat st;
    if (::lstat(de.path().c_str(), &st) == 0 && S_ISREG(st.st_mode)) ::unlink(de.path().c_str());
  }
}

void write_all(int fd, std::string_view data, const fs::path& p) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0) {
      if (errno == EINTR) continue;
      throw_file_error(p, "cannot write");
    }
    data.remove_prefix(static_cast<size_t>(n));
  }
}

void fsync_dir(const fs::path& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) throw_file_error(dir, "cannot open directory");
  int rc = ::fsync(fd);
  ::close(fd);
  if (rc != 0 && errno != EINVAL) throw_file_error(dir, "cannot sync directory");
}

// Gives the temporary file the mode and owner of the file it replaces. The owner can only be
// kept where the system allows it (root, or a group the writer belongs to): otherwise the
// writer owns the new version, as with any editor.
void keep_mode_and_owner(int fd, const fs::path& target, const fs::path& temp) {
  struct stat st;
  if (::stat(target.c_str(), &st) != 0) return;  // a new file: the mode given to open()
  if (::fchmod(fd, st.st_mode & 07777) != 0) throw_file_error(temp, "cannot set the mode");
  if (st.st_gid != ::getegid()) (void)!::fchown(fd, uid_t(-1), st.st_gid);
  if (st.st_uid != ::geteuid()) (void)!::fchown(fd, st.st_uid, gid_t(-1));
}

}  // namespace

void remove_stale_temporaries(const fs::path& target) { remove_leftovers(resolve_output(target)); }

fs::path resolve_output(const fs::path& target) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(target, ec);
  if (ec) return target;
  // A dangling link: weakly_canonical stops at it; write where it points.
  for (int i = 0; i < 40 && fs::is_symlink(p, ec); ++i) {
    fs::path to = fs::read_symlink(p, ec);
    if (ec) break;
    p = to.is_absolute() ? to : parent_of(p) / to;
  }
  return p;
}

void refuse_same_file(const fs::path& output, const std::vector<fs::path>& inputs) {
  struct stat out;
  if (::stat(output.c_str(), &out) != 0) return;
  for (const auto& in : inputs) {
    struct stat st;
    if (::stat(in.c_str(), &st) == 0 && st.st_dev == out.st_dev && st.st_ino == out.st_ino)
      throw FileInputError(
          output.string(), 0, 0,
          "is the input file " + in.string() + " (write the output to another file)");
  }
}

OutputFile::OutputFile(const fs::path& target, unsigned new_mode)
    : target_(resolve_output(target)) {
  struct stat st;
  if (::stat(target_.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) {
    errno = EISDIR;
    throw_file_error(target, "cannot write");
  }
  if (::stat(target_.c_str(), &st) == 0 && !S_ISREG(st.st_mode)) {
    // A device or a pipe (/dev/stdout, /dev/full, a FIFO): written in place, still checked.
    fd_ = ::open(target_.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd_ < 0) throw_file_error(target, "cannot write");
    in_place_ = true;
    return;
  }
  remove_leftovers(target_);
  const fs::path dir = parent_of(target_);
  const std::string prefix = temp_prefix(target_) + std::to_string(::getpid()) + ".";
  for (int attempt = 0; fd_ < 0; ++attempt) {
    temp_ = dir / (prefix + random_hex());
    fd_ = ::open(temp_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, new_mode);
    if (fd_ < 0 && (errno != EEXIST || attempt > 8))
      throw_file_error(target_, "cannot create a file beside it");
  }
}

OutputFile::~OutputFile() {
  if (fd_ >= 0) ::close(fd_);
  if (!done_ && !in_place_) ::unlink(temp_.c_str());
}

void OutputFile::write(std::string_view data) { write_all(fd_, data, target_); }

void OutputFile::finish() {
  if (!in_place_) keep_mode_and_owner(fd_, target_, temp_);
  if (::fsync(fd_) != 0 && !(in_place_ && (errno == EINVAL || errno == EROFS)))
    throw_file_error(target_, "cannot write (sync)");
  int rc = ::close(fd_);
  fd_ = -1;
  if (rc != 0) throw_file_error(target_, "cannot write (close)");
}

void OutputFile::commit() {
  finish();
  if (in_place_) {
    done_ = true;
    return;
  }
  if (::rename(temp_.c_str(), target_.c_str()) != 0) throw_file_error(target_, "cannot replace");
  done_ = true;
  fsync_dir(parent_of(target_));  // the rename itself must survive a power cut
}

void OutputFile::commit_new() {
  if (in_place_) throw FileInputError(target_.string(), 0, 0, "exists already");
  finish();
  if (::renameat2(AT_FDCWD, temp_.c_str(), AT_FDCWD, target_.c_str(), RENAME_NOREPLACE) != 0) {
    if (errno == EEXIST) throw FileInputError(target_.string(), 0, 0, "exists already");
    if (errno != EINVAL && errno != ENOSYS) throw_file_error(target_, "cannot create");
    // A file system without RENAME_NOREPLACE: a hard link fails the same way on an existing name.
    if (::link(temp_.c_str(), target_.c_str()) != 0) {
      if (errno == EEXIST) throw FileInputError(target_.string(), 0, 0, "exists already");
      throw_file_error(target_, "cannot create");
    }
    ::unlink(temp_.c_str());
  }
  done_ = true;
  fsync_dir(parent_of(target_));
}

void write_file_atomically(const fs::path& file, std::string_view content, unsigned new_mode) {
  OutputFile out(file, new_mode);
  out.write(content);
  out.commit();
}

}  // namespace arbiter::pairing

namespace arbiter::pairing {

namespace {
[[noreturn]] void refuse_nul(const fs::path& file, const std::string& s, size_t z) {
  const size_t line = 1 + size_t(std::count(s.begin(), s.begin() + long(z), '\n'));
  const size_t bol = s.rfind('\n', z);
  const size_t col = bol == std::string::npos ? z + 1 : z - bol;
  throw FileInputError(file.string(), int(line), int(col),
                       "a NUL byte (a text format holds none: the file is damaged or binary)");
}
}  // namespace

std::string read_text_file(const fs::path& file, size_t limit) {
  int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0 && (errno == ENOENT || errno == ENOTDIR))  // a wrong name: bad input, not I/O
    throw FileInputError(file.string(), 0, 0, std::string("cannot open: ") + std::strerror(errno));
  if (fd < 0) throw_file_error(file, "cannot open");
  struct stat st;
  if (::fstat(fd, &st) != 0) {
    ::close(fd);
    throw_file_error(file, "cannot read");
  }
  auto too_large = [&] {
    ::close(fd);
    throw FileInputError(
        file.string(), 0, 0,
        "larger than " + std::to_string(limit >> 20) + " MiB, the limit for this kind of file");
  };
  if (S_ISDIR(st.st_mode)) {
    ::close(fd);
    throw FileInputError(file.string(), 0, 0, "is a directory, not a file");
  }
  if (S_ISREG(st.st_mode) && size_t(st.st_size) > limit) too_large();
  std::string s;
  char buf[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      int e = errno;
      ::close(fd);
      errno = e;
      throw_file_error(file, "cannot read");
    }
    if (n == 0) break;
    if (s.size() + size_t(n) > limit) too_large();
    if (s.empty() && n >= 2) {
      const auto b0 = static_cast<unsigned char>(buf[0]), b1 = static_cast<unsigned char>(buf[1]);
      const char* kind = b0 == 0x1F && b1 == 0x8B   ? "gzip"
                         : b0 == 0x28 && b1 == 0xB5 ? "zstd"
                                                    : nullptr;
      if (kind) {
        ::close(fd);
        throw FileInputError(file.string(), 0, 0,
                             std::string(kind) + "-compressed; decompress it first");
      }
    }
    const size_t at = s.size();
    s.append(buf, size_t(n));
    // Checked as it comes, so that /dev/zero or a sparse file is refused at once.
    if (const void* z = std::memchr(s.data() + at, 0, size_t(n))) {
      ::close(fd);
      refuse_nul(file, s, size_t(static_cast<const char*>(z) - s.data()));
    }
  }
  ::close(fd);
  return s;
}

}  // namespace arbiter::pairing

#pragma once
// A fresh folder under the temporary directory (TMPDIR) for a demo's files, removed with all it
// holds when the demo is done, however it ends.
#include <unistd.h>

#include <filesystem>
#include <string>
#include <system_error>

namespace arbiter::cli {

class DemoDir {
 public:
  explicit DemoDir(const std::string& prefix) {
    std::error_code ec;
    std::string t = (std::filesystem::temp_directory_path(ec) / (prefix + "-XXXXXX")).string();
    if (!ec && ::mkdtemp(t.data())) path_ = t;
  }
  ~DemoDir() {
    std::error_code ec;
    if (!path_.empty()) std::filesystem::remove_all(path_, ec);
  }
  DemoDir(const DemoDir&) = delete;
  DemoDir& operator=(const DemoDir&) = delete;
  bool ok() const { return !path_.empty(); }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace arbiter::cli

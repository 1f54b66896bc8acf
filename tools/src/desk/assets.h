#pragma once
// The desk's pages (tools/src/desk/www/), compiled into the binary at build time by
// tools/embed_assets.cmake: nothing is read from disk or fetched at run time.
#include <string_view>

namespace arbiter::desk {

struct Asset {
  std::string_view path;  // "/desk.js"
  std::string_view content_type;
  std::string_view body;
};
// The asset served at `path`, or nullptr.
const Asset* find_asset(std::string_view path);

}  // namespace arbiter::desk

// The build's absolute paths, compiled from this one file into every test executable. The other
// test sources carry no path on their command lines, so ccache (base_dir) shares their objects
// between checkouts of the project: worktrees, CI clones.
#include "test_support.h"

namespace arbiter::test {

const char* arbiter_bin() { return ARBITER_BIN_PATH; }
const char* shared_dir() { return ARBITER_SHARED_DIR; }
const char* source_dir() { return ARBITER_SOURCE_DIR; }

}  // namespace arbiter::test

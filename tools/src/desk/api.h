#pragma once
// The desk's routes: the JSON API over one event file, the embedded pages and the downloads.
// Every write goes through the event store exactly as `arbiter event` does (lock, journal for
// undo, atomic replace), so the CLI and any number of desks can work on the same event. Rule
// refusals come back as 409 with the library's message (the one the CLI prints), bad input as
// 400, a write without the token as 401. Reads are public except for what FIDE does not publish
// (birth dates: in answers only with the token; the TRF export only with the token). No request
// path reaches the file system: pages are compiled in and exports are made in memory.
#include <string>

#include "http_server.h"

namespace arbiter::desk {

class Desk {
 public:
  Desk(std::string event_file, std::string token);
  Response handle(const Request& q) const;

 private:
  std::string file_, token_;
};

}  // namespace arbiter::desk

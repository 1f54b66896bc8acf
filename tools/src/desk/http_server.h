#pragma once
// The desk's HTTP/1.1 server (Boost.Beast, header-only, so the arbiter executable stays static):
// one thread per connection, a cap on connections, a request size limit, a per-client rate limit,
// and a clean stop on SIGINT/SIGTERM that lets every request in flight finish (a write is either
// committed or never started). It knows nothing of events: a Handler turns requests into
// responses.
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace arbiter::desk {

struct Request {
  std::string method;  // "GET", "POST", ...
  std::string path;    // percent-decoded path without the query
  std::map<std::string, std::string> query;
  std::string authorization;  // the Authorization header
  std::string content_type;
  std::string body;
  std::string client;  // the peer's address
};

struct Response {
  int status = 200;
  std::string content_type = "application/json; charset=utf-8";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;
};

using Handler = std::function<Response(const Request&)>;

struct Limits {
  std::size_t max_body = 4u << 20;  // bytes (a round's PGN fits many times over): 413 beyond
  double rate = 50;                 // requests per second per client, sustained: 429 beyond
  double burst = 200;               // requests a client may make at once
  int max_connections = 512;        // further connections are closed at once (a phone polling
                                    // the public pages keeps one open)
  int idle_seconds = 15;            // a connection silent this long is closed
};

class HttpServer {
 public:
  // Binds `host` (a numeric IPv4/IPv6 address, or "localhost") and `port` (0: any free port).
  // Throws std::runtime_error naming the address when it cannot.
  HttpServer(const std::string& host, unsigned short port, Limits limits, Handler handler);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  unsigned short port() const;  // the port bound (the one chosen when 0 was asked)
  // Serves until SIGINT or SIGTERM, then waits for the requests in flight and returns.
  void run();

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// "%2F" -> "/", "+" stays (paths), false on a malformed escape.
bool percent_decode(const std::string& in, std::string& out, bool plus_is_space);

}  // namespace arbiter::desk

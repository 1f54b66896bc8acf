// The desk's HTTP server (see http_server.h).
#include "http_server.h"

#include <sys/socket.h>
#include <sys/time.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <condition_variable>
#include <list>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace arbiter::desk {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

bool percent_decode(const std::string& in, std::string& out, bool plus_is_space) {
  out.clear();
  auto hex = [](char c) {
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
  };
  for (size_t i = 0; i < in.size(); ++i) {
    if (in[i] == '%') {
      if (i + 2 >= in.size()) return false;
      int a = hex(in[i + 1]), b = hex(in[i + 2]);
      if (a < 0 || b < 0) return false;
      out += char(a * 16 + b);
      i += 2;
    } else if (in[i] == '+' && plus_is_space) {
      out += ' ';
    } else {
      out += in[i];
    }
  }
  return true;
}

namespace {

// Token bucket per client address: `rate` requests per second, up to `burst` at once.
class RateLimiter {
 public:
  RateLimiter(double rate, double burst) : rate_(rate), burst_(burst) {}
  bool allow(const std::string& client) {
    std::lock_guard lock(mutex_);
    auto now = std::chrono::steady_clock::now();
    if (buckets_.size() > 10000) buckets_.clear();  // bounded memory under a flood
    auto [it, fresh] = buckets_.try_emplace(client, Bucket{burst_, now});
    Bucket& b = it->second;
    if (!fresh) {
      double dt = std::chrono::duration<double>(now - b.last).count();
      b.tokens = std::min(burst_, b.tokens + dt * rate_);
      b.last = now;
    }
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

 private:
  struct Bucket {
    double tokens;
    std::chrono::steady_clock::time_point last;
  };
  double rate_, burst_;
  std::mutex mutex_;
  std::map<std::string, Bucket> buckets_;
};

Request to_request(const http::request<http::string_body>& r, const std::string& client) {
  Request q;
  q.method = std::string(r.method_string());
  std::string target(r.target());
  std::string raw_path = target.substr(0, target.find('?'));
  if (!percent_decode(raw_path, q.path, false)) q.path = "\x01";  // routed nowhere: 404
  if (auto qm = target.find('?'); qm != std::string::npos) {
    std::string rest = target.substr(qm + 1);
    size_t pos = 0;
    while (pos <= rest.size()) {
      size_t amp = rest.find('&', pos);
      std::string kv = rest.substr(pos, amp == std::string::npos ? std::string::npos : amp - pos);
      size_t eq = kv.find('=');
      std::string k, v;
      if (percent_decode(kv.substr(0, eq), k, true) &&
          percent_decode(eq == std::string::npos ? "" : kv.substr(eq + 1), v, true) && !k.empty())
        q.query[k] = v;
      if (amp == std::string::npos) break;
      pos = amp + 1;
    }
  }
  q.authorization = std::string(r[http::field::authorization]);
  q.content_type = std::string(r[http::field::content_type]);
  q.body = r.body();
  q.client = client;
  return q;
}

http::response<http::string_body> to_beast(const Response& s, unsigned version, bool keep_alive) {
  http::response<http::string_body> r{static_cast<http::status>(s.status), version};
  r.set(http::field::server, "arbiter");
  r.set(http::field::content_type, s.content_type);
  // The pages load nothing from elsewhere and run no inline script: a name that slipped through
  // escaping still could not run.
  r.set("Content-Security-Policy",
        "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
        "frame-ancestors 'none'; base-uri 'none'; form-action 'self'");
  r.set("X-Content-Type-Options", "nosniff");
  r.set("X-Frame-Options", "DENY");
  r.set("Referrer-Policy", "no-referrer");
  r.set(http::field::cache_control, "no-store");
  for (const auto& [k, v] : s.headers) r.set(k, v);
  r.keep_alive(keep_alive);
  r.body() = s.body;
  r.prepare_payload();
  return r;
}

// Whom the rate limit counts: the peer, or behind a reverse proxy on this machine (the README's
// TLS set-up) the client the proxy names last in X-Forwarded-For. Only a local proxy is
// believed: a remote peer could name anyone.
std::string rate_key(const std::string& peer, const http::request<http::string_body>& r) {
  const bool local = peer == "127.0.0.1" || peer == "::1" || peer.rfind("::ffff:127.", 0) == 0;
  auto xff = r["X-Forwarded-For"];
  if (!local || xff.empty()) return peer;
  std::string last(xff.substr(xff.rfind(',') == std::string_view::npos ? 0 : xff.rfind(',') + 1));
  size_t b = last.find_first_not_of(' ');
  return b == std::string::npos ? peer : "fwd:" + last.substr(b, 64);
}

Response plain(int status, const std::string& message) {
  return {status, "application/json; charset=utf-8", "{\"error\":\"" + message + "\"}", {}};
}

}  // namespace

struct HttpServer::Impl {
  Limits limits;
  Handler handler;
  asio::io_context io;
  tcp::acceptor acceptor{io};
  asio::signal_set signals{io, SIGINT, SIGTERM};
  RateLimiter limiter;
  std::mutex mutex;
  std::condition_variable idle;
  struct Conn {
    std::thread thread;
    int fd = -1;
    bool done = false;
  };
  std::list<Conn> conns;
  bool stopping = false;

  Impl(Limits l, Handler h) : limits(l), handler(std::move(h)), limiter(l.rate, l.burst) {}

  void accept() {
    acceptor.async_accept([this](beast::error_code ec, tcp::socket socket) {
      if (ec) return;  // closed by stop()
      start(std::move(socket));
      accept();
    });
  }

  void reap() {  // joins finished connection threads (mutex held)
    for (auto it = conns.begin(); it != conns.end();)
      if (it->done) {
        it->thread.join();
        it = conns.erase(it);
      } else {
        ++it;
      }
  }

  void start(tcp::socket socket) {
    std::lock_guard lock(mutex);
    reap();
    if (stopping || int(conns.size()) >= limits.max_connections) return;  // closes the socket
    timeval tv{limits.idle_seconds, 0};
    setsockopt(socket.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    setsockopt(socket.native_handle(), SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    conns.emplace_back();
    Conn* c = &conns.back();
    c->fd = socket.native_handle();
    c->thread = std::thread([this, c, s = std::move(socket)]() mutable {
      serve(s);
      beast::error_code ignored;
      s.shutdown(tcp::socket::shutdown_both, ignored);
      s.close(ignored);
      std::lock_guard l(mutex);
      c->done = true;
      idle.notify_all();
    });
  }

  void serve(tcp::socket& s) {
    beast::error_code ec;
    std::string client = s.remote_endpoint(ec).address().to_string();
    beast::flat_buffer buffer;
    for (;;) {
      http::request_parser<http::string_body> parser;
      parser.body_limit(limits.max_body);
      parser.header_limit(16 * 1024);
      // The header first: a declared body over the limit is refused before a byte of it is read.
      http::read_header(s, buffer, parser, ec);
      if (!ec && parser.content_length() && *parser.content_length() > limits.max_body)
        ec = http::error::body_limit;
      if (!ec && !parser.is_done()) http::read(s, buffer, parser, ec);
      if (ec == http::error::body_limit) {
        auto r = to_beast(plain(413, "request too large"), 11, false);
        http::write(s, r, ec);
        return;
      }
      if (ec) return;  // closed, timed out or malformed: nothing more to say
      const auto& req = parser.get();
      Response out = limiter.allow(rate_key(client, req))
                         ? handle(to_request(req, client))
                         : plain(429, "too many requests; slow down");
      if (out.status == 429) out.headers.emplace_back("Retry-After", "1");
      bool keep = req.keep_alive() && !stopping_now();
      auto r = to_beast(out, req.version(), keep);
      if (req.method() == http::verb::head) r.body().clear();
      http::write(s, r, ec);
      if (ec || !keep) return;
    }
  }

  Response handle(const Request& q) {
    try {
      return handler(q);
    } catch (const std::exception& e) {
      return plain(500, "internal error");
    }
  }

  bool stopping_now() {
    std::lock_guard lock(mutex);
    return stopping;
  }

  void stop() {
    beast::error_code ignored;
    acceptor.close(ignored);
    std::unique_lock lock(mutex);
    stopping = true;
    // Idle connections wait in read(): shutting the read side ends them; a request being
    // handled finishes and its response is still sent.
    for (auto& c : conns)
      if (!c.done) ::shutdown(c.fd, SHUT_RD);
    idle.wait(lock, [&] {
      for (auto& c : conns)
        if (!c.done) return false;
      return true;
    });
    reap();
  }
};

HttpServer::HttpServer(const std::string& host, unsigned short port, Limits limits, Handler handler)
    : impl_(std::make_unique<Impl>(limits, std::move(handler))) {
  beast::error_code ec;
  auto addr = asio::ip::make_address(host == "localhost" ? "127.0.0.1" : host, ec);
  if (ec) throw std::runtime_error("--host '" + host + "' is not an IP address");
  tcp::endpoint ep{addr, port};
  auto& a = impl_->acceptor;
  a.open(ep.protocol(), ec);
  if (!ec) a.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) a.bind(ep, ec);
  if (!ec) a.listen(asio::socket_base::max_listen_connections, ec);
  if (ec)
    throw std::runtime_error("cannot listen on " + host + ":" + std::to_string(port) + ": " +
                             ec.message());
}

HttpServer::~HttpServer() = default;

unsigned short HttpServer::port() const { return impl_->acceptor.local_endpoint().port(); }

void HttpServer::run() {
  impl_->signals.async_wait([this](beast::error_code, int) { impl_->io.stop(); });
  impl_->accept();
  impl_->io.run();
  impl_->stop();
}

}  // namespace arbiter::desk

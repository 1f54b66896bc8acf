// arbiter serve FILE [--host ADDR] [--port N] [--token T]: the arbiters' desk (issue 21), a web
// application over one event file. The first line on stdout is exactly
// `serving FILE at http://HOST:PORT/ (token: TOKEN)`; SIGINT/SIGTERM stop it once the requests in
// flight are answered (each write is committed whole by the event store, or not at all).
#include <boost/program_options.hpp>
#include <iostream>
#include <random>

#include "api.h"
#include "cli_options.h"
#include "command.h"
#include "event_cli.h"
#include "http_server.h"

namespace arbiter::desk {
namespace {
namespace po = boost::program_options;

// 128 bits from the system's entropy source, as hex: the token only the arbiters are told.
std::string random_token() {
  std::random_device rd;
  std::string out;
  const char* hex = "0123456789abcdef";
  for (int i = 0; i < 8; ++i) {
    unsigned v = rd();
    for (int k = 0; k < 4; ++k) out += hex[(v >> (4 * k)) & 15];
  }
  return out;
}

bool token_ok(const std::string& t) {
  if (t.empty() || t.size() > 200) return false;
  for (char c : t)
    if (!std::isalnum(static_cast<unsigned char>(c)) && !std::strchr("-._~+/=", c)) return false;
  return true;
}

int run(const std::vector<std::string>& args) {
  po::options_description opts(
      "arbiter serve FILE [--host ADDR] [--port N] [--token T]\n\n"
      "Serves the arbiters' desk for the event FILE: pages at http://HOST:PORT/, public pages at\n"
      "/public, the JSON API under /api/ (docs/desk-api.md). Writes need the token");
  std::string file, host = "127.0.0.1", token;
  int port = 8960;
  double rate = 50;
  opts.add_options()("help,h", "show this help")(
      "host", po::value(&host), "address to listen on (default 127.0.0.1: this machine only)")(
      "port", po::value(&port), "port (default 8960; 0: any free port)")(
      "token", po::value(&token), "token for writes (default: a random one, printed)")(
      "rate", po::value(&rate), "requests per second allowed per client (default 50)");
  po::options_description hidden;
  hidden.add_options()("file", po::value(&file), "event file");
  po::positional_options_description pos;
  pos.add("file", 1);
  const auto vm = cli::parse_options(args, opts, pos, hidden);
  if (!vm) return cli::kExitOk;
  if (file.empty()) throw po::error("give the event file: arbiter serve FILE");
  if (port < 0 || port > 65535) throw po::error("--port must be 0-65535");
  if (!(rate > 0)) throw po::error("--rate must be positive");
  if (token.empty()) token = random_token();
  if (!token_ok(token)) throw po::error("--token: 1-200 characters of A-Z a-z 0-9 - . _ ~ + / =");
  try {
    cli::event::load(file);  // refuse a missing or broken event before listening
  } catch (const std::exception& e) {
    std::cerr << "arbiter serve: " << e.what() << '\n';
    return cli::kExitUsage;
  }
  Limits limits;
  limits.rate = rate;
  limits.burst = std::max(4 * rate, 20.0);
  Desk desk(file, token);
  std::unique_ptr<HttpServer> server;
  try {
    server = std::make_unique<HttpServer>(host, static_cast<unsigned short>(port), limits,
                                          [&desk](const Request& q) { return desk.handle(q); });
  } catch (const std::runtime_error& e) {
    std::cerr << "arbiter serve: " << e.what() << '\n';
    return cli::kExitFailure;
  }
  const std::string shown = host.find(':') != std::string::npos ? "[" + host + "]" : host;
  std::cout << "serving " << file << " at http://" << shown << ':' << server->port()
            << "/ (token: " << token << ")" << std::endl;
  server->run();
  std::cout << "stopped" << std::endl;
  return cli::kExitOk;
}

const cli::RegisterCommand reg{
    {"serve", "the arbiters' desk: a web application over an event", run}};

}  // namespace
}  // namespace arbiter::desk

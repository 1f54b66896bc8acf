#include "cli_options.h"

#include <cstdint>
#include <iostream>
#include <typeinfo>

namespace arbiter::cli {

namespace po = boost::program_options;

namespace {

bool numeric(const std::type_info& t) {
  return t == typeid(int) || t == typeid(long) || t == typeid(long long) || t == typeid(unsigned) ||
         t == typeid(unsigned long) || t == typeid(unsigned long long) || t == typeid(double) ||
         t == typeid(float) || t == typeid(short) || t == typeid(unsigned short);
}

// `-t.trf`: a short option that takes a value, with a value that is not a number attached.
void refuse_attached_values(const std::vector<std::string>& args,
                            const po::options_description& o) {
  for (const auto& a : args) {
    if (a == "--") return;
    if (a.size() < 3 || a[0] != '-' || a[1] == '-') continue;
    const auto* d = o.find_nothrow(a.substr(0, 2), false, false, false);
    if (!d || d->semantic()->max_tokens() == 0) continue;
    const char c = a[2];
    if ((c >= '0' && c <= '9') || c == '=') continue;
    throw po::error("'" + a + "': write '" + a.substr(0, 2) + " " + a.substr(2) +
                    "' (a space before the value) if that is what you mean");
  }
}

void refuse_negative_numbers(const po::parsed_options& parsed, const po::variables_map& vm) {
  for (const auto& o : parsed.options) {
    if (o.unregistered || o.string_key.empty() || !vm.count(o.string_key)) continue;
    const auto& v = vm[o.string_key].value();
    if (v.empty() || !numeric(v.type())) continue;
    for (const auto& tok : o.value)
      if (!tok.empty() && tok[0] == '-')
        throw po::error("--" + o.string_key + " " + tok + ": must be 0 or more");
  }
}

// Parses `args` into `vm` with the checks above (po::error on a violation); no notify, no help.
void store_command_line(const std::vector<std::string>& args, const po::options_description& opts,
                        const po::positional_options_description& positional,
                        po::variables_map& vm) {
  refuse_attached_values(args, opts);
  const po::parsed_options parsed =
      po::command_line_parser(args).options(opts).positional(positional).run();
  po::store(parsed, vm);
  refuse_negative_numbers(parsed, vm);
}

}  // namespace

std::optional<po::variables_map> parse_options(const std::vector<std::string>& args,
                                               const po::options_description& opts,
                                               const po::positional_options_description& positional,
                                               const po::options_description& hidden,
                                               std::string_view usage) {
  po::options_description all;
  all.add(opts).add(hidden);
  po::variables_map vm;
  store_command_line(args, all, positional, vm);
  if (vm.count("help")) {
    std::cout << usage << opts << '\n';
    return std::nullopt;
  }
  po::notify(vm);
  return vm;
}

ParsedOptions parse_or_report(std::string_view command, const std::vector<std::string>& args,
                              const po::options_description& opts,
                              const po::positional_options_description& pos, std::string_view usage,
                              int error_status, AfterParseError after) {
  try {
    return {parse_options(args, opts, pos, {}, usage), 0};
  } catch (const po::error& e) {
    std::cerr << "arbiter " << command << ": " << e.what() << '\n';
    if (after == AfterParseError::Usage) std::cerr << usage;
    if (after == AfterParseError::Options) std::cerr << opts;
    return {std::nullopt, error_status};
  }
}

}  // namespace arbiter::cli

#pragma once
// A small value-or-error type (std::expected is C++23; g++ 12 offers it only in that mode).
#include <stdexcept>
#include <string>
#include <utility>
#include <variant>

namespace arbiter {

template <class E>
struct Unexpected {
  E error;
};
template <class E>
Unexpected<std::decay_t<E>> unexpected(E&& e) {
  return {std::forward<E>(e)};
}

// Either a T or an E. Errors are expected to offer `std::string message() const`; value() on an
// error throws std::runtime_error carrying that message.
template <class T, class E>
class Result {
 public:
  Result(T value) : v_(std::in_place_index<0>, std::move(value)) {}
  template <class G>
  Result(Unexpected<G> e) : v_(std::in_place_index<1>, std::move(e.error)) {}

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  const T& value() const& {
    if (!ok()) throw std::runtime_error(error().message());
    return std::get<0>(v_);
  }
  T& value() & {
    if (!ok()) throw std::runtime_error(error().message());
    return std::get<0>(v_);
  }
  T&& value() && {
    if (!ok()) throw std::runtime_error(error().message());
    return std::get<0>(std::move(v_));
  }
  const T& operator*() const& { return std::get<0>(v_); }
  T& operator*() & { return std::get<0>(v_); }
  const T* operator->() const { return &std::get<0>(v_); }
  T* operator->() { return &std::get<0>(v_); }
  const E& error() const { return std::get<1>(v_); }

 private:
  std::variant<T, E> v_;
};

}  // namespace arbiter

// Boxed<T>: an optional value kept on the heap, with value semantics.
//
// Contract: behaves like std::optional<T> for the operations the scene model
// uses (has_value, bool, *, ->, value, emplace, reset, assignment from T,
// std::optional<T> or std::nullopt, copy and move, ==, conversion to
// std::optional<T>), but an empty one costs
// one pointer. Scene nodes hold their rarely used parts this way, all of them
// in one box (NodeRareParts, core/scene.h), rig segments their aim, and an
// Ease the control points of a written array (core/easing.h), so that a
// 100,000-node scene does not pay for them on every node.
#ifndef CINC_CORE_BOXED_H_
#define CINC_CORE_BOXED_H_

#include <concepts>
#include <memory>
#include <optional>
#include <type_traits>
#include <utility>

namespace cinc {

template <typename T>
class Boxed {
 public:
  Boxed() = default;
  Boxed(std::nullopt_t) {}  // NOLINT(google-explicit-constructor): like std::optional
  Boxed(T value) : value_(std::make_unique<T>(std::move(value))) {}  // NOLINT: like optional
  Boxed(const Boxed& other) : value_(other.value_ ? std::make_unique<T>(*other.value_) : nullptr) {}
  Boxed(Boxed&&) noexcept = default;
  Boxed& operator=(const Boxed& other) {
    if (this != &other) value_ = other.value_ ? std::make_unique<T>(*other.value_) : nullptr;
    return *this;
  }
  Boxed& operator=(Boxed&&) noexcept = default;
  Boxed& operator=(std::nullopt_t) {
    value_.reset();
    return *this;
  }
  Boxed& operator=(T value) {
    value_ = std::make_unique<T>(std::move(value));
    return *this;
  }
  // Only a std::optional<T> itself: a value that converts to T goes to the
  // overload above, not through an optional.
  template <typename Optional>
  requires std::same_as<std::remove_cvref_t<Optional>, std::optional<T>> Boxed& operator=(
      Optional&& value) {
    value_ = value ? std::make_unique<T>(*std::forward<Optional>(value)) : nullptr;
    return *this;
  }

  bool has_value() const { return value_ != nullptr; }
  explicit operator bool() const { return has_value(); }
  T& operator*() { return *value_; }
  const T& operator*() const { return *value_; }
  T* operator->() { return value_.get(); }
  const T* operator->() const { return value_.get(); }
  T& value() { return *value_; }
  const T& value() const { return *value_; }
  template <typename... Arguments>
  T& emplace(Arguments&&... arguments) {
    value_ = std::make_unique<T>(std::forward<Arguments>(arguments)...);
    return *value_;
  }
  void reset() { value_.reset(); }
  // As a std::optional, for code that takes one.
  operator std::optional<T>() const {  // NOLINT(google-explicit-constructor): like optional
    return has_value() ? std::optional<T>(*value_) : std::nullopt;
  }

  friend bool operator==(const Boxed& boxed, std::nullopt_t) { return !boxed.has_value(); }
  // As std::optional's: two empty ones are equal, an empty one equals no
  // value, and two values compare as T does.
  friend bool operator==(const Boxed& left, const Boxed& right) {
    if (!left.has_value() || !right.has_value()) return left.has_value() == right.has_value();
    return *left == *right;
  }

 private:
  std::unique_ptr<T> value_;
};

}  // namespace cinc

#endif  // CINC_CORE_BOXED_H_

// BoxedList<T>: a list kept on the heap, with value semantics, that costs one
// pointer while it is empty.
//
// Contract: behaves like std::vector<T> for the operations the scene model
// uses (empty, size, [], front, back, begin/end as pointers, push_back,
// emplace_back, clear, construction from a vector or a braced list, copy and
// move, ==; TakeItems moves the items out as a vector), but an empty one is 8 bytes where a vector
// is 24. Scene nodes hold their rarely used lists (until, cues, a path's points) this way, so that
// a 100,000-node scene does not pay for them on every node. Pointers into the list stay valid as
// long as a vector's would.
#ifndef CINC_CORE_BOXED_LIST_H_
#define CINC_CORE_BOXED_LIST_H_

#include <cstddef>
#include <initializer_list>
#include <memory>
#include <utility>
#include <vector>

namespace cinc {

template <typename T>
class BoxedList {
 public:
  BoxedList() = default;
  BoxedList(std::initializer_list<T> items) : BoxedList(std::vector<T>(items)) {}
  BoxedList(std::vector<T> items)  // NOLINT(google-explicit-constructor): like a vector
      : items_(items.empty() ? nullptr : std::make_unique<std::vector<T>>(std::move(items))) {}
  BoxedList(const BoxedList& other) : BoxedList(other.empty() ? std::vector<T>() : *other.items_) {}
  BoxedList(BoxedList&&) noexcept = default;
  BoxedList& operator=(const BoxedList& other) {
    if (this != &other) *this = BoxedList(other);
    return *this;
  }
  BoxedList& operator=(BoxedList&&) noexcept = default;

  bool empty() const { return items_ == nullptr || items_->empty(); }
  size_t size() const { return items_ == nullptr ? 0 : items_->size(); }
  T* begin() { return items_ == nullptr ? nullptr : items_->data(); }
  T* end() { return begin() + size(); }
  const T* begin() const { return items_ == nullptr ? nullptr : items_->data(); }
  const T* end() const { return begin() + size(); }
  T& operator[](size_t index) { return (*items_)[index]; }
  const T& operator[](size_t index) const { return (*items_)[index]; }
  T& front() { return items_->front(); }
  const T& front() const { return items_->front(); }
  T& back() { return items_->back(); }
  const T& back() const { return items_->back(); }

  void push_back(T item) { Items().push_back(std::move(item)); }
  template <typename... Arguments>
  T& emplace_back(Arguments&&... arguments) {
    return Items().emplace_back(std::forward<Arguments>(arguments)...);
  }
  void clear() { items_.reset(); }
  // The items as a vector, leaving the list empty.
  std::vector<T> TakeItems() {
    std::vector<T> items;
    if (items_ != nullptr) items = std::move(*items_);
    items_.reset();
    return items;
  }

  friend bool operator==(const BoxedList& left, const BoxedList& right) {
    if (left.empty() || right.empty()) return left.empty() == right.empty();
    return *left.items_ == *right.items_;
  }

 private:
  std::vector<T>& Items() {
    if (items_ == nullptr) items_ = std::make_unique<std::vector<T>>();
    return *items_;
  }

  std::unique_ptr<std::vector<T>> items_;
};

}  // namespace cinc

#endif  // CINC_CORE_BOXED_LIST_H_

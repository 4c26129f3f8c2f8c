// ComponentList: a key's value or tangent, the few doubles of one sample.
//
// Contract: behaves like std::vector<double> for the operations the sequence
// model uses (size, empty, [], data, begin/end as pointers, push_back,
// pop_back, resize, clear, construction from a braced list, a vector or a range, copy
// and move, ==, conversion to std::vector<double>). Up to kInline
// components live in the object itself, so the 1- and 3-component values of
// every key take no heap block; a longer list (a malformed file being read)
// moves to the heap. 32 bytes.
#ifndef CINC_SEQUENCE_COMPONENT_LIST_H_
#define CINC_SEQUENCE_COMPONENT_LIST_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

namespace cinc {

class ComponentList {
 public:
  static constexpr size_t kInline = 3;

  ComponentList() = default;
  ComponentList(std::initializer_list<double> components)
      : ComponentList(components.begin(), components.end()) {}
  ComponentList(const std::vector<double>& components)  // NOLINT(google-explicit-constructor)
      : ComponentList(components.data(), components.data() + components.size()) {}
  ComponentList(const double* first, const double* last) { Assign(first, last); }
  ComponentList(const ComponentList& other) { Assign(other.begin(), other.end()); }
  ComponentList(ComponentList&& other) noexcept { Steal(&other); }
  ComponentList& operator=(const ComponentList& other) {
    if (this != &other) Assign(other.begin(), other.end());
    return *this;
  }
  ComponentList& operator=(ComponentList&& other) noexcept {
    if (this != &other) {
      Free();
      Steal(&other);
    }
    return *this;
  }
  ~ComponentList() { Free(); }

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  double* data() { return OnHeap() ? storage_.heap.components : storage_.inline_components; }
  const double* data() const {
    return OnHeap() ? storage_.heap.components : storage_.inline_components;
  }
  double* begin() { return data(); }
  double* end() { return data() + size_; }
  const double* begin() const { return data(); }
  const double* end() const { return data() + size_; }
  double& operator[](size_t index) { return data()[index]; }
  const double& operator[](size_t index) const { return data()[index]; }

  void push_back(double component) {
    Reserve(size_ + 1);
    data()[size_++] = component;
  }
  void resize(size_t size, double component = 0) {
    Reserve(size);
    std::fill(data() + std::min<size_t>(size, size_), data() + size, component);
    size_ = static_cast<uint32_t>(size);
  }
  void pop_back() { --size_; }
  void clear() { size_ = 0; }

  operator std::vector<double>() const {  // NOLINT(google-explicit-constructor)
    return std::vector<double>(begin(), end());
  }
  friend bool operator==(const ComponentList& left, const ComponentList& right) {
    return std::equal(left.begin(), left.end(), right.begin(), right.end());
  }

 private:
  bool OnHeap() const { return capacity_ > kInline; }

  void Assign(const double* first, const double* last) {
    size_t count = static_cast<size_t>(last - first);
    if (count > capacity_) {  // `first` is another list's: nothing here is kept
      size_ = 0;
      Free();
      Reserve(count);
    }
    std::copy(first, last, data());
    size_ = static_cast<uint32_t>(count);
  }

  void Reserve(size_t count) {
    if (count <= capacity_) return;
    size_t capacity = std::max<size_t>(count, 2 * size_t{capacity_});
    auto* components = new double[capacity];
    std::copy(begin(), end(), components);
    Free();
    storage_.heap.components = components;
    capacity_ = static_cast<uint32_t>(capacity);
  }

  void Free() {
    if (OnHeap()) delete[] storage_.heap.components;
    capacity_ = kInline;
  }

  void Steal(ComponentList* other) {
    size_ = other->size_;
    capacity_ = other->capacity_;
    storage_ = other->storage_;
    other->size_ = 0;
    other->capacity_ = kInline;
  }

  union Storage {
    double inline_components[kInline];
    struct {
      double* components;
    } heap;
  };
  Storage storage_{};
  uint32_t size_ = 0;
  uint32_t capacity_ = kInline;
};

}  // namespace cinc

#endif  // CINC_SEQUENCE_COMPONENT_LIST_H_

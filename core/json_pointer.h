// JsonPointer: where in the scene document a value was written
// ("/objects/body/nodes/2/at"), as every located value of a loaded scene
// keeps it for its diagnostics (an entry of a list keeps the list's, and
// its index: Origin, core/scene.h); PathStore: the text those pointers
// view.
//
// Contract: a JsonPointer is one pointer wide and does not own its text. It
// views a string literal (the only text it can be made from directly) or
// text a PathStore interned, which must outlive it: a loaded scene's
// pointers view its own store (Scene::paths), which copies of the scene
// share. The default pointer is "" (the whole document). It reads as a
// std::string_view wherever one is taken (a diagnostic's path), and
// `pointer + "/data"` makes a std::string. PathStore::Intern copies the text
// once, into blocks that never move, so that a 100,000-node scene's
// pointers cost their characters and not a heap block and a 32-byte string
// each.
#ifndef CINC_CORE_JSON_POINTER_H_
#define CINC_CORE_JSON_POINTER_H_

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace cinc {

class JsonPointer {
 public:
  constexpr JsonPointer() = default;
  // A literal lives as long as the program.
  // consteval: only constant text (a literal), never a local array.
  template <size_t N>
  consteval JsonPointer(const char (&literal)[N])  // NOLINT: implicit, as a string's
      : text_(literal) {}

  std::string_view view() const { return text_; }
  operator std::string_view() const { return text_; }  // NOLINT: reads as a string
  std::string str() const { return text_; }
  bool empty() const { return *text_ == '\0'; }

  friend bool operator==(const JsonPointer& a, const JsonPointer& b) {
    return a.view() == b.view();
  }
  friend bool operator==(const JsonPointer& a, const char* b) { return a.view() == b; }
  friend bool operator==(const JsonPointer& a, const std::string& b) { return a.view() == b; }
  friend std::string operator+(const JsonPointer& pointer, std::string_view suffix) {
    std::string joined(pointer.view());
    joined += suffix;
    return joined;
  }

 private:
  friend class PathStore;
  static JsonPointer Interned(const char* text) {
    JsonPointer pointer;
    pointer.text_ = text;
    return pointer;
  }

  const char* text_ = "";
};

class PathStore {
 public:
  PathStore() = default;
  PathStore(const PathStore&) = delete;
  PathStore& operator=(const PathStore&) = delete;

  JsonPointer Intern(std::string_view path);
  // Takes `other`'s text (pointers into it stay valid, now viewing this store's).
  void Adopt(PathStore&& other);

 private:
  std::vector<std::unique_ptr<char[]>> blocks_;
  size_t room_ = 0;  // free bytes at the end of the last block
  char* next_ = nullptr;
};

}  // namespace cinc

#endif  // CINC_CORE_JSON_POINTER_H_

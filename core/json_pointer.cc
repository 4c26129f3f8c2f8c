#include "core/json_pointer.h"

#include <algorithm>
#include <cstring>
#include <utility>

namespace cinc {
namespace {

// Most scenes' pointers fit in one block; a large scene's take a few hundred.
constexpr size_t kBlockBytes = size_t{64} * 1024;

}  // namespace

JsonPointer PathStore::Intern(std::string_view path) {
  if (path.empty()) return JsonPointer();
  const size_t needed = path.size() + 1;
  if (needed > room_) {
    size_t size = std::max(kBlockBytes, needed);
    blocks_.push_back(std::make_unique<char[]>(size));
    next_ = blocks_.back().get();
    room_ = size;
  }
  char* text = next_;
  std::memcpy(text, path.data(), path.size());
  text[path.size()] = '\0';
  next_ += needed;
  room_ -= needed;
  return JsonPointer::Interned(text);
}

void PathStore::Adopt(PathStore&& other) {
  // The adopted blocks go before this store's last one, which keeps its room.
  auto at = blocks_.empty() ? blocks_.end() : blocks_.end() - 1;
  blocks_.insert(at, std::make_move_iterator(other.blocks_.begin()),
                 std::make_move_iterator(other.blocks_.end()));
  other.blocks_.clear();
  other.room_ = 0;
  other.next_ = nullptr;
}

}  // namespace cinc

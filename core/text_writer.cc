#include "core/text_writer.h"

namespace cinc {

std::string* TextWriter::Settle() {
  if (at_ != nullptr) out_->resize(static_cast<size_t>(at_ - out_->data()));
  at_ = nullptr;
  end_ = nullptr;
  return out_;
}

void TextWriter::Grow(size_t bytes) {
  const size_t used = at_ != nullptr ? static_cast<size_t>(at_ - out_->data()) : out_->size();
  // resize: within the capacity the string stays where it is; beyond it,
  // std::string grows geometrically.
  out_->resize(used + bytes + kSlack);
  at_ = out_->data() + used;
  end_ = out_->data() + out_->size();
}

}  // namespace cinc

#include "lsp/document_store.h"

#include <filesystem>
#include <utility>

#include "compiler/scene/scene_loader.h"
#include "core/uri_path.h"

namespace cinc {
namespace {

int HexValue(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

void DocumentStore::Open(const std::string& uri, std::string text, int version) {
  OpenDocument document{uri, PathOfFileUri(uri).value_or(""), std::move(text), version};
  documents_[uri] = std::move(document);
  Rekey();
}

bool DocumentStore::Change(const std::string& uri, std::string text, int version) {
  auto found = documents_.find(uri);
  if (found == documents_.end()) return false;
  found->second.text = std::move(text);
  found->second.version = version;
  Rekey();
  return true;
}

void DocumentStore::Close(const std::string& uri) {
  documents_.erase(uri);
  Rekey();
}

const OpenDocument* DocumentStore::Find(std::string_view uri) const {
  auto found = documents_.find(uri);
  return found == documents_.end() ? nullptr : &found->second;
}

const OpenDocument* DocumentStore::FindPath(std::string_view path) const {
  if (path.empty()) return nullptr;
  const std::string key = UnsavedTextKey(std::string(path));
  for (const auto& [uri, document] : documents_) {
    if (!document.path.empty() && UnsavedTextKey(document.path) == key) return &document;
  }
  return nullptr;
}

std::vector<const OpenDocument*> DocumentStore::All() const {
  std::vector<const OpenDocument*> all;
  for (const auto& [uri, document] : documents_) all.push_back(&document);
  return all;
}

void DocumentStore::Rekey() {
  unsaved_.clear();
  for (const auto& [uri, document] : documents_) {
    if (!document.path.empty()) unsaved_[UnsavedTextKey(document.path)] = document.text;
  }
}

std::optional<std::string> PathOfFileUri(std::string_view uri) {
  constexpr std::string_view kScheme = "file://";
  if (uri.substr(0, kScheme.size()) != kScheme) return std::nullopt;
  std::string_view rest = uri.substr(kScheme.size());
  if (rest.substr(0, 9) == "localhost") rest.remove_prefix(9);
  if (rest.empty() || rest[0] != '/') return std::nullopt;
  std::string path;
  for (size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] != '%') {
      path += rest[i];
      continue;
    }
    if (i + 2 >= rest.size()) return std::nullopt;
    const int high = HexValue(rest[i + 1]);
    const int low = HexValue(rest[i + 2]);
    if (high < 0 || low < 0) return std::nullopt;
    path += static_cast<char>(high * 16 + low);
    i += 2;
  }
  if (path.find('\0') != std::string::npos) return std::nullopt;
  return path;
}

std::string FileUriOfPath(const std::string& path) {
  std::error_code error;
  std::filesystem::path absolute = std::filesystem::absolute(path, error).lexically_normal();
  return "file://" + PercentEncodePath(error ? path : absolute.string());
}

}  // namespace cinc

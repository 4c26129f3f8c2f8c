// The documents an editor has open (`cinc lsp`, docs/lsp.md): their unsaved
// text by URI, and the file: URIs and paths they are known by.
#ifndef CINC_LSP_DOCUMENT_STORE_H_
#define CINC_LSP_DOCUMENT_STORE_H_

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cinc {

struct OpenDocument {
  std::string uri;
  std::string path;  // the file the URI names (empty for another scheme)
  std::string text;
  int version = 0;
};

class DocumentStore {
 public:
  void Open(const std::string& uri, std::string text, int version);
  // Replaces the whole text (full sync); false for a document not open.
  bool Change(const std::string& uri, std::string text, int version);
  void Close(const std::string& uri);

  const OpenDocument* Find(std::string_view uri) const;
  const OpenDocument* FindPath(std::string_view path) const;
  std::vector<const OpenDocument*> All() const;
  // Every open file's text keyed as SceneLoadOptions::unsaved_texts keys
  // them (UnsavedTextKey).
  const std::map<std::string, std::string>& UnsavedTexts() const { return unsaved_; }

 private:
  void Rekey();
  std::map<std::string, OpenDocument, std::less<>> documents_;
  std::map<std::string, std::string> unsaved_;
};

// The path of a file: URI ("file:///a%20b/s.yaml" -> "/a b/s.yaml"), with
// percent escapes decoded; nullopt for another scheme or a bad escape.
std::optional<std::string> PathOfFileUri(std::string_view uri);
// The file: URI of an absolute or relative path (made absolute).
std::string FileUriOfPath(const std::string& path);

}  // namespace cinc

#endif  // CINC_LSP_DOCUMENT_STORE_H_

#include "lsp/lsp_server.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <exception>
#include <iostream>
#include <utility>

#include "compiler/scene/scene_loader.h"
#include "core/input_file.h"
#include "lsp/code_actions.h"
#include "lsp/completion.h"
#include "lsp/definition.h"
#include "lsp/document_symbols.h"
#include "lsp/hover.h"
#include "lsp/message_framing.h"
#include "lsp/rename.h"

namespace cinc {
namespace {

// JSON-RPC's and the protocol's error codes.
constexpr int kParseError = -32700;
constexpr int kInvalidRequest = -32600;
constexpr int kMethodNotFound = -32601;
constexpr int kInvalidParams = -32602;
constexpr int kInternalError = -32603;
constexpr int kServerNotInitialized = -32002;
constexpr int kRequestFailed = -32803;

// A request's failure, thrown inside Answer and turned into its error.
struct RequestError {
  int code;
  std::string message;
};

Json ErrorResponse(const Json& id, int code, const std::string& message) {
  return Json{
      {"jsonrpc", "2.0"}, {"id", id}, {"error", Json{{"code", code}, {"message", message}}}};
}

Json Notification(const std::string& method, Json params) {
  return Json{{"jsonrpc", "2.0"}, {"method", method}, {"params", std::move(params)}};
}

const Json& Field(const Json& object, const char* name) {
  static const Json kNull;
  if (!object.is_object()) return kNull;
  auto found = object.find(name);
  return found == object.end() ? kNull : *found;
}

std::string StringField(const Json& object, const char* name) {
  const Json& value = Field(object, name);
  if (!value.is_string())
    throw RequestError{kInvalidParams, std::string("'") + name + "' is not a string"};
  return value.get<std::string>();
}

// The position of a request, clamped to what a text can hold.
LspPosition PositionOf(const Json& params) {
  const Json& position = Field(params, "position");
  const Json& line = Field(position, "line");
  const Json& character = Field(position, "character");
  if (!line.is_number_integer() || !character.is_number_integer()) {
    throw RequestError{kInvalidParams, "'position' needs integer 'line' and 'character'"};
  }
  auto clamp = [](int64_t value) {
    return static_cast<int>(std::clamp<int64_t>(value, 0, 1 << 30));
  };
  return {clamp(line.get<int64_t>()), clamp(character.get<int64_t>())};
}

Json Capabilities() {
  return Json{
      {"positionEncoding", "utf-16"},
      {"textDocumentSync", Json{{"openClose", true}, {"change", 1}}},
      {"completionProvider", Json{{"triggerCharacters", Json::array({".", "/", " ", ":"})}}},
      {"hoverProvider", true},
      {"definitionProvider", true},
      {"documentSymbolProvider", true},
      {"renameProvider", Json{{"prepareProvider", false}}},
      {"codeActionProvider", Json{{"codeActionKinds", Json::array({"quickfix"})}}}};
}

}  // namespace

LanguageServer::LanguageServer(const LspServerOptions& options) {
  schema_ = Json::parse(options.scene_schema, nullptr, false);
  if (schema_.is_discarded()) schema_ = Json::object();
}

std::vector<Json> LanguageServer::Handle(const std::string& body) {
  Json message = Json::parse(body, nullptr, false);
  if (message.is_discarded())
    return {ErrorResponse(nullptr, kParseError, "the message is not JSON")};
  if (!message.is_object() || !message.contains("method") || !message["method"].is_string()) {
    const Json id = message.is_object() && message.contains("id") ? message["id"] : Json();
    if (message.is_object() && !message.contains("method") && message.contains("id")) {
      return {};  // a response to a request of ours: none are sent
    }
    return {ErrorResponse(id, kInvalidRequest, "the message is not a request or a notification")};
  }
  try {
    return Dispatch(message);
  } catch (const std::exception& error) {
    if (!message.contains("id")) return {};
    return {ErrorResponse(message["id"], kInternalError, error.what())};
  }
}

std::vector<Json> LanguageServer::Dispatch(const Json& message) {
  const std::string method = message["method"].get<std::string>();
  const Json& params = Field(message, "params");
  if (!message.contains("id")) {
    if (method == "exit") {
      exit_status_ = shut_down_ ? 0 : 1;
    } else if (initialized_ && !shut_down_) {
      try {
        Notice(method, params);
      } catch (const RequestError&) {
        // A notification has no answer: a malformed one is dropped.
      }
    }
    return {};
  }
  const Json& id = message["id"];
  if (!id.is_string() && !id.is_number_integer()) {
    return {ErrorResponse(nullptr, kInvalidRequest, "a request's id is a string or an integer")};
  }
  if (method == "initialize") {
    if (initialized_) return {ErrorResponse(id, kInvalidRequest, "already initialized")};
    initialized_ = true;
    return {Json{{"jsonrpc", "2.0"},
                 {"id", id},
                 {"result",
                  Json{{"capabilities", Capabilities()}, {"serverInfo", Json{{"name", "cinc"}}}}}}};
  }
  if (!initialized_) return {ErrorResponse(id, kServerNotInitialized, "not initialized")};
  if (shut_down_) return {ErrorResponse(id, kInvalidRequest, "the server was shut down")};
  if (method == "shutdown") {
    shut_down_ = true;
    return {Json{{"jsonrpc", "2.0"}, {"id", id}, {"result", nullptr}}};
  }
  try {
    std::vector<Json> out;
    // A request about a document answers on the latest text.
    if (dirty_) out = Analyze();
    out.push_back(Json{{"jsonrpc", "2.0"}, {"id", id}, {"result", Answer(method, params)}});
    return out;
  } catch (const RequestError& error) {
    return {ErrorResponse(id, error.code, error.message)};
  }
}

void LanguageServer::Notice(const std::string& method, const Json& params) {
  const Json& document = Field(params, "textDocument");
  if (method == "textDocument/didOpen") {
    const Json& version = Field(document, "version");
    documents_.Open(StringField(document, "uri"), StringField(document, "text"),
                    version.is_number_integer() ? version.get<int>() : 0);
    dirty_ = true;
  } else if (method == "textDocument/didChange") {
    const Json& changes = Field(params, "contentChanges");
    if (!changes.is_array() || changes.empty()) return;
    const Json& version = Field(document, "version");
    // Full sync: the last change holds the whole text.
    if (documents_.Change(StringField(document, "uri"), StringField(changes.back(), "text"),
                          version.is_number_integer() ? version.get<int>() : 0)) {
      dirty_ = true;
    }
  } else if (method == "textDocument/didClose") {
    documents_.Close(StringField(document, "uri"));
    dirty_ = true;
  }
}

std::string LanguageServer::TextOfFile(const std::string& path) const {
  if (const OpenDocument* open = documents_.FindPath(path)) return open->text;
  std::string text;
  if (ReadInputFile(path, InputKind::kScene, &text).refused()) return "";
  return text;
}

std::vector<Json> LanguageServer::Analyze() {
  dirty_ = false;
  std::map<std::string, Json> by_file;
  std::set<std::string> scenes;
  for (const OpenDocument* document : documents_.All()) {
    if (document->path.empty() || DetectDocumentKind(document->text) != DocumentKind::kScene) {
      continue;
    }
    scenes.insert(document->path);
    auto analysis = std::make_unique<SceneAnalysis>(
        AnalyzeScene(document->path, documents_.UnsavedTexts(), &cache_));
    for (auto& [file, list] : DiagnosticsByFile(
             *analysis, [this](const std::string& path) { return TextOfFile(path); })) {
      Json& merged = by_file[UnsavedTextKey(file)];
      if (merged.is_null()) merged = Json::array();
      for (Json& item : list) merged.push_back(std::move(item));
    }
    if (analysis->loaded || !loaded_.contains(document->path)) {
      loaded_[document->path] = std::make_unique<SceneAnalysis>(*analysis);
    }
    latest_[document->path] = std::move(analysis);
  }
  std::erase_if(latest_, [&](const auto& entry) { return !scenes.contains(entry.first); });
  std::erase_if(loaded_, [&](const auto& entry) { return !scenes.contains(entry.first); });
  std::vector<Json> out;
  for (const std::string& file : published_) {
    if (!by_file.contains(file)) by_file[file] = Json::array();
  }
  published_.clear();
  for (auto& [file, list] : by_file) {
    if (!list.empty()) published_.insert(file);
    out.push_back(Notification("textDocument/publishDiagnostics",
                               Json{{"uri", FileUriOfPath(file)}, {"diagnostics", list}}));
  }
  return out;
}

std::optional<SceneView> LanguageServer::ViewOf(const Json& params) {
  const std::string uri = StringField(Field(params, "textDocument"), "uri");
  const OpenDocument* document = documents_.Find(uri);
  if (document == nullptr || document->path.empty()) return std::nullopt;
  const std::string key = UnsavedTextKey(document->path);
  const SceneAnalysis* found = nullptr;
  for (const auto& [scene, analysis] : loaded_) {
    if (UnsavedTextKey(scene) == key) found = analysis.get();
  }
  // An included file: the scene that read it.
  for (const auto& [scene, analysis] : loaded_) {
    if (found != nullptr) break;
    for (const std::string& file : analysis->scene.included_files) {
      if (UnsavedTextKey(file) == key) found = analysis.get();
    }
  }
  if (found == nullptr) return std::nullopt;
  return SceneView{found, document->path, document->text, &schema_,
                   [this](const std::string& path) { return TextOfFile(path); }};
}

Json LanguageServer::Answer(const std::string& method, const Json& params) {
  static const std::set<std::string> kKnown = {
      "textDocument/completion",     "textDocument/hover",  "textDocument/definition",
      "textDocument/documentSymbol", "textDocument/rename", "textDocument/codeAction"};
  if (!kKnown.contains(method)) throw RequestError{kMethodNotFound, "unknown method " + method};
  const std::optional<SceneView> view = ViewOf(params);
  if (method == "textDocument/codeAction") {
    const std::string uri = StringField(Field(params, "textDocument"), "uri");
    const OpenDocument* document = documents_.Find(uri);
    if (document == nullptr) return Json::array();
    return CodeActions(uri, document->text, Field(Field(params, "context"), "diagnostics"));
  }
  if (!view.has_value()) {
    return method == "textDocument/documentSymbol" || method == "textDocument/completion"
               ? Json::array()
               : Json();
  }
  if (method == "textDocument/documentSymbol") return DocumentSymbols(*view);
  const size_t offset = OffsetOfPosition(view->text, PositionOf(params));
  if (method == "textDocument/completion") return Completion(*view, offset);
  if (method == "textDocument/hover") return Hover(*view, offset);
  if (method == "textDocument/definition") return Definition(*view, offset);
  std::string error;
  Json edit = Rename(*view, offset, StringField(params, "newName"), &error);
  if (!error.empty()) throw RequestError{kRequestFailed, error};
  return edit;
}

int RunLanguageServer(int in_fd, int out_fd, const LspServerOptions& options) {
  LanguageServer server(options);
  MessageReader reader(in_fd);
  auto send = [out_fd](const std::vector<Json>& messages) {
    for (const Json& message : messages) {
      const std::string framed = FrameMessage(WriteCompactJson(message));
      for (size_t written = 0; written < framed.size();) {
        const ssize_t wrote = write(out_fd, framed.data() + written, framed.size() - written);
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) return false;
        written += static_cast<size_t>(wrote);
      }
    }
    return true;
  };
  for (;;) {
    if (server.NeedsAnalysis() && !reader.HasBuffered()) {
      pollfd waiting{in_fd, POLLIN, 0};
      if (poll(&waiting, 1, 0) == 0 && !send(server.Analyze())) return 1;
    }
    std::string error;
    std::optional<std::string> body = reader.Next(&error);
    if (!body.has_value()) {
      if (!error.empty()) std::cerr << "cinc lsp: " << error << "\n";
      return 1;
    }
    if (!send(server.Handle(*body))) return 1;
    if (server.exit_status().has_value()) return *server.exit_status();
  }
}

}  // namespace cinc

#include "lsp/document_symbols.h"

#include <string>

#include "lsp/protocol_kinds.h"
#include "lsp/text_positions.h"

namespace cinc {
namespace {

// The range from `location` to the end of line `last_line` (1-based).
Json Span(std::string_view text, SourceLocation location, int last_line) {
  Json range = RangeAt(text, location);
  const size_t line_start = OffsetOfPosition(text, {last_line - 1, 0});
  size_t line_end = text.find('\n', line_start);
  if (line_end == std::string_view::npos) line_end = text.size();
  if (line_end > line_start && text[line_end - 1] == '\r') --line_end;
  Json whole = RangeOfBytes(text, line_start, line_end);
  range["end"] = whole["end"];
  return range;
}

Json Symbol(const std::string& name, int kind, std::string_view text, SourceLocation location,
            int last_line, const std::string& detail) {
  Json symbol{{"name", name},
              {"kind", kind},
              {"range", Span(text, location, std::max(last_line, location.line))},
              {"selectionRange", RangeAt(text, location)}};
  if (!detail.empty()) symbol["detail"] = detail;
  return symbol;
}

Json NodesOf(const SceneView& view, const std::vector<Node>& nodes, int* last_line) {
  Json children = Json::array();
  for (const Node& node : nodes) {
    if (!InFile(*view.analysis, node.origin.location, view.path) ||
        node.origin.location.line <= 0) {
      continue;
    }
    *last_line = std::max(*last_line, node.origin.location.line);
    const std::string name = node.id.empty() ? "#" + std::to_string(node.index + 1) : node.id.str();
    children.push_back(Symbol(name, symbol_kind::kEvent, view.text, node.origin.location,
                              node.origin.location.line, "node"));
  }
  return children;
}

void AddOwner(const SceneView& view, const SceneObject& owner, const std::string& name, int kind,
              const std::string& detail, Json* symbols) {
  if (!InFile(*view.analysis, owner.origin.location, view.path) ||
      owner.origin.location.line <= 0) {
    return;
  }
  int last_line = owner.origin.location.line;
  Json children = NodesOf(view, owner.nodes, &last_line);
  Json symbol = Symbol(name, kind, view.text, owner.origin.location, last_line, detail);
  symbol["children"] = std::move(children);
  symbols->push_back(std::move(symbol));
}

}  // namespace

Json DocumentSymbols(const SceneView& view) {
  const Scene& scene = view.analysis->scene;
  Json symbols = Json::array();
  for (const Model& model : scene.models) {
    if (InFile(*view.analysis, model.origin.location, view.path) &&
        model.origin.location.line > 0) {
      symbols.push_back(Symbol(model.name, symbol_kind::kModule, view.text, model.origin.location,
                               model.origin.location.line, "model"));
    }
  }
  for (const SceneObject& object : scene.objects) {
    std::string name = object.name;
    std::string detail = object.model.empty() ? "object" : "object of " + object.model;
    bool later_copy = false;
    for (const PatternCopies& pattern : scene.patterns) {
      for (int k = 2; k <= pattern.count && !later_copy; ++k) {
        later_copy = object.name == PatternCopyName(pattern.name, k);
      }
      if (object.name == PatternCopyName(pattern.name, 1)) {
        name = pattern.name;
        detail = "pattern of " + std::to_string(pattern.count) + " copies";
      }
    }
    if (!later_copy) AddOwner(view, object, name, symbol_kind::kClass, detail, &symbols);
  }
  for (const SceneObject& camera : scene.cameras) {
    AddOwner(view, camera, camera.name, symbol_kind::kStruct, "camera", &symbols);
  }
  if (!scene.director_nodes.empty()) {
    const Node& first = scene.director_nodes.front();
    if (InFile(*view.analysis, first.origin.location, view.path) &&
        first.origin.location.line > 0) {
      int last_line = first.origin.location.line;
      Json children = NodesOf(view, scene.director_nodes, &last_line);
      Json symbol = Symbol("director", symbol_kind::kNamespace, view.text, first.origin.location,
                           last_line, "the director");
      symbol["children"] = std::move(children);
      symbols.push_back(std::move(symbol));
    }
  }
  return symbols;
}

}  // namespace cinc

#include "lsp/rename.h"

#include <cctype>
#include <map>
#include <set>
#include <utility>

#include "compiler/scene/scene_loader.h"
#include "lsp/document_store.h"
#include "lsp/hover.h"
#include "lsp/scene_text.h"

namespace cinc {
namespace {

bool IsId(const std::string& name) {
  if (name.empty() || !(std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_')) {
    return false;
  }
  for (char c : name) {
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-') return false;
  }
  return true;
}

// The edits of one rename, by file, each replacing `length` bytes at an
// offset; checked against the text before they are kept.
class Edits {
 public:
  Edits(const SceneView& view, std::string new_text)
      : view_(view), new_text_(std::move(new_text)) {}

  // Replaces `old_text` written at `location`, `skip` bytes after its start
  // (past an owner and its '.'), when the text there says so.
  void At(SourceLocation location, size_t skip, const std::string& old_text) {
    if (location.line <= 0) return;
    const std::string& file = view_.analysis->FileOf(location);
    const std::string& text = TextOf(file);
    size_t begin = OffsetOfPosition(text, PositionOfColumn(text, location.line, location.column));
    if (begin < text.size() && (text[begin] == '"' || text[begin] == '\'')) ++begin;
    AtOffset(file, begin + skip, old_text);
  }

  void AtOffset(const std::string& file, size_t begin, const std::string& old_text) {
    const std::string& text = TextOf(file);
    if (text.compare(begin, old_text.size(), old_text) != 0) return;
    const size_t end = begin + old_text.size();
    if (end < text.size() && (std::isalnum(static_cast<unsigned char>(text[end])) ||
                              text[end] == '_' || text[end] == '-')) {
      return;  // a longer name that starts alike
    }
    if (!done_.insert({file, begin}).second) return;
    by_file_[file].push_back(
        Json{{"range", RangeOfBytes(text, begin, end)}, {"newText", new_text_}});
  }

  const std::string& TextOf(const std::string& file) {
    auto found = texts_.find(file);
    if (found == texts_.end()) {
      std::string text = UnsavedTextKey(file) == UnsavedTextKey(view_.path)
                             ? std::string(view_.text)
                             : view_.text_of(file);
      found = texts_.emplace(file, std::move(text)).first;
    }
    return found->second;
  }

  Json Workspace() const {
    Json changes = Json::object();
    for (const auto& [file, edits] : by_file_) changes[FileUriOfPath(file)] = edits;
    return Json{{"changes", changes}};
  }

 private:
  const SceneView& view_;
  std::string new_text_;
  std::map<std::string, std::string> texts_;
  std::map<std::string, Json> by_file_;
  std::set<std::pair<std::string, size_t>> done_;
};

template <typename Visit>
void ForEachReference(const Node& node, Visit visit) {
  for (const Relation& relation : node.relations) {
    if (relation.kind != RelationKind::kAt) visit(relation);
  }
  for (const Relation& relation : node.until) visit(relation);
}

void RenameNode(const SceneView& view, const NodeTable& table, int number, Edits* edits) {
  const Node& node = table.node(number);
  const std::string id = node.id.str();
  // The id itself: the first `id:` from the node's mapping on.
  const std::string& file = view.analysis->FileOf(node.origin.location);
  const std::string& text = edits->TextOf(file);
  const size_t start = OffsetOfPosition(
      text, PositionOfColumn(text, node.origin.location.line, node.origin.location.column));
  for (size_t at = text.find("id:", start); at != std::string::npos && at < start + 4096;
       at = text.find("id:", at + 1)) {
    if (at > 0 && (std::isalnum(static_cast<unsigned char>(text[at - 1])) || text[at - 1] == '_')) {
      continue;
    }
    size_t value = at + 3;
    while (value < text.size() && text[value] == ' ') ++value;
    if (value < text.size() && (text[value] == '"' || text[value] == '\'')) ++value;
    edits->AtOffset(file, value, id);
    break;
  }
  for (int from = 0; from < table.size(); ++from) {
    const Node& referrer = table.node(from);
    ForEachReference(referrer, [&](const Relation& relation) {
      bool names = false;
      ForEachTarget(table, referrer, relation, [&](int target) { names |= target == number; });
      if (!names) return;
      const NodeReference parts = SplitNodeReference(relation.target.view());
      edits->At(relation.origin.location, parts.qualified ? parts.owner.size() + 1 : 0, id);
    });
  }
}

void RenameOwner(const SceneView& view, const std::string& name, Edits* edits) {
  const Scene& scene = view.analysis->scene;
  edits->At(FindOwner(scene, name)->origin.location, 0, name);
  auto owner_of = [&](std::string_view reference, SourceLocation location) {
    const MarkerReference parts = SplitMarkerReference(reference);
    if (parts.owner == name) edits->At(location, 0, name);
  };
  auto visit_nodes = [&](const std::vector<Node>& nodes) {
    for (const Node& node : nodes) {
      ForEachReference(node, [&](const Relation& relation) {
        const NodeReference parts = SplitNodeReference(relation.target.view());
        if (parts.qualified && parts.owner == name) edits->At(relation.origin.location, 0, name);
      });
      const NodeRareParts& rare = node.rare();
      if (rare.attach) owner_of(rare.attach->to, rare.attach->origin.location);
      if (rare.look_at) owner_of(rare.look_at->value, rare.look_at->origin.location);
      if (rare.focus && !rare.focus->on.empty())
        owner_of(rare.focus->on, rare.focus->origin.location);
      if (rare.shot) owner_of(rare.shot->camera, rare.shot->origin.location);
    }
  };
  ForEachNodeList(scene, visit_nodes);
  for (const SceneObject& camera : scene.cameras) {
    const FocusTarget& focus = camera.lens().focus;
    if (!focus.on.empty()) owner_of(focus.on, focus.origin.location);
  }
}

}  // namespace

Json Rename(const SceneView& view, size_t offset, const std::string& new_name, std::string* error) {
  error->clear();
  if (!IsId(new_name)) {
    *error = "'" + new_name + "' is not an id: letters, digits, '_' and '-', not first a digit";
    return Json();
  }
  size_t begin = 0;
  size_t end = 0;
  const std::string word = WordAround(view.text, offset, &begin, &end);
  const CursorContext context = ContextAt(view.text, begin);
  const Scene& scene = view.analysis->scene;
  Edits edits(view, new_name);
  const std::string& key = context.key;
  const bool node_place = key == "id" || key == "after" || key == "with" || key == "until" ||
                          key == "end_with" || key == "before";
  const NodeReference parts = SplitNodeReference(word);
  // On "owner.id" the part under the cursor is renamed.
  const bool on_owner = parts.qualified && offset <= begin + parts.owner.size();
  const std::string_view named_owner =
      parts.qualified ? parts.owner : SplitMarkerReference(word).owner;
  for (const PatternCopies& pattern : scene.patterns) {
    if (named_owner == pattern.name ||
        (node_place && !parts.qualified && OwnerOfPath(context.path) == pattern.name)) {
      *error = "renaming in a pattern ('" + pattern.name + "') is not supported";
      return Json();
    }
  }
  if (node_place && !on_owner) {
    const NodeTable table(scene);
    const int number = NodeOfWord(table, OwnerOfPath(context.path), word);
    if (number < 0) {
      *error = "no node named '" + word + "' here";
      return Json();
    }
    RenameNode(view, table, number, &edits);
    return edits.Workspace();
  }
  const std::string owner =
      on_owner ? std::string(parts.owner) : std::string(SplitMarkerReference(word).owner);
  const bool at_object_key = context.at_key && context.path.size() == 1 &&
                             (context.path[0] == "objects" || context.path[0] == "cameras");
  if ((at_object_key || on_owner || !owner.empty()) && FindOwner(scene, owner) != nullptr &&
      owner != "director") {
    RenameOwner(view, owner, &edits);
    return edits.Workspace();
  }
  *error = "nothing to rename here: put the cursor on an object, a camera or a node id";
  return Json();
}

}  // namespace cinc

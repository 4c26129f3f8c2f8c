#include "lsp/completion.h"

#include <set>

#include "lsp/protocol_kinds.h"
#include "lsp/scene_text.h"

namespace cinc {
namespace {

const Json* Resolve(const Json& schema, const Json* at) {
  for (int depth = 0; at != nullptr && at->is_object() && at->contains("$ref") && depth < 16;
       ++depth) {
    const std::string ref = (*at)["$ref"].get<std::string>();
    if (ref.rfind("#/$defs/", 0) != 0) return at;
    const Json& defs = schema["$defs"];
    auto found = defs.find(ref.substr(8));
    at = found == defs.end() ? nullptr : &*found;
  }
  return at;
}

// Calls visit on `at` and every schema it combines (allOf, anyOf, oneOf).
template <typename Visit>
void ForEachPart(const Json& schema, const Json* at, Visit visit, int depth = 0) {
  at = Resolve(schema, at);
  if (at == nullptr || !at->is_object() || depth > 8) return;
  visit(*at);
  for (const char* combiner : {"allOf", "anyOf", "oneOf"}) {
    auto parts = at->find(combiner);
    if (parts == at->end() || !parts->is_array()) continue;
    for (const Json& part : *parts) ForEachPart(schema, &part, visit, depth + 1);
  }
}

// The schema of `segment` inside the schema `at`.
const Json* Child(const Json& schema, const Json* at, const std::string& segment) {
  const Json* child = nullptr;
  ForEachPart(schema, at, [&](const Json& part) {
    if (child != nullptr) return;
    if (segment == "-") {
      if (auto items = part.find("items"); items != part.end() && items->is_object()) {
        child = &*items;
      }
      return;
    }
    if (auto properties = part.find("properties");
        properties != part.end() && properties->contains(segment)) {
      child = &(*properties)[segment];
      return;
    }
    if (auto additional = part.find("additionalProperties");
        additional != part.end() && additional->is_object()) {
      child = &*additional;
    }
  });
  return child;
}

void Add(Json* items, std::set<std::string>* seen, const std::string& label, int kind,
         const std::string& detail) {
  if (label.empty() || !seen->insert(label).second) return;
  Json item{{"label", label}, {"kind", kind}};
  if (!detail.empty()) item["detail"] = detail;
  items->push_back(std::move(item));
}

bool IsNodeReferenceKey(std::string_view key) {
  return key == "after" || key == "with" || key == "until" || key == "end_with" || key == "before";
}

bool IsPointKey(std::string_view key) {
  return key == "to" || key == "into" || key == "look_at" || key == "on" || key == "markers";
}

void AddNodesOf(const Scene& scene, std::string_view owner, Json* items,
                std::set<std::string>* seen) {
  const std::vector<Node>* nodes = nullptr;
  if (owner == "director") {
    nodes = &scene.director_nodes;
  } else if (const SceneObject* object = FindOwner(scene, owner)) {
    nodes = &object->nodes;
  }
  if (nodes == nullptr) return;
  for (const Node& node : *nodes) {
    if (!node.id.empty())
      Add(items, seen, node.id.str(), completion_kind::kEvent, "node of " + std::string(owner));
  }
}

void AddOwners(const Scene& scene, Json* items, std::set<std::string>* seen, bool cameras) {
  std::set<std::string> copies;
  for (const PatternCopies& pattern : scene.patterns) {
    Add(items, seen, pattern.name, completion_kind::kClass,
        std::to_string(pattern.count) + " copies");
  }
  for (const SceneObject& object : scene.objects)
    Add(items, seen, object.name, completion_kind::kClass, "object");
  if (cameras) {
    for (const SceneObject& camera : scene.cameras)
      Add(items, seen, camera.name, completion_kind::kClass, "camera");
  }
}

void AddMarkers(const SceneAnalysis& analysis, std::string_view owner, Json* items,
                std::set<std::string>* seen) {
  const ModelMarkers* markers = MarkersOfOwner(analysis, owner);
  if (markers == nullptr) return;
  for (const Marker& marker : markers->markers) {
    Add(items, seen, marker.name, completion_kind::kReference, "marker of " + markers->name);
  }
}

// The values of a key: references, names and the schema's enums.
void AddValues(const SceneView& view, const CursorContext& context, Json* items,
               std::set<std::string>* seen) {
  const Scene& scene = view.analysis->scene;
  const std::string owner = OwnerOfPath(context.path);
  const std::string& key = context.key;
  if (IsNodeReferenceKey(key)) {
    if (const size_t dot = context.word.find('.'); dot != std::string::npos) {
      AddNodesOf(scene, context.word.substr(0, dot), items, seen);
      return;
    }
    AddNodesOf(scene, owner, items, seen);
    AddOwners(scene, items, seen, true);
    Add(items, seen, "director", completion_kind::kClass, "the director");
  } else if (IsPointKey(key)) {
    if (const size_t slash = context.word.find('/'); slash != std::string::npos) {
      AddMarkers(*view.analysis, context.word.substr(0, slash), items, seen);
      return;
    }
    AddOwners(scene, items, seen, key == "look_at" || key == "on");
  } else if (key == "mate") {
    AddMarkers(*view.analysis, owner, items, seen);
  } else if (key == "use") {
    std::vector<std::string> files = {view.analysis->scene_path};
    files.insert(files.end(), scene.included_files.begin(), scene.included_files.end());
    for (const std::string& file : files) {
      for (const NamedPlace& place : SectionKeys(view.text_of(file), "templates")) {
        Add(items, seen, place.name, completion_kind::kModule, "template");
      }
    }
  } else if (key == "model") {
    for (const Model& model : scene.models)
      Add(items, seen, model.name, completion_kind::kModule, "model");
  } else if (key == "camera") {
    for (const SceneObject& camera : scene.cameras)
      Add(items, seen, camera.name, completion_kind::kClass, "camera");
  }
  // Enumerated values (ease names, cue kinds, ...), from the schema.
  std::vector<std::string> path = context.path;
  path.push_back(key);
  const Json* at = view.schema;
  for (const std::string& segment : path) {
    at = at == nullptr ? nullptr : Child(*view.schema, at, segment);
  }
  ForEachPart(*view.schema, at, [&](const Json& part) {
    if (auto values = part.find("enum"); values != part.end() && values->is_array()) {
      for (const Json& value : *values) {
        if (value.is_string())
          Add(items, seen, value.get<std::string>(), completion_kind::kEnum, key);
      }
    }
  });
}

}  // namespace

std::vector<std::string> SchemaFields(const Json& schema, const std::vector<std::string>& path) {
  const Json* at = &schema;
  for (const std::string& segment : path) {
    at = Child(schema, at, segment);
    if (at == nullptr) return {};
  }
  std::vector<std::string> fields;
  std::set<std::string> seen;
  ForEachPart(schema, at, [&](const Json& part) {
    auto properties = part.find("properties");
    if (properties == part.end() || !properties->is_object()) return;
    for (auto& [name, value] : properties->items()) {
      // A property that only forbids (`not: {}`) is no field to offer.
      if (value.is_object() && value.contains("not")) continue;
      if (seen.insert(name).second) fields.push_back(name);
    }
  });
  return fields;
}

const ModelMarkers* MarkersOfOwner(const SceneAnalysis& analysis, std::string_view owner) {
  const SceneObject* object = FindOwner(analysis.scene, owner);
  if (object == nullptr || object->model.empty()) return nullptr;
  return analysis.models.Find(object->model);
}

Json Completion(const SceneView& view, size_t offset) {
  CursorContext context = ContextAt(view.text, offset);
  Json items = Json::array();
  std::set<std::string> seen;
  if (context.key == "#") return items;
  // "after:\n  - a": an item of a list of values is a value of its key.
  if (context.at_key && context.path.size() >= 2 && context.path.back() == "-") {
    const std::string& list_key = context.path[context.path.size() - 2];
    if (IsNodeReferenceKey(list_key) || list_key == "use") {
      context.path.resize(context.path.size() - 2);
      context.key = list_key;
      context.at_key = false;
    }
  }
  if (context.at_key) {
    for (const std::string& field : SchemaFields(*view.schema, context.path)) {
      Add(&items, &seen, field, completion_kind::kField, "field");
    }
  } else {
    AddValues(view, context, &items, &seen);
  }
  // Each item replaces the part of the word after its last '.' or '/'.
  size_t begin = context.word_begin;
  if (const size_t cut = context.word.find_last_of("./"); cut != std::string::npos) {
    begin += cut + 1;
  }
  const Json range = RangeOfBytes(view.text, begin, std::max(begin, offset));
  for (Json& item : items) item["textEdit"] = Json{{"range", range}, {"newText", item["label"]}};
  return items;
}

}  // namespace cinc

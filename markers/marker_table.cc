#include "markers/marker_table.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <map>
#include <utility>

#include "core/reference.h"
#include "core/suggestion.h"
#include "importers/model_cache.h"

namespace cinc {
namespace {

// Adds the scene's inline markers: a marker of a known name is replaced in
// place (file order kept), a new one is appended.
void MergeInlineMarkers(const Model& model, ModelMarkers* markers) {
  for (const Marker& marker : model.markers) {
    auto same_name = std::find_if(markers->markers.begin(), markers->markers.end(),
                                  [&marker](const Marker& m) { return m.name == marker.name; });
    if (same_name != markers->markers.end()) {
      *same_name = marker;
    } else {
      markers->markers.push_back(marker);
    }
  }
  markers->IndexNames();
}

// Checks the references of one owner's nodes: `attach` (to, mate),
// `look_at` and `focus: {on}` (an object or obj/marker), and a director
// node's `shot` (a camera).
class AttachChecker {
 public:
  AttachChecker(const Scene& scene, const MarkerTable& table, Diagnostics* diagnostics)
      : scene_(scene), table_(table), diagnostics_(diagnostics) {
    for (const SceneObject& object : scene.objects) owner_names_.push_back(object.name);
    for (const SceneObject& camera : scene.cameras) owner_names_.push_back(camera.name);
    for (const SceneObject& camera : scene.cameras) camera_names_.push_back(camera.name);
    for (size_t i = 0; i < scene.objects.size(); ++i) owners_.emplace(scene.objects[i].name, i);
    for (size_t i = 0; i < scene.cameras.size(); ++i) {
      owners_.emplace(scene.cameras[i].name, scene.objects.size() + i);
    }
  }

  void Check(const SceneObject& owner, size_t owner_number) {
    if (owner.is_camera && !owner.lens().focus.on.empty()) {
      CheckPoint("camera '" + owner.name + "' focuses on ", owner.lens().focus.on,
                 owner.lens().focus.origin);
    }
    for (const Node& node : owner.nodes) {
      current_node_ = &node;
      if (node.rare().callout) CheckCallout(node, owner.name);
      const bool focuses = node.rare().focus && !node.rare().focus->on.empty();
      if (!node.rare().look_at && !focuses && !node.rare().attach && !node.rare().frame &&
          !node.rare().orbit)
        continue;  // most nodes: no name built
      std::string name = "node '" + node.QualifiedName() + "' ";
      if (node.rare().frame) CheckFramed(name, *node.rare().frame);
      if (node.rare().orbit && !node.rare().orbit->around.value.empty()) {
        const LocatedString& around = node.rare().orbit->around;
        CheckPoint(name + "orbits ", around.value, around.origin);
      }
      if (node.rare().look_at)
        CheckPoint(name + "looks at ", node.rare().look_at->value, node.rare().look_at->origin);
      if (focuses) {
        CheckPoint(name + "focuses on ", node.rare().focus->on, node.rare().focus->origin);
      }
      if (!node.rare().attach) continue;
      const Attach& attach = *node.rare().attach;
      const char* verb = attach.verb == AttachVerb::kInsert  ? "inserts into "
                         : attach.verb == AttachVerb::kScrew ? "screws into "
                                                             : "attaches to ";
      CheckPoint(name + verb, attach.to, attach.origin);
      if (!attach.mate.empty()) {
        CheckMarker(name + "mates ", attach.origin, owner_number, attach.mate);
      } else if (attach.verb != AttachVerb::kAttach) {
        CheckMissingMate(name + verb + "'" + attach.to + "'", attach.origin, owner_number);
      }
    }
    current_node_ = nullptr;
  }

  // Passes the reports on, in order. A report at the same place with the
  // same code as one of another node's (the copies of a pattern, the nodes
  // of a template) is one root cause: it is counted on the first instead.
  void Flush() {
    for (const Pending& pending : pending_) {
      std::string message = pending.message;
      if (pending.more > 0) {
        message += "; the same for " + std::to_string(pending.more) + " more node" +
                   (pending.more > 1 ? "s" : "") + " written here";
      }
      diagnostics_->Report(pending.code, pending.origin.location, pending.origin.path(),
                           std::move(message));
    }
    pending_.clear();
  }

  // A director node's emphasis names objects or patterns; its callout an
  // object or object/marker.
  void CheckDirector(const std::vector<Node>& director_nodes) {
    for (const Node& node : director_nodes) {
      current_node_ = &node;
      if (node.rare().callout) CheckCallout(node, "");
      if (!node.rare().emphasis) continue;
      const std::string name = "node '" + node.QualifiedName() + "' ";
      for (const LocatedString& object : node.rare().emphasis->highlight) {
        CheckObjectOrPattern(name + "highlights ", object);
      }
      for (const LocatedString& object : node.rare().emphasis->ghost) {
        CheckObjectOrPattern(name + "ghosts ", object);
      }
    }
    current_node_ = nullptr;
  }

  // A shot must name a camera.
  void CheckShots(const std::vector<Node>& director_nodes) {
    for (const Node& node : director_nodes) {
      if (!node.rare().shot || node.rare().shot->camera.empty()) continue;
      const std::string& camera = node.rare().shot->camera;
      auto found = owners_.find(camera);
      std::string prefix = "node '" + node.QualifiedName() + "' shows ";
      if (found == owners_.end()) {
        Report(DiagnosticCode::kObjectMissing, node.rare().shot->origin,
               prefix + "unknown camera '" + camera + "'" + DidYouMean(camera, camera_names_));
      } else if (found->second < scene_.objects.size()) {
        Report(DiagnosticCode::kObjectMissing, node.rare().shot->origin,
               prefix + "'" + camera + "', which is an object, not a camera" +
                   DidYouMean(camera, camera_names_));
      }
    }
  }

 private:
  void Report(DiagnosticCode code, const Origin& origin, std::string message) {
    if (diagnostics_ == nullptr) return;
    const Node* node = current_node_;
    if (node != nullptr) {
      for (Pending& pending : pending_) {
        if (pending.code == code && pending.node != nullptr && pending.node != node &&
            pending.origin.location == origin.location && pending.origin.path() == origin.path()) {
          ++pending.more;
          return;
        }
      }
    }
    pending_.push_back({code, origin, std::move(message), node, 0});
  }

  // Every name of a `frame` list is an object or a pattern.
  void CheckFramed(const std::string& prefix, const Framing& framing) {
    for (const LocatedString& framed : framing.objects) {
      CheckObjectOrPattern(prefix + "frames ", framed);
    }
  }

  // `name` is an object or a pattern (a camera is not: it has no bounds
  // and is never drawn); `prefix` ends with the verb.
  void CheckObjectOrPattern(const std::string& prefix, const LocatedString& name) {
    auto found = owners_.find(name.value);
    if (found != owners_.end() && found->second < scene_.objects.size()) return;
    const bool pattern =
        std::any_of(scene_.patterns.begin(), scene_.patterns.end(),
                    [&](const PatternCopies& copies) { return copies.name == name.value; });
    if (pattern) return;
    const bool frames = prefix.ends_with("frames ");
    if (found != owners_.end() && frames) return;  // framing's own check: no bounds
    std::vector<std::string_view> candidates(
        owner_names_.begin(),
        frames ? owner_names_.end() : owner_names_.begin() + scene_.objects.size());
    for (const PatternCopies& copies : scene_.patterns) candidates.push_back(copies.name);
    Report(DiagnosticCode::kObjectMissing, name.origin,
           prefix +
               (found != owners_.end() ? "'" + name.value + "', which is a camera, not an object"
                                       : "unknown object '" + name.value + "'") +
               DidYouMean(name.value, candidates));
  }

  // A callout's anchor: `on`, else the node's own object (`own`; "" for
  // the director, whose callouts need `on`, as the loader checks).
  void CheckCallout(const Node& node, const std::string& own) {
    const Callout& callout = *node.rare().callout;
    const std::string reference = callout.on.value.empty() ? own : callout.on.value;
    if (reference.empty()) return;
    const Origin& origin = callout.on.value.empty() ? callout.origin : callout.on.origin;
    const std::string prefix = "node '" + node.QualifiedName() + "' has a callout on ";
    MarkerReference parts = SplitMarkerReference(reference);
    auto found = owners_.find(std::string(parts.owner));
    if (found != owners_.end() && found->second >= scene_.objects.size()) {
      Report(DiagnosticCode::kObjectMissing, origin,
             prefix + "'" + std::string(parts.owner) + "', which is a camera, not an object");
      return;
    }
    CheckPoint(prefix, reference, origin);
  }

  // `reference` is "obj" or "obj/marker"; `prefix` ends with the verb.
  void CheckPoint(const std::string& prefix, const std::string& reference, const Origin& origin) {
    MarkerReference parts = SplitMarkerReference(reference);
    auto found = owners_.find(std::string(parts.owner));
    if (found == owners_.end()) {
      Report(DiagnosticCode::kObjectMissing, origin,
             prefix + "unknown object '" + std::string(parts.owner) + "'" +
                 (parts.has_marker ? DidYouMean(parts.owner, owner_names_)
                                   : NodeShapedSuggestion(parts.owner)));
    } else if (parts.has_marker) {
      CheckMarker(prefix, origin, found->second, parts.marker);
    }
  }

  // For "body.hole", written like a node where a marker is meant: the
  // marker "body/hole" when body has it, else the usual closest name.
  std::string NodeShapedSuggestion(std::string_view written) {
    const NodeReference parts = SplitNodeReference(written);
    if (parts.qualified) {
      auto found = owners_.find(std::string(parts.owner));
      if (found != owners_.end() && found->second < scene_.objects.size()) {
        const ModelMarkers* model = table_.ModelOf(found->second);
        if (model != nullptr && model->Find(parts.id) != nullptr) {
          return DidYouMeanPhrase(MarkerReferenceText(parts.owner, parts.id),
                                  "a marker is written object/marker; object.node names a node");
        }
      }
    }
    return DidYouMean(written, owner_names_);
  }

  void CheckMarker(const std::string& prefix, const Origin& origin, size_t owner_number,
                   std::string_view marker) {
    if (owner_number >= scene_.objects.size()) {
      const SceneObject& camera = scene_.cameras[owner_number - scene_.objects.size()];
      Report(DiagnosticCode::kMarkerMissing, origin,
             prefix + "marker '" + std::string(marker) + "' of camera '" + camera.name +
                 "', which has no markers");
      return;
    }
    const SceneObject& object = scene_.objects[owner_number];
    if (object.model.empty()) {
      Report(DiagnosticCode::kMarkerMissing, origin,
             prefix + "marker '" + std::string(marker) + "' of object '" + object.name +
                 "', which has no model");
      return;
    }
    const ModelMarkers* model = table_.ModelOf(owner_number);
    // An unknown model (E_MODEL_MISSING) or an unreadable file is reported already.
    if (model == nullptr || model->load_failed || model->Find(marker) != nullptr) return;
    std::vector<std::string_view> names;
    for (const Marker& candidate : model->markers) names.push_back(candidate.name);
    Report(DiagnosticCode::kMarkerMissing, origin,
           prefix + "unknown marker '" + std::string(marker) + "' of object '" + object.name +
               "' (model '" + model->name + "')" + DidYouMean(marker, names));
  }

  // `what`: "node 'screw-1.drive' screws into 'body/hole-1'". An insert or
  // screw without `mate` lands the owner's origin on the marker; when its
  // model has a marker named like a seat, that is most likely what was meant
  // (docs/language.md "Assembly verbs").
  void CheckMissingMate(const std::string& what, const Origin& origin, size_t owner_number) {
    if (owner_number >= scene_.objects.size()) return;
    const ModelMarkers* model = table_.ModelOf(owner_number);
    if (model == nullptr || model->load_failed) return;
    for (const Marker& marker : model->markers) {
      if (!IsSeatLike(marker.name)) continue;
      Report(DiagnosticCode::kMateMissing, origin,
             what + " by its origin, but its model '" + model->name + "' has a marker '" +
                 marker.name + "': add `mate: " + marker.name +
                 "` if that is the point that lands on the marker");
      return;
    }
  }

  // seat, head, bottom, base, flange, underhead, mate (any case), alone or
  // with a suffix after '_' or '-' ("seat_1", "Head-A").
  static bool IsSeatLike(std::string_view name) {
    static constexpr std::string_view kSeats[] = {"seat",   "head",      "bottom", "base",
                                                  "flange", "underhead", "mate"};
    std::string lower;
    for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (std::string_view seat : kSeats) {
      if (lower.size() < seat.size() || lower.compare(0, seat.size(), seat) != 0) continue;
      if (lower.size() == seat.size() || lower[seat.size()] == '_' || lower[seat.size()] == '-') {
        return true;
      }
    }
    return false;
  }

  struct Pending {
    DiagnosticCode code;
    Origin origin;
    std::string message;
    const Node* node;  // the node checked, or nullptr
    int more;          // other nodes' reports folded into this one
  };

  const Scene& scene_;
  const MarkerTable& table_;
  Diagnostics* diagnostics_;
  const Node* current_node_ = nullptr;
  std::vector<Pending> pending_;
  std::vector<std::string_view> owner_names_;  // objects, then cameras: file order
  std::vector<std::string_view> camera_names_;
  std::unordered_map<std::string, size_t> owners_;  // name -> owner number (first wins)
};

}  // namespace

const Marker* ModelMarkers::Find(std::string_view marker_name) const {
  auto found = index_by_name_.find(std::string(marker_name));
  return found == index_by_name_.end() ? nullptr : &markers[found->second];
}

void ModelMarkers::IndexNames() {
  index_by_name_.clear();
  for (size_t i = 0; i < markers.size(); ++i) index_by_name_.emplace(markers[i].name, i);
}

const ModelMarkers* ModelLibrary::Find(std::string_view model_name) const {
  for (const ModelMarkers& model : models) {
    if (model.name == model_name) return &model;
  }
  return nullptr;
}

ModelLibrary ImportModels(const Scene& scene, Diagnostics* diagnostics,
                          const ImportSettings& settings) {
  ModelLibrary library;
  // One import per file, however many models name it; what it reports is
  // reported once, at the `source:` of the first model that names it.
  struct Import {
    ImportedModel model;
    Diagnostics problems;
  };
  std::map<std::string, Import> imported;
  for (const Model& model : scene.models) {
    ModelMarkers markers;
    markers.name = model.name;
    if (model.source_refused) {
      markers.load_failed = true;  // reported (E_PATH), never read
    } else if (!model.source.empty()) {
      std::string path = SourcePath(scene, model);
      auto found = imported.find(path);
      if (found == imported.end()) {
        Diagnostics problems(path);
        ImportedModel result = settings.cache != nullptr
                                   ? settings.cache->Import(path, &problems, settings)
                                   : ImportModel(path, &problems, settings);
        if (diagnostics != nullptr) AddModelProblems(scene, model, problems, diagnostics);
        found = imported.emplace(path, Import{std::move(result), std::move(problems)}).first;
      }
      markers.markers = found->second.model.markers;
      markers.load_failed = found->second.problems.HasErrors();
    }
    MergeInlineMarkers(model, &markers);
    library.models.push_back(std::move(markers));
  }
  return library;
}

ModelLibrary InlineModels(const Scene& scene) {
  ModelLibrary library;
  for (const Model& model : scene.models) {
    ModelMarkers markers;
    markers.name = model.name;
    MergeInlineMarkers(model, &markers);
    library.models.push_back(std::move(markers));
  }
  return library;
}

MarkerTable BuildMarkerTable(const Scene& scene, ModelLibrary library, Diagnostics* diagnostics) {
  MarkerTable table;
  table.library = std::move(library);
  std::unordered_map<std::string, int> model_index;
  std::vector<std::string_view> model_names;
  for (size_t i = 0; i < table.library.models.size(); ++i) {
    model_index.emplace(table.library.models[i].name, static_cast<int>(i));
    model_names.push_back(table.library.models[i].name);
  }
  table.object_models.assign(scene.objects.size(), -1);
  for (size_t i = 0; i < scene.objects.size(); ++i) {
    const SceneObject& object = scene.objects[i];
    if (object.model.empty()) continue;
    auto found = model_index.find(object.model);
    if (found != model_index.end()) {
      table.object_models[i] = found->second;
    } else if (diagnostics != nullptr) {
      diagnostics->Report(DiagnosticCode::kModelMissing, object.model_origin.location,
                          object.model_origin.path(),
                          "object '" + object.name + "' uses unknown model '" + object.model + "'" +
                              DidYouMean(object.model, model_names));
    }
  }
  AttachChecker checker(scene, table, diagnostics);
  for (size_t i = 0; i < scene.objects.size(); ++i) checker.Check(scene.objects[i], i);
  for (size_t i = 0; i < scene.cameras.size(); ++i) {
    checker.Check(scene.cameras[i], scene.objects.size() + i);
  }
  checker.CheckShots(scene.director_nodes);
  checker.CheckDirector(scene.director_nodes);
  checker.Flush();
  return table;
}

}  // namespace cinc

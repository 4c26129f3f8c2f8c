#include "core/scene.h"

#include <filesystem>

namespace cinc {

std::string Origin::path() const {
  std::string joined(pointer.view());
  if (element >= 0) {
    joined += '/';
    joined += std::to_string(element);
  }
  return joined;
}

std::string_view RelationFieldName(RelationKind kind) {
  switch (kind) {
    case RelationKind::kAt:
      return "at";
    case RelationKind::kAfter:
      return "after";
    case RelationKind::kWith:
      return "with";
    case RelationKind::kEndWith:
      return "end_with";
    case RelationKind::kBefore:
      return "before";
  }
  return "after";
}

namespace {

// What rare() gives a node without rare parts: at namespace scope, so that
// reading it takes no guard of a function's static (rare() is asked
// several times for every node by every stage).
const NodeRareParts kNoRareParts;

}  // namespace

const NodeRareParts& Node::rare() const { return rare_parts ? *rare_parts : kNoRareParts; }

NodeRareParts& Node::mutable_rare() {
  if (!rare_parts) rare_parts.emplace();
  return *rare_parts;
}

const CameraLens& SceneObject::lens() const {
  static const CameraLens kDefaults;
  return lens_parts ? *lens_parts : kDefaults;
}

CameraLens& SceneObject::mutable_lens() {
  if (!lens_parts) lens_parts.emplace();
  return *lens_parts;
}

std::string Node::QualifiedName() const {
  if (id.empty()) return owner + "#" + std::to_string(index);
  return NodeReferenceText(owner, id);
}

std::string SourcePath(const Scene& scene, const Model& model) {
  std::filesystem::path folder =
      std::filesystem::path(model.file.empty() ? scene.file : model.file).parent_path();
  return (folder / model.source).lexically_normal().string();
}

void AddModelProblems(const Scene& scene, const Model& model, const Diagnostics& own,
                      Diagnostics* diagnostics) {
  for (Diagnostic problem : own.items()) {
    problem.file = model.source_origin.location.file == 0
                       ? scene.file
                       : diagnostics->FileName(model.source_origin.location);
    problem.location = model.source_origin.location;
    problem.path = model.source_origin.path();
    problem.message = "model '" + model.name + "': " + problem.message;
    diagnostics->Add(std::move(problem));
  }
}

}  // namespace cinc

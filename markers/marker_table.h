// The markers of a scene's models, and which object has which (docs/importers.md).
//
// Contract: ImportModels reads every model with a `source` once (the path is
// relative to the scene file's folder; the loader has already refused paths
// that leave it), with importers/ImportModel, whose own diagnostics
// (E_MODEL_LOAD, E_MODEL_FORMAT, E_MARKER_DUPLICATE) it passes on. A model's
// markers are the file's, in file order, then the scene's inline `markers`:
// an inline marker replaces the file's marker of its name in place, or is
// appended. InlineModels does the same without reading any file.
// BuildMarkerTable maps every object to its model and checks every `attach`
// reference: E_MODEL_MISSING (at the object's `model`), E_OBJECT_MISSING and
// E_MARKER_MISSING (at the attach), with did-you-mean suggestions (the
// closest name by Levenshtein distance within max(2, length / 3), ties in
// file order). A marker is not reported missing from a model whose file
// failed to load (that error is already reported). docs/attachments.md
// lists every message.
#ifndef CINC_MARKERS_MARKER_TABLE_H_
#define CINC_MARKERS_MARKER_TABLE_H_

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/diagnostics.h"
#include "core/scene.h"
#include "importers/import_model.h"

namespace cinc {

struct ModelMarkers {
  std::string name;
  std::vector<Marker> markers;  // file order, then added inline markers
  bool load_failed = false;     // the source could not be read (already reported)

  const Marker* Find(std::string_view marker_name) const;
  // Rebuilds the name index after `markers` changed.
  void IndexNames();

 private:
  std::unordered_map<std::string, size_t> index_by_name_;
};

struct ModelLibrary {
  std::vector<ModelMarkers> models;  // parallel to scene.models

  // The first model of that name, or nullptr.
  const ModelMarkers* Find(std::string_view model_name) const;
};

ModelLibrary ImportModels(const Scene& scene, Diagnostics* diagnostics,
                          const ImportSettings& settings = {});
ModelLibrary InlineModels(const Scene& scene);

struct MarkerTable {
  ModelLibrary library;
  std::vector<int> object_models;  // parallel to scene.objects: index into library, -1 none

  // The markers of object `index`, or nullptr when it has no (known) model.
  const ModelMarkers* ModelOf(size_t object_index) const {
    if (object_index >= object_models.size() || object_models[object_index] < 0) return nullptr;
    return &library.models[static_cast<size_t>(object_models[object_index])];
  }
};

MarkerTable BuildMarkerTable(const Scene& scene, ModelLibrary library, Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_MARKERS_MARKER_TABLE_H_

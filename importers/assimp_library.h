// Internal to importers/: Assimp, opened the first time a model needs it.
//
// Why: cinc is not linked against libassimp. Loaded at start, Assimp (with
// draco and minizip, which it brings) was most of the dynamic loader's work
// in every cinc process: 44,000 relocations, about 300 of a start's 480 page
// faults and half its time (docs/performance.md, "Start-up"), for the few
// builds that read an FBX, COLLADA, OBJ, STL, PLY or 3DS model. Such a model
// now opens the library (dlopen, by the soname cinc was built against) in
// its reader, which runs in a child process (importers/isolated_run.h), and
// reads through Assimp's C interface.
//
// Contract: ImportedScene reads a file as Assimp::Importer::ReadFile does,
// with cinc's settings: no FBX pivot helper nodes, no made-up skeleton mesh
// (whose bones would turn every empty into a "skin joint"), COLLADA nodes by
// the `name` the author typed; every file Assimp opens (the model, a .mtl, a
// texture) is checked first (core/input_file.h): a folder, a named pipe, a
// device or a file over the model cap is not there, so it never blocks or
// fills the reader. When the library cannot be opened, the import fails
// with a message that says so. Never throws.
#ifndef CINC_IMPORTERS_ASSIMP_LIBRARY_H_
#define CINC_IMPORTERS_ASSIMP_LIBRARY_H_

#include <assimp/cimport.h>
#include <assimp/material.h>
#include <assimp/scene.h>

#include <string>

namespace cinc::assimp {

// The functions of Assimp's C interface cinc calls.
struct Library {
  decltype(&aiImportFileExWithProperties) import_file = nullptr;
  decltype(&aiReleaseImport) release_import = nullptr;
  decltype(&aiGetErrorString) error_string = nullptr;
  decltype(&aiCreatePropertyStore) create_properties = nullptr;
  decltype(&aiReleasePropertyStore) release_properties = nullptr;
  decltype(&aiSetImportPropertyInteger) set_integer = nullptr;
  decltype(&aiGetMaterialString) material_string = nullptr;
  decltype(&aiGetMaterialColor) material_color = nullptr;
  decltype(&aiGetMaterialFloatArray) material_floats = nullptr;
  decltype(&aiGetMaterialIntegerArray) material_integers = nullptr;
  decltype(&aiGetMaterialTexture) material_texture = nullptr;
};

// The library, opened on the first call (once per process); null when it
// cannot be, with `*error` saying why.
const Library* OpenLibrary(std::string* error);

// One file imported by Assimp, released with this.
class ImportedScene {
 public:
  // Reads `path` with the post-processing `flags` (aiProcess_*).
  ImportedScene(const std::string& path, unsigned flags);
  ~ImportedScene();
  ImportedScene(const ImportedScene&) = delete;
  ImportedScene& operator=(const ImportedScene&) = delete;

  // The scene with a root node, or null when the import failed.
  const aiScene* scene() const { return scene_; }
  // Why the import failed (Assimp's words, or why the library is missing).
  const std::string& error() const { return error_; }
  // The library that read it (its material functions), when scene() is set.
  const Library& library() const { return *library_; }

 private:
  const Library* library_ = nullptr;
  const aiScene* scene_ = nullptr;
  std::string error_;
};

}  // namespace cinc::assimp

#endif  // CINC_IMPORTERS_ASSIMP_LIBRARY_H_

#include "importers/assimp_library.h"

#include <assimp/cfileio.h>
#include <assimp/config.h>
#include <dlfcn.h>
#include <sys/stat.h>

#include <cstdio>

#include "core/input_file.h"

#ifndef CINC_ASSIMP_SONAME
#define CINC_ASSIMP_SONAME "libassimp.so.5"
#endif

namespace cinc::assimp {
namespace {

// The library's functions found by name; false (with `*error`) when one is
// missing.
template <typename Function>
bool Find(void* handle, const char* name, Function* function, std::string* error) {
  *function = reinterpret_cast<Function>(dlsym(handle, name));
  if (*function == nullptr) *error = std::string(CINC_ASSIMP_SONAME " has no ") + name;
  return *function != nullptr;
}

struct Opened {
  Library library;
  bool ok = false;
  std::string error;
};

Opened Open() {
  Opened opened;
  // Never closed: the process keeps it for its next model.
  void* handle = dlopen(CINC_ASSIMP_SONAME, RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* why = dlerror();
    opened.error = "Assimp (" CINC_ASSIMP_SONAME ") cannot be loaded: " +
                   std::string(why != nullptr ? why : "unknown error") +
                   "; install Assimp 5 (Debian: libassimp5)";
    return opened;
  }
  Library& l = opened.library;
  std::string& e = opened.error;
  opened.ok = Find(handle, "aiImportFileExWithProperties", &l.import_file, &e) &&
              Find(handle, "aiReleaseImport", &l.release_import, &e) &&
              Find(handle, "aiGetErrorString", &l.error_string, &e) &&
              Find(handle, "aiCreatePropertyStore", &l.create_properties, &e) &&
              Find(handle, "aiReleasePropertyStore", &l.release_properties, &e) &&
              Find(handle, "aiSetImportPropertyInteger", &l.set_integer, &e) &&
              Find(handle, "aiGetMaterialString", &l.material_string, &e) &&
              Find(handle, "aiGetMaterialColor", &l.material_color, &e) &&
              Find(handle, "aiGetMaterialFloatArray", &l.material_floats, &e) &&
              Find(handle, "aiGetMaterialIntegerArray", &l.material_integers, &e) &&
              Find(handle, "aiGetMaterialTexture", &l.material_texture, &e);
  return opened;
}

// Assimp's files, read through stdio as Assimp's own DefaultIOStream reads.
FILE* FileOf(aiFile* file) { return reinterpret_cast<FILE*>(file->UserData); }

size_t Read(aiFile* file, char* buffer, size_t size, size_t count) {
  if (size == 0 || count == 0) return 0;
  return std::fread(buffer, size, count, FileOf(file));
}

size_t Write(aiFile* file, const char* buffer, size_t size, size_t count) {
  if (size == 0 || count == 0) return 0;
  return std::fwrite(buffer, size, count, FileOf(file));
}

size_t Tell(aiFile* file) { return static_cast<size_t>(std::ftell(FileOf(file))); }

size_t Size(aiFile* file) {
  struct stat status {};
  if (fstat(fileno(FileOf(file)), &status) != 0) return 0;
  return static_cast<size_t>(status.st_size);
}

aiReturn Seek(aiFile* file, size_t offset, aiOrigin origin) {
  const int whence = origin == aiOrigin_SET   ? SEEK_SET
                     : origin == aiOrigin_CUR ? SEEK_CUR
                                              : SEEK_END;
  return std::fseek(FileOf(file), static_cast<long>(offset), whence) == 0 ? aiReturn_SUCCESS
                                                                          : aiReturn_FAILURE;
}

void Flush(aiFile* file) { std::fflush(FileOf(file)); }

// What core/input_file.h would not read (a folder, a named pipe, a device, a
// file over the model cap) is not there.
aiFile* OpenChecked(aiFileIO*, const char* path, const char* mode) {
  if (CheckInputFile(path, InputKind::kModel).refused()) return nullptr;
  FILE* stream = std::fopen(path, mode);
  if (stream == nullptr) return nullptr;
  return new aiFile{&Read, &Write, &Tell, &Size, &Seek, &Flush, reinterpret_cast<char*>(stream)};
}

void Close(aiFileIO*, aiFile* file) {
  if (file == nullptr) return;
  std::fclose(FileOf(file));
  delete file;
}

}  // namespace

const Library* OpenLibrary(std::string* error) {
  static const Opened opened = Open();  // once, whichever thread asks first
  if (!opened.ok) {
    *error = opened.error;
    return nullptr;
  }
  return &opened.library;
}

ImportedScene::ImportedScene(const std::string& path, unsigned flags) {
  library_ = OpenLibrary(&error_);
  if (library_ == nullptr) return;
  aiPropertyStore* properties = library_->create_properties();
  library_->set_integer(properties, AI_CONFIG_IMPORT_FBX_PRESERVE_PIVOTS, 0);
  library_->set_integer(properties, AI_CONFIG_IMPORT_NO_SKELETON_MESHES, 1);
  library_->set_integer(properties, AI_CONFIG_IMPORT_COLLADA_USE_COLLADA_NAMES, 1);
  aiFileIO files{&OpenChecked, &Close, nullptr};
  const aiScene* scene = library_->import_file(path.c_str(), flags, &files, properties);
  library_->release_properties(properties);
  if (scene == nullptr) {
    const char* said = library_->error_string();
    error_ = said != nullptr ? said : "";
    return;
  }
  if (scene->mRootNode == nullptr) {  // read, but nothing in it (no message from Assimp)
    library_->release_import(scene);
    return;
  }
  scene_ = scene;
}

ImportedScene::~ImportedScene() {
  if (scene_ != nullptr) library_->release_import(scene_);
}

}  // namespace cinc::assimp

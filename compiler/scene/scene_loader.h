// The scene loader: scene.yaml (or .json) -> the typed cinc::Scene
// (docs/scene-loading.md; every message is listed there).
#ifndef CINC_COMPILER_SCENE_SCENE_LOADER_H_
#define CINC_COMPILER_SCENE_SCENE_LOADER_H_

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "core/diagnostics.h"
#include "core/scene.h"

namespace cinc {

struct SceneLoadOptions {
  // Folders a model `source` may point into besides the scene's own folder
  // (`--allow-outside`). Compared lexically after making them absolute.
  std::vector<std::string> allowed_outside_roots;
  // Texts to read instead of files (an editor's unsaved buffers, `cinc lsp`),
  // keyed by UnsavedTextKey: the scene and its includes. Borrowed; nullptr
  // reads every file from disk.
  const std::map<std::string, std::string>* unsaved_texts = nullptr;
};

// The key of `path` in SceneLoadOptions::unsaved_texts: the absolute path,
// symbolic links resolved as far as they exist.
std::string UnsavedTextKey(const std::string& path);

// The text of scene or included file `path`: its unsaved text when `options`
// has one, else the file's bytes (refused as core/input_file.h refuses).
// Returns the refusal's description, empty when read.
std::string ReadSceneText(const std::string& path, const SceneLoadOptions& options,
                          std::string* text);

// Never throws nor stops at the first problem: every problem goes to
// `diagnostics`, sorted, and the Scene holds what could be read (nothing
// after a syntax error but its file and name), times in exact seconds.
// `file` names the scene in diagnostics and gives the default sequence name
// (its stem) and the folder sources are relative to.
Scene LoadSceneFromText(std::string_view text, const std::string& file, Diagnostics* diagnostics);
Scene LoadSceneFromText(std::string_view text, const std::string& file,
                        const SceneLoadOptions& options, Diagnostics* diagnostics);

// An unreadable file is E_SCENE_FORMAT at 0:0 "cannot read file: <reason>".
Scene LoadSceneFile(const std::string& path, Diagnostics* diagnostics);
Scene LoadSceneFile(const std::string& path, const SceneLoadOptions& options,
                    Diagnostics* diagnostics);

enum class DocumentKind { kScene, kSequence, kUnreadable };

// A cheap look at the first-level keys: a top-level mapping with a `cinc` key
// is a scene; any other readable document is a sequence; an empty file, or
// one that is not YAML before a `cinc` key shows up, is unreadable.
DocumentKind DetectDocumentKind(std::string_view text);

}  // namespace cinc

#endif  // CINC_COMPILER_SCENE_SCENE_LOADER_H_

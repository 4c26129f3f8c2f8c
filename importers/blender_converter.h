// .blend -> GLB through the installed Blender, cached by content.
//
// Contract: runs `BLENDER -b --factory-startup --disable-autoexec FILE
// --python-exit-code 1 --python cinc_export.py -- --out GLB` (the script is
// built into cinc) with stdin closed and its output in a log beside the
// result. The GLB is `<cache>/blend-<sha256 of file and script>.glb`: a file
// converted once is not converted again. Never throws; on failure `error`
// says what went wrong and how to fix it.
#ifndef CINC_IMPORTERS_BLENDER_CONVERTER_H_
#define CINC_IMPORTERS_BLENDER_CONVERTER_H_

#include <string>

#include "importers/import_model.h"

namespace cinc {

// The text of importers/blender/cinc_export.py, embedded at build time.
extern const char kCincExportScript[];

// The folder ImportSettings::cache_folder resolves to.
std::string ResolveCacheFolder(const ImportSettings& settings);

// `bytes` is the file's content (already read, for the hash). Returns false
// with `error` on failure; `glb_path` is the converted file on success.
bool ConvertBlendFile(const std::string& path, const std::string& bytes,
                      const ImportSettings& settings, std::string* glb_path, std::string* error);

}  // namespace cinc

#endif  // CINC_IMPORTERS_BLENDER_CONVERTER_H_

// .blend -> GLB through the installed Blender, cached by content.
//
// Contract: runs `BLENDER -b --factory-startup --disable-autoexec FILE
// --python-exit-code 1 --python cinc_export.py -- --out GLB` (the script is
// built into cinc) with stdin closed and its output in a log beside the
// result. The GLB is `<cache>/blend-<sha256 of file and script>.glb`: a file
// converted once is not converted again. A file saved by a newer Blender
// than the one that ran (BlendFileVersion against the version Blender
// prints first) is refused, whether Blender read it or not: an older
// Blender reads newer files wrongly or not at all. Never throws; on failure `error`
// says what went wrong and how to fix it.
#ifndef CINC_IMPORTERS_BLENDER_CONVERTER_H_
#define CINC_IMPORTERS_BLENDER_CONVERTER_H_

#include <optional>
#include <string>

#include "importers/import_model.h"

namespace cinc {

// The text of importers/blender/cinc_export.py, embedded at build time.
extern const char kCincExportScript[];

// The folder ImportSettings::cache_folder resolves to.
std::string ResolveCacheFolder(const ImportSettings& settings);

// The Blender version that saved a .blend file, as Blender numbers it (304
// for 3.4, 402 for 4.2, 500 for 5.0), from its header: `BLENDER` with `_`
// or `-`, `v` or `V` and three digits (up to Blender 4.x), or `BLENDER`,
// the header size `17`, `-`, two format digits, `v` or `V` and four digits
// (Blender 5.0 and later). nullopt for a compressed file (its header is
// inside the Zstandard frame) or another header.
std::optional<int> BlendFileVersion(const std::string& bytes);

// The version on the first line of Blender's log ("Blender 3.4.1 (hash ...)"
// gives 304 and "3.4.1"); nullopt when it names none.
struct BlenderVersion {
  int number = 0;    // 304
  std::string text;  // "3.4.1"
};
std::optional<BlenderVersion> BlenderVersionInLog(const std::string& log);

// `bytes` is the file's content (already read, for the hash). Returns false
// with `error` on failure; `glb_path` is the converted file on success.
bool ConvertBlendFile(const std::string& path, const std::string& bytes,
                      const ImportSettings& settings, std::string* glb_path, std::string* error);

}  // namespace cinc

#endif  // CINC_IMPORTERS_BLENDER_CONVERTER_H_

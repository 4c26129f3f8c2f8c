#include "compiler/pipeline/output_formats.h"

#include <array>

#include "compiler/pipeline/glb_output.h"
#include "compiler/pipeline/gltf_output.h"
#include "compiler/pipeline/preview_output.h"
#include "compiler/pipeline/sequence_output.h"

namespace cinc {
namespace {

// One row per output (compiler/pipeline/output_formats.h says what each field
// means); the first is the default.
constexpr std::array kOutputFormats = {
    OutputFormat{.name = "sequence",
                 .summary = "the cinema sequence JSON",
                 .default_suffix = ".sequence.json",
                 .extension = "",
                 .build_option = true,
                 .numbered_shards = true,
                 .build = BuildSequenceOutput},
    OutputFormat{.name = "glb",
                 .summary = "an animated glTF asset, binary",
                 .default_suffix = ".glb",
                 .extension = ".glb",
                 .build_option = true,
                 .numbered_shards = false,
                 .build = BuildGlbOutput},
    OutputFormat{.name = "gltf",
                 .summary = "an animated glTF asset as JSON",
                 .default_suffix = ".gltf",
                 .extension = ".gltf",
                 .build_option = true,
                 .numbered_shards = false,
                 .build = BuildGltfOutput},
    OutputFormat{.name = "preview",
                 .summary = "the page that plays the scene",
                 .default_suffix = ".preview.html",
                 .extension = "",
                 .build_option = false,
                 .numbered_shards = false,
                 .build = BuildPreviewOutput},
};

}  // namespace

std::span<const OutputFormat> OutputFormats() { return kOutputFormats; }

const OutputFormat* FindOutputFormat(std::string_view name) {
  for (const OutputFormat& format : kOutputFormats) {
    if (format.name == name) return &format;
  }
  return nullptr;
}

}  // namespace cinc

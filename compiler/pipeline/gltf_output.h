// The animated glTF asset as glTF JSON, its buffer embedded as a base64
// `data:` URI: one .gltf file (gltf/gltf_document.h).
#ifndef CINC_COMPILER_PIPELINE_GLTF_OUTPUT_H_
#define CINC_COMPILER_PIPELINE_GLTF_OUTPUT_H_

#include "compiler/pipeline/output_job.h"

namespace cinc {

void BuildGltfOutput(const OutputJob& job);

}  // namespace cinc

#endif  // CINC_COMPILER_PIPELINE_GLTF_OUTPUT_H_

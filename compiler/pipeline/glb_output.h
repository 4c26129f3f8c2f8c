// The animated glTF asset as GLB: one binary file (gltf/gltf_document.h).
#ifndef CINC_COMPILER_PIPELINE_GLB_OUTPUT_H_
#define CINC_COMPILER_PIPELINE_GLB_OUTPUT_H_

#include "compiler/pipeline/output_job.h"

namespace cinc {

void BuildGlbOutput(const OutputJob& job);

}  // namespace cinc

#endif  // CINC_COMPILER_PIPELINE_GLB_OUTPUT_H_

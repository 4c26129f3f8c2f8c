// The preview page (preview/preview_page.h): one HTML file that plays the
// GLB for the objects and the sequence for what glTF cannot carry (shots,
// blends, fov, opacity, cues).
#ifndef CINC_COMPILER_PIPELINE_PREVIEW_OUTPUT_H_
#define CINC_COMPILER_PIPELINE_PREVIEW_OUTPUT_H_

#include "compiler/pipeline/output_job.h"

namespace cinc {

// The whole sequence is validated as a build writes it (in shards past 256
// tracks); the page takes it whole.
void BuildPreviewOutput(const OutputJob& job);

}  // namespace cinc

#endif  // CINC_COMPILER_PIPELINE_PREVIEW_OUTPUT_H_

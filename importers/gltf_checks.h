// What cinc checks of a glTF document before tinygltf reads it, so that the
// mistakes people make with glTF files get a message that says what to do.
//
// Contract: CheckGltfBeforeLoading(bytes, binary, base_dir) returns "" when
// tinygltf may read the document, else the reason it may not, as a phrase
// that completes "cannot read PATH: ...":
//   - a GLB whose header says version 1, or a JSON document whose
//     `asset.version` is missing or not 2.x (glTF 1.0 documents say "1.0" or
//     nothing): cinc reads glTF 2.0 only;
//   - an external buffer or image (a `uri` that is not a `data:` URI) whose
//     file is not there: which entry, which file, and where it was looked for
//     (`base_dir` joined with the URI, percent-decoded), or that lies outside
//     `base_dir` (core/path_containment.h).
// A document whose JSON cannot be parsed, or that is otherwise malformed,
// passes: tinygltf's own message says what is wrong with it.
//
// GltfExternalFiles(bytes, binary, base_dir): the files a glTF document reads
// besides itself, its buffers' then its images' `uri`s that are not `data:`
// URIs, as `base_dir` joined with the percent-decoded URI, in document
// order, those that are there (the depfile lists them: touching a .bin
// rebuilds). None for a document that cannot be parsed.
#ifndef CINC_IMPORTERS_GLTF_CHECKS_H_
#define CINC_IMPORTERS_GLTF_CHECKS_H_

#include <string>
#include <vector>

namespace cinc {

std::string CheckGltfBeforeLoading(const std::string& bytes, bool binary,
                                   const std::string& base_dir);

std::vector<std::string> GltfExternalFiles(const std::string& bytes, bool binary,
                                           const std::string& base_dir);

}  // namespace cinc

#endif  // CINC_IMPORTERS_GLTF_CHECKS_H_

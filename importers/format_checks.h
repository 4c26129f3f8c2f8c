// Checks made on a model file's bytes before a third-party reader sees them,
// for the mistakes a reader is known to take badly (importers/isolated_run.h
// still bounds whatever a reader does).
//
// Contract: CheckBeforeReading(path, bytes) returns "" when the file may go
// to its reader, else the reason it may not, as a phrase that completes
// "cannot read PATH: ...". It is called for files whose bytes are neither
// glTF, GLB nor a .blend; only the formats named below are checked, any other
// file passes.
//   - .glb, .gltf, .blend: a file named so is damaged (it does not start as
//     one does), not of another format.
//   - PLY (.ply): the header must start with the line `ply` and end with an
//     `end_header` line within its first 64 KB (Assimp's PLY reader loops
//     forever on a header that never ends).
#ifndef CINC_IMPORTERS_FORMAT_CHECKS_H_
#define CINC_IMPORTERS_FORMAT_CHECKS_H_

#include <string>
#include <string_view>

namespace cinc {

std::string CheckBeforeReading(const std::string& path, std::string_view bytes);

}  // namespace cinc

#endif  // CINC_IMPORTERS_FORMAT_CHECKS_H_

// The glTF export's Blender profile (GltfProfile::kBlender, docs/gltf.md
// "The Blender profile"): pieces cut into chords, and jumps a ramp apart.
#ifndef CINC_GLTF_GLTF_CHORDS_H_
#define CINC_GLTF_GLTF_CHORDS_H_

#include <vector>

#include "gltf/gltf_parts.h"

namespace cinc::gltf_parts {

// A part that a jump follows ends where the jump's ramp starts
// (GltfBlenderJumpRamp before the jump, at its exact value there; the
// disassembly's parts say where), and the next part keeps that time as its
// ramp_start. N = 3 or 4.
template <int N>
void EndBeforeRamps(std::vector<Part<N>>* parts);

// A moving part with no exact LINEAR form becomes kChords: keys fitted for
// straight lines between them (rotations: slerp and normalised lerp alike).
template <int N>
void FitChords(FitQuantity quantity, const FitSettings& settings, Part<N>* part);

}  // namespace cinc::gltf_parts

#endif  // CINC_GLTF_GLTF_CHORDS_H_

#include "gltf/gltf_chords.h"

#include <algorithm>

#include "gltf/gltf_animation.h"

namespace cinc::gltf_parts {

// The Blender profile: a part that a jump follows ends where the jump's
// ramp starts (GltfBlenderJumpRamp before the jump, at its exact value
// there; the disassembly's parts say where, MirroredParts), and the next
// part keeps that time as its ramp_start.
template <int N>
void EndBeforeRamps(std::vector<Part<N>>* parts) {
  for (size_t k = 0; k + 1 < parts->size(); ++k) {
    Part<N>& part = (*parts)[k];
    Part<N>& next = (*parts)[k + 1];
    if (!part.end || Same(part.to, next.from)) continue;
    if (next.ramp_start) {
      // The disassembly's: the part's motion ends there (MirroredParts).
      part.end = std::max(*next.ramp_start, part.start);
      continue;
    }
    double ramp =
        std::max(GltfStoredTime(next.start - GltfBlenderJumpRamp(next.start)), part.start);
    next.ramp_start = ramp;
    if (!(ramp < *part.end)) continue;
    part.end = ramp;
    if (part.exact) part.to = Continued<N>(part.exact(ramp), part.to);
  }
}

// The Blender profile: a piece with no exact LINEAR form becomes chords,
// keys fitted for straight lines between them (rotations: slerp and
// normalised lerp alike).
template <int N>
void FitChords(FitQuantity quantity, const FitSettings& settings, Part<N>* part) {
  using Kind = typename Part<N>::Kind;
  if (!part->end ||
      !(part->kind == Kind::kFit || part->kind == Kind::kCubic || part->kind == Kind::kSlerp)) {
    return;
  }
  part->kind = Kind::kChords;
  part->interior.clear();
  double stored_a = GltfStoredTime(part->start);
  double stored_b = GltfStoredTime(*part->end);
  if (!(stored_b > stored_a)) return;
  PlaybackModel playback{PlaybackModel::Kind::kGltf, kMaxGltfChannelKeys};
  playback.linear = true;
  std::vector<FitKey<N>> fitted = FitHermite(CurveOf(*part, quantity), stored_a, stored_b,
                                             part->from, part->to, settings, playback);
  for (size_t k = 1; k + 1 < fitted.size(); ++k) {
    part->interior.push_back({fitted[k].t, fitted[k].value});
  }
}

template void EndBeforeRamps(std::vector<Part<3>>*);
template void EndBeforeRamps(std::vector<Part<4>>*);
template void FitChords(FitQuantity, const FitSettings&, Part<3>*);
template void FitChords(FitQuantity, const FitSettings&, Part<4>*);

}  // namespace cinc::gltf_parts

// Run-time target checks (the cinema runtime's E_CINEMA_TARGET).
//
// Contract: what the runtime checks when a sequence starts playing in a
// scene, which the file alone cannot know: every transform track's target and
// every shot's camera must name an object of the scene, and the output camera
// (the object the camera track drives), when the scene has it, must carry a
// Camera component. Each problem is one E_CINEMA_TARGET diagnostic with its
// JSON path, in track order; like the runtime's cinema_error events they do
// not stop the rest from playing. A missing output camera is no problem: the
// runtime creates it.
#ifndef CINC_SEQUENCE_RUNTIME_TARGETS_H_
#define CINC_SEQUENCE_RUNTIME_TARGETS_H_

#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "sequence/sequence.h"

namespace cinc {

struct RuntimeScene {
  std::vector<std::string> objects;              // names (or "#id") of the scene's objects
  std::vector<std::string> objects_with_camera;  // those that carry a Camera component
  std::string output_camera = "CinemaCamera";
};

// Appends one E_CINEMA_TARGET per problem; true when there is none.
bool CheckRuntimeTargets(const Sequence& sequence, const RuntimeScene& scene,
                         Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_SEQUENCE_RUNTIME_TARGETS_H_

#include "sequence/sequence.h"

#include <type_traits>

namespace cinc {
namespace {

constexpr std::array<std::string_view, 5> kInterpolationNames = {"linear", "step", "hermite",
                                                                 "bezier", "smooth"};

}  // namespace

std::string_view InterpolationName(Interpolation interpolation) {
  return kInterpolationNames[static_cast<size_t>(interpolation)];
}

std::optional<Interpolation> InterpolationFromName(std::string_view name) {
  for (size_t index = 0; index < kInterpolationNames.size(); ++index) {
    if (kInterpolationNames[index] == name) return static_cast<Interpolation>(index);
  }
  return std::nullopt;
}

std::string_view TrackTypeName(const Track& track) {
  return std::visit(
      [](const auto& typed) -> std::string_view {
        using Type = std::decay_t<decltype(typed)>;
        if constexpr (std::is_same_v<Type, TransformTrack>) return "transform";
        if constexpr (std::is_same_v<Type, CameraTrack>) return "camera";
        if constexpr (std::is_same_v<Type, CuesTrack>) return "cues";
        if constexpr (std::is_same_v<Type, AudioTrack>) return "audio";
        if constexpr (std::is_same_v<Type, TimeTrack>) return "time";
      },
      track);
}

}  // namespace cinc

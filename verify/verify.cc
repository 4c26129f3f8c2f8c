#include "verify/verify.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <optional>
#include <string_view>
#include <tuple>
#include <unordered_map>

#include "core/float32.h"
#include "core/tolerance.h"
#include "emit/shards.h"
#include "fit/mirrored_time.h"
#include "gltf/gltf_playback.h"
#include "markers/pose.h"
#include "sequence/interpolation.h"

namespace cinc {
namespace {

// The channels the runtime plays for one target: per channel the last track
// of that target with keys in it (the later track wins; docs/sequence-format.md).
struct PlayedChannels {
  bool has_track = false;
  const Keys* position = nullptr;
  const Keys* rotation = nullptr;
  const Keys* scale = nullptr;
};

std::unordered_map<std::string_view, PlayedChannels> PlayedTargets(const Sequence& sequence) {
  std::unordered_map<std::string_view, PlayedChannels> targets;
  for (const Track& track : sequence.tracks) {
    const auto* transform = std::get_if<TransformTrack>(&track);
    if (transform == nullptr) continue;
    PlayedChannels& played = targets[transform->target];
    played.has_track = true;
    if (!transform->position.empty()) played.position = &transform->position;
    if (!transform->rotation.empty()) played.rotation = &transform->rotation;
    if (!transform->scale.empty()) played.scale = &transform->scale;
  }
  return targets;
}

// Which exact instant a double sample time stands for (see verify.h): the
// boundary B whose double is the sample, or the real number just after the
// last boundary below it.
struct Instant {
  ExactTime select;  // segments and frames are chosen here
  bool exact = false;
};

template <typename Value>
void AddBoundaries(const ChannelTrack<Value>& track, std::vector<ExactTime>* times) {
  for (const Segment<Value>& segment : track.segments) {
    times->push_back(segment.start);
    times->push_back(segment.end());
  }
}

void AddBoundaries(const FrameTrack& frames, std::vector<ExactTime>* times) {
  for (const FrameSpan& span : frames.spans) times->push_back(span.start);
}

class ExactClock {
 public:
  explicit ExactClock(const Rig& rig) {
    times_.push_back(ExactTime());
    for (const ObjectRig& object : rig.objects) {
      AddBoundaries(object.position, &times_);
      AddBoundaries(object.rotation, &times_);
      AddBoundaries(object.scale, &times_);
      AddBoundaries(object.opacity, &times_);
      AddBoundaries(object.frames, &times_);
    }
    for (const CameraRig& camera : rig.cameras) {
      AddBoundaries(camera.position, &times_);
      AddBoundaries(camera.rotation, &times_);
      AddBoundaries(camera.frames, &times_);
    }
    std::sort(times_.begin(), times_.end());
    times_.erase(std::unique(times_.begin(), times_.end()), times_.end());
    doubles_.reserve(times_.size());
    for (const ExactTime& time : times_) doubles_.push_back(time.ToDouble());
  }

  Instant At(double t) const {
    auto after = std::upper_bound(doubles_.begin(), doubles_.end(), t);
    if (after == doubles_.begin()) return {ExactTime(), false};
    size_t index = static_cast<size_t>(after - doubles_.begin()) - 1;
    return {times_[index], doubles_[index] == t};
  }

  // For a glTF player, whose key times are float32: a time t that is where
  // a key for a boundary B is stored (GltfStoredTime) stands for B (the
  // latest such B); anything else as At(t).
  Instant AtFloat(double t) const {
    if (static_cast<double>(ToFloat32(t)) == t) {
      if (floats_.empty()) {
        floats_.reserve(doubles_.size());
        for (double time : doubles_) floats_.push_back(ToFloat32(GltfStoredTime(time)));
      }
      auto after = std::upper_bound(floats_.begin(), floats_.end(), ToFloat32(t));
      if (after != floats_.begin() && *(after - 1) == ToFloat32(t)) {
        return {times_[static_cast<size_t>(after - floats_.begin()) - 1], true};
      }
    }
    return At(t);
  }

  // For the disassembly, played at tau: the exact instant, and the double
  // time to evaluate it at. The boundaries' keys were mirrored to M_i =
  // MirroredTime(B_i, D) (fit/mirrored_time.h): tau = M_i
  // stands for B_i, and a tau between M_i and M_(i-1) for the scene's time
  // between B_(i-1) and B_i, D - tau kept inside them, so that rounding
  // never moves a jump across a sample (just after M_i, where a mirrored
  // jump's held value starts, is the left limit at B_i).
  std::pair<Instant, double> AtMirrored(double tau, double duration) const {
    if (mirrored_.empty()) {
      mirrored_.reserve(doubles_.size());
      for (double time : doubles_) mirrored_.push_back(MirroredTime(time, duration));
    }
    // mirrored_ is non-increasing: i = the first index with M_i <= tau.
    size_t i = static_cast<size_t>(
        std::partition_point(mirrored_.begin(), mirrored_.end(),
                             [tau](double mirrored) { return mirrored > tau; }) -
        mirrored_.begin());
    if (i < mirrored_.size() && mirrored_[i] == tau) return {{times_[i], true}, doubles_[i]};
    if (i == 0) return {{times_[0], true}, doubles_[0]};  // tau past D: the start
    double t = std::max(duration - tau, doubles_[i - 1]);
    if (i < doubles_.size()) t = std::min(t, doubles_[i]);
    return {{times_[i - 1], false}, t};
  }

  // For the disassembly of a glTF export, whose keys for a boundary B_i
  // are at m_i = GltfMirroredTime(B_i, D), float32s: tau = m_i stands for
  // B_i (the latest such B), and a tau in (m_(i+1), m_i) for the scene's
  // time between B_i and B_(i+1), D - tau kept inside them (the player shows
  // the state from B_i on until m_i, and the state before B_i after it).
  std::pair<Instant, double> AtMirroredFloat(double tau, double duration) const {
    if (mirrored_floats_.empty()) {
      mirrored_floats_.reserve(doubles_.size());
      for (double time : doubles_) mirrored_floats_.push_back(GltfMirroredTime(time, duration));
    }
    // mirrored_floats_ is non-increasing: i = the last index with m_i >= tau.
    size_t after = static_cast<size_t>(
        std::partition_point(mirrored_floats_.begin(), mirrored_floats_.end(),
                             [tau](double mirrored) { return mirrored >= tau; }) -
        mirrored_floats_.begin());
    if (after == 0) return {{times_[0], true}, doubles_[0]};  // tau past D: the start
    size_t i = after - 1;
    if (mirrored_floats_[i] == tau) return {{times_[i], true}, doubles_[i]};
    // Up to D - tau <= B_i (float32s above D - B_i): B_i itself.
    if (!(duration - tau > doubles_[i])) return {{times_[i], true}, doubles_[i]};
    double t = duration - tau;
    if (i + 1 < doubles_.size()) t = std::min(t, doubles_[i + 1]);
    return {{times_[i], false}, t};
  }

 private:
  std::vector<ExactTime> times_;
  std::vector<double> doubles_;                  // times_[i].ToDouble(), non-decreasing
  mutable std::vector<float> floats_;            // their float32s, made on first use
  mutable std::vector<double> mirrored_;         // MirroredTime(doubles_[i], D), made on first use
  mutable std::vector<double> mirrored_floats_;  // their glTF disassembly's, on first use
};

template <typename Value>
Value ChannelValue(const ChannelTrack<Value>& track, const Instant& instant, double t) {
  if (instant.exact) return ValueAt(track, instant.select);
  int index = ActiveSegmentIndex(track, instant.select);
  if (index < 0) return track.initial;
  const Segment<Value>& segment = track.segments[static_cast<size_t>(index)];
  return SegmentValueAtProgress(segment, SegmentProgressAt(segment, t));
}

// An owner's exact world pose at the clock's instants. Inside an interval
// the chain and the segments are chosen once (PoseWithin, the same poses
// to the bit as WorldPoseWithin) while consecutive samples share it.
class ExactPoses {
 public:
  ExactPoses(const Rig& rig, OwnerRef owner) : rig_(rig), owner_(owner) {}

  RigidPose At(const Instant& instant, double t) {
    if (instant.exact) return WorldPoseAt(rig_, owner_, instant.select);
    if (!within_ || !(select_ == instant.select)) {
      within_.emplace(rig_, owner_, instant.select);
      select_ = instant.select;
    }
    return within_->At(t);
  }

 private:
  const Rig& rig_;
  OwnerRef owner_;
  std::optional<PoseWithin> within_;
  ExactTime select_;  // the instant within_ was chosen at
};

Vec3 PlayVector(const Keys& keys, double t) {
  ChannelSample sample = SampleChannel(keys, t);
  return Vec3(sample[0], sample[1], sample[2]);
}

// What a player shows of one owner at t.
struct PlayedPose {
  Vec3 position{0, 0, 0};
  Quat rotation{1, 0, 0, 0};
  Vec3 scale{1, 1, 1};
};

// Every 1/rate of [0, duration], the owner's key times and the end, sorted.
std::vector<double> SampleTimes(const ExactTime& duration, int rate,
                                const std::vector<double>& key_times) {
  __int128 last = static_cast<__int128>(duration.numerator()) * rate / duration.denominator();
  std::vector<double> times;
  times.reserve(static_cast<size_t>(last) + 2);
  for (__int128 k = 0; k <= last; ++k) {
    times.push_back(static_cast<double>(k) / static_cast<double>(rate));
  }
  double end = duration.ToDouble();
  times.push_back(end);
  for (double t : key_times) {
    if (t >= 0 && t <= end) times.push_back(t);
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  return times;
}

// Running maximum (first time kept) and sum of squares.
struct ErrorAccumulator {
  ErrorSummary summary;
  double sum_of_squares = 0;
  size_t count = 0;

  void Add(double error, double t) {
    if (count == 0 || error > summary.max) {
      summary.max = error;
      summary.max_time = t;
    }
    sum_of_squares += error * error;
    ++count;
  }
  ErrorSummary Finish() const {
    ErrorSummary result = summary;
    result.rms = count == 0 ? 0 : std::sqrt(sum_of_squares / static_cast<double>(count));
    return result;
  }
};

std::string OwnerLabel(const SceneObject& owner) {
  return std::string(owner.is_camera ? "camera '" : "object '") + owner.name + "'";
}

// How a player's times map to the scene's: the same doubles, float32s (a
// glTF player), mirrored (the disassembly), or both (a glTF disassembly).
// A scene's `disassembly:` (kDisassembly): the same doubles before its
// start, mirrored about start + E from there.
enum class PlayerTimes {
  kDouble,
  kFloat32,
  kMirrored,
  kMirroredFloat32,
  kDisassembly,
  kDisassemblyFloat32
};

OwnerVerification VerifyOwner(const Rig& rig, OwnerRef owner, const ObjectRig* object,
                              const std::function<PlayedPose(double)>& play,
                              const std::vector<double>& key_times, const ExactTime& duration,
                              const ExactClock& clock, int rate, PlayerTimes player_times,
                              const DisassemblyTimes* disassembly = nullptr) {
  OwnerVerification result;
  result.played = true;
  ErrorAccumulator position;
  ErrorAccumulator rotation;
  ErrorAccumulator scale;
  ExactPoses exact_poses(rig, owner);
  const ExactTime played = disassembly != nullptr ? disassembly->end : duration;
  const double axis =
      disassembly != nullptr ? (disassembly->start + disassembly->to).ToDouble() : 0.0;
  for (double t : SampleTimes(played, rate, key_times)) {
    // t is the player's time; `at` the scene's, where the exact state is.
    Instant instant;
    double at = t;
    if (player_times == PlayerTimes::kDisassembly) {
      if (t < disassembly->start.ToDouble()) {
        instant = clock.At(t);
      } else {
        std::tie(instant, at) = clock.AtMirrored(t, axis);
      }
    } else if (player_times == PlayerTimes::kDisassemblyFloat32) {
      // The change at T is stored at the largest float32 not after it.
      if (t < GltfStoredTime(disassembly->start.ToDouble())) {
        instant = clock.AtFloat(t);
      } else {
        std::tie(instant, at) = clock.AtMirroredFloat(t, axis);
      }
    } else if (player_times == PlayerTimes::kMirrored) {
      std::tie(instant, at) = clock.AtMirrored(t, duration.ToDouble());
    } else if (player_times == PlayerTimes::kMirroredFloat32) {
      std::tie(instant, at) = clock.AtMirroredFloat(t, duration.ToDouble());
    } else {
      instant = player_times == PlayerTimes::kFloat32 ? clock.AtFloat(t) : clock.At(t);
    }
    RigidPose exact = exact_poses.At(instant, at);
    PlayedPose played = play(t);
    position.Add(glm::length(exact.position - played.position), t);
    rotation.Add(Degrees(AngleBetween(exact.rotation, played.rotation)), t);
    if (object != nullptr && ChannelValue(object->opacity, instant, at) > 0) {
      Vec3 exact_scale = ChannelValue(object->scale, instant, at);
      Vec3 difference = glm::abs(exact_scale - played.scale);
      scale.Add(std::max({difference.x, difference.y, difference.z}), t);
    }
  }
  result.position = position.Finish();
  result.rotation = rotation.Finish();
  result.scale = scale.Finish();
  result.samples = position.count;
  result.visible_samples = scale.count;
  return result;
}

// 3 significant digits: the figures a reader compares, stable across
// last-bit differences of the arithmetic.
std::string Rounded(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3g", value);
  return text;
}

// The shortest %g spelling that reads back to the same double: a tolerance
// written 0.0001 prints 0.0001 (FormatDouble would give 1e-04).
std::string Decimal(double value) {
  char text[40];
  for (int precision = 1; precision <= 17; ++precision) {
    std::snprintf(text, sizeof text, "%.*g", precision, value);
    if (std::strtod(text, nullptr) == value) break;
  }
  return text;
}

void ReportOverTolerance(const SceneObject& owner, const OwnerVerification& result,
                         const Tolerance& tolerance, Diagnostics* diagnostics) {
  auto report = [&](std::string message) {
    diagnostics->Report(DiagnosticCode::kVerify, owner.origin.location, owner.origin.path(),
                        std::move(message));
  };
  const double position = ToleranceOf(tolerance, Quantity::kPosition);
  const double rotation = ToleranceOf(tolerance, Quantity::kRotation);
  const double scale = ToleranceOf(tolerance, Quantity::kScale);
  if (result.position.max > position) {
    report(OwnerLabel(owner) + " is off by " + Rounded(result.position.max) + " m at " +
           Decimal(result.position.max_time) + " s, over the position tolerance of " +
           Decimal(position) + " m");
  }
  if (result.rotation.max > rotation) {
    report(OwnerLabel(owner) + " is off by " + Rounded(result.rotation.max) + " degrees at " +
           Decimal(result.rotation.max_time) + " s, over the rotation tolerance of " +
           Decimal(rotation) + " degrees");
  }
  if (result.scale.max > scale) {
    report(OwnerLabel(owner) + " has its scale off by " + Rounded(result.scale.max) + " at " +
           Decimal(result.scale.max_time) + " s, over the position tolerance of " + Decimal(scale) +
           " (scale is held to it as a plain number)");
  }
}

}  // namespace

VerifyReport VerifySequence(const Scene& scene, const Timeline& timeline, const Rig& rig,
                            const Sequence& sequence, const VerifySettings& settings,
                            Diagnostics* diagnostics) {
  VerifyReport report;
  report.tolerance = settings.tolerance;
  int errors_before = diagnostics->error_count();
  // A scene's `disassembly:` plays after the assembly (not with --reverse).
  const DisassemblyTimes* disassembly =
      settings.reversed || !timeline.disassembly ? nullptr : &*timeline.disassembly;
  double duration =
      disassembly != nullptr ? disassembly->end.ToDouble() : timeline.duration.ToDouble();
  if (sequence.duration != duration) {
    diagnostics->Report(DiagnosticCode::kVerify, SourceLocation{}, "",
                        "the sequence lasts " + Decimal(sequence.duration) + " s, the scene " +
                            Decimal(duration) + " s");
  }
  std::unordered_map<std::string_view, PlayedChannels> targets = PlayedTargets(sequence);
  ExactClock clock(rig);
  int rate = std::max(settings.samples_per_second, 1);
  auto verify = [&](const SceneObject& owner, OwnerRef ref, const ObjectRig* object) {
    auto found = targets.find(owner.name);
    PlayedChannels played = found == targets.end() ? PlayedChannels{} : found->second;
    OwnerVerification result;
    if (!played.has_track) {
      diagnostics->Report(DiagnosticCode::kVerify, owner.origin.location, owner.origin.path(),
                          OwnerLabel(owner) + " has no transform track in the sequence");
    } else if (played.position == nullptr || played.rotation == nullptr) {
      diagnostics->Report(DiagnosticCode::kVerify, owner.origin.location, owner.origin.path(),
                          OwnerLabel(owner) + " has no " +
                              (played.position == nullptr ? "position" : "rotation") +
                              " keys in the sequence");
    } else {
      std::vector<double> key_times;
      const bool reversed = settings.reversed;
      for (const Keys* keys : {played.position, played.rotation, played.scale}) {
        if (keys == nullptr) continue;
        for (const Key& key : *keys) key_times.push_back(key.t);
      }
      auto play = [&played](double t) {
        PlayedPose pose;
        pose.position = PlayVector(*played.position, t);
        pose.rotation = QuatFromEulerDegrees(PlayVector(*played.rotation, t));
        if (played.scale != nullptr) pose.scale = PlayVector(*played.scale, t);
        return pose;
      };
      const PlayerTimes times = reversed                 ? PlayerTimes::kMirrored
                                : disassembly != nullptr ? PlayerTimes::kDisassembly
                                                         : PlayerTimes::kDouble;
      result = VerifyOwner(rig, ref, object, play, key_times, timeline.duration, clock, rate, times,
                           disassembly);
      ReportOverTolerance(owner, result, settings.tolerance, diagnostics);
    }
    result.name = owner.name;
    result.is_camera = owner.is_camera;
    report.owners.push_back(std::move(result));
  };
  for (size_t index = 0; index < scene.objects.size() && index < rig.objects.size(); ++index) {
    verify(scene.objects[index], OwnerRef::Object(index), &rig.objects[index]);
  }
  for (size_t index = 0; index < scene.cameras.size() && index < rig.cameras.size(); ++index) {
    verify(scene.cameras[index], OwnerRef::Camera(index), nullptr);
  }
  report.passed = diagnostics->error_count() == errors_before;
  return report;
}

VerifyReport VerifyGltf(const Scene& scene, const Timeline& timeline, const Rig& rig,
                        const std::vector<GltfOwnerMotion>& motions, const VerifySettings& settings,
                        Diagnostics* diagnostics) {
  VerifyReport report;
  report.tolerance = settings.tolerance;
  int errors_before = diagnostics->error_count();
  ExactClock clock(rig);
  int rate = std::max(settings.samples_per_second, 1);
  const DisassemblyTimes* disassembly =
      settings.reversed || !timeline.disassembly ? nullptr : &*timeline.disassembly;
  size_t objects = std::min(scene.objects.size(), rig.objects.size());
  size_t cameras = std::min(scene.cameras.size(), rig.cameras.size());
  for (size_t index = 0; index < objects + cameras && index < motions.size(); ++index) {
    bool is_object = index < objects;
    const SceneObject& owner = is_object ? scene.objects[index] : scene.cameras[index - objects];
    OwnerRef ref = is_object ? OwnerRef::Object(index) : OwnerRef::Camera(index - objects);
    const GltfOwnerMotion& motion = motions[index];
    std::vector<double> key_times;
    for (const auto* sampler :
         {&motion.animation.translation, &motion.animation.rotation, &motion.animation.scale}) {
      if (*sampler)
        key_times.insert(key_times.end(), (*sampler)->times.begin(), (*sampler)->times.end());
    }
    auto verify_as = [&](GltfPlayer player, PlayerTimes times) {
      auto play = [&motion, player](double t) {
        GltfNodePose node = GltfPose(motion, t, player);
        return PlayedPose{node.translation, node.rotation, node.scale};
      };
      return VerifyOwner(rig, ref, is_object ? &rig.objects[index] : nullptr, play, key_times,
                         timeline.duration, clock, rate, times, disassembly);
    };
    const PlayerTimes times = settings.reversed        ? PlayerTimes::kMirroredFloat32
                              : disassembly != nullptr ? PlayerTimes::kDisassemblyFloat32
                                                       : PlayerTimes::kFloat32;
    OwnerVerification result = verify_as(GltfPlayer::kGltf, times);
    if (settings.gltf_profile == GltfProfile::kBlender) {
      OwnerVerification blender = verify_as(GltfPlayer::kBlender, times);
      for (auto quantity : {&OwnerVerification::position, &OwnerVerification::rotation,
                            &OwnerVerification::scale}) {
        if ((blender.*quantity).max > (result.*quantity).max) result.*quantity = blender.*quantity;
      }
    }
    ReportOverTolerance(owner, result, settings.tolerance, diagnostics);
    result.name = owner.name;
    result.is_camera = owner.is_camera;
    report.owners.push_back(std::move(result));
  }
  report.passed = diagnostics->error_count() == errors_before;
  return report;
}

MergedShards MergeShards(const std::vector<Sequence>& shards, const std::vector<std::string>& files,
                         Diagnostics* diagnostics) {
  MergedShards merged;
  if (shards.empty()) return merged;
  merged.ok = true;
  merged.sequence = shards.front();
  for (size_t index = 1; index < shards.size(); ++index) {
    const Sequence& shard = shards[index];
    std::string file = index < files.size() ? files[index] : "shard " + std::to_string(index + 1);
    std::string expected = ShardName(shards.front().name, static_cast<int>(index) + 1);
    if (shard.name != expected) {
      diagnostics->Report(
          DiagnosticCode::kVerify, SourceLocation{}, "",
          "shard " + file + " is named '" + shard.name + "', expected '" + expected + "'");
      merged.ok = false;
    }
    if (shard.duration != shards.front().duration) {
      diagnostics->Report(DiagnosticCode::kVerify, SourceLocation{}, "",
                          "shard " + file + " lasts " + Decimal(shard.duration) +
                              " s, the first shard " + Decimal(shards.front().duration) + " s");
      merged.ok = false;
    }
    merged.sequence.tracks.insert(merged.sequence.tracks.end(), shard.tracks.begin(),
                                  shard.tracks.end());
  }
  return merged;
}

std::string VerifyReportToText(const VerifyReport& report) {
  std::vector<std::vector<std::string>> rows = {{"owner", "kind", "max position (m)",
                                                 "rms position (m)", "max rotation (deg)",
                                                 "rms rotation (deg)", "samples"}};
  for (const OwnerVerification& owner : report.owners) {
    std::string kind = owner.is_camera ? "camera" : "object";
    if (!owner.played) {
      rows.push_back({owner.name, kind, "-", "-", "-", "-", "0"});
      continue;
    }
    rows.push_back({owner.name, kind, Rounded(owner.position.max), Rounded(owner.position.rms),
                    Rounded(owner.rotation.max), Rounded(owner.rotation.rms),
                    std::to_string(owner.samples)});
  }
  std::vector<size_t> widths(rows.front().size(), 0);
  for (const auto& row : rows) {
    for (size_t column = 0; column < row.size(); ++column) {
      widths[column] = std::max(widths[column], row[column].size());
    }
  }
  std::string text = "tolerance: " + Decimal(report.tolerance.position) + " m, " +
                     Decimal(report.tolerance.rotation) + " deg\n";
  for (const auto& row : rows) {
    std::string line;
    for (size_t column = 0; column < row.size(); ++column) {
      line += row[column];
      if (column + 1 < row.size())
        line += std::string(widths[column] - row[column].size() + 2, ' ');
    }
    text += line + "\n";
  }
  text += report.passed ? "verified: every owner within the tolerance\n"
                        : "failed: see the " + std::string(CodeName(DiagnosticCode::kVerify)) +
                              " diagnostics\n";
  return text;
}

Json VerifyReportToJson(const VerifyReport& report) {
  auto summary = [](const ErrorSummary& error) {
    Json json = Json::object();
    json["max"] = error.max;
    json["max_time"] = error.max_time;
    json["rms"] = error.rms;
    return json;
  };
  Json owners = Json::array();
  for (const OwnerVerification& owner : report.owners) {
    Json json = Json::object();
    json["name"] = owner.name;
    json["kind"] = owner.is_camera ? "camera" : "object";
    json["samples"] = owner.samples;
    if (owner.played) {
      json["position"] = summary(owner.position);
      json["rotation"] = summary(owner.rotation);
      if (!owner.is_camera) {
        json["scale"] = summary(owner.scale);
        json["visible_samples"] = owner.visible_samples;
      }
    }
    owners.push_back(std::move(json));
  }
  Json json = Json::object();
  json["tolerance"] = Json::object();
  json["tolerance"]["position"] = report.tolerance.position;
  json["tolerance"]["rotation"] = report.tolerance.rotation;
  json["passed"] = report.passed;
  json["owners"] = std::move(owners);
  return json;
}

}  // namespace cinc

// What a fit is held to (FitSettings, one per build, the same for every
// format) and the player it is judged by (PlaybackModel, one per format).
// docs/emission.md "Fitting" tells how both are used.
#ifndef CINC_FIT_FIT_SETTINGS_H_
#define CINC_FIT_FIT_SETTINGS_H_

#include <atomic>
#include <cstddef>
#include <memory>

#include "core/float32.h"
#include "core/scene.h"
#include "core/tolerance.h"
#include "sequence/limits.h"

namespace cinc {

// What a fitted curve is: which tolerance holds it (core/tolerance.h) and
// how it is checked.
enum class FitQuantity {
  kPosition,       // metres
  kEulerRotation,  // an [pitch, yaw, roll] triple in degrees, error as a rotation angle
  kFieldOfView,    // degrees
  kFocusDistance,  // metres
  kAperture,       // f-stop
  kQuaternion,     // [x, y, z, w] components, played normalised; error as a rotation angle
};

// The work one build's fits may do in all: checks of a played curve against
// the exact one (kMaxFitChecks), shared by every copy of the FitSettings
// made for it, across threads. Once spent, each fit stops at its next key
// (its keys unusable: the build reports E_LIMIT).
class FitBudget {
 public:
  explicit FitBudget(long long limit) : limit_(limit) {}
  // A part's budget (one object's fits): counts its own checks, and spends
  // `whole`'s, which must outlive it.
  explicit FitBudget(FitBudget* whole) : limit_(whole->limit_), whole_(whole) {}
  // Counts `checks` checks about to be made.
  void Take(long long checks) {
    spent_.fetch_add(checks, std::memory_order_relaxed);
    if (whole_ != nullptr) whole_->Take(checks);
  }
  bool Spent() const {
    return whole_ != nullptr ? whole_->Spent() : spent_.load(std::memory_order_relaxed) > limit_;
  }
  long long spent() const { return spent_.load(std::memory_order_relaxed); }
  long long limit() const { return limit_; }
  // Puts the count back to `spent` (to fit objects again, one at a time).
  void Reset(long long spent) { spent_.store(spent, std::memory_order_relaxed); }
  // Whether the build has reported the budget spent (once per build).
  bool reported = false;

 private:
  std::atomic<long long> spent_{0};
  long long limit_;
  FitBudget* whole_ = nullptr;
};

// The scene's tolerance and the fitter's thresholds: built once per build
// (FitSettingsFor) and passed by const reference down to every fit, of the
// sequence and of the glTF export alike.
struct FitSettings {
  Tolerance tolerance;
  // Shared by one output's fits (fit/fit_budget.h); null: no budget
  // (tests, tools).
  std::shared_ptr<FitBudget> budget;
  // The fraction of the tolerance a segment's checked error may reach. The
  // checks and the peak search find a segment's true largest error (to ~1e-10
  // of it); the last 1 % only absorbs floating-point noise in the exact state
  // and the error, and the ulp a jump may move a motion's end key by
  // (docs/emission.md "Fitting").
  double margin = 0.99;
  int interior_checks = 16;  // the fewest checks inside a segment
  int max_trials = 64;       // lengths tried for each next key
  // The most any component of a played Euler triple may move between two
  // checks (degrees): near gimbal lock an Euler curve swings far while the
  // rotation hardly moves, and the checks follow it.
  double euler_check_step_degrees = 1;

  // The tolerance the quantity is held to (core/tolerance.h).
  double ToleranceOf(FitQuantity quantity) const;
  // How far the played curve may move between two checks; 0: no limit.
  double CheckStepOf(FitQuantity quantity) const;
};

// The build's FitSettings: the scene's tolerance, the default thresholds, no
// budget (emission adds its own).
FitSettings FitSettingsFor(const Scene& scene);

// The player that will play the keys: how it stores them, and how many one
// channel holds. The fitter proposes key times and stores values through
// it, so that the keys it checks are the keys that will be played.
struct PlaybackModel {
  // kSequence: the cinema runtime playing a sequence's `hermite` keys.
  // kGltf: a glTF player playing a CUBICSPLINE sampler.
  enum class Kind { kSequence, kGltf };
  Kind kind = Kind::kSequence;
  // The most keys a fit places in one piece before it stops: past them the
  // channel cannot be written, and its writer reports E_LIMIT. The
  // sequence format's limit by default; the glTF export gives its own.
  size_t max_keys = kMaxChannelKeys;
  // Played as straight lines between the keys (glTF LINEAR, no tangents);
  // quaternions as both a slerp (glTF) and a normalised lerp (Blender's
  // importer), the worse of the two held to the tolerance.
  bool linear = false;

  // The time a key proposed `length` seconds after a key at `from` (with
  // from + length < end) is stored at, in (from, end]: kSequence on the
  // microsecond grid where the segment is longer than 0.1 ms, kGltf the
  // nearest float32 (at least the next after `from`; `end` when none is
  // left before it).
  double KeyTime(double from, double length, double end) const;
  // A value or tangent component as the player stores it: kSequence the
  // double itself, kGltf its float32.
  double Stored(double number) const {
    return kind == Kind::kGltf ? static_cast<double>(ToFloat32(number)) : number;
  }
};

}  // namespace cinc

#endif  // CINC_FIT_FIT_SETTINGS_H_

// How closely fitted keys follow the exact state, and how a fit is judged.
//
// Contract: FitSettings is built once per build from the scene
// (FitSettingsFor) and passed by const reference from EmitSequence down to
// every fit. It holds the scene's tolerance and the fitter's thresholds; a
// fitted curve names its FitQuantity, which picks the tolerance it is held
// to: positions, focus distances and apertures the position tolerance
// (metres, or the f-stop as a plain number), rotations and fields of view
// the rotation tolerance (degrees).
// PlaybackModel says how the player that will play the keys stores them:
// the fitter proposes key times and stores values through it, so that the
// keys it checks are the keys that will be played. kSequence is the cinema
// runtime playing `hermite` keys of the sequence file (times and values as
// written doubles; key times on the microsecond grid where a segment is
// longer than 0.1 ms, for short decimals). kGltf is a glTF player playing a
// CUBICSPLINE sampler: times, values and tangents are float32 (a key time a
// float32 after the previous one at least).
#ifndef CINC_EMIT_FIT_SETTINGS_H_
#define CINC_EMIT_FIT_SETTINGS_H_

#include <atomic>
#include <cstddef>
#include <memory>

#include "core/float32.h"
#include "core/scene.h"
#include "sequence/limits.h"

namespace cinc {

// What a fitted curve is, for its tolerance and its checks.
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

struct FitSettings {
  Tolerance tolerance;
  // Shared by the build's fits; null: no budget (tests, tools).
  std::shared_ptr<FitBudget> budget;
  // The fraction of the tolerance a segment's checked error may reach. The
  // checks and the peak search find a segment's true largest error (to ~1e-10
  // of it); the last 1 % only absorbs floating-point noise in the exact state
  // and the error, and the ulp a jump may move a motion's end key by
  // (docs/emission.md "Fitting").
  double margin = 0.99;
  int interior_checks = 16;  // the fewest checks inside a segment
  int max_trials = 64;       // lengths tried for each next key
  // The most keys a fit places in one piece before it stops: past them the
  // channel cannot be written (the sequence format's limit by default; the
  // glTF export sets its own), and the writer reports E_LIMIT.
  size_t max_keys = kMaxChannelKeys;
  // The most any component of a played Euler triple may move between two
  // checks (degrees): near gimbal lock an Euler curve swings far while the
  // rotation hardly moves, and the checks follow it.
  double euler_check_step_degrees = 1;

  double ToleranceOf(FitQuantity quantity) const;
  // 0: no limit on how far the played curve may move between two checks.
  double CheckStepOf(FitQuantity quantity) const;
};

FitSettings FitSettingsFor(const Scene& scene);

struct PlaybackModel {
  enum class Kind { kSequence, kGltf };
  Kind kind = Kind::kSequence;

  // The time a key proposed `length` seconds after a key at `from` (with
  // from + length < end) is stored at: in (from, end), or `end` when the
  // player cannot store a time between them (float32 times just before the
  // end).
  double KeyTime(double from, double length, double end) const;
  // A value or tangent component as the player stores it.
  double Stored(double number) const {
    return kind == Kind::kGltf ? static_cast<double>(ToFloat32(number)) : number;
  }
};

}  // namespace cinc

#endif  // CINC_EMIT_FIT_SETTINGS_H_

#include "fit/hermite_fit.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include "core/float32.h"
#include "core/hermite.h"
#include "fit/peak_search.h"

namespace cinc {
namespace {

// Why the played error stays within the tolerance at every instant, not
// only at the checks (docs/emission.md "Fitting"):
// - What is checked is what is written and played. A candidate key's time
//   is stored as the player stores it (PlaybackModel::KeyTime: on the
//   microsecond grid for sequences) before its value and tangent are
//   sampled and before the segment is checked; its writer (BakeHermite,
//   emit/hermite_keys.h; the glTF export) then writes each sample's time,
//   value and tangent unchanged (the JSON writer prints the
//   shortest decimal that reads back to the same double), and the evaluator
//   plays a segment with the same arithmetic (core/hermite.h). The removal
//   pass checks the new segment between the same final samples.
// - Between the checks: inside a piece the error of a segment near the limit
//   is a smooth hump, zero with zero slope at both keys. Its largest sampled
//   value has the true peak within one check interval on either side, and
//   Brent's search there (the bracket shrinks to ~1e-3 of a check
//   interval) finds the peak to ~1e-7 of its height. Near gimbal
//   lock check_step makes the checks follow the played curve's swing.
// So the fit sees the segment's true largest error; the margin is not what
// covers the instants between checks. It only absorbs what the checks cannot
// see: floating-point noise in the exact state and the error (~1e-12 of the
// tolerance), the peak search's residue (~1e-7), and the ulp a later jump
// moves a motion's end key by (emit/'s KeyListBuilder::SetAt), all far below 1 %.
// On an arc, keys grow as margin^(-1/4): 0.99 costs ~0.25 % more keys.

// Finite differences leave rounding noise (~1e-9 units per second) where
// the true derivative is 0, as at the ends of an eased move; below this it
// is written as 0, a change far below any tolerance.
constexpr double kTangentNoise = 1e-7;
// The derivative's step: a small fraction of the span, but never so long
// that a fast motion's fifth derivative shows (h^4 f^(5) / 30 stays ~1e-9).
constexpr double kStepFraction = 1e-5;
constexpr double kMaxStepSeconds = 1e-4;
// Inside a motion the tangent is a central difference over a tenth of the
// step: c^2 f^(3) / 6 with c <= 1e-5 s, ~1e-6 m/s for a point 10 m out
// turning 3 times a second (whose keys at a 1e-8 m tolerance are 1.4 ms
// apart: the segment then errs by ~2e-10 m for it); its rounding,
// ~1e-16 |f| / c, stays ~1e-10 m/s for values of 10 m.
constexpr double kCentralShare = 0.1;
// A step of a derivative's stencil that is a jump (JumpInStencil).
constexpr double kJumpRatio = 8;
constexpr double kJumpFloor = 1e-9;
// The search for the next key. A hermite segment with exact end values and
// tangents on a smooth motion errs as its length to the fourth power, so
// each trial predicts the length whose error is kAimAt of the limit from
// the error it measured (by at most kMostGrowth longer or kMostShrink
// shorter, and always inside the bracket of the longest fitting and the
// shortest failing lengths tried). A fitting segment whose error is at
// least kAcceptFrom of the limit is taken: it is within (0.85)^(1/4), 4 %,
// of the longest, ~1.5 % on average (docs/emission.md "Fitting"). Where the
// prediction misses, the bracket shrinks to kSearchPrecision of its length.
constexpr double kAimAt = 0.96;
constexpr double kAcceptFrom = 0.85;
// glTF positions' share instead (Fitter::AcceptFrom): their keys' float32
// rounding shapes the error more than the length does.
constexpr double kAcceptFromRounded = 0.9;
constexpr double kMostGrowth = 4;
constexpr double kMostShrink = 1.0 / 16;
constexpr double kSearchPrecision = 1.0 / 512;
// The next key's first trial follows the change in length from key to key
// by at most this factor (Fitter::NextGuess).
constexpr double kMostTrend = 2;
// Where no segment fits: how much more than the least error a longer
// segment may make (Fitter::FallbackLength).
constexpr double kCloseToLeast = 2;
// Upper bound on checks per segment (a runaway check_step rule).
constexpr int kMaxChecks = 4096;
// Local maxima of the checked error from this fraction of the limit up are
// searched for their true peak; lower ones cannot reach it (an error hump
// sampled at >= 16 points is under-read by ~1%).
constexpr double kPeakSearchFrom = 0.5;

template <int N>
FitVector<N> WithoutNoise(FitVector<N> tangent) {
  for (int component = 0; component < N; ++component) {
    if (std::abs(tangent[component]) < kTangentNoise) tangent[component] = 0;
  }
  return tangent;
}

enum class JumpSide { kNone, kBefore, kAfter };

// Where the three samples of a central stencil (t - h, t, t + h) straddle
// a jump (a look-at's yaw flipping past 180 degrees as its target moves):
// one of their two steps more than kJumpRatio times the other and past
// kJumpFloor of the values' size. A smooth motion's steps differ by about
// f'' h^2 and a jump J adds J to one of them, so a central difference across
// it is J / h off: about 800 per second at a 1e-2 jump, and every segment
// from that key fails beyond a microsecond. (Near where a motion stops, the
// steps f' h -+ f'' h^2 / 2 may differ as much: the one-sided difference
// taken then is as good there.)
template <int N>
JumpSide JumpInStencil(const std::array<FitVector<N>, 3>& samples) {
  double size = 1;
  for (const FitVector<N>& sample : samples) {
    for (int component = 0; component < N; ++component) {
      size = std::max(size, std::abs(sample[component]));
    }
  }
  double before = glm::length(samples[1] - samples[0]);
  double after = glm::length(samples[2] - samples[1]);
  if (before > kJumpRatio * after && before > kJumpFloor * size) return JumpSide::kBefore;
  if (after > kJumpRatio * before && after > kJumpFloor * size) return JumpSide::kAfter;
  return JumpSide::kNone;
}

// The straight line between the keys at t: per component (a quaternion's
// normalised lerp before the error normalises it).
template <int N>
FitVector<N> LerpAt(const FitKey<N>& a, const FitKey<N>& b, double t) {
  double u = (t - a.t) / (b.t - a.t);
  return a.value + (b.value - a.value) * u;
}

// A quaternion key pair's slerp at t ([x, y, z, w] components).
FitVector<4> SlerpAt(const FitKey<4>& a, const FitKey<4>& b, double t) {
  double u = (t - a.t) / (b.t - a.t);
  Quat q = Slerp(Quat(a.value[3], a.value[0], a.value[1], a.value[2]),
                 Quat(b.value[3], b.value[0], b.value[1], b.value[2]), u);
  return FitVector<4>(q.x, q.y, q.z, q.w);
}

template <int N>
FitVector<N> PlayedAt(const FitKey<N>& a, const FitKey<N>& b, double t) {
  FitVector<N> played;
  for (int component = 0; component < N; ++component) {
    played[component] = HermiteAt(a.t, a.value[component], a.tangent[component], b.t,
                                  b.value[component], b.tangent[component], t);
  }
  return played;
}

// The largest path length of one component of the played cubic over the
// segment: |h(s)| summed between the roots of h'(s) = 0 in (0, 1).
template <int N>
double PlayedPathLength(const FitKey<N>& a, const FitKey<N>& b, bool linear) {
  double span = b.t - a.t;
  double longest = 0;
  if (linear) {
    for (int component = 0; component < N; ++component) {
      longest = std::max(longest, std::abs(b.value[component] - a.value[component]));
    }
    return longest;
  }
  for (int component = 0; component < N; ++component) {
    double p0 = a.value[component];
    double p1 = b.value[component];
    double m0 = a.tangent[component] * span;
    double m1 = b.tangent[component] * span;
    // h'(s) = A s^2 + B s + C for the hermite basis.
    double qa = 6 * p0 + 3 * m0 - 6 * p1 + 3 * m1;
    double qb = -6 * p0 - 4 * m0 + 6 * p1 - 2 * m1;
    double qc = m0;
    std::array<double, 4> cuts = {0.0};
    size_t count = 1;
    if (std::abs(qa) > 1e-300) {
      double discriminant = qb * qb - 4 * qa * qc;
      if (discriminant > 0) {
        double root = std::sqrt(discriminant);
        for (double s : {(-qb - root) / (2 * qa), (-qb + root) / (2 * qa)}) {
          if (s > 0 && s < 1) cuts[count++] = s;
        }
      }
    } else if (std::abs(qb) > 1e-300 && -qc / qb > 0 && -qc / qb < 1) {
      cuts[count++] = -qc / qb;
    }
    cuts[count++] = 1.0;
    // In order: the roots lie strictly between 0 and 1, the two of them
    // either way round.
    if (count == 4 && cuts[2] < cuts[1]) std::swap(cuts[1], cuts[2]);
    double length = 0;
    for (size_t k = 1; k < count; ++k) {
      auto at = [&](double s) {
        return HermiteSegment(p0, m0, p1, m1, 1, s);  // s in [0, 1], tangents per unit s
      };
      length += std::abs(at(cuts[k]) - at(cuts[k - 1]));
    }
    longest = std::max(longest, length);
  }
  return longest;
}

template <int N>
class Fitter {
 public:
  using Sample = FitKey<N>;
  using Value = FitVector<N>;

  Fitter(const FitCurve<N>& curve, double start, double end, const FitSettings& settings,
         const PlaybackModel& playback)
      : curve_(curve),
        start_(start),
        end_(end),
        settings_(settings),
        playback_(playback),
        limit_(settings.ToleranceOf(curve.quantity) * settings.margin),
        check_step_(settings.CheckStepOf(curve.quantity)),
        step_(std::min(kStepFraction * (end - start), kMaxStepSeconds)) {}

  // The exact value at t carried from `from`, with its tangent, both as the
  // player stores them.
  Sample SampleAt(const Sample& from, double t) const {
    Value exact = curve_.track(from.t, from.value, t);
    if (playback_.linear) return {t, Stored(exact), Value(0)};  // no tangents to play
    return {t, Stored(exact), Stored(TangentAt(t, exact))};
  }

  Value Stored(Value value) const {
    for (int component = 0; component < N; ++component) {
      value[component] = playback_.Stored(value[component]);
    }
    return value;
  }

  Value TangentAt(double t, const Value& value) const {
    if (!(step_ > 0)) return Value(0);
    auto at = [&](double k) { return curve_.track(t, value, t + k * step_); };
    double h = step_;
    if (t - 2 * h >= start_ && t + 2 * h <= end_) {
      // Central, second order, two samples a tenth of the step apart
      // (kCentralShare): the fourth-order stencil took four, and over the
      // whole step a two-sample difference errs by h^2 f^(3) / 6, which does
      // not shrink with the tolerance; over a tenth it is a hundredth of that.
      const double c = kCentralShare * h;
      auto near = [&](double k) { return curve_.track(t, value, t + k * c); };
      Value before1 = near(-1);
      Value after1 = near(1);
      switch (JumpInStencil<N>({before1, value, after1})) {
        case JumpSide::kNone:
          return WithoutNoise((after1 - before1) / (2 * c));
        case JumpSide::kBefore:  // one-sided, second order, after t
          return WithoutNoise((-3.0 * value + 4.0 * after1 - near(2)) / (2 * c));
        case JumpSide::kAfter:  // before t
          return WithoutNoise((3.0 * value - 4.0 * before1 + near(-2)) / (2 * c));
      }
    }
    // One-sided, fourth order, on the side inside the span.
    double sign = t + 4 * h <= end_ ? 1.0 : -1.0;
    Value sum = -25.0 * value + 48.0 * at(sign) - 36.0 * at(2 * sign) + 16.0 * at(3 * sign) -
                3.0 * at(4 * sign);
    return WithoutNoise(sum / (12 * h * sign));
  }

  // True when the segment a -> b plays within the limit at every check and
  // at the peaks around the checks' local maxima.
  bool Fits(const Sample& a, const Sample& b) const { return LargestError(a, b, limit_) <= limit_; }

  // The segment's largest error at the checks and the peaks around their
  // local maxima; past `limit`, the first error found past it (the search
  // only needs to know that it fails, and by about how much).
  double LargestError(const Sample& a, const Sample& b, double limit) const {
    int checks = std::max(1, settings_.interior_checks);
    if (check_step_ > 0) {
      double needed = std::ceil(PlayedPathLength(a, b, playback_.linear) / check_step_);
      checks = static_cast<int>(std::min<double>(kMaxChecks, std::max<double>(checks, needed)));
    }
    if (settings_.budget) settings_.budget->Take(checks);
    double span = b.t - a.t;
    auto time_of = [&](int index) { return a.t + span * index / (checks + 1); };
    auto error_at = [&](double t) { return ErrorAt(a, b, t); };
    // Coarse to fine (strides of halving powers of two, the first about
    // half the segment, so the middle comes first), so a segment that is
    // far too long fails at its first check or two. The lists are the
    // fitter's, reused from segment to segment.
    std::vector<double>& errors = errors_;
    std::vector<bool>& done = done_;
    errors.assign(static_cast<size_t>(checks) + 2, 0.0);
    done.assign(errors.size(), false);
    int stride = 1;
    while (stride * 4 <= checks + 1) stride *= 2;
    for (; stride >= 1; stride /= 2) {
      for (int index = stride; index <= checks; index += stride) {
        if (done[static_cast<size_t>(index)]) continue;
        done[static_cast<size_t>(index)] = true;
        double error = error_at(time_of(index));
        if (!(error <= limit)) return std::isnan(error) ? HUGE_VAL : error;
        errors[static_cast<size_t>(index)] = error;
      }
    }
    // The ends play the exact values: error 0 there (not evaluated).
    double largest = 0;
    for (int index = 1; index <= checks; ++index) {
      size_t i = static_cast<size_t>(index);
      largest = std::max(largest, errors[i]);
      bool local_peak = errors[i] >= errors[i - 1] && errors[i] >= errors[i + 1];
      if (!local_peak || errors[i] < kPeakSearchFrom * limit) continue;
      double peak =
          PeakBetween(error_at, {time_of(index - 1), errors[i - 1]}, {time_of(index), errors[i]},
                      {time_of(index + 1), errors[i + 1]}, limit);
      if (!(peak <= limit)) return std::isnan(peak) ? HUGE_VAL : peak;
      largest = std::max(largest, peak);
    }
    return largest;
  }

  // How far the segment a -> b plays from the exact value at t.
  double ErrorAt(const Sample& a, const Sample& b, double t) const {
    if (!playback_.linear) return curve_.error(t, PlayedAt(a, b, t));
    double error = curve_.error(t, LerpAt(a, b, t));
    if constexpr (N == 4) error = std::max(error, curve_.error(t, SlerpAt(a, b, t)));
    return error;
  }

  // Key times after `first`: from each key, a fitting segment close to the
  // longest, greedily. Past playback.max_keys it stops with `last`: the
  // channel cannot hold the keys, and its writer reports it.
  std::vector<Sample> Greedy(const Sample& first, const Sample& last) const {
    std::vector<Sample> keys = {first};
    double guess = (end_ - start_) / 8;
    // The lengths the last two keys' segments would have at kAimAt of the
    // limit (0: none), predicted from the error of the segment taken.
    double aimed = 0;
    double aimed_before = 0;
    std::vector<double> failed;  // the lengths that failed, for one key
    bool fell_back = false;      // nothing fitted from the previous key
    while (keys.size() <= playback_.max_keys) {
      if (settings_.budget && settings_.budget->Spent()) break;  // unusable: E_LIMIT
      const Sample a = keys.back();
      double remaining = end_ - a.t;
      double good = 0;             // the longest fitting length tried
      double bad = HUGE_VAL;       // the shortest failing length tried
      std::optional<Sample> best;  // the segment of length `good`
      // At least a double's step after `a` (a guess from keys two doubles
      // apart may be below the step at a larger time).
      double least_step = std::min(std::nextafter(a.t, HUGE_VAL) - a.t, remaining);
      double length = std::clamp(guess, least_step, remaining);
      failed.clear();
      double good_error = -1;  // the error of the segment of length `good`; < 0: unknown
      for (int trial = 0; trial < settings_.max_trials; ++trial) {
        Sample b = SampleAfter(a, length, last);
        if (best && b.t <= best->t) {
          // The time grid is reached: every length below its step names
          // the same key. The next key starts from the step itself, or
          // its guess would stay below the grid for ever.
          good = best->t - a.t;
          good_error = -1;
          break;
        }
        double error = LargestError(a, b, limit_);
        if (error <= limit_) {
          if (b.t >= end_) {
            keys.push_back(last);
            return keys;
          }
          good = length;
          good_error = error;
          best = b;
          if (error >= AcceptFrom() * limit_) break;
        } else {
          bad = std::min(bad, length);
          failed.push_back(length);
        }
        if (bad - good <= kSearchPrecision * good) break;
        double next = length * NextLengthFactor(error);
        if (!(next > good && next < bad)) next = bad < HUGE_VAL ? (good + bad) / 2 : 2 * good;
        next = std::min(next, remaining);
        if (!(a.t + next > a.t) || next == length) break;  // below a double's step
        length = next;
      }
      bool fitted = best.has_value();
      if (!fitted) {
        good = FallbackLength(a, failed, last, fell_back);
        best = SampleAfter(a, good, last);
      }
      fell_back = !fitted;
      if (best->t >= end_) break;
      keys.push_back(*best);
      // glTF positions keep the last length: their float32 values make a
      // key's own rounding part of every segment's error, which the trend's
      // other choice of keys can leave past the limit (tests/verify_cli_test
      // .py, a fall 8 km up).
      guess = StoresRoundedPositions()
                  ? good
                  : NextGuess(good, fitted ? good_error : -1, &aimed, &aimed_before);
    }
    keys.push_back(last);
    return keys;
  }

  // Drops every interior key whose neighbours' segment still fits (the
  // previous key kept and the next one), in passes until none can be
  // dropped.
  void RemoveRedundant(std::vector<Sample>* keys) const {
    bool removed = true;
    while (removed && keys->size() > 2) {
      removed = false;
      size_t kept = 1;  // keys[0, kept) stay
      for (size_t index = 1; index + 1 < keys->size(); ++index) {
        if (Fits((*keys)[kept - 1], (*keys)[index + 1])) {
          removed = true;
        } else {
          (*keys)[kept++] = (*keys)[index];
        }
      }
      (*keys)[kept++] = keys->back();
      keys->resize(kept);
    }
  }

 private:
  // The first length tried from the next key, after a segment of `length`
  // whose largest error was `error` (< 0: unknown, or no segment fitted).
  // A motion whose speed changes (an eased turn) changes the length that
  // fits by a similar factor from one key to the next, so the guess is the
  // longer of this segment's length and the length it would have had at
  // kAimAt of the limit, times the ratio of the latter to the previous
  // key's (at most kMostTrend either way). A length that fitted is not
  // shortened for its error alone: on a uniform arc the first one taken
  // is kept, as the fewest uniform keys are. `aimed` and `aimed_before`
  // carry those lengths from key to key.
  double NextGuess(double length, double error, double* aimed, double* aimed_before) const {
    if (error < 0) {
      *aimed = 0;
      *aimed_before = 0;
      return length;
    }
    *aimed_before = *aimed;
    *aimed = length * NextLengthFactor(error);
    if (!(*aimed_before > 0)) return std::max(length, *aimed);
    double trend = std::clamp(*aimed / *aimed_before, 1 / kMostTrend, kMostTrend);
    return std::max(length, *aimed) * trend;
  }

  // How much longer (or shorter) the next trial is than one whose largest
  // error was `error`: errors grow as length^4 (a chord's as length^2).
  double NextLengthFactor(double error) const {
    if (!(error > 0)) return kMostGrowth;
    const double power = playback_.linear ? 0.5 : 0.25;
    return std::clamp(std::pow(kAimAt * limit_ / error, power), kMostShrink, kMostGrowth);
  }

  // Where no length tried from `a` fits (`lengths`, the failed trials):
  // - the first time, the shortest: a jump between two of the player's
  //   time steps (a look-at's yaw flipping, in float32 times) is held
  //   there, and the motion fits again after it;
  // - again at the next key, where the player's storage sets the error (a
  //   glTF position far from the origin, float32 values held to their
  //   step): the longest length whose error at the checks (no peak search)
  //   is at most kCloseToLeast times the least any tried length made,
  //   doubling past the tried ones while they stay so close;
  // - again otherwise (a turn faster than a time step, a kink, errors that
  //   are NaN): the shortest;
  // from the second time on never shorter than the finite-difference step,
  // so such keys cannot crowd a time step apart.
  double FallbackLength(const Sample& a, const std::vector<double>& lengths, const Sample& last,
                        bool again) const {
    double remaining = end_ - a.t;
    double shortest = remaining;
    for (double length : lengths) shortest = std::min(shortest, length);
    if (!again) return shortest;
    double floor = std::min(std::max(shortest, step_), remaining);
    auto error_of = [&](double length) {
      return LargestError(a, SampleAfter(a, length, last), HUGE_VAL);
    };
    std::vector<double> errors;
    double least = HUGE_VAL;
    for (double length : lengths) {
      errors.push_back(error_of(length));
      least = std::min(least, errors.back());
    }
    if (!HeldByStorage(a, least)) return floor;
    double chosen = floor;
    for (size_t k = 0; k < lengths.size(); ++k) {
      if (errors[k] <= kCloseToLeast * least) chosen = std::max(chosen, lengths[k]);
    }
    while (chosen < remaining) {
      double longer = std::min(2 * chosen, remaining);
      if (!(error_of(longer) <= kCloseToLeast * least)) break;
      chosen = longer;
    }
    return chosen;
  }

  // The share of the limit from which a fitting segment is taken: glTF
  // positions keep 0.9, where the keys' rounding shapes the error more than
  // the length does.
  double AcceptFrom() const { return StoresRoundedPositions() ? kAcceptFromRounded : kAcceptFrom; }

  // True when the player rounds the fitted values to float32 positions.
  bool StoresRoundedPositions() const {
    return playback_.kind == PlaybackModel::Kind::kGltf &&
           curve_.quantity == FitQuantity::kPosition;
  }

  // True when an error this large is what a glTF player's float32 position
  // values make near `a`: each component rounds by up to half a float32
  // step of the largest, and a segment plays up to about twice that.
  bool HeldByStorage(const Sample& a, double error) const {
    if (!StoresRoundedPositions()) return false;
    double largest = 0;
    for (int component = 0; component < N; ++component) {
      largest = std::max(largest, std::abs(a.value[component]));
    }
    if (!(largest <= std::numeric_limits<float>::max())) return false;  // no float32 holds it
    float stored = ToFloat32(largest);
    double step = std::nextafter(stored, HUGE_VALF) - stored;
    return error <= limit_ + kCloseToLeast * N * step;
  }

  // The sample `length` after `a` at the time the player stores it, or
  // `last` where that time is the end.
  Sample SampleAfter(const Sample& a, double length, const Sample& last) const {
    if (length >= end_ - a.t) return last;
    double t = KeyTime(a.t, length);
    return t >= end_ ? last : SampleAt(a, t);
  }

  // a + length as the player stores it. Every candidate goes through here
  // before it is sampled and checked: the key written is the key checked.
  double KeyTime(double a, double length) const { return playback_.KeyTime(a, length, end_); }

  const FitCurve<N>& curve_;
  double start_;
  double end_;
  const FitSettings& settings_;
  const PlaybackModel& playback_;
  double limit_;
  double check_step_;
  double step_;
  // LargestError's checked errors and which checks are done (scratch).
  mutable std::vector<double> errors_;
  mutable std::vector<bool> done_;
};

}  // namespace

template <int N>
std::vector<FitKey<N>> FitHermite(const FitCurve<N>& curve, double start, double end,
                                  const FitVector<N>& start_value, const FitVector<N>& end_value,
                                  const FitSettings& settings, const PlaybackModel& playback) {
  Fitter<N> fitter(curve, start, end, settings, playback);
  FitKey<N> first{start, fitter.Stored(start_value),
                  fitter.Stored(fitter.TangentAt(start, start_value))};
  FitKey<N> last{end, fitter.Stored(end_value), fitter.Stored(fitter.TangentAt(end, end_value))};
  std::vector<FitKey<N>> keys = {first, last};
  if (end > start) {
    keys = fitter.Greedy(first, last);
    // With the build's budget spent the keys are not used: no more work.
    if (settings.budget && settings.budget->Spent()) return {first, last};
    // A piece stopped past max_keys stays as long, for its writer to refuse.
    if (keys.size() <= playback.max_keys + 1) fitter.RemoveRedundant(&keys);
  }
  return keys;
}

template std::vector<FitKey<1>> FitHermite(const FitCurve<1>&, double, double, const FitVector<1>&,
                                           const FitVector<1>&, const FitSettings&,
                                           const PlaybackModel&);
template std::vector<FitKey<3>> FitHermite(const FitCurve<3>&, double, double, const FitVector<3>&,
                                           const FitVector<3>&, const FitSettings&,
                                           const PlaybackModel&);
template std::vector<FitKey<4>> FitHermite(const FitCurve<4>&, double, double, const FitVector<4>&,
                                           const FitVector<4>&, const FitSettings&,
                                           const PlaybackModel&);

}  // namespace cinc

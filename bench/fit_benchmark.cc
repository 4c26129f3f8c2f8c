// Keys and errors of cinc's hermite fit (fit/hermite_fit.h) against
// uniform bakes, on the closed-form cases of emit/fit_closed_form_test.cc.
//
// For each case the scene is emitted whole (EmitSequence) and replayed with
// the evaluator at 10 kHz; uniform bakes at 30 and 60 fps (linear, and
// hermite with exact tangents) sample the closed form directly, rotations as
// continuous Euler triples (emit/rotation_keys.h NearestEulerTriple), and
// are replayed the way the runtime plays keys. "min uniform" is the fewest
// uniform hermite keys whose replay stays within the tolerance ("at
// margin": within the FitSettings::margin x tolerance cinc fits to,
// keys only); "cinc - min uniform" is cinc's keys less those (issue 5: at
// most 0; on a pure arc uniform spacing is optimal, so 0 is the best
// there); "arc bound" is N = 1.42 (r / epsilon)^(1/4) segments per turn.
// Errors: metres for positions, degrees (angle of q_exact^-1 q_played) for
// rotations. Prints a markdown table; figures only, no assertions.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "core/hermite.h"
#include "emit/closed_form.h"
#include "emit/emit_sequence.h"
#include "emit/rotation_keys.h"
#include "fit/hermite_fit.h"
#include "markers/rig.h"
#include "markers/test_scene.h"
#include "sequence/evaluator.h"

namespace cinc {
namespace {

using test_support::TestScene;

constexpr double kTolerancePosition = 0.0001;
constexpr double kToleranceRotation = 0.01;
constexpr double kTurn = 2 * kPi;
constexpr double kReplayHz = 10000;

using Pose = closed_form::RigidPoseForm;
using closed_form::AngleDegrees;
using closed_form::AxisAngle;
using closed_form::EulerYxz;
using closed_form::Then;

struct Case {
  std::string name;
  TestScene scene;
  std::string target;
  double seconds = 0;
  bool rotation = false;  // which channel is measured
  std::function<Pose(double)> exact;
  double radius = 0;  // arcs: the arc bound applies
  double turns = 0;
};

// A rotation measured on `target` over 2 s.
Case RotationCase(std::string name, std::string target) {
  Case c;
  c.name = std::move(name);
  c.seconds = 2;
  c.rotation = true;
  c.target = std::move(target);
  return c;
}

struct Stats {
  size_t keys = 0;
  double max = 0;
  double rms = 0;
  double p99 = 0;
};

Stats Summarise(std::vector<double> errors, size_t keys) {
  Stats stats;
  stats.keys = keys;
  double squares = 0;
  for (double error : errors) {
    stats.max = std::max(stats.max, error);
    squares += error * error;
  }
  stats.rms = std::sqrt(squares / errors.size());
  std::sort(errors.begin(), errors.end());
  stats.p99 = errors[static_cast<size_t>(0.99 * (errors.size() - 1))];
  return stats;
}

double ErrorOf(const Case& c, double t, const Vec3& played) {
  Pose exact = c.exact(std::min(t, c.seconds));
  if (c.rotation) return AngleDegrees(exact.rotation, QuatFromEulerDegrees(played));
  return glm::length(played - exact.position);
}

// The channel's exact value: a position, or the continuous Euler triple
// carried from `reference` (close to it).
Vec3 ValueAt(const Case& c, double t, const Vec3& reference) {
  Pose exact = c.exact(t);
  return c.rotation ? NearestEulerTriple(exact.rotation, reference) : exact.position;
}

// A uniform bake of `segments` segments over [0, seconds]: values and
// exact tangents (second-order differences of the closed form, 1e-6 s).
struct Uniform {
  std::vector<double> t;
  std::vector<Vec3> value;
  std::vector<Vec3> tangent;
};

Uniform BakeUniform(const Case& c, int segments) {
  Uniform bake;
  Vec3 euler = c.rotation ? CanonicalEulerDegrees(c.exact(0).rotation) : Vec3(0);
  double previous = 0;
  for (int k = 0; k <= segments; ++k) {
    double t = c.seconds * k / segments;
    // Carry the triple in steps of at most 1 ms (continuity).
    int steps = std::max(1, static_cast<int>(std::ceil((t - previous) / 0.001)));
    for (int s = 1; s <= steps; ++s) {
      euler = ValueAt(c, previous + (t - previous) * s / steps, euler);
    }
    previous = t;
    Vec3 value = c.rotation ? euler : c.exact(t).position;
    // Second order everywhere: central inside, one-sided at the ends (a
    // first-order one there reads h f'' / 2 off, ~3e-3 m/s for r = 10 m at
    // 4 turns/s, and needlessly fails a uniform bake that would fit).
    constexpr double kH = 1e-6;
    Vec3 tangent;
    if (t - kH < 0 || t + kH > c.seconds) {
      double h = t - kH < 0 ? kH : -kH;
      tangent =
          (-3.0 * value + 4.0 * ValueAt(c, t + h, value) - ValueAt(c, t + 2 * h, value)) / (2 * h);
    } else {
      tangent = (ValueAt(c, t + kH, value) - ValueAt(c, t - kH, value)) / (2 * kH);
    }
    bake.t.push_back(t);
    bake.value.push_back(value);
    bake.tangent.push_back(tangent);
  }
  return bake;
}

std::vector<double> ReplayUniform(const Case& c, const Uniform& bake, bool hermite) {
  std::vector<double> errors;
  int samples = static_cast<int>(std::lround(c.seconds * kReplayHz));
  int segments = static_cast<int>(bake.t.size()) - 1;
  for (int sample = 0; sample <= samples; ++sample) {
    double t = sample / kReplayHz;
    int k = std::min(segments - 1, static_cast<int>(std::floor(t / c.seconds * segments)));
    Vec3 played;
    for (int i = 0; i < 3; ++i) {
      double t0 = bake.t[k];
      double t1 = bake.t[k + 1];
      double v0 = bake.value[k][i];
      double v1 = bake.value[k + 1][i];
      played[i] = hermite ? HermiteAt(t0, v0, bake.tangent[k][i], t1, v1, bake.tangent[k + 1][i], t)
                          : v0 + (v1 - v0) * (t - t0) / (t1 - t0);
    }
    errors.push_back(ErrorOf(c, t, played));
  }
  return errors;
}

Stats UniformStats(const Case& c, int segments, bool hermite) {
  return Summarise(ReplayUniform(c, BakeUniform(c, segments), hermite),
                   static_cast<size_t>(segments) + 1);
}

Stats CincStats(const Case& c, double* emit_ms) {
  TestScene scene = c.scene;
  scene.scene.name = "fit";
  scene.scene.tolerance = {kTolerancePosition, kToleranceRotation};
  Diagnostics diagnostics;
  auto begin = std::chrono::steady_clock::now();
  Rig rig = BuildRig(scene.scene, scene.timeline, &diagnostics);
  Sequence sequence = EmitSequence(scene.scene, scene.timeline, rig, EmitSettings{},
                                   FitSettingsFor(scene.scene), &diagnostics);
  *emit_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
  size_t keys = 0;
  for (const Track& track : sequence.tracks) {
    if (const auto* transform = std::get_if<TransformTrack>(&track)) {
      if (transform->target == c.target) {
        keys = c.rotation ? transform->rotation.size() : transform->position.size();
      }
    }
  }
  std::vector<double> errors;
  int samples = static_cast<int>(std::lround(c.seconds * kReplayHz));
  for (int sample = 0; sample <= samples; ++sample) {
    double t = sample / kReplayHz;
    for (const TransformSample& played : EvaluateTransforms(sequence, t)) {
      if (played.target != c.target) continue;
      Pose exact = c.exact(t);
      errors.push_back(c.rotation ? AngleDegrees(exact.rotation, *played.quaternion)
                                  : glm::length(*played.position - exact.position));
    }
  }
  return Summarise(errors, keys);
}

// The fewest uniform hermite segments within `fraction` of the tolerance
// (doubling, then bisection; the error falls with the segment count).
int MinUniformHermite(const Case& c, double fraction) {
  double tolerance = fraction * (c.rotation ? kToleranceRotation : kTolerancePosition);
  auto fits = [&](int segments) { return UniformStats(c, segments, true).max <= tolerance; };
  int high = 1;
  while (!fits(high)) high *= 2;
  int low = high / 2;  // fails (or 0)
  while (high - low > 1) {
    int middle = (low + high) / 2;
    (fits(middle) ? high : low) = middle;
  }
  return high;
}

// A part attached to a spinning body, at three radii and three rates.
void AddArcCases(std::vector<Case>* cases) {
  for (double radius : {0.1, 1.0, 10.0}) {
    for (double rate : {0.25, 1.0, 4.0}) {
      Case c;
      char name[64];
      std::snprintf(name, sizeof(name), "arc r=%g m, %g turn/s", radius, rate);
      c.name = name;
      c.seconds = 2 / rate;
      c.turns = 2;
      c.radius = radius;
      c.target = "part";
      size_t body = c.scene.AddObject("body");
      size_t part = c.scene.AddObject("part");
      c.scene.scene.objects[part].position = Vec3(radius, 0, 0);
      c.scene.AddObjectNode(body, "spin", "0", std::to_string(c.seconds)).mutable_rare().spin =
          Spin{Vec3(0, 1, 0), 720, {}};
      Attach attach;
      attach.to = "body";
      attach.offset = Transform{Vec3(radius, 0, 0), Quat(1, 0, 0, 0)};
      c.scene.AddObjectNode(part, "on", "0", "0").mutable_rare().attach = attach;
      double seconds = c.seconds;
      c.exact = [=](double t) {
        double angle = kTurn * rate * std::min(t, seconds);
        return Pose{Vec3(radius * std::cos(angle), 0, -radius * std::sin(angle)),
                    AxisAngle(Vec3(0, 1, 0), angle)};
      };
      cases->push_back(std::move(c));
    }
  }
}

// The tip of a chain of two attachments, its position and its rotation.
void AddChainCases(std::vector<Case>* cases) {
  for (bool rotation : {false, true}) {
    Case c;
    c.name = std::string("chain tip (") + (rotation ? "rotation" : "position") + ")";
    c.seconds = 2;
    c.rotation = rotation;
    c.target = "tip";
    size_t body = c.scene.AddObject("body");
    size_t arm = c.scene.AddObject("arm");
    size_t tip = c.scene.AddObject("tip");
    c.scene.scene.objects[arm].position = Vec3(1, 0, 0);
    c.scene.scene.objects[tip].position = Vec3(1, 0.5, 0);
    Node& slide = c.scene.AddObjectNode(body, "slide", "0", "2");
    slide.position = Vec3(1, 0, 0);
    slide.mutable_rare().spin = Spin{Vec3(0, 1, 0), 360, {}};
    Attach on_body;
    on_body.to = "body";
    on_body.offset = Transform{Vec3(1, 0, 0), Quat(1, 0, 0, 0)};
    c.scene.AddObjectNode(arm, "on", "0", "0").mutable_rare().attach = on_body;
    c.scene.AddObjectNode(arm, "spin", "0", "2").mutable_rare().spin = Spin{Vec3(1, 0, 0), 720, {}};
    Attach on_arm;
    on_arm.to = "arm";
    on_arm.offset = Transform{Vec3(0, 0.5, 0), Quat(1, 0, 0, 0)};
    c.scene.AddObjectNode(tip, "on", "0", "0").mutable_rare().attach = on_arm;
    c.exact = [](double t) {
      double u = std::min(t, 2.0) / 2;
      Pose body_pose{Vec3(u, 0, 0), AxisAngle(Vec3(0, 1, 0), kTurn * u)};
      Pose arm_pose = Then(Then(body_pose, Pose{Vec3(1, 0, 0), Quat(1, 0, 0, 0)}),
                           Pose{Vec3(0), AxisAngle(Vec3(1, 0, 0), 2 * kTurn * u)});
      return Then(arm_pose, Pose{Vec3(0, 0.5, 0), Quat(1, 0, 0, 0)});
    };
    cases->push_back(std::move(c));
  }
}

std::vector<Case> Cases() {
  std::vector<Case> cases;
  AddArcCases(&cases);
  for (double tilt : {10.0, 30.0, 60.0, 89.0}) {
    Case c = RotationCase(
        "spin 1 turn/s, axis tilted " + std::to_string(static_cast<int>(tilt)) + " deg", "wheel");
    Vec3 axis(std::sin(Radians(tilt)), std::cos(Radians(tilt)), 0);
    size_t wheel = c.scene.AddObject("wheel");
    c.scene.AddObjectNode(wheel, "spin", "0", "2").mutable_rare().spin = Spin{axis, 720, {}};
    c.exact = [=](double t) { return Pose{Vec3(0), AxisAngle(axis, kTurn * std::min(t, 2.0))}; };
    cases.push_back(std::move(c));
  }
  {
    Case c = RotationCase("slerp 120 deg through pitch 90", "part");
    Quat middle = EulerYxz(90, 20, 0);
    Vec3 axis(1, 0.5, 0.3);
    double half = Radians(60);
    size_t part = c.scene.AddObject("part");
    c.scene.scene.objects[part].rotation = middle * AxisAngle(axis, -half);
    c.scene.AddObjectNode(part, "turn", "0", "2").rotation = middle * AxisAngle(axis, half);
    c.exact = [=](double t) {
      return Pose{Vec3(0), middle * AxisAngle(axis, -half + 2 * half * std::min(t, 2.0) / 2)};
    };
    cases.push_back(std::move(c));
  }
  {
    Case c = RotationCase("slerp (-50,-60,-70) -> (50,60,70)", "part");
    Quat from = EulerYxz(-50, -60, -70);
    Quat to = EulerYxz(50, 60, 70);
    Quat relative = glm::conjugate(from) * to;
    if (relative.w < 0) relative = -relative;
    Vec3 axis(relative.x, relative.y, relative.z);
    double angle = 2 * std::atan2(glm::length(axis), relative.w);
    size_t part = c.scene.AddObject("part");
    c.scene.scene.objects[part].rotation = from;
    c.scene.AddObjectNode(part, "turn", "0", "2").rotation = to;
    c.exact = [=](double t) {
      return Pose{Vec3(0), from * AxisAngle(axis, angle * std::min(t, 2.0) / 2)};
    };
    cases.push_back(std::move(c));
  }
  AddChainCases(&cases);
  return cases;
}

std::string Cell(const Stats& stats) {
  char text[96];
  std::snprintf(text, sizeof(text), "%zu / %.3g / %.2g / %.2g", stats.keys, stats.max, stats.rms,
                stats.p99);
  return text;
}

void Run() {
  std::printf(
      "Tolerance %g m, %g deg. Cells: keys / max / RMS / p99 error (m or deg), replayed at "
      "%g Hz.\n\n",
      kTolerancePosition, kToleranceRotation, kReplayHz);
  std::printf(
      "| case | cinc | emit ms | 30 fps linear | 60 fps linear | 30 fps hermite | 60 fps hermite "
      "| min uniform hermite | min uniform at margin | arc bound | cinc / bound | cinc / min "
      "uniform | cinc - min uniform |\n");
  std::printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
  for (const Case& c : Cases()) {
    double emit_ms = 0;
    Stats cinc = CincStats(c, &emit_ms);
    int fps30 = static_cast<int>(std::lround(c.seconds * 30));
    int fps60 = static_cast<int>(std::lround(c.seconds * 60));
    int minimum = MinUniformHermite(c, 1);
    int minimum_at_margin = MinUniformHermite(c, FitSettings{}.margin);
    std::string bound = "-";
    std::string ratio = "-";
    double cinc_segments = static_cast<double>(cinc.keys) - 1;
    if (c.radius > 0) {
      double segments = 1.42 * std::pow(c.radius / kTolerancePosition, 0.25) * c.turns;
      char text[32];
      std::snprintf(text, sizeof(text), "%.1f", segments);
      bound = text;
      std::snprintf(text, sizeof(text), "%.2f", cinc_segments / segments);
      ratio = text;
    }
    char versus_uniform[32];
    std::snprintf(versus_uniform, sizeof(versus_uniform), "%.2f",
                  static_cast<double>(cinc.keys) / (minimum + 1));
    std::printf(
        "| %s | %s | %.1f | %s | %s | %s | %s | %s | %d | %s | %s | %s | %+d |\n", c.name.c_str(),
        Cell(cinc).c_str(), emit_ms, Cell(UniformStats(c, fps30, false)).c_str(),
        Cell(UniformStats(c, fps60, false)).c_str(), Cell(UniformStats(c, fps30, true)).c_str(),
        Cell(UniformStats(c, fps60, true)).c_str(), Cell(UniformStats(c, minimum, true)).c_str(),
        minimum_at_margin + 1, bound.c_str(), ratio.c_str(), versus_uniform,
        static_cast<int>(cinc.keys) - (minimum + 1));
    std::fflush(stdout);
  }
}

}  // namespace
}  // namespace cinc

int main() {
  cinc::Run();
  return 0;
}

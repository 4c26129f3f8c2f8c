// The fitted keys (fit/hermite_fit.h) against closed forms: scenes are
// emitted whole (EmitSequence), the sequence is replayed with the project's
// evaluator at every millisecond and at 10 kHz, and each pose is compared
// with a formula written here from the scene's description (circles,
// axis-angle spins, slerps, products of poses), never with the rig's own
// state. Tolerance 0.1 mm and 0.01 degrees, held in full: the fit's margin
// (FitSettings::margin) is not granted to the replay.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <string>

#include "core/diagnostics.h"
#include "emit/closed_form.h"
#include "emit/emit_sequence.h"
#include "emit/hermite_keys.h"
#include "emit/test_support.h"
#include "markers/rig.h"
#include "markers/test_scene.h"
#include "sequence/evaluator.h"

namespace cinc {
namespace {

using test_support::TestScene;

constexpr double kTolerancePosition = 0.0001;  // metres
constexpr double kToleranceRotation = 0.01;    // degrees
constexpr double kTurn = 2 * kPi;

// Poses written out independently of markers/pose.h (emit/closed_form.h).
using Expected = closed_form::RigidPoseForm;
using closed_form::AngleDegrees;
using closed_form::AxisAngle;
using closed_form::EulerYxz;
using closed_form::Then;

double Smoothstep(double u) { return u * u * (3 - 2 * u); }

Sequence Emit(TestScene& test) {
  test.scene.name = "fit";
  test.scene.tolerance = {kTolerancePosition, kToleranceRotation};
  Diagnostics diagnostics;
  Rig rig = BuildRig(test.scene, test.timeline, &diagnostics);
  Sequence sequence = EmitSequence(test.scene, test.timeline, rig, EmitSettings{},
                                   FitSettingsFor(test.scene), &diagnostics);
  EXPECT_TRUE(diagnostics.items().empty());
  return sequence;
}

const TransformTrack& TrackOf(const Sequence& sequence, const std::string& target) {
  for (const Track& track : sequence.tracks) {
    if (const auto* transform = std::get_if<TransformTrack>(&track)) {
      if (transform->target == target) return *transform;
    }
  }
  ADD_FAILURE() << "no track for " << target;
  static const TransformTrack kNone;
  return kNone;
}

struct ReplayError {
  double position = 0;
  double rotation = 0;
};

// The largest error of `target` against `expected` over [0, end_ms] as the
// evaluator plays the sequence: at every millisecond (the times `cinc
// verify` samples), and at 10 kHz, between the key times and the checks the
// fit made.
ReplayError Replay(const Sequence& sequence, const std::string& target,
                   const std::function<Expected(double)>& expected, int end_ms) {
  ReplayError error;
  for (int rate : {1000, 10000}) {
    int samples = end_ms * (rate / 1000);
    int compared = 0;
    for (int k = 0; k <= samples; ++k) {
      double t = static_cast<double>(k) / rate;
      Expected exact = expected(t);
      for (const TransformSample& sample : EvaluateTransforms(sequence, t)) {
        if (sample.target != target) continue;
        ++compared;
        error.position = std::max(error.position, glm::length(*sample.position - exact.position));
        error.rotation = std::max(error.rotation, AngleDegrees(exact.rotation, *sample.quaternion));
      }
    }
    EXPECT_EQ(samples + 1, compared) << rate << " Hz";
  }
  return error;
}

// Keys per turn of the arc bound for hermite keys with exact tangents:
// N = 1.42 (r / epsilon)^(1/4).
double ArcBoundPerTurn(double radius) { return 1.42 * std::pow(radius / kTolerancePosition, 0.25); }

TEST(FitClosedForm, PartOnASpinningBodyFollowsItsCircle) {
  for (double radius : {0.1, 1.0, 10.0}) {
    for (double turns_per_second : {0.25, 1.0, 4.0}) {
      SCOPED_TRACE("r = " + std::to_string(radius) + " m, " + std::to_string(turns_per_second) +
                   " turns/s");
      // Two turns: body spins about +Y; the part is attached at r on +X.
      double seconds = 2 / turns_per_second;
      TestScene test;
      size_t body = test.AddObject("body");
      size_t part = test.AddObject("part");
      test.scene.objects[part].position = Vec3(radius, 0, 0);
      std::string end = std::to_string(seconds);
      test.AddObjectNode(body, "spin", "0", end).mutable_rare().spin = Spin{Vec3(0, 1, 0), 720, {}};
      Attach attach;
      attach.to = "body";
      attach.offset = Transform{Vec3(radius, 0, 0), Quat(1, 0, 0, 0)};
      test.AddObjectNode(part, "on", "0", "0").mutable_rare().attach = attach;
      Sequence sequence = Emit(test);

      auto circle = [&](double t) {
        double angle = kTurn * turns_per_second * std::min(t, seconds);
        return Expected{Vec3(radius * std::cos(angle), 0, -radius * std::sin(angle)),
                        AxisAngle(Vec3(0, 1, 0), angle)};
      };
      ReplayError error =
          Replay(sequence, "part", circle, static_cast<int>(std::lround(seconds * 1000)) + 250);
      EXPECT_LE(error.position, kTolerancePosition);
      EXPECT_LE(error.rotation, kToleranceRotation);
      // At most 1.5 times the arc bound (segments = keys - 1).
      const TransformTrack& track = TrackOf(sequence, "part");
      double segments = static_cast<double>(track.position.size()) - 1;
      EXPECT_LE(segments, 1.5 * 2 * ArcBoundPerTurn(radius));
      // The part's own rotation is yaw alone: exact, two keys.
      EXPECT_EQ(2u, track.rotation.size());
    }
  }
}

TEST(FitClosedForm, SpinsAboutTiltedAxes) {
  // Two turns in 2 s about an axis tilted from +Y towards +X; tilted by 89
  // degrees the object's forward axis passes within 1 degree of straight up
  // (pitch 89), where yaw and roll swing fast: the keys crowd there.
  for (double tilt : {0.0, 10.0, 30.0, 60.0, 89.0}) {
    for (bool eased : {false, true}) {
      SCOPED_TRACE("tilt " + std::to_string(tilt) + (eased ? " eased" : " linear"));
      Vec3 axis(std::sin(Radians(tilt)), std::cos(Radians(tilt)), 0);
      TestScene test;
      size_t wheel = test.AddObject("wheel");
      Node& spin = test.AddObjectNode(wheel, "spin", "0", "2");
      spin.mutable_rare().spin = Spin{axis, 720, {}};
      if (eased) spin.ease = *Ease::FromName("ease_in_out");
      Sequence sequence = Emit(test);
      auto spinning = [&](double t) {
        double u = std::min(t, 2.0) / 2;
        if (eased) u = Smoothstep(u);
        return Expected{Vec3(0, 0, 0), AxisAngle(axis, 2 * kTurn * u)};
      };
      ReplayError error = Replay(sequence, "wheel", spinning, 2250);
      EXPECT_LE(error.rotation, kToleranceRotation);
      const TransformTrack& track = TrackOf(sequence, "wheel");
      if (tilt == 0) {
        EXPECT_EQ(2u, track.rotation.size());  // yaw 0 -> 720, exact
      }
      if (tilt == 89 && !eased) {
        // The shortest segment is where the forward axis is near vertical
        // (the last one, a remainder of the greedy fit, left out).
        size_t shortest = 0;
        for (size_t k = 1; k + 2 < track.rotation.size(); ++k) {
          if (track.rotation[k + 1].t - track.rotation[k].t <
              track.rotation[shortest + 1].t - track.rotation[shortest].t) {
            shortest = k;
          }
        }
        double middle = (track.rotation[shortest].t + track.rotation[shortest + 1].t) / 2;
        Vec3 forward = spinning(middle).rotation * Vec3(0, 0, 1);
        EXPECT_GT(Degrees(std::asin(std::abs(forward.y))), 80) << "at t = " << middle;
      }
    }
  }
}

TEST(FitClosedForm, SlerpThroughPitch90) {
  // A slerp of 120 degrees about a skew local axis whose midpoint is
  // Ry(20) Rx(90): gimbal lock exactly at t = 1.
  Quat middle = EulerYxz(90, 20, 0);
  Vec3 axis(1, 0.5, 0.3);
  double half = Radians(60);
  TestScene test;
  size_t part = test.AddObject("part");
  test.scene.objects[part].rotation = middle * AxisAngle(axis, -half);
  test.AddObjectNode(part, "turn", "0", "2").rotation = middle * AxisAngle(axis, half);
  Sequence sequence = Emit(test);
  auto slerp = [&](double t) {
    double u = std::min(t, 2.0) / 2;
    return Expected{Vec3(0, 0, 0), middle * AxisAngle(axis, -half + 2 * half * u)};
  };
  ReplayError error = Replay(sequence, "part", slerp, 2250);
  EXPECT_LE(error.rotation, kToleranceRotation);
  // Exactly at the lock too.
  EXPECT_LE(AngleDegrees(middle, *EvaluateTransforms(sequence, 1.0)[0].quaternion),
            kToleranceRotation);
}

TEST(FitClosedForm, SlerpsFarApartInEveryComponent) {
  struct Case {
    Vec3 from;  // pitch, yaw, roll
    Vec3 to;
    bool eased;
  };
  for (const Case& c :
       {Case{{-50, -60, -70}, {50, 60, 70}, false}, Case{{-50, -60, -70}, {50, 60, 70}, true},
        Case{{-40, 100, -30}, {60, -20, 80}, false}}) {
    SCOPED_TRACE("eased " + std::to_string(c.eased));
    Quat from = EulerYxz(c.from.x, c.from.y, c.from.z);
    Quat to = EulerYxz(c.to.x, c.to.y, c.to.z);
    // The closed-form slerp: from * exp(u * log(from^-1 * to)), shorter way.
    Quat relative = glm::conjugate(from) * to;
    if (relative.w < 0) relative = -relative;
    Vec3 axis(relative.x, relative.y, relative.z);
    double angle = 2 * std::atan2(glm::length(axis), relative.w);
    ASSERT_LT(Degrees(angle), 179);
    ASSERT_GT(Degrees(angle), 90);
    TestScene test;
    size_t part = test.AddObject("part");
    test.scene.objects[part].rotation = from;
    Node& turn = test.AddObjectNode(part, "turn", "0", "2");
    turn.rotation = to;
    if (c.eased) turn.ease = *Ease::FromName("ease_in_out");
    Sequence sequence = Emit(test);
    auto slerp = [&](double t) {
      double u = std::min(t, 2.0) / 2;
      if (c.eased) u = Smoothstep(u);
      return Expected{Vec3(0, 0, 0), from * AxisAngle(axis, angle * u)};
    };
    ReplayError error = Replay(sequence, "part", slerp, 2250);
    EXPECT_LE(error.rotation, kToleranceRotation);
  }
}

TEST(FitClosedForm, TwoLevelChainOnAMovingBody) {
  // body: slides 1 m along +X and spins one turn about +Y over [0, 2];
  // arm: attached 1 m out on the body's +X, spins two turns about its own +X;
  // tip: attached 0.5 m up the arm. World pose of the tip: the product.
  TestScene test;
  size_t body = test.AddObject("body");
  size_t arm = test.AddObject("arm");
  size_t tip = test.AddObject("tip");
  test.scene.objects[arm].position = Vec3(1, 0, 0);
  test.scene.objects[tip].position = Vec3(1, 0.5, 0);
  Node& slide = test.AddObjectNode(body, "slide", "0", "2");
  slide.position = Vec3(1, 0, 0);
  slide.mutable_rare().spin = Spin{Vec3(0, 1, 0), 360, {}};
  Attach on_body;
  on_body.to = "body";
  on_body.offset = Transform{Vec3(1, 0, 0), Quat(1, 0, 0, 0)};
  test.AddObjectNode(arm, "on", "0", "0").mutable_rare().attach = on_body;
  test.AddObjectNode(arm, "spin", "0", "2").mutable_rare().spin = Spin{Vec3(1, 0, 0), 720, {}};
  Attach on_arm;
  on_arm.to = "arm";
  on_arm.offset = Transform{Vec3(0, 0.5, 0), Quat(1, 0, 0, 0)};
  test.AddObjectNode(tip, "on", "0", "0").mutable_rare().attach = on_arm;
  Sequence sequence = Emit(test);

  auto body_pose = [](double t) {
    double u = std::min(t, 2.0) / 2;
    return Expected{Vec3(u, 0, 0), AxisAngle(Vec3(0, 1, 0), kTurn * u)};
  };
  auto arm_pose = [&](double t) {
    double u = std::min(t, 2.0) / 2;
    return Then(Then(body_pose(t), Expected{Vec3(1, 0, 0), Quat(1, 0, 0, 0)}),
                Expected{Vec3(0, 0, 0), AxisAngle(Vec3(1, 0, 0), 2 * kTurn * u)});
  };
  auto tip_pose = [&](double t) {
    return Then(arm_pose(t), Expected{Vec3(0, 0.5, 0), Quat(1, 0, 0, 0)});
  };
  for (const auto& [name, pose] :
       {std::pair<std::string, std::function<Expected(double)>>{"arm", arm_pose},
        {"tip", tip_pose}}) {
    SCOPED_TRACE(name);
    ReplayError error = Replay(sequence, name, pose, 2250);
    EXPECT_LE(error.position, kTolerancePosition);
    EXPECT_LE(error.rotation, kToleranceRotation);
  }
}

// BakeHermite alone on a circle: the written keys (times rounded to the
// microsecond before they were checked) play within the limit at 100 kHz,
// and no key can go.
TEST(FitClosedForm, NoKeyCanBeRemoved) {
  double radius = 1;
  double omega = kTurn;  // one turn per second
  FitCurve<3> curve;
  auto circle = [&](double t) {
    return Vec3(radius * std::cos(omega * t), 0, -radius * std::sin(omega * t));
  };
  curve.track = [&](double, const Vec3&, double t) { return circle(t); };
  curve.error = [&](double t, const Vec3& played) { return glm::length(played - circle(t)); };
  FitSettings settings;
  settings.tolerance.position = kTolerancePosition;
  KeyListBuilder builder;
  BakeHermite(curve, 0, 1, circle(0), circle(1), settings, &builder);
  Keys keys = builder.Take();
  auto worst = [&](const Keys& played) {
    double error = 0;
    for (int step = 0; step <= 100000; ++step) {
      double t = step / 100000.0;
      std::vector<double> value = testing::PlayKeys(played, t);
      error = std::max(error, glm::length(Vec3(value[0], value[1], value[2]) - circle(t)));
    }
    return error;
  };
  double limit = settings.margin * kTolerancePosition;
  // The fit's peak search finds each segment's true largest error, so the
  // dense replay of the written keys meets the limit itself (1e-6 of it
  // for the peak search's residue and rounding).
  EXPECT_LE(worst(keys), limit * (1 + 1e-6));
  for (size_t index = 1; index + 1 < keys.size(); ++index) {
    double microseconds = keys[index].t * 1e6;
    EXPECT_NEAR(microseconds, std::round(microseconds), 1e-6) << "key " << index;
  }
  // One turn at r = 1 m: the arc bound is 14.2 segments.
  EXPECT_LE(keys.size() - 1, 16u);
  for (size_t index = 1; index + 1 < keys.size(); ++index) {
    Keys fewer = keys;
    fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(index));
    EXPECT_GT(worst(fewer), limit) << "key " << index;
  }
}

}  // namespace
}  // namespace cinc

// Transform tracks (emit/emit_transforms.h): the scale keys of objects hidden
// while their opacity is 0 (hidden intervals: fit/visibility.h).
#include "emit/emit_transforms.h"

#include <gtest/gtest.h>

#include <cmath>

#include "emit/test_support.h"

namespace cinc {
namespace {

using testing::MakeSegment;
using testing::MakeTrack;

ObjectRig StillRig(double opacity) {
  ObjectRig rig;
  rig.rotation.initial = Quat(1, 0, 0, 0);
  rig.scale.initial = Vec3(1);
  rig.opacity.initial = opacity;
  return rig;
}

SceneObject NamedObject(const char* name) {
  SceneObject object;
  object.name = name;
  return object;
}

TEST(HiddenScaleKeys, FadeInFromZeroHidesUntilItsStart) {
  // Opacity 0 until the fade-in over [1, 2]: hidden [0, 1). Scale: 0 from
  // 0, 1 from 1.
  ObjectRig rig = StillRig(0);
  rig.opacity = MakeTrack(0.0, {MakeSegment("1", "1", 0.0, 1.0)});
  TransformTrack track =
      EmitObjectTransform(NamedObject("body"), rig, EmitSettings{}, FitSettings{});
  ASSERT_EQ(track.scale.size(), 2u);
  EXPECT_EQ(track.scale[0].t, 0);
  EXPECT_EQ(track.scale[0].value, (std::vector<double>{0, 0, 0}));
  EXPECT_EQ(track.scale[0].interp, Interpolation::kStep);
  EXPECT_EQ(track.scale[1].t, 1);
  EXPECT_EQ(track.scale[1].value, (std::vector<double>{1, 1, 1}));
}

TEST(HiddenScaleKeys, FadeOutHidesFromItsEnd) {
  // Opacity 1 -> 0 over [1, 2]: hidden from 2 on, forever.
  ObjectRig rig = StillRig(1);
  rig.opacity = MakeTrack(1.0, {MakeSegment("1", "1", 1.0, 0.0)});
  TransformTrack track =
      EmitObjectTransform(NamedObject("body"), rig, EmitSettings{}, FitSettings{});
  ASSERT_EQ(track.scale.size(), 2u);
  EXPECT_EQ(track.scale[0].value, (std::vector<double>{1, 1, 1}));
  EXPECT_EQ(track.scale[1].t, 2);
  EXPECT_EQ(track.scale[1].value, (std::vector<double>{0, 0, 0}));
}

TEST(HiddenScaleKeys, ScaleMovesUnderAHiddenIntervalAreCut) {
  // Scale 1 -> 2 over [0, 2]; hidden over [0, 1) (fade-in at 1). At 1 the
  // exact scale is 1.5: keys 0 [0,0,0] step, 1 [1.5,...] linear, 2 [2,...].
  ObjectRig rig = StillRig(0);
  rig.opacity = MakeTrack(0.0, {MakeSegment("1", "1", 0.0, 1.0)});
  rig.scale = MakeTrack(Vec3(1), {MakeSegment("0", "2", Vec3(1), Vec3(2))});
  TransformTrack track =
      EmitObjectTransform(NamedObject("body"), rig, EmitSettings{}, FitSettings{});
  ASSERT_EQ(track.scale.size(), 3u);
  EXPECT_EQ(track.scale[0].value, (std::vector<double>{0, 0, 0}));
  EXPECT_EQ(track.scale[0].interp, Interpolation::kStep);
  EXPECT_EQ(track.scale[1].t, 1);
  EXPECT_EQ(track.scale[1].value, (std::vector<double>{1.5, 1.5, 1.5}));
  EXPECT_EQ(track.scale[1].interp, Interpolation::kLinear);
  EXPECT_EQ(track.scale[2].t, 2);
  EXPECT_EQ(track.scale[2].value, (std::vector<double>{2, 2, 2}));
}

TEST(HiddenScaleKeys, HidingInTheMiddleOfAScaleMoveJumps) {
  // Scale 1 -> 3 over [0, 2]; opacity jumps to 0 at 1 and back to 1 at 1.5.
  ObjectRig rig = StillRig(1);
  rig.opacity =
      MakeTrack(1.0, {MakeSegment("1", "0", 1.0, 0.0), MakeSegment("1.5", "0", 0.0, 1.0)});
  rig.scale = MakeTrack(Vec3(1), {MakeSegment("0", "2", Vec3(1), Vec3(3))});
  TransformTrack track =
      EmitObjectTransform(NamedObject("body"), rig, EmitSettings{}, FitSettings{});
  ASSERT_EQ(track.scale.size(), 5u);
  EXPECT_EQ(track.scale[0].t, 0);
  EXPECT_EQ(track.scale[0].interp, Interpolation::kLinear);
  EXPECT_EQ(track.scale[1].t, std::nextafter(1.0, 0.0));  // the move's value at 1, held
  EXPECT_EQ(track.scale[1].value, (std::vector<double>{2, 2, 2}));
  EXPECT_EQ(track.scale[1].interp, Interpolation::kStep);
  EXPECT_EQ(track.scale[2].t, 1);
  EXPECT_EQ(track.scale[2].value, (std::vector<double>{0, 0, 0}));
  EXPECT_EQ(track.scale[3].t, 1.5);
  EXPECT_EQ(track.scale[3].value, (std::vector<double>{2.5, 2.5, 2.5}));
  EXPECT_EQ(track.scale[3].interp, Interpolation::kLinear);
  EXPECT_EQ(track.scale[4].t, 2);
  EXPECT_EQ(track.scale[4].value, (std::vector<double>{3, 3, 3}));
}

TEST(HiddenScaleKeys, NoScaleKeysWhenNeverHiddenAndUnscaled) {
  ObjectRig rig = StillRig(1);
  TransformTrack track =
      EmitObjectTransform(NamedObject("body"), rig, EmitSettings{}, FitSettings{});
  EXPECT_TRUE(track.scale.empty());
  EXPECT_EQ(track.position.size(), 1u);
  EXPECT_EQ(track.rotation.size(), 1u);
}

TEST(HiddenScaleKeys, CuesOnlyVisibilityWritesTheExactScale) {
  ObjectRig rig = StillRig(0);
  EmitSettings settings;
  settings.visibility = EmitSettings::Visibility::kCues;
  TransformTrack track = EmitObjectTransform(NamedObject("body"), rig, settings, FitSettings{});
  EXPECT_TRUE(track.scale.empty());
  rig.scale.initial = Vec3(2);
  track = EmitObjectTransform(NamedObject("body"), rig, settings, FitSettings{});
  ASSERT_EQ(track.scale.size(), 1u);
  EXPECT_EQ(track.scale[0].value, (std::vector<double>{2, 2, 2}));
}

}  // namespace
}  // namespace cinc

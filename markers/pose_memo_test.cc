// PoseMemo: an entry is found under the key it was kept with and no other
// (an exact time and the double of the same instant are two keys; so are
// two selects, an object and the camera of the same index); a new entry in
// a slot replaces the old; each thread has its own memo.
#include "markers/pose_memo.h"

#include <gtest/gtest.h>

#include <thread>

#include "core/exact_time.h"

namespace cinc {
namespace {

ExactTime Seconds(int64_t numerator, int64_t denominator) {
  return ExactTime::FromRatio(numerator, denominator);
}

TEST(PoseMemoTest, FindsAPoseUnderItsKeyOnly) {
  PoseMemo memo;
  RigidPose pose{Vec3(1, 2, 3), Quat(0, 1, 0, 0)};
  OwnerRef object = OwnerRef::Object(0);
  memo.Keep(object, Seconds(1, 2), Seconds(3, 4), pose);
  const RigidPose* found = memo.Find(object, Seconds(1, 2), Seconds(3, 4));
  ASSERT_NE(found, nullptr);
  EXPECT_EQ(found->position, Vec3(1, 2, 3));
  EXPECT_EQ(found->rotation, Quat(0, 1, 0, 0));
  EXPECT_EQ(memo.Find(object, Seconds(1, 2), 0.75), nullptr);  // the double of 3/4
  EXPECT_EQ(memo.Find(object, Seconds(1, 4), Seconds(3, 4)), nullptr);
  EXPECT_EQ(memo.Find(OwnerRef::Camera(0), Seconds(1, 2), Seconds(3, 4)), nullptr);
  EXPECT_EQ(memo.Find(OwnerRef::Object(1), Seconds(1, 2), Seconds(3, 4)), nullptr);
  memo.Keep(object, Seconds(1, 2), 0.75, RigidPose{Vec3(4, 5, 6), Quat(1, 0, 0, 0)});
  const RigidPose* at_double = memo.Find(object, Seconds(1, 2), 0.75);
  ASSERT_NE(at_double, nullptr);
  EXPECT_EQ(at_double->position, Vec3(4, 5, 6));
}

TEST(PoseMemoTest, AnEmptyMemoFindsNothing) {
  PoseMemo memo;
  EXPECT_EQ(memo.Find(OwnerRef::Object(0), ExactTime(), ExactTime()), nullptr);
  EXPECT_EQ(memo.Find(OwnerRef::Object(0), ExactTime(), 0.0), nullptr);
}

TEST(PoseMemoTest, KeepingTheSameKeyAgainReplacesThePose) {
  PoseMemo memo;
  OwnerRef camera = OwnerRef::Camera(3);
  memo.Keep(camera, Seconds(1, 1), 0.5, RigidPose{Vec3(1, 0, 0), Quat(1, 0, 0, 0)});
  memo.Keep(camera, Seconds(1, 1), 0.5, RigidPose{Vec3(2, 0, 0), Quat(1, 0, 0, 0)});
  ASSERT_NE(memo.Find(camera, Seconds(1, 1), 0.5), nullptr);
  EXPECT_EQ(memo.Find(camera, Seconds(1, 1), 0.5)->position, Vec3(2, 0, 0));
}

// Far more entries than slots: every find is either a miss or the pose kept
// under exactly that key.
TEST(PoseMemoTest, AFullMemoNeverAnswersWithAnotherKeysPose) {
  PoseMemo memo;
  for (int k = 0; k < 20000; ++k) {
    memo.Keep(OwnerRef::Object(k % 7), Seconds(k, 1), k * 0.5, RigidPose{Vec3(k, 0, 0), {}});
  }
  int found = 0;
  for (int k = 0; k < 20000; ++k) {
    const RigidPose* pose = memo.Find(OwnerRef::Object(k % 7), Seconds(k, 1), k * 0.5);
    if (pose == nullptr) continue;
    ++found;
    EXPECT_EQ(pose->position, Vec3(k, 0, 0));
  }
  EXPECT_GT(found, 0);
  EXPECT_LE(found, 4096);
}

TEST(PoseMemosTest, EachThreadHasItsOwnMemo) {
  PoseMemos memos;
  PoseMemo* here = &memos.ForThisThread();
  EXPECT_EQ(&memos.ForThisThread(), here);
  PoseMemo* there = nullptr;
  std::thread other([&] { there = &memos.ForThisThread(); });
  other.join();
  EXPECT_NE(there, nullptr);
  EXPECT_NE(there, here);
}

}  // namespace
}  // namespace cinc

// World poses already worked out, kept for the owners a thread writes next:
// an attached owner asks it for its carriers' poses at the same (select, t)
// instead of walking their chain again (docs/performance.md).
//
// Contract: an entry is the pose WorldPoseWithin(rig, owner, select, t)
// gives (t exact or a double, two different keys), to the bit, so a hit
// changes no byte. The memo belongs to one rig, which must not change while
// it is used in a way that changes a kept pose (FillAttachedValues keeps a
// pose at an instant only once the owner and its chain are filled there:
// markers/attachments.h). It is a cache of fixed size, allocated when it
// first keeps a pose: a new entry replaces the one in its slot, so it never
// grows and a miss only costs the walk it saves.
// Not shared between threads: PoseMemos hands each thread its own.
#ifndef CINC_MARKERS_POSE_MEMO_H_
#define CINC_MARKERS_POSE_MEMO_H_

#include <cstdint>
#include <vector>

#include "core/exact_time.h"
#include "core/per_thread.h"
#include "core/rotation.h"
#include "markers/rig.h"

namespace cinc {

struct RigidPose {
  Vec3 position{0, 0, 0};
  Quat rotation{1, 0, 0, 0};
};

class PoseMemo {
 public:
  PoseMemo();
  // The kept pose of `owner` at (select, t), or nullptr.
  const RigidPose* Find(OwnerRef owner, const ExactTime& select, const ExactTime& t) const;
  const RigidPose* Find(OwnerRef owner, const ExactTime& select, double t) const;
  void Keep(OwnerRef owner, const ExactTime& select, const ExactTime& t, const RigidPose& pose);
  void Keep(OwnerRef owner, const ExactTime& select, double t, const RigidPose& pose);

 private:
  struct Key {
    uint64_t owner = 0;  // the owner, whether it is a camera, whether t is exact; 0: empty
    int64_t select_numerator = 0;
    int64_t select_denominator = 0;
    uint64_t time_high = 0;  // an exact t's numerator, or a double's bits
    int64_t time_low = 0;    // an exact t's denominator, or 0
    friend bool operator==(const Key&, const Key&) = default;
  };
  struct Entry {
    Key key;
    RigidPose pose;
  };
  static Key MakeKey(OwnerRef owner, const ExactTime& select, const ExactTime& t);
  static Key MakeKey(OwnerRef owner, const ExactTime& select, double t);
  const RigidPose* Find(const Key& key) const;
  void Keep(const Key& key, const RigidPose& pose);
  size_t SlotOf(const Key& key) const;

  static constexpr size_t kSlots = 4096;  // a power of two
  std::vector<Entry> entries_;            // empty until the first Keep
};

// One PoseMemo per thread, for the items ParallelFor shares out: the
// threads never read each other's, so which thread writes which owner
// changes nothing but how often a pose is worked out again.
using PoseMemos = PerThread<PoseMemo>;

}  // namespace cinc

#endif  // CINC_MARKERS_POSE_MEMO_H_

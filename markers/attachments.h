// Attachments inside BuildRig: frames, the time-aware cycle check and the
// values that depend on other owners. Internal to markers/;
// docs/attachments.md states the rules.
//
// Contract:
// - PlanAttachments (structural, per owner): one FrameSpan per resolved
//   `attach` node (parent, its marker, the offset, label = `to` as written)
//   and, once an attach exists, per `position` node (the world), in
//   (S, file order); `detaching[i]` is true for a position node whose
//   previous span has a parent. An owner without attach nodes has no spans.
// - CheckAttachmentCycles: an attachment lasts from its span's S to the next
//   span's S (half-open; the last one to the end). A cycle at overlapping
//   times, or an owner attached to itself, is E_MARKER_CYCLE, reported once
//   when it forms, at the attach of the cycle's first owner in file order;
//   the span that closes it is cut (made world) so the rig stays acyclic.
// - FillAttachedValues: for owners with spans or a look-at, every position
//   and rotation segment's `from` and `to`, in global time order (owners at
//   one instant after the owners their frames' chains and aims need), so
//   that each attach reads its parents' full state at S. A segment, attach
//   or detach after a look-at starts from its tracked world rotation at S
//   (brought into the frame), so nothing jumps. The carriers' world poses
//   worked out at an instant are kept (markers/pose_memo.h) for the owners
//   they carry there, unless owners at that instant depend on one another
//   in a cycle (then none is kept from there on).
#ifndef CINC_MARKERS_ATTACHMENTS_H_
#define CINC_MARKERS_ATTACHMENTS_H_

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "core/diagnostics.h"
#include "core/scene.h"
#include "core/timeline.h"
#include "markers/marker_table.h"
#include "markers/rig.h"

namespace cinc {

// The resolved time of node `index` of one list, or nullptr when it is not
// usable (unresolved, or a partial timeline after errors).
const NodeTime* UsableNodeTime(const std::vector<NodeTime>* times, size_t index);

// Object and camera names -> OwnerRef (first in file order wins).
class OwnerNames {
 public:
  explicit OwnerNames(const Scene& scene);
  OwnerRef Find(std::string_view name) const;

 private:
  std::unordered_map<std::string, OwnerRef> owners_;
};

struct AttachmentPlan {
  bool has_pose_nodes = false;  // any attach or spin node
  FrameTrack frames;
  std::vector<bool> detaching;  // parallel to owner.nodes
};

AttachmentPlan PlanAttachments(const SceneObject& owner, const std::vector<NodeTime>* times,
                               const OwnerNames& names, const MarkerTable& markers);

void CheckAttachmentCycles(const Scene& scene, const Timeline& timeline, Rig* rig,
                           Diagnostics* diagnostics);

void FillAttachedValues(const Scene& scene, const MarkerTable& markers, Rig* rig);

}  // namespace cinc

#endif  // CINC_MARKERS_ATTACHMENTS_H_

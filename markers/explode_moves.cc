#include "markers/explode_moves.h"

#include <cmath>
#include <map>
#include <vector>

#include "markers/attachments.h"
#include "markers/pose.h"
#include "markers/rig.h"

namespace cinc {
namespace {

// Within this distance (metres) of the centre a part moves along +Y.
constexpr double kAtCentre = 1e-9;

struct PartMove {
  size_t object;
  size_t node;
};

// The world position of an explode's centre at t.
Vec3 CentreAt(const Scene& scene, const Rig& rig, const Explode& explode, const ExactTime& t) {
  if (explode.point) return *explode.point;
  for (size_t index = 0; index < scene.objects.size(); ++index) {
    if (scene.objects[index].name == explode.from.value) {
      return WorldPoseAt(rig, OwnerRef::Object(index), t).position;
    }
  }
  return Vec3(0, 0, 0);  // unknown: reported by ExpandExplodes
}

// The part's position target: its local position at S plus the move,
// brought into the frame in charge at S.
Vec3 SolveMove(const Scene& scene, const Rig& rig, const Explode& explode, size_t object,
               const ExactTime& start) {
  const ObjectRig& part = rig.objects[object];
  const FrameSpan* span = ActiveFrameSpan(part.frames, start);
  Quat frame_rotation(1, 0, 0, 0);
  if (span != nullptr && span->frame.parent.valid()) {
    frame_rotation = FrameTransformAt(rig, span->frame, start).rotation;
  }
  const Vec3 world = WorldPoseAt(rig, OwnerRef::Object(object), start).position;
  const Vec3 centre = explode.along ? world : CentreAt(scene, rig, explode, start);
  const Vec3 direction = ExplodeDirection(explode, world, centre, frame_rotation * Vec3(0, 1, 0));
  const Vec3 local = glm::conjugate(frame_rotation) * direction;
  return ValueAt(part.position, start) + local * explode.distance;
}

}  // namespace

bool HasExplodes(const Scene& scene) {
  for (const SceneObject& object : scene.objects) {
    for (const Node& node : object.nodes) {
      if (node.rare().explode) return true;
    }
  }
  return false;
}

Vec3 ExplodeDirection(const Explode& explode, const Vec3& part, const Vec3& centre,
                      const Vec3& frame_y) {
  Vec3 direction = frame_y;
  if (!explode.along) {
    const Vec3 out = part - centre;
    const double length = glm::length(out);
    direction = length <= kAtCentre ? Vec3(0, 1, 0) : out / length;
  }
  return explode.collapse ? -direction : direction;
}

void SolveExplodes(Scene* scene, const Timeline& timeline, const MarkerTable& markers,
                   Diagnostics* diagnostics) {
  std::map<ExactTime, std::vector<PartMove>> rounds;
  for (size_t object = 0; object < scene->objects.size(); ++object) {
    const std::vector<NodeTime>* times =
        object < timeline.objects.size() ? &timeline.objects[object] : nullptr;
    const std::vector<Node>& nodes = scene->objects[object].nodes;
    for (size_t index = 0; index < nodes.size(); ++index) {
      const NodeTime* time = UsableNodeTime(times, index);
      if (nodes[index].rare().explode && time != nullptr) {
        rounds[time->start].push_back({object, index});
      }
    }
  }
  Diagnostics scratch = diagnostics->Sibling();
  for (const auto& [start, moves] : rounds) {
    const Rig rig = BuildRig(*scene, timeline, markers, &scratch);
    std::vector<Vec3> targets;
    for (const PartMove& move : moves) {
      const Node& node = scene->objects[move.object].nodes[move.node];
      targets.push_back(SolveMove(*scene, rig, *node.rare().explode, move.object, start));
    }
    for (size_t k = 0; k < moves.size(); ++k) {
      scene->objects[moves[k].object].nodes[moves[k].node].position = targets[k];
    }
  }
}

}  // namespace cinc

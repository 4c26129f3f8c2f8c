#include "views/node_text.h"

#include "core/number_format.h"
#include "resolver/references.h"

namespace cinc {
namespace {

std::string VectorText(const Vec3& v) {
  return "[" + FormatDouble(v.x) + ", " + FormatDouble(v.y) + ", " + FormatDouble(v.z) + "]";
}

}  // namespace

std::string Seconds(const ExactTime& time) { return time.ToString() + " s"; }

std::string LagText(const ExactTime& lag) {
  if (lag == ExactTime()) return "";
  return (ExactTime() < lag ? " +" : " ") + Seconds(lag);
}

std::string NodeFieldsText(const Node& node, const NodeTime& time, std::string_view activity) {
  std::string text = node.QualifiedName() + " (" + std::string(activity) + ")\n";
  text += time.start == time.end ? "at " + Seconds(time.start)
                                 : Seconds(time.start) + " – " + Seconds(time.end);
  if (node.relations.empty()) {
    text += node.index == 0 ? "\nstarts its list" + LagText(node.chain_lag)
                            : "\nafter the previous node" + LagText(node.chain_lag);
  }
  for (const Relation& relation : node.relations) {
    text += "\n" + std::string(RelationFieldName(relation.kind));
    text += relation.kind == RelationKind::kAt
                ? " " + Seconds(relation.offset)
                : " " + QualifyReference(node, relation.target) + LagText(relation.offset);
  }
  for (const Relation& until : node.until) {
    text += "\nuntil " + QualifyReference(node, until.target);
  }
  if (node.has_duration) text += "\nduration " + Seconds(node.duration);
  if (node.position) text += "\nposition " + VectorText(*node.position);
  if (node.rotation) {
    const Quat& q = *node.rotation;
    text += "\nrotation [" + FormatDouble(q.w) + ", " + FormatDouble(q.x) + ", " +
            FormatDouble(q.y) + ", " + FormatDouble(q.z) + "] (w, x, y, z)";
  }
  if (node.scale) text += "\nscale " + VectorText(*node.scale);
  if (node.opacity) text += "\nopacity " + FormatDouble(*node.opacity);
  if (!node.rare().path.empty())
    text += "\npath of " + std::to_string(node.rare().path.size()) + " points";
  if (node.rare().attach) {
    text += "\nattach to " + node.rare().attach->to;
    if (!node.rare().attach->mate.empty()) text += ", mate " + node.rare().attach->mate;
  }
  if (node.rare().spin) {
    text += "\nspin " + FormatDouble(node.rare().spin->degrees) + "° about " +
            VectorText(node.rare().spin->axis);
  }
  if (node.rare().look_at) text += "\nlook_at " + node.rare().look_at->value;
  if (node.rare().focus) {
    text += node.rare().focus->distance
                ? "\nfocus " + FormatDouble(*node.rare().focus->distance) + " m"
                : "\nfocus on " + node.rare().focus->on;
  }
  if (node.rare().fov) text += "\nfov " + FormatDouble(*node.rare().fov) + "°";
  if (node.rare().aperture) text += "\naperture " + FormatDouble(*node.rare().aperture);
  if (node.rare().shot) {
    text += "\nshot " + node.rare().shot->camera;
    if (!(node.rare().shot->blend == ExactTime()))
      text += ", blend " + Seconds(node.rare().shot->blend);
  }
  if (node.rare().sound) text += "\nsound " + node.rare().sound->name;
  if (node.rare().label) text += "\nlabel \"" + node.rare().label->value + "\"";
  if (node.rare().action) text += "\naction " + node.rare().action->value;
  for (const Cue& cue : node.rare().cues) text += "\ncue " + cue.kind + " " + cue.name;
  if (node.rare().time_scale) text += "\ntime_scale " + FormatDouble(*node.rare().time_scale);
  if (!node.ease.name().empty() && activity != "wait") {
    text += "\nease " + std::string(node.ease.name());
  }
  return text;
}

}  // namespace cinc

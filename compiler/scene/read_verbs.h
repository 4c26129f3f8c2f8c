// The assembly verbs of a node (docs/language.md, "Assembly verbs"):
// `attach`, and the verbs that attach an object while they move it in. A
// verb is one row of the verb table (its key, owners, reader and the fields
// it excludes) and its reader, both in read_verbs.cc; read_nodes.cc adds the
// rows to the node field table (docs/architecture.md, "Adding a scene verb").
#ifndef CINC_COMPILER_SCENE_READ_VERBS_H_
#define CINC_COMPILER_SCENE_READ_VERBS_H_

#include <span>
#include <string_view>

#include "compiler/scene/read_context.h"
#include "compiler/scene/read_nodes.h"
#include "core/scene.h"

namespace cinc::scene_loading {

// A node field that gives one of the node's rare parts: its Attach
// (NodeRareParts::attach), or a camera move (read_camera_moves.h).
struct NodeVerb {
  std::string_view name;
  void (*read)(ReadContext& context, const YamlEvent& first, Node* node);
  NodeFieldTraits traits;
  // Node fields it cannot be combined with, checked in this order.
  std::span<const std::string_view> excludes;
  // Node fields it needs ("'margin' requires 'frame'").
  std::span<const std::string_view> requires_fields = {};
};

// The verbs after the node's other fields, in the order of the node table.
std::span<const NodeVerb> NodeVerbs();

// `attach: {to, offset, mate}` (a field of its own in the node table).
void ReadAttach(ReadContext& context, const YamlEvent& first, Node* node);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_READ_VERBS_H_

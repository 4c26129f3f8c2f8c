// Node lists (docs/language.md, docs/timing.md): each node's mapping read
// through one field table (which fields exist, where they are allowed,
// which need a duration), then the checks across its fields.
#ifndef CINC_COMPILER_SCENE_READ_NODES_H_
#define CINC_COMPILER_SCENE_READ_NODES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "compiler/scene/read_context.h"
#include "core/scene.h"

namespace cinc::scene_loading {

// Whose nodes are read.
enum class OwnerKind { kObject, kCamera, kDirector };

// Which owners' nodes may give a field.
enum class Owners : uint8_t {
  kAll,
  kCameras,      // camera nodes only
  kDirector,     // director nodes only
  kNotDirector,  // objects and cameras
  kObjects,      // object nodes only
};

// What the node field table says of a field besides its key and reader.
struct NodeFieldTraits {
  Owners owners = Owners::kAll;
  bool drives_channel = false;  // needs `duration`
};

// `nodes: [{…}, …]` of `owner`, appended to `nodes`. A node whose element
// is not a mapping is dropped and its index stays taken; an id used twice
// in the list is E_SCENE_NAME.
void ReadNodeList(ReadContext& context, const YamlEvent& first, const std::string& owner,
                  OwnerKind owner_kind, std::vector<Node>* nodes);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_READ_NODES_H_

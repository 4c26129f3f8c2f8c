// A node as text, for the views' tooltips.
#ifndef CINC_VIEWS_NODE_TEXT_H_
#define CINC_VIEWS_NODE_TEXT_H_

#include <string>
#include <string_view>

#include "core/scene.h"
#include "core/timeline.h"

namespace cinc {

// "1.5 s".
std::string Seconds(const ExactTime& time);

// " +0.5 s", " -0.2 s", or "" for no lag.
std::string LagText(const ExactTime& lag);

// The node's name and `activity` ("move"), its time, then its fields, a line
// each ("after lid.seat +0.5 s", "position [0, 1, 0]", ...); the ease unless
// the node only waits.
std::string NodeFieldsText(const Node& node, const NodeTime& time, std::string_view activity);

}  // namespace cinc

#endif  // CINC_VIEWS_NODE_TEXT_H_

// Test helpers for the views: small nodes and relations, written by hand.
#ifndef CINC_VIEWS_VIEW_TEST_NODES_H_
#define CINC_VIEWS_VIEW_TEST_NODES_H_

#include <string>

#include "core/exact_time.h"
#include "core/scene.h"

namespace cinc::view_testing {

inline Node MakeNode(const std::string& owner, int index, const std::string& id) {
  Node node;
  node.owner = owner;
  node.index = index;
  node.id = id;
  return node;
}

inline ExactTime S(const char* seconds) { return *ExactTime::ParseDecimal(seconds); }

inline Relation After(const std::string& target, const char* lag = "0") {
  Relation relation;
  relation.kind = RelationKind::kAfter;
  relation.target = target;
  relation.offset = S(lag);
  return relation;
}

}  // namespace cinc::view_testing

#endif  // CINC_VIEWS_VIEW_TEST_NODES_H_

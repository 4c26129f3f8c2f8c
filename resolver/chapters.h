// The chapters of a scene: its labelled nodes, as the sequence's marker cues,
// the timeline and the parts list read them (docs/language.md "Chapters").
#ifndef CINC_RESOLVER_CHAPTERS_H_
#define CINC_RESOLVER_CHAPTERS_H_

#include <string>
#include <vector>

#include "core/exact_time.h"
#include "core/timeline.h"
#include "resolver/references.h"

namespace cinc {

struct Chapter {
  std::string label;  // the node's `label`, as expanded ($i filled in)
  std::string node;   // the node's qualified name, "shelf-1.show"
  ExactTime start;
  ExactTime end;  // the node's end; for a moment, the next chapter's start
};

// Every resolved node with a label, in start order (table order on a tie); a
// chapter without a span runs to the next chapter's start, the last one to
// the timeline's end.
std::vector<Chapter> ChaptersOf(const Timeline& timeline, const NodeTable& table);

}  // namespace cinc

#endif  // CINC_RESOLVER_CHAPTERS_H_

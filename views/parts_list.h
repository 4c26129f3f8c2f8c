// The parts list: for each chapter, the parts it brings in.
#ifndef CINC_VIEWS_PARTS_LIST_H_
#define CINC_VIEWS_PARTS_LIST_H_

#include <optional>
#include <string>
#include <vector>

#include "core/exact_time.h"
#include "core/scene.h"
#include "core/timeline.h"
#include "markers/rig.h"
#include "resolver/references.h"

namespace cinc {

// The objects of one model that come in together, in the order they appear.
struct PartCount {
  std::string model;
  std::optional<std::string> name;    // the model's `part: {name}`
  std::optional<std::string> number;  // the model's `part: {number}`
  std::vector<std::string> objects;   // the count is their number
};

// A chapter and its parts; `label` is nullopt for the parts that come in
// outside every chapter's span (listed first, when there are any; its start
// and end are then the first and the last of their moments).
struct ChapterParts {
  std::optional<std::string> label;
  ExactTime start;
  ExactTime end;
  std::vector<PartCount> parts;
};

struct PartsList {
  std::string scene;  // the scene's name
  std::vector<ChapterParts> chapters;
  std::vector<PartCount> total;  // every part, by model, in order of appearance
};

// The moment an opacity channel first leaves 0 (0 when it starts visible);
// nullopt when it never does.
std::optional<ExactTime> FirstVisibleMoment(const ChannelTrack<double>& opacity);

// The parts list of a compiled scene: each object with a model is a part,
// brought in by the chapter whose span holds its first visible moment (the
// latest-starting one when spans overlap).
PartsList ListParts(const Scene& scene, const Timeline& timeline, const NodeTable& table,
                    const Rig& rig);

// The object that pictures a part model (the booklet's part pictures): the
// first object of the scene, in scene order, that the list counts for it.
struct PartSubject {
  std::string model;
  std::string object;
  ExactTime moment;  // `end` when the object is visible there, else its first visible moment
};

// A subject per model of `list.total`, in its order; `end` is the scene's.
std::vector<PartSubject> PartSubjects(const PartsList& list, const Scene& scene, const Rig& rig,
                                      const ExactTime& end);

// The list as JSON, CSV (one row per part of a chapter, then the total's
// rows with the chapter "total") and text for people.
std::string PartsListJson(const PartsList& list);
std::string PartsListCsv(const PartsList& list);
std::string PartsListText(const PartsList& list);

}  // namespace cinc

#endif  // CINC_VIEWS_PARTS_LIST_H_

#include "markers/ghosting.h"

#include <algorithm>
#include <unordered_map>

#include "core/reference.h"

namespace cinc {
namespace {

// The least factor of the spans with start <= t < end (before: start < t
// <= end, the factor just before t); 1 outside them.
double FactorAt(const std::vector<GhostSpan>& spans, const ExactTime& t, bool before) {
  double factor = 1;
  for (const GhostSpan& span : spans) {
    const bool inside =
        before ? (span.start < t && !(span.end < t)) : (!(t < span.start) && t < span.end);
    if (inside) factor = std::min(factor, span.factor);
  }
  return factor;
}

Segment<double> Fade(const ExactTime& start, const ExactTime& duration, double from, double to,
                     const Ease& ease) {
  Segment<double> fade;
  fade.start = start;
  fade.duration = duration;
  fade.from = from;
  fade.to = to;
  fade.ease = ease;
  return fade;
}

}  // namespace

std::vector<size_t> EmphasisObjects(const Scene& scene, const std::vector<LocatedString>& names) {
  std::unordered_map<std::string_view, size_t> index;
  for (size_t i = 0; i < scene.objects.size(); ++i) index.emplace(scene.objects[i].name, i);
  std::vector<size_t> objects;
  auto add = [&](const std::string& name) {
    auto found = index.find(name);
    if (found != index.end()) objects.push_back(found->second);
  };
  for (const LocatedString& name : names) {
    add(name.value);
    for (const PatternCopies& copies : scene.patterns) {
      if (copies.name != name.value) continue;
      for (int k = 1; k <= copies.count; ++k) add(PatternCopyName(copies.name, k));
    }
  }
  std::sort(objects.begin(), objects.end());
  objects.erase(std::unique(objects.begin(), objects.end()), objects.end());
  return objects;
}

std::vector<size_t> GhostedObjects(const Scene& scene, const Emphasis& emphasis) {
  if (!emphasis.ghost_others) return EmphasisObjects(scene, emphasis.ghost);
  const std::vector<size_t> highlighted = EmphasisObjects(scene, emphasis.highlight);
  std::vector<size_t> others;
  for (size_t i = 0; i < scene.objects.size(); ++i) {
    if (!std::binary_search(highlighted.begin(), highlighted.end(), i)) others.push_back(i);
  }
  return others;
}

std::vector<Segment<double>> GhostedOpacity(const ChannelTrack<double>& opacity,
                                            const std::vector<GhostSpan>& spans) {
  std::vector<ExactTime> changes;
  for (const GhostSpan& span : spans) {
    changes.push_back(span.start);
    changes.push_back(span.end);
  }
  std::sort(changes.begin(), changes.end());
  changes.erase(std::unique(changes.begin(), changes.end()), changes.end());
  std::vector<Segment<double>> fades;
  size_t next = 0;  // the next of opacity.segments to write
  // Writes the fades that start before `t` (every fade left without one).
  auto write_fades_before = [&](const ExactTime* t) {
    for (; next < opacity.segments.size(); ++next) {
      const Segment<double>& segment = opacity.segments[next];
      if (t != nullptr && !(segment.start < *t)) break;
      const double factor = FactorAt(spans, segment.start, false);
      fades.push_back(Fade(segment.start, segment.duration, segment.from * factor,
                           segment.to * factor, segment.ease));
    }
  };
  for (const ExactTime& change : changes) {
    write_fades_before(&change);
    const bool fade_starts_here =
        next < opacity.segments.size() && opacity.segments[next].start == change;
    if (fade_starts_here) continue;  // that fade is written with the new factor
    const double before = FactorAt(spans, change, true);
    const double after = FactorAt(spans, change, false);
    const double value = ValueAt(opacity, change);
    const int running = ActiveSegmentIndex(opacity, change);
    const Segment<double>* segment =
        running < 0 ? nullptr : &opacity.segments[static_cast<size_t>(running)];
    if (segment != nullptr && change < segment->start + segment->duration) {
      fades.push_back(Fade(change, segment->start + segment->duration - change, value * after,
                           segment->to * after, Ease::Linear()));
    } else {
      fades.push_back(Fade(change, ExactTime(), value * before, value * after, Ease::Linear()));
    }
  }
  write_fades_before(nullptr);
  return fades;
}

void ApplyGhosting(const Scene& scene, const Timeline& timeline, Rig* rig) {
  std::vector<std::vector<GhostSpan>> spans(scene.objects.size());
  for (size_t index = 0; index < scene.director_nodes.size(); ++index) {
    const Node& node = scene.director_nodes[index];
    if (!node.rare().emphasis || index >= timeline.director.size()) continue;
    const NodeTime& time = timeline.director[index];
    if (!time.resolved || !(time.start < time.end)) continue;
    const Emphasis& emphasis = *node.rare().emphasis;
    if (!emphasis.ghost_others && emphasis.ghost.empty()) continue;
    for (size_t object : GhostedObjects(scene, emphasis)) {
      spans[object].push_back({time.start, time.end, emphasis.ghost_opacity});
    }
  }
  for (size_t object = 0; object < spans.size() && object < rig->objects.size(); ++object) {
    if (spans[object].empty()) continue;
    rig->objects[object].ghosted_opacity =
        GhostedOpacity(rig->objects[object].opacity, spans[object]);
  }
}

}  // namespace cinc

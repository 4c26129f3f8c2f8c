#include "emit/emit_cues.h"

#include <algorithm>
#include <limits>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include "core/sorting.h"
#include "markers/ghosting.h"

namespace cinc {
namespace {

// The resolved time of node `index` in `times`, or nullptr.
const NodeTime* ResolvedTime(const std::vector<NodeTime>* times, size_t index) {
  if (times == nullptr || index >= times->size() || !(*times)[index].resolved) return nullptr;
  return &(*times)[index];
}

const std::vector<NodeTime>* TimesAt(const std::vector<std::vector<NodeTime>>& lists,
                                     size_t index) {
  return index < lists.size() ? &lists[index] : nullptr;
}

using Kind = CueSource::Kind;

class CueCollector {
 public:
  CueCollector(const Scene& scene, const EmitSettings& settings)
      : scene_(scene), settings_(settings) {}

  void AddInitialOpacity(size_t object) {
    if (!settings_.WritesOpacityCues()) return;
    CueSource source;
    source.kind = Kind::kInitialOpacity;
    source.target_object = static_cast<int32_t>(object);
    sources_.push_back(source);
  }

  // The nodes of one owner. `opacity` is the object's opacity channel
  // (nullptr for cameras and the director); `object` is the object's index
  // for its opacity and actions (-1: actions are not written).
  void AddNodes(const std::vector<Node>& nodes, const std::vector<NodeTime>* times,
                const ObjectRig* rig, int32_t object) {
    const ChannelTrack<double>* opacity = rig != nullptr ? &rig->opacity : nullptr;
    // The opacity segments by node, each node's in the channel's order (a
    // vector sorted stably, kept for the next owner, where a multimap made
    // a heap block of every segment).
    std::vector<std::pair<int, const Segment<double>*>>& opacity_by_node = opacity_by_node_;
    opacity_by_node.clear();
    if (rig != nullptr && !rig->ghosted_opacity.empty()) {
      // Ghosted (markers/ghosting.h): these fades instead of the channel's.
      if (settings_.WritesOpacityCues()) {
        for (const Segment<double>& fade : rig->ghosted_opacity) AddFade(fade, object);
      }
      opacity = nullptr;
    }
    if (opacity != nullptr && settings_.WritesOpacityCues()) {
      for (const Segment<double>& segment : opacity->segments) {
        opacity_by_node.emplace_back(segment.node_index, &segment);
      }
      StableSortIfNeeded(opacity_by_node.begin(), opacity_by_node.end(),
                         [](const auto& a, const auto& b) { return a.first < b.first; });
    }
    auto next_fade = opacity_by_node.begin();
    for (size_t index = 0; index < nodes.size(); ++index) {
      const NodeTime* time = ResolvedTime(times, index);
      if (time == nullptr) continue;
      const Node& node = nodes[index];
      const int node_index = static_cast<int>(index);
      while (next_fade != opacity_by_node.end() && next_fade->first < node_index) ++next_fade;
      for (; next_fade != opacity_by_node.end() && next_fade->first == node_index; ++next_fade) {
        // The node's own duration: a take-over is the next cue for the same
        // target, which replaces the running fade at exactly the right value.
        AddFade(*next_fade->second, object);
      }
      if (node.rare().label) Add(Kind::kLabel, *time, -1, &node, nullptr);
      if (node.rare().emphasis) {
        for (size_t highlighted : EmphasisObjects(scene_, node.rare().emphasis->highlight)) {
          Add(Kind::kHighlight, *time, static_cast<int32_t>(highlighted), &node, nullptr);
        }
      }
      if (node.rare().callout) {
        Add(Kind::kCallout, *time, ObjectNamed(node.rare().callout->object), &node, nullptr);
      }
      if (node.rare().action && object >= 0) Add(Kind::kAction, *time, object, &node, nullptr);
      for (const Cue& written : node.rare().cues) {
        Add(Kind::kWritten, *time, ObjectNamed(written.target), nullptr, &written);
      }
    }
  }

  // The sources in time order, those at one time in the order added (as
  // std::stable_sort by time would leave them). Sorted stably as keys of the
  // time's nearest double and the place: the nearest double never orders two
  // times the other way round, so only a run of equal doubles whose exact
  // times differ is sorted again by them; and 16-byte keys are moved instead
  // of 24-byte sources, compared inline (std::stable_sort of the sources,
  // calling the exact comparison, had cost about 500 instructions a cue).
  std::vector<CueSource> Take() {
    struct Key {
      double t;
      size_t index;
    };
    std::vector<Key> keys(sources_.size());
    for (size_t index = 0; index < sources_.size(); ++index) {
      const ExactTime& t = sources_[index].Start();
      // An invalid time orders after every valid one, as no valid one is infinite.
      keys[index] = {t.IsValid() ? t.ToDouble() : std::numeric_limits<double>::infinity(), index};
    }
    std::stable_sort(keys.begin(), keys.end(),
                     [](const Key& a, const Key& b) { return a.t < b.t; });
    const auto exactly_before = [this](const Key& a, const Key& b) {
      return sources_[a.index].Start() < sources_[b.index].Start();
    };
    for (auto run = keys.begin(); run != keys.end();) {
      auto run_end =
          std::find_if(run + 1, keys.end(), [&](const Key& key) { return key.t != run->t; });
      const ExactTime& first = sources_[run->index].Start();
      if (std::any_of(run + 1, run_end,
                      [&](const Key& key) { return !(sources_[key.index].Start() == first); })) {
        std::stable_sort(run, run_end, exactly_before);
      }
      run = run_end;
    }
    // Put in that order in place, cycle by cycle (source i takes the one
    // keys[i] names): no sorted copy beside them (4 MB at 100,000 cues).
    constexpr size_t kPlaced = std::numeric_limits<size_t>::max();
    for (size_t start = 0; start < keys.size(); ++start) {
      if (keys[start].index == kPlaced) continue;
      const CueSource first = sources_[start];
      size_t at = start;
      while (keys[at].index != start) {
        const size_t from = keys[at].index;
        sources_[at] = sources_[from];
        keys[at].index = kPlaced;
        at = from;
      }
      sources_[at] = first;
      keys[at].index = kPlaced;
    }
    return std::move(sources_);
  }

 private:
  void AddFade(const Segment<double>& fade, int32_t object) {
    CueSource source;
    source.kind = Kind::kOpacity;
    source.target_object = object;
    source.fade = &fade;
    sources_.push_back(source);
  }

  void Add(Kind kind, const NodeTime& time, int32_t object, const Node* node, const Cue* written) {
    CueSource source;
    source.kind = kind;
    source.target_object = object;
    if (kind == Kind::kWritten) {
      source.written = written;
    } else {
      source.node = node;
    }
    source.time = &time;
    sources_.push_back(source);
  }

  // The index of the object named `name`, or -1 (no target, or one that is
  // not an object).
  int32_t ObjectNamed(const std::string& name) {
    if (name.empty()) return -1;
    if (object_index_.empty()) {
      for (size_t index = 0; index < scene_.objects.size(); ++index) {
        object_index_.emplace(scene_.objects[index].name, static_cast<int32_t>(index));
      }
    }
    auto found = object_index_.find(name);
    return found == object_index_.end() ? -1 : found->second;
  }

  const Scene& scene_;
  const EmitSettings& settings_;
  std::vector<CueSource> sources_;
  std::vector<std::pair<int, const Segment<double>*>> opacity_by_node_;  // AddNodes' room
  std::unordered_map<std::string_view, int32_t> object_index_;           // built at the first need
};

SequenceCue LabelCue(const Node& node, const NodeTime& time) {
  SequenceCue cue;
  cue.t = time.start.ToDouble();
  cue.kind = "marker";
  cue.name = node.rare().label->value;
  Json data = Json::object();
  data["label"] = node.rare().label->value;
  data["node"] = node.QualifiedName();
  data["end"] = time.end.ToDouble();
  cue.data = std::move(data);
  return cue;
}

// The vfx `highlight` cue of one object: data {end}.
SequenceCue HighlightCue(const std::string& object, const NodeTime& time) {
  SequenceCue cue;
  cue.t = time.start.ToDouble();
  cue.kind = "vfx";
  cue.name = "highlight";
  cue.target = object;
  Json data = Json::object();
  data["end"] = time.end.ToDouble();
  cue.data = std::move(data);
  return cue;
}

// The vfx `callout` cue: data {text, marker (when on one), point, end}.
SequenceCue CalloutCue(const Callout& callout, const NodeTime& time) {
  SequenceCue cue;
  cue.t = time.start.ToDouble();
  cue.kind = "vfx";
  cue.name = "callout";
  cue.target = callout.object;
  Json data = Json::object();
  data["text"] = callout.shown;
  if (!callout.marker.empty()) data["marker"] = callout.marker;
  data["point"] = Json::array({callout.point.x, callout.point.y, callout.point.z});
  data["end"] = time.end.ToDouble();
  cue.data = std::move(data);
  return cue;
}

SequenceCue WrittenCue(const Cue& written, const NodeTime& time, Diagnostics* diagnostics) {
  SequenceCue cue;
  cue.t = time.start.ToDouble();
  cue.kind = written.kind;
  cue.name = written.name;
  if (!written.target.empty()) cue.target = written.target;
  if (!written.data_json.empty()) {
    Json data = Json::parse(written.data_json, nullptr, /*allow_exceptions=*/false);
    if (data.is_discarded()) {
      // The loader wrote this text itself; unreadable data is cinc's bug.
      if (diagnostics != nullptr) {
        diagnostics->Report(DiagnosticCode::kInternal, written.origin.location,
                            written.origin.path() + "/data",
                            "cannot read back the cue's data as JSON");
      }
    } else {
      cue.data = std::move(data);
    }
  }
  return cue;
}

}  // namespace

SequenceCue OpacityCue(double t, const std::string& target, double from, double to, double duration,
                       const Ease& ease) {
  SequenceCue cue;
  cue.t = t;
  cue.kind = "vfx";
  cue.name = "opacity";
  cue.target = target;
  cue.data = OpacityFade{from, to, duration, ease};
  return cue;
}

const ExactTime& CueSource::Start() const {
  static const ExactTime kZero;
  switch (kind) {
    case Kind::kInitialOpacity:
      return kZero;
    case Kind::kOpacity:
      return fade->start;
    default:
      return time->start;
  }
}

std::vector<CueSource> CollectCueSources(const Scene& scene, const Timeline& timeline,
                                         const Rig& rig, const EmitSettings& settings) {
  CueCollector collector(scene, settings);
  for (size_t index = 0; index < scene.objects.size(); ++index) collector.AddInitialOpacity(index);
  for (size_t index = 0; index < scene.objects.size(); ++index) {
    const ObjectRig* object_rig = index < rig.objects.size() ? &rig.objects[index] : nullptr;
    collector.AddNodes(scene.objects[index].nodes, TimesAt(timeline.objects, index), object_rig,
                       static_cast<int32_t>(index));
  }
  for (size_t index = 0; index < scene.cameras.size(); ++index) {
    collector.AddNodes(scene.cameras[index].nodes, TimesAt(timeline.cameras, index), nullptr, -1);
  }
  collector.AddNodes(scene.director_nodes, &timeline.director, nullptr, -1);
  return collector.Take();
}

SequenceCue MakeCue(const CueSource& source, const Scene& scene, Diagnostics* diagnostics) {
  switch (source.kind) {
    case Kind::kInitialOpacity: {
      const SceneObject& object = scene.objects[source.target_object];
      return OpacityCue(0.0, object.name, object.opacity, object.opacity, 0.0, Ease::Linear());
    }
    case Kind::kOpacity: {
      const Segment<double>& fade = *source.fade;
      return OpacityCue(fade.start.ToDouble(), scene.objects[source.target_object].name, fade.from,
                        fade.to, fade.duration.ToDouble(), fade.ease);
    }
    case Kind::kLabel:
      return LabelCue(*source.node, *source.time);
    case Kind::kAction: {
      SequenceCue cue;
      cue.t = source.Start().ToDouble();
      cue.kind = "script";
      cue.name = source.node->rare().action->value;
      cue.target = scene.objects[source.target_object].name;
      return cue;
    }
    case Kind::kHighlight:
      return HighlightCue(scene.objects[source.target_object].name, *source.time);
    case Kind::kCallout:
      return CalloutCue(*source.node->rare().callout, *source.time);
    case Kind::kWritten:
      break;
  }
  return WrittenCue(*source.written, *source.time, diagnostics);
}

std::vector<SequenceCue> CollectCues(const Scene& scene, const Timeline& timeline, const Rig& rig,
                                     const EmitSettings& settings, Diagnostics* diagnostics) {
  std::vector<SequenceCue> cues;
  for (const CueSource& source : CollectCueSources(scene, timeline, rig, settings)) {
    cues.push_back(MakeCue(source, scene, diagnostics));
  }
  return cues;
}

std::vector<AudioClip> CollectAudioClips(const Scene& scene, const Timeline& timeline) {
  struct TimedClip {
    ExactTime start;
    AudioClip clip;
  };
  std::vector<TimedClip> clips;
  auto add_nodes = [&clips](const std::vector<Node>& nodes, const std::vector<NodeTime>* times) {
    for (size_t index = 0; index < nodes.size(); ++index) {
      const NodeTime* time = ResolvedTime(times, index);
      if (time == nullptr || !nodes[index].rare().sound) continue;
      const Sound& sound = *nodes[index].rare().sound;
      AudioClip clip;
      clip.start = time->start.ToDouble();
      clip.sound = sound.name;
      ExactTime duration = time->end - time->start;
      if (!sound.offset.IsZero()) clip.offset = sound.offset.ToDouble();
      if (ExactTime() < duration) clip.duration = duration.ToDouble();
      if (sound.volume != 1) clip.volume = sound.volume;
      if (!sound.fade_in.IsZero()) clip.fade_in = sound.fade_in.ToDouble();
      if (!sound.fade_out.IsZero()) clip.fade_out = sound.fade_out.ToDouble();
      clips.push_back({time->start, std::move(clip)});
    }
  };
  for (size_t index = 0; index < scene.objects.size(); ++index) {
    add_nodes(scene.objects[index].nodes, TimesAt(timeline.objects, index));
  }
  for (size_t index = 0; index < scene.cameras.size(); ++index) {
    add_nodes(scene.cameras[index].nodes, TimesAt(timeline.cameras, index));
  }
  add_nodes(scene.director_nodes, &timeline.director);
  std::stable_sort(clips.begin(), clips.end(),
                   [](const TimedClip& a, const TimedClip& b) { return a.start < b.start; });
  std::vector<AudioClip> result;
  result.reserve(clips.size());
  for (TimedClip& timed : clips) result.push_back(std::move(timed.clip));
  return result;
}

}  // namespace cinc

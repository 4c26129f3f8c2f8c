#include "emit/emit_cues.h"

#include <algorithm>
#include <map>
#include <numeric>

namespace cinc {
namespace {

// A cue with its exact time; the collection order is the file order.
struct TimedCue {
  ExactTime t;
  SequenceCue cue;
};

// The resolved time of node `index` in `times`, or nullptr.
const NodeTime* ResolvedTime(const std::vector<NodeTime>* times, size_t index) {
  if (times == nullptr || index >= times->size() || !(*times)[index].resolved) return nullptr;
  return &(*times)[index];
}

const std::vector<NodeTime>* TimesAt(const std::vector<std::vector<NodeTime>>& lists,
                                     size_t index) {
  return index < lists.size() ? &lists[index] : nullptr;
}

SequenceCue OpacityCue(const ExactTime& t, const std::string& target, double from, double to,
                       const ExactTime& duration, const Ease& ease) {
  return cinc::OpacityCue(t.ToDouble(), target, from, to, duration.ToDouble(),
                          EaseDescription(ease));
}

class CueCollector {
 public:
  CueCollector(const EmitSettings& settings, Diagnostics* diagnostics)
      : settings_(settings), diagnostics_(diagnostics) {}

  void AddInitialOpacity(const SceneObject& object) {
    if (!settings_.WritesOpacityCues()) return;
    cues_.push_back({ExactTime(), OpacityCue(ExactTime(), object.name, object.opacity,
                                             object.opacity, ExactTime(), Ease::Linear())});
  }

  // The nodes of one owner. `opacity` is the object's opacity channel
  // (nullptr for cameras and the director); `target` names the object for
  // actions (empty: actions are not written).
  void AddNodes(const std::vector<Node>& nodes, const std::vector<NodeTime>* times,
                const ChannelTrack<double>* opacity, const std::string& target) {
    std::multimap<int, const Segment<double>*> opacity_by_node;
    if (opacity != nullptr && settings_.WritesOpacityCues()) {
      for (const Segment<double>& segment : opacity->segments) {
        opacity_by_node.emplace(segment.node_index, &segment);
      }
    }
    for (size_t index = 0; index < nodes.size(); ++index) {
      const NodeTime* time = ResolvedTime(times, index);
      if (time == nullptr) continue;
      const Node& node = nodes[index];
      auto [first, last] = opacity_by_node.equal_range(static_cast<int>(index));
      for (auto it = first; it != last; ++it) {
        const Segment<double>& segment = *it->second;
        // The node's own duration: a take-over is the next cue for the same
        // target, which replaces the running fade at exactly the right value.
        cues_.push_back({segment.start, OpacityCue(segment.start, target, segment.from, segment.to,
                                                   segment.duration, segment.ease)});
      }
      if (node.label) AddLabel(node, *time);
      if (node.action && !target.empty()) {
        SequenceCue cue;
        cue.t = time->start.ToDouble();
        cue.kind = "script";
        cue.name = node.action->value;
        cue.target = target;
        cues_.push_back({time->start, std::move(cue)});
      }
      for (const Cue& written : node.cues) AddWrittenCue(written, *time);
    }
  }

  std::vector<SequenceCue> Take() {
    // The order sorted, not the cues: a cue (strings and a JSON object) is
    // many times dearer to move than an index.
    std::vector<size_t> order(cues_.size());
    std::iota(order.begin(), order.end(), size_t{0});
    std::stable_sort(order.begin(), order.end(),
                     [this](size_t a, size_t b) { return cues_[a].t < cues_[b].t; });
    std::vector<SequenceCue> cues;
    cues.reserve(cues_.size());
    for (size_t index : order) cues.push_back(std::move(cues_[index].cue));
    return cues;
  }

 private:
  void AddLabel(const Node& node, const NodeTime& time) {
    SequenceCue cue;
    cue.t = time.start.ToDouble();
    cue.kind = "marker";
    cue.name = node.label->value;
    Json data = Json::object();
    data["label"] = node.label->value;
    data["node"] = node.QualifiedName();
    data["end"] = time.end.ToDouble();
    cue.data = std::move(data);
    cues_.push_back({time.start, std::move(cue)});
  }

  void AddWrittenCue(const Cue& written, const NodeTime& time) {
    SequenceCue cue;
    cue.t = time.start.ToDouble();
    cue.kind = written.kind;
    cue.name = written.name;
    if (!written.target.empty()) cue.target = written.target;
    if (!written.data_json.empty()) {
      Json data = Json::parse(written.data_json, nullptr, /*allow_exceptions=*/false);
      if (data.is_discarded()) {
        // The loader wrote this text itself; unreadable data is cinc's bug.
        if (diagnostics_ != nullptr) {
          diagnostics_->Report(DiagnosticCode::kInternal, written.origin.location,
                               written.origin.path + "/data",
                               "cannot read back the cue's data as JSON");
        }
      } else {
        cue.data = std::move(data);
      }
    }
    cues_.push_back({time.start, std::move(cue)});
  }

  const EmitSettings& settings_;
  Diagnostics* diagnostics_;
  std::vector<TimedCue> cues_;
};

}  // namespace

SequenceCue OpacityCue(double t, const std::string& target, double from, double to, double duration,
                       Json ease) {
  SequenceCue cue;
  cue.t = t;
  cue.kind = "vfx";
  cue.name = "opacity";
  cue.target = target;
  // Built in place, in this order: four distinct keys need no look-ups.
  // (Written into the container directly, which nlohmann's optional parent
  // links, JSON_DIAGNOSTICS, would miss: cinc does not turn them on.)
  cue.data = Json::object();
  Json::object_t& fields = cue.data->get_ref<Json::object_t&>();
  fields.reserve(4);
  fields.emplace_back("from", from);
  fields.emplace_back("to", to);
  fields.emplace_back("duration", duration);
  fields.emplace_back("ease", std::move(ease));
  return cue;
}

Json EaseDescription(const Ease& ease) {
  if (!ease.name().empty()) return std::string(ease.name());
  switch (ease.kind) {
    case Ease::Kind::kLinear:
      return "linear";
    case Ease::Kind::kStep:
      return "step";
    case Ease::Kind::kCubicBezier:
      break;
  }
  return Json::array({ease.control[0], ease.control[1], ease.control[2], ease.control[3]});
}

std::vector<SequenceCue> CollectCues(const Scene& scene, const Timeline& timeline, const Rig& rig,
                                     const EmitSettings& settings, Diagnostics* diagnostics) {
  CueCollector collector(settings, diagnostics);
  for (const SceneObject& object : scene.objects) collector.AddInitialOpacity(object);
  for (size_t index = 0; index < scene.objects.size(); ++index) {
    const SceneObject& object = scene.objects[index];
    const ChannelTrack<double>* opacity =
        index < rig.objects.size() ? &rig.objects[index].opacity : nullptr;
    collector.AddNodes(object.nodes, TimesAt(timeline.objects, index), opacity, object.name);
  }
  for (size_t index = 0; index < scene.cameras.size(); ++index) {
    collector.AddNodes(scene.cameras[index].nodes, TimesAt(timeline.cameras, index), nullptr, "");
  }
  collector.AddNodes(scene.director_nodes, &timeline.director, nullptr, "");
  return collector.Take();
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
      if (time == nullptr || !nodes[index].sound) continue;
      const Sound& sound = *nodes[index].sound;
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

#include "views/parts_list.h"

#include <algorithm>
#include <map>
#include <utility>

#include "core/json_writer.h"
#include "core/number_format.h"
#include "fit/channel_pieces.h"
#include "fit/visibility.h"
#include "resolver/chapters.h"

namespace cinc {
namespace {

struct Arrival {
  ExactTime moment;
  size_t object;  // in scene.objects
};

// The index of the chapter holding `moment` (the latest-starting one), or -1.
int ChapterAt(const std::vector<Chapter>& chapters, const ExactTime& moment) {
  int found = -1;
  for (size_t k = 0; k < chapters.size(); ++k) {
    if (chapters[k].start <= moment && moment < chapters[k].end) found = static_cast<int>(k);
  }
  return found;
}

// Adds `object` (of `model`) to `parts`, in its model's group.
void Count(const Model& model, const std::string& object, std::vector<PartCount>* parts) {
  auto group = std::find_if(parts->begin(), parts->end(),
                            [&](const PartCount& part) { return part.model == model.name; });
  if (group == parts->end()) {
    parts->push_back({model.name, model.part_name, model.part_number, {}});
    group = parts->end() - 1;
  }
  group->objects.push_back(object);
}

Json PartsJson(const std::vector<PartCount>& parts, bool with_objects) {
  Json list = Json::array();
  for (const PartCount& part : parts) {
    Json entry = Json::object();
    entry["model"] = part.model;
    entry["name"] = part.name ? Json(*part.name) : Json(nullptr);
    entry["number"] = part.number ? Json(*part.number) : Json(nullptr);
    entry["count"] = part.objects.size();
    if (with_objects) entry["objects"] = part.objects;
    list.push_back(std::move(entry));
  }
  return list;
}

// A CSV field, quoted when it holds a comma, a quote or a line break.
std::string CsvField(const std::string& text) {
  if (text.find_first_of(",\"\r\n") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  return quoted + "\"";
}

std::string Joined(const std::vector<std::string>& words, const char* separator) {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : separator) + word;
  return text;
}

// "screw-m4 (M4 × 12 screw, no. 91290A)" or the model's name alone.
std::string PartText(const PartCount& part) {
  std::string details = part.name.value_or("");
  if (part.number) details += (details.empty() ? "no. " : ", no. ") + *part.number;
  return details.empty() ? part.model : part.model + " (" + details + ")";
}

void AppendPartsText(const std::vector<PartCount>& parts, std::string* out) {
  if (parts.empty()) *out += "  (no parts)\n";
  for (const PartCount& part : parts) {
    *out += "  " + std::to_string(part.objects.size()) + " × " + PartText(part) + "\n";
  }
}

}  // namespace

std::optional<ExactTime> FirstVisibleMoment(const ChannelTrack<double>& opacity) {
  const std::vector<HiddenInterval> hidden = HiddenIntervals(BuildPieces(opacity));
  if (hidden.empty() || ExactTime() < hidden.front().start) return ExactTime();
  return hidden.front().end;
}

PartsList ListParts(const Scene& scene, const Timeline& timeline, const NodeTable& table,
                    const Rig& rig) {
  std::map<std::string, const Model*> models;
  for (const Model& model : scene.models) models.emplace(model.name, &model);
  std::vector<Arrival> arrivals;
  for (size_t index = 0; index < scene.objects.size() && index < rig.objects.size(); ++index) {
    if (models.count(scene.objects[index].model) == 0) continue;
    std::optional<ExactTime> moment = FirstVisibleMoment(rig.objects[index].opacity);
    if (moment) arrivals.push_back({*moment, index});
  }
  std::stable_sort(arrivals.begin(), arrivals.end(),
                   [](const Arrival& a, const Arrival& b) { return a.moment < b.moment; });

  const std::vector<Chapter> chapters = ChaptersOf(timeline, table);
  PartsList list;
  list.scene = scene.name;
  ChapterParts outside;
  bool any_outside = false;
  for (const Chapter& chapter : chapters) {
    list.chapters.push_back({chapter.label, chapter.start, chapter.end, {}});
  }
  for (const Arrival& arrival : arrivals) {
    const SceneObject& object = scene.objects[arrival.object];
    const Model& model = *models.at(object.model);
    const int chapter = ChapterAt(chapters, arrival.moment);
    if (chapter < 0) {
      if (!any_outside) outside.start = arrival.moment;
      outside.end = arrival.moment;
      any_outside = true;
    }
    Count(model, object.name,
          chapter < 0 ? &outside.parts : &list.chapters[static_cast<size_t>(chapter)].parts);
    Count(model, object.name, &list.total);
  }
  if (any_outside) {
    list.chapters.insert(list.chapters.begin(), std::move(outside));
  }
  return list;
}

std::vector<PartSubject> PartSubjects(const PartsList& list, const Scene& scene, const Rig& rig,
                                      const ExactTime& end) {
  std::vector<PartSubject> subjects;
  for (const PartCount& part : list.total) {
    for (size_t index = 0; index < scene.objects.size() && index < rig.objects.size(); ++index) {
      const std::string& name = scene.objects[index].name;
      if (std::find(part.objects.begin(), part.objects.end(), name) == part.objects.end()) {
        continue;
      }
      const ChannelTrack<double>& opacity = rig.objects[index].opacity;
      const std::vector<HiddenInterval> hidden = HiddenIntervals(BuildPieces(opacity));
      const bool hidden_at_end = !hidden.empty() && hidden.back().start <= end &&
                                 (!hidden.back().end || end < *hidden.back().end);
      ExactTime moment = end;
      if (hidden_at_end) moment = FirstVisibleMoment(opacity).value_or(end);
      subjects.push_back({part.model, name, moment});
      break;
    }
  }
  return subjects;
}

std::string PartsListJson(const PartsList& list) {
  Json document = Json::object();
  document["scene"] = list.scene;
  Json chapters = Json::array();
  for (const ChapterParts& chapter : list.chapters) {
    Json entry = Json::object();
    entry["label"] = chapter.label ? Json(*chapter.label) : Json(nullptr);
    entry["start"] = chapter.start.ToDouble();
    entry["end"] = chapter.end.ToDouble();
    entry["parts"] = PartsJson(chapter.parts, /*with_objects=*/true);
    chapters.push_back(std::move(entry));
  }
  document["chapters"] = std::move(chapters);
  document["total"] = PartsJson(list.total, /*with_objects=*/false);
  return WriteJson(document);
}

std::string PartsListCsv(const PartsList& list) {
  std::string out = "chapter,start,end,model,name,number,count,objects\r\n";
  for (const ChapterParts& chapter : list.chapters) {
    for (const PartCount& part : chapter.parts) {
      out += CsvField(chapter.label.value_or("")) + "," + FormatDouble(chapter.start.ToDouble()) +
             "," + FormatDouble(chapter.end.ToDouble()) + "," + CsvField(part.model) + "," +
             CsvField(part.name.value_or("")) + "," + CsvField(part.number.value_or("")) + "," +
             std::to_string(part.objects.size()) + "," + CsvField(Joined(part.objects, " ")) +
             "\r\n";
    }
  }
  for (const PartCount& part : list.total) {
    out += "total,,," + CsvField(part.model) + "," + CsvField(part.name.value_or("")) + "," +
           CsvField(part.number.value_or("")) + "," + std::to_string(part.objects.size()) + ",\r\n";
  }
  return out;
}

std::string PartsListText(const PartsList& list) {
  std::string out = list.scene + ": parts by chapter\n";
  for (const ChapterParts& chapter : list.chapters) {
    out += chapter.label ? "\n" + *chapter.label + " (" + chapter.start.ToString() + " - " +
                               chapter.end.ToString() + " s)\n"
                         : std::string("\nOutside the chapters\n");
    AppendPartsText(chapter.parts, &out);
  }
  out += "\nTotal\n";
  AppendPartsText(list.total, &out);
  return out;
}

}  // namespace cinc

#include <cmath>
#include <iomanip>
#include <sstream>

#include "core/number_format.h"
#include "core/rotation.h"
#include "importers/model.h"

namespace cinc {
namespace {

// A float32 source value as its shortest float32 decimal (0.03, not
// 0.029999999), anything else to 9 decimals: nanometres and nano-degrees,
// far below any tolerance, and no float noise in what users read and diff.
double Rounded(double value) {
  double exact = WithoutFloat32Noise(value);
  if (exact != value) return exact;
  double rounded = std::round(value * 1e9) / 1e9;
  return rounded == 0 ? 0.0 : rounded;  // no -0
}

Json Numbers(std::initializer_list<double> values) {
  Json array = Json::array();
  for (double value : values) array.push_back(Rounded(value));
  return array;
}

}  // namespace

Json ModelToJson(const ImportedModel& model) {
  Json markers = Json::array();
  for (const Marker& marker : model.markers) {
    const Vec3& p = marker.pose.position;
    const Quat& q = marker.pose.rotation;
    Vec3 euler = CanonicalEulerDegrees(q);
    Json entry = Json::object();
    entry["name"] = marker.name;
    entry["position"] = Numbers({p.x, p.y, p.z});
    entry["quaternion"] = Numbers({q.x, q.y, q.z, q.w});
    entry["rotation"] = Numbers({euler.x, euler.y, euler.z});
    markers.push_back(std::move(entry));
  }
  Json lods = Json::array();
  for (const Lod& lod : model.lods) {
    Json entry = Json::object();
    entry["name"] = lod.name;
    entry["levels"] = lod.levels;
    lods.push_back(std::move(entry));
  }
  Json out = Json::object();
  out["markers"] = std::move(markers);
  out["lods"] = std::move(lods);
  return out;
}

std::string ModelToText(const ImportedModel& model) {
  auto triple = [](std::initializer_list<double> values) {
    std::string text;
    for (double value : values) {
      if (!text.empty()) text += ", ";
      text += FormatDouble(Rounded(value));
    }
    return text;
  };
  std::ostringstream out;
  out << model.markers.size() << (model.markers.size() == 1 ? " marker" : " markers") << "\n";
  if (!model.markers.empty()) {
    size_t name_width = 4;
    for (const Marker& marker : model.markers)
      name_width = std::max(name_width, marker.name.size());
    out << "  " << std::left << std::setw(static_cast<int>(name_width)) << "name"
        << "  position [x, y, z] m  /  rotation [pitch, yaw, roll] deg\n";
    for (const Marker& marker : model.markers) {
      const Vec3& p = marker.pose.position;
      Vec3 euler = CanonicalEulerDegrees(marker.pose.rotation);
      out << "  " << std::left << std::setw(static_cast<int>(name_width)) << marker.name << "  ["
          << triple({p.x, p.y, p.z}) << "]  /  [" << triple({euler.x, euler.y, euler.z}) << "]\n";
    }
  }
  out << model.lods.size() << (model.lods.size() == 1 ? " LOD group" : " LOD groups") << "\n";
  for (const Lod& lod : model.lods) {
    out << "  " << lod.name << ":";
    for (const std::string& level : lod.levels) out << " " << level;
    out << "\n";
  }
  return out.str();
}

}  // namespace cinc

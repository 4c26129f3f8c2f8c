#include "importers/model_builder.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <glm/gtc/matrix_access.hpp>
#include <glm/mat3x3.hpp>
#include <map>

#include "core/number_format.h"
#include "core/scene_limits.h"

namespace cinc {
namespace {

constexpr std::string_view kSocketPrefix = "SOCKET_";

double FrobeniusNorm(const Mat3& m) {
  double sum = 0;
  for (int column = 0; column < 3; ++column) {
    for (int row = 0; row < 3; ++row) sum += m[column][row] * m[column][row];
  }
  return std::sqrt(sum);
}

// The orthogonal factor Q of m = Q * H (H symmetric positive definite), by
// Higham's scaled Newton iteration X <- (g X + X^-T / g) / 2. It converges
// quadratically for any non-singular m and needs no SVD. nullopt when m is
// (nearly) singular or not finite.
std::optional<Mat3> OrthogonalPolarFactor(const Mat3& m) {
  double norm = FrobeniusNorm(m);
  double determinant = glm::determinant(m);
  if (!std::isfinite(norm) || !std::isfinite(determinant) ||
      !(std::abs(determinant) > 1e-12 * norm * norm * norm)) {
    return std::nullopt;
  }
  Mat3 x = m / norm;  // keeps the iteration well inside double range
  for (int iteration = 0; iteration < 100; ++iteration) {
    Mat3 inverse_transpose = glm::transpose(glm::inverse(x));
    double change_scale = FrobeniusNorm(x);
    // The scaling speeds up the first steps; near convergence it is ~1 and
    // is switched off so the last steps are the plain, stable iteration.
    double gamma = std::sqrt(FrobeniusNorm(inverse_transpose) / change_scale);
    if (std::abs(gamma - 1) < 1e-3) gamma = 1;
    Mat3 next = 0.5 * (gamma * x + inverse_transpose / gamma);
    double change = FrobeniusNorm(next - x);
    x = next;
    if (change <= 1e-15) break;
  }
  return x;
}

Quat CanonicalSign(Quat q) {
  q = glm::normalize(q);
  if (std::abs(q.w) <= 1e-12) {
    // A half turn: both signs are the same rotation; the largest axis
    // component is made positive so the choice is stable.
    Vec3 axis(q.x, q.y, q.z);
    int largest = 0;
    for (int i = 1; i < 3; ++i) {
      if (std::abs(axis[i]) > std::abs(axis[largest])) largest = i;
    }
    return axis[largest] < 0 ? -q : q;
  }
  return q.w < 0 ? -q : q;
}

bool EqualsIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

std::string Quoted(const std::string& text) { return "'" + text + "'"; }

bool IsWithinSceneLimits(const Vec3& position) {
  for (int i = 0; i < 3; ++i) {
    if (!(std::abs(position[i]) <= kMaxCoordinate)) return false;  // NaN too
  }
  return true;
}

// A marker farther from the model's origin than a scene may reach: the
// model's units or scale are wrong (core/scene_limits.h).
void ReportFarMarker(const Marker& marker, const std::string& file, Diagnostics* diagnostics) {
  const Vec3& p = marker.pose.position;
  auto text = [](double value) -> std::string {
    if (std::isfinite(value)) return FormatDouble(value);
    return std::isnan(value) ? "NaN" : value > 0 ? "inf" : "-inf";
  };
  Diagnostic diagnostic;
  diagnostic.code = DiagnosticCode::kModelLoad;
  diagnostic.file = file;
  diagnostic.message = "marker " + Quoted(marker.name) + " is at (" + text(p.x) + ", " + text(p.y) +
                       ", " + text(p.z) + ") m, more than " +
                       std::to_string(static_cast<long long>(kMaxCoordinate)) +
                       " m from the model's origin, which cinc does not take: check the model's "
                       "units and scale, and export it in metres";
  diagnostics->Add(std::move(diagnostic));
}

}  // namespace

bool IsMarkerNode(const ModelNode& node) {
  if (node.has_mesh || node.is_camera_light_or_joint || node.is_other_object) return false;
  if (node.marker_flag.has_value()) return *node.marker_flag;
  return !node.has_children && !node.under_joint;
}

std::string MarkerNameOf(const std::string& node_name) {
  if (node_name.size() > kSocketPrefix.size() && node_name.starts_with(kSocketPrefix)) {
    return node_name.substr(kSocketPrefix.size());
  }
  return node_name;
}

std::optional<LodLevelName> ParseLodLevelName(const std::string& node_name) {
  size_t digits_begin = node_name.size();
  while (digits_begin > 0 &&
         std::isdigit(static_cast<unsigned char>(node_name[digits_begin - 1]))) {
    --digits_begin;
  }
  constexpr std::string_view kLod = "_lod";
  if (digits_begin == node_name.size() || digits_begin <= kLod.size()) return std::nullopt;
  size_t base_end = digits_begin - kLod.size();
  if (!EqualsIgnoringCase(std::string_view(node_name).substr(base_end, kLod.size()), kLod)) {
    return std::nullopt;
  }
  LodLevelName result;
  result.base = node_name.substr(0, base_end);
  const char* first = node_name.data() + digits_begin;
  const char* last = node_name.data() + node_name.size();
  auto [end, error] = std::from_chars(first, last, result.level);
  if (error != std::errc() || end != last) return std::nullopt;  // absurdly many digits
  return result;
}

Transform PoseFromMatrix(const glm::dmat4& world) {
  Transform pose;
  pose.position = Vec3(world[3]);
  std::optional<Mat3> rotation = OrthogonalPolarFactor(Mat3(world));
  if (!rotation.has_value()) return pose;  // identity rotation
  if (glm::determinant(*rotation) < 0) (*rotation)[0] = -(*rotation)[0];
  pose.rotation = CanonicalSign(glm::quat_cast(*rotation));
  return pose;
}

ImportedModel BuildModel(const std::vector<ModelNode>& nodes, const std::string& file,
                         Diagnostics* diagnostics) {
  ImportedModel model;
  struct Occurrences {
    std::vector<std::string> node_names;
  };
  std::map<std::string, Occurrences> markers_by_name;
  std::vector<std::string> duplicated_names;  // first-duplicate order
  for (const ModelNode& node : nodes) {
    if (node.name.empty() || !IsMarkerNode(node)) continue;  // unnamed: nothing can refer to it
    std::string name = MarkerNameOf(node.name);
    Occurrences& occurrences = markers_by_name[name];
    occurrences.node_names.push_back(node.name);
    if (occurrences.node_names.size() == 2) duplicated_names.push_back(name);
    if (occurrences.node_names.size() > 1) continue;
    Marker marker;
    marker.name = name;
    marker.pose = PoseFromMatrix(node.world);
    if (!IsWithinSceneLimits(marker.pose.position)) ReportFarMarker(marker, file, diagnostics);
    model.markers.push_back(std::move(marker));
  }
  for (const std::string& name : duplicated_names) {
    const std::vector<std::string>& node_names = markers_by_name[name].node_names;
    std::string count =
        node_names.size() == 2 ? "twice" : std::to_string(node_names.size()) + " times";
    std::string message = "marker " + Quoted(name) + " appears " + count + " in " + file;
    bool all_same = std::all_of(node_names.begin(), node_names.end(),
                                [&](const std::string& n) { return n == node_names[0]; });
    if (!all_same) {
      message += " (nodes ";
      for (size_t i = 0; i < node_names.size(); ++i) {
        if (i > 0) message += i + 1 == node_names.size() ? " and " : ", ";
        message += Quoted(node_names[i]);
      }
      message += ")";
    }
    message += "; rename all but one of them (the first one is used)";
    Diagnostic diagnostic;
    diagnostic.code = DiagnosticCode::kMarkerDuplicate;
    diagnostic.file = file;
    diagnostic.message = std::move(message);
    diagnostics->Add(std::move(diagnostic));
  }

  struct Level {
    long long number;
    std::string node_name;
  };
  std::vector<std::string> lod_order;
  std::map<std::string, std::vector<Level>> levels_by_base;
  for (const ModelNode& node : nodes) {
    if (!node.has_mesh) continue;
    std::optional<LodLevelName> lod = ParseLodLevelName(node.name);
    if (!lod.has_value()) continue;
    std::vector<Level>& levels = levels_by_base[lod->base];
    if (levels.empty()) lod_order.push_back(lod->base);
    levels.push_back({lod->level, node.name});
  }
  for (const std::string& base : lod_order) {
    std::vector<Level>& levels = levels_by_base[base];
    std::stable_sort(levels.begin(), levels.end(),
                     [](const Level& a, const Level& b) { return a.number < b.number; });
    Lod lod{base, {}};
    for (const Level& level : levels) lod.levels.push_back(level.node_name);
    model.lods.push_back(std::move(lod));
  }
  return model;
}

}  // namespace cinc

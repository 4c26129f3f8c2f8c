#include "core/diagnostic_codes.h"

#include <array>
#include <cctype>
#include <string>

namespace cinc {
namespace {

using enum DiagnosticCode;
constexpr Severity kE = Severity::kError;
constexpr Severity kW = Severity::kWarning;

constexpr std::array kCodes = {
    DiagnosticCodeInfo{kSceneFormat, "E_SCENE_FORMAT", kE, "scene",
                       "not YAML, not a map, an unknown or duplicate field, a wrong type, a missing "
                       "field, fields that exclude each other"},
    DiagnosticCodeInfo{kSceneVersion, "E_SCENE_VERSION", kE, "scene", "`cinc:` missing or not 1"},
    DiagnosticCodeInfo{kSceneValue, "E_SCENE_VALUE", kE, "scene",
                       "a number that is not finite or out of range, a time off the 1e-9 grid"},
    DiagnosticCodeInfo{kSceneName, "E_SCENE_NAME", kE, "scene",
                       "a malformed or reserved name, a name used twice"},
    DiagnosticCodeInfo{kPath, "E_PATH", kE, "scene", "a file reference that leaves the scene's folder"},
    DiagnosticCodeInfo{kLimit, "E_LIMIT", kE, "scene",
                       "beyond what the reader or the output format can hold"},
    DiagnosticCodeInfo{kTimingMissing, "E_TIMING_MISSING", kE, "timing",
                       "a reference that names no node"},
    DiagnosticCodeInfo{kTimingCycle, "E_TIMING_CYCLE", kE, "timing", "a dependency cycle"},
    DiagnosticCodeInfo{kTimingNegative, "E_TIMING_NEGATIVE", kE, "timing",
                       "a node that would start before 0"},
    DiagnosticCodeInfo{kTimingConflict, "E_TIMING_CONFLICT", kE, "timing",
                       "timing fields that exclude each other"},
    DiagnosticCodeInfo{kTimingOverlap, "W_TIMING_OVERLAP", kW, "state",
                       "two nodes of one owner drive the same channel at overlapping times"},
    DiagnosticCodeInfo{kModelLoad, "E_MODEL_LOAD", kE, "models",
                       "a model file that is missing, unreadable or invalid, or a failed conversion"},
    DiagnosticCodeInfo{kModelFormat, "E_MODEL_FORMAT", kE, "models",
                       "a model format that no reader takes"},
    DiagnosticCodeInfo{kModelMissing, "E_MODEL_MISSING", kE, "models",
                       "an object names an unknown model"},
    DiagnosticCodeInfo{kObjectMissing, "E_OBJECT_MISSING", kE, "markers",
                       "a reference to an unknown object or camera"},
    DiagnosticCodeInfo{kMarkerMissing, "E_MARKER_MISSING", kE, "markers",
                       "a reference to a marker the model does not have"},
    DiagnosticCodeInfo{kMarkerDuplicate, "E_MARKER_DUPLICATE", kE, "models",
                       "two markers of one name in a model"},
    DiagnosticCodeInfo{kMarkerCycle, "E_MARKER_CYCLE", kE, "state", "an attachment cycle"},
    DiagnosticCodeInfo{kVerify, "E_VERIFY", kE, "verify",
                       "a written sequence that does not play the scene within its tolerance"},
    DiagnosticCodeInfo{kCinemaFormat, "E_CINEMA_FORMAT", kE, "sequence",
                       "not JSON, a wrong type, an unknown or missing field"},
    DiagnosticCodeInfo{kCinemaVersion, "E_CINEMA_VERSION", kE, "sequence",
                       "a version that is missing or not 1"},
    DiagnosticCodeInfo{kCinemaDuration, "E_CINEMA_DURATION", kE, "sequence",
                       "a duration that is missing, not positive or too long"},
    DiagnosticCodeInfo{kCinemaKeyOrder, "E_CINEMA_KEY_ORDER", kE, "sequence",
                       "key times that do not increase"},
    DiagnosticCodeInfo{kCinemaKeyValue, "E_CINEMA_KEY_VALUE", kE, "sequence",
                       "a key or field value out of range"},
    DiagnosticCodeInfo{kCinemaEase, "E_CINEMA_EASE", kE, "sequence", "an invalid ease"},
    DiagnosticCodeInfo{kCinemaTrack, "E_CINEMA_TRACK", kE, "sequence",
                       "an unknown track type or an empty target"},
    DiagnosticCodeInfo{kCinemaShot, "E_CINEMA_SHOT", kE, "sequence",
                       "shots that are missing, empty or out of order"},
    DiagnosticCodeInfo{kCinemaTimeScale, "E_CINEMA_TIME_SCALE", kE, "sequence",
                       "a time scale outside 0..16"},
    DiagnosticCodeInfo{kCinemaCue, "E_CINEMA_CUE", kE, "sequence", "a cue without name or target"},
    DiagnosticCodeInfo{kCinemaAudio, "E_CINEMA_AUDIO", kE, "sequence", "an invalid audio clip"},
    DiagnosticCodeInfo{kCinemaLimit, "E_CINEMA_LIMIT", kE, "sequence",
                       "more tracks, keys, cues, clips or characters than the format holds"},
    DiagnosticCodeInfo{kCinemaTime, "E_CINEMA_TIME", kE, "sequence",
                       "an evaluation time that is not a finite number"},
    DiagnosticCodeInfo{kCinemaTarget, "E_CINEMA_TARGET", kE, "sequence",
                       "a track target or shot camera the playing scene does not have"},
    DiagnosticCodeInfo{kUsage, "E_USAGE", kE, "command line", "a command line cinc cannot use"},
    DiagnosticCodeInfo{kOutput, "E_OUTPUT", kE, "command line", "an output that cannot be written"},
    DiagnosticCodeInfo{kInternal, "E_INTERNAL", kE, "command line",
                       "a bug in cinc, or the machine ran out of memory"},
};

constexpr bool InEnumOrder() {
  for (size_t index = 0; index < kCodes.size(); ++index) {
    if (static_cast<size_t>(kCodes[index].code) != index) return false;
  }
  return true;
}
static_assert(InEnumOrder(), "kCodes must list every DiagnosticCode in the order of the enum");
static_assert(static_cast<size_t>(kInternal) + 1 == kCodes.size(), "every code has an entry");

}  // namespace

std::string_view SeverityName(Severity severity) {
  return severity == Severity::kError ? "error" : "warning";
}

std::span<const DiagnosticCodeInfo> AllDiagnosticCodes() { return kCodes; }

const DiagnosticCodeInfo& InfoOf(DiagnosticCode code) {
  return kCodes[static_cast<size_t>(code)];
}

std::string_view CodeName(DiagnosticCode code) { return InfoOf(code).name; }

std::string DocsAnchorOf(DiagnosticCode code) {
  std::string anchor = "docs/diagnostics.md#";
  for (char c : CodeName(code)) anchor += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return anchor;
}

}  // namespace cinc

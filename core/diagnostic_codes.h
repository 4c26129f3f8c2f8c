// Every diagnostic code cinc reports, defined once.
//
// Contract: a DiagnosticCode names one kind of problem. Its entry in the
// registry holds the code as users see it (E_SCENE_FORMAT, W_TIMING_OVERLAP:
// stable, never reused), its severity (W_ codes warn, E_ codes fail the
// run), the stage that reports it and a one-line summary. Every code is
// explained, with example messages and how to fix it, in
// docs/diagnostics.md under a heading that is the code itself (a test checks
// it). Stages report through Diagnostics::Report (core/diagnostics.h) with a
// DiagnosticCode; no other file spells a code.
#ifndef CINC_CORE_DIAGNOSTIC_CODES_H_
#define CINC_CORE_DIAGNOSTIC_CODES_H_

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace cinc {

enum class Severity { kError, kWarning };

std::string_view SeverityName(Severity severity);  // "error" | "warning"

// The registry: X(enumerator, code, severity, stage, summary), one entry per
// code, in the order of the enum and of AllDiagnosticCodes().
// clang-format off
#define CINC_DIAGNOSTIC_CODES(X) \
  /* The scene file. */ \
  X(kSceneFormat, "E_SCENE_FORMAT", kError, "scene", \
    "not YAML or not a map, an unknown, duplicate or missing field, a wrong type") \
  X(kSceneVersion, "E_SCENE_VERSION", kError, "scene", \
    "`cinc:` missing or not 1") \
  X(kSceneValue, "E_SCENE_VALUE", kError, "scene", \
    "a number that is not finite or out of range, a time off the 1e-9 grid") \
  X(kSceneName, "E_SCENE_NAME", kError, "scene", \
    "a malformed or reserved name, a name used twice") \
  X(kPath, "E_PATH", kError, "scene", \
    "a file reference that leaves the scene's folder, or a path a depfile cannot hold") \
  X(kLimit, "E_LIMIT", kError, "scene", \
    "beyond what the reader or the output format can hold") \
  /* Timing. */ \
  X(kTimingMissing, "E_TIMING_MISSING", kError, "timing", \
    "a reference that names no node") \
  X(kTimingCycle, "E_TIMING_CYCLE", kError, "timing", \
    "a dependency cycle") \
  X(kTimingNegative, "E_TIMING_NEGATIVE", kError, "timing", \
    "a node that would start before 0, or end before it starts") \
  X(kTimingConflict, "E_TIMING_CONFLICT", kError, "timing", \
    "timing fields that exclude each other") \
  X(kDisassembly, "E_DISASSEMBLY", kError, "timing", \
    "a `disassembly:` that names no chapter, node or action, or runs backwards") \
  X(kTimingOverlap, "W_TIMING_OVERLAP", kWarning, "state", \
    "two nodes of one owner drive the same channel at overlapping times") \
  /* Models, objects and markers. */ \
  X(kModelLoad, "E_MODEL_LOAD", kError, "models", \
    "a model file that is missing, unreadable or invalid, or a failed conversion") \
  X(kModelFormat, "E_MODEL_FORMAT", kError, "models", \
    "a model format that no reader takes") \
  X(kModelMissing, "E_MODEL_MISSING", kError, "models", \
    "an object names an unknown model") \
  X(kObjectMissing, "E_OBJECT_MISSING", kError, "markers", \
    "a reference to an unknown object or camera") \
  X(kMarkerMissing, "E_MARKER_MISSING", kError, "markers", \
    "a reference to a marker the model does not have") \
  X(kMarkerDuplicate, "E_MARKER_DUPLICATE", kError, "models", \
    "two markers of one name in a model") \
  X(kMarkerCycle, "E_MARKER_CYCLE", kError, "state", \
    "an attachment cycle") \
  X(kMateMissing, "W_MATE_MISSING", kWarning, "markers", \
    "an insert or screw without `mate` whose model has a seat-like marker") \
  X(kFrameBounds, "E_FRAME_BOUNDS", kError, "markers", \
    "a framed object without bounds: no model, or a model without meshes") \
  /* Replaying a written sequence. */ \
  X(kVerify, "E_VERIFY", kError, "verify", \
    "a written sequence that does not play the scene within its tolerance") \
  /* Sequence files: the validator, the evaluator, the run-time checks. */ \
  X(kCinemaFormat, "E_CINEMA_FORMAT", kError, "sequence", \
    "not JSON, a wrong type, an unknown or missing field") \
  X(kCinemaVersion, "E_CINEMA_VERSION", kError, "sequence", \
    "a version that is missing or not 1") \
  X(kCinemaDuration, "E_CINEMA_DURATION", kError, "sequence", \
    "a duration that is missing, not positive or too long") \
  X(kCinemaKeyOrder, "E_CINEMA_KEY_ORDER", kError, "sequence", \
    "key times that do not increase") \
  X(kCinemaKeyValue, "E_CINEMA_KEY_VALUE", kError, "sequence", \
    "a key or field value out of range") \
  X(kCinemaEase, "E_CINEMA_EASE", kError, "sequence", \
    "an invalid ease") \
  X(kCinemaTrack, "E_CINEMA_TRACK", kError, "sequence", \
    "an unknown track type or an empty target") \
  X(kCinemaShot, "E_CINEMA_SHOT", kError, "sequence", \
    "shots that are missing, empty or out of order") \
  X(kCinemaTimeScale, "E_CINEMA_TIME_SCALE", kError, "sequence", \
    "a time scale outside 0..16") \
  X(kCinemaCue, "E_CINEMA_CUE", kError, "sequence", \
    "a cue without name or target") \
  X(kCinemaAudio, "E_CINEMA_AUDIO", kError, "sequence", \
    "an invalid audio clip") \
  X(kCinemaLimit, "E_CINEMA_LIMIT", kError, "sequence", \
    "more tracks, keys, cues, clips or characters than the format holds") \
  X(kCinemaTime, "E_CINEMA_TIME", kError, "sequence", \
    "an evaluation time that is not a finite number") \
  X(kCinemaTarget, "E_CINEMA_TARGET", kError, "sequence", \
    "a track target or shot camera the playing scene does not have") \
  /* Rendering the preview to pictures and video. */ \
  X(kRender, "E_RENDER", kError, "render", \
    "a render that failed: no browser or encoder, a page that never got ready, a failed encode") \
  X(kSoundMissing, "W_SOUND_MISSING", kWarning, "render", \
    "a sound with no file in --sounds, or a name not looked up, left out of the mix") \
  /* The command line and its outputs. */ \
  X(kUsage, "E_USAGE", kError, "command line", \
    "a command line cinc cannot use") \
  X(kOutput, "E_OUTPUT", kError, "command line", \
    "an output that cannot be written, or that is one of the build's inputs") \
  X(kTimeClamped, "W_TIME_CLAMPED", kWarning, "command line", \
    "a --time outside the sequence, evaluated at its start or end") \
  X(kInternal, "E_INTERNAL", kError, "command line", \
    "a bug in cinc, or the machine ran out of memory") \
  /* end */
// clang-format on

enum class DiagnosticCode : uint8_t {
#define CINC_DIAGNOSTIC_ENUMERATOR(enumerator, ...) enumerator,
  CINC_DIAGNOSTIC_CODES(CINC_DIAGNOSTIC_ENUMERATOR)
#undef CINC_DIAGNOSTIC_ENUMERATOR
};

struct DiagnosticCodeInfo {
  DiagnosticCode code;
  std::string_view name;  // E_SCENE_FORMAT
  Severity severity;
  std::string_view stage;    // who reports it: "scene", "timing", "sequence", ...
  std::string_view summary;  // one line, for tools that list the rules
};

// Every code, in the order of the enum.
std::span<const DiagnosticCodeInfo> AllDiagnosticCodes();
const DiagnosticCodeInfo& InfoOf(DiagnosticCode code);
std::string_view CodeName(DiagnosticCode code);
// The docs page that explains the code, relative to the repository root:
// "docs/diagnostics.md#e_scene_format".
std::string DocsAnchorOf(DiagnosticCode code);

}  // namespace cinc

#endif  // CINC_CORE_DIAGNOSTIC_CODES_H_

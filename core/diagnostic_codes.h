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

enum class DiagnosticCode : uint8_t {
  // The scene file.
  kSceneFormat,
  kSceneVersion,
  kSceneValue,
  kSceneName,
  kPath,
  kLimit,
  // Timing.
  kTimingMissing,
  kTimingCycle,
  kTimingNegative,
  kTimingConflict,
  kTimingOverlap,
  // Models, objects and markers.
  kModelLoad,
  kModelFormat,
  kModelMissing,
  kObjectMissing,
  kMarkerMissing,
  kMarkerDuplicate,
  kMarkerCycle,
  // Replaying a written sequence.
  kVerify,
  // Sequence files (the validator, the evaluator, the run-time checks).
  kCinemaFormat,
  kCinemaVersion,
  kCinemaDuration,
  kCinemaKeyOrder,
  kCinemaKeyValue,
  kCinemaEase,
  kCinemaTrack,
  kCinemaShot,
  kCinemaTimeScale,
  kCinemaCue,
  kCinemaAudio,
  kCinemaLimit,
  kCinemaTime,
  kCinemaTarget,
  // The command line and its outputs.
  kUsage,
  kOutput,
  kInternal,
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

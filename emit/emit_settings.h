// What `cinc build` lets the user choose about emission.
//
// Contract: plain options; the defaults are `cinc build`'s (docs/emission.md).
#ifndef CINC_EMIT_EMIT_SETTINGS_H_
#define CINC_EMIT_EMIT_SETTINGS_H_

namespace cinc {

struct EmitSettings {
  // How opacity reaches the runtime: vfx cues, scale 0 over hidden
  // intervals, or both (`--visibility cues|scale|both`).
  enum class Visibility { kCues, kScale, kBoth };
  Visibility visibility = Visibility::kBoth;

  bool WritesOpacityCues() const { return visibility != Visibility::kScale; }
  bool HidesWithScale() const { return visibility != Visibility::kCues; }
};

}  // namespace cinc

#endif  // CINC_EMIT_EMIT_SETTINGS_H_

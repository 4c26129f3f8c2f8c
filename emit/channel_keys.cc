#include "emit/channel_keys.h"

#include <algorithm>
#include <optional>
#include <span>
#include <vector>

#include "emit/ease_split.h"
#include "emit/key_list_builder.h"

namespace cinc {
namespace {

template <typename Value>
Keys WriteKeys(const std::vector<Piece<Value>>& pieces) {
  KeyListBuilder builder;
  builder.ReserveFor(pieces);
  for (size_t index = 0; index < pieces.size(); ++index) {
    const Piece<Value>& piece = pieces[index];
    if (!piece.motion) {
      builder.SetAt(piece.start.ToDouble(), Components(piece.value));
      continue;
    }
    const Segment<Value>& segment = *piece.motion;
    std::optional<ExactTime> next = PieceEnd(pieces, index);
    ExactTime end = next ? std::min(*next, segment.end()) : segment.end();
    WriteEasedMotion(
        segment.ease, segment.start, segment.duration, piece.start, end,
        [&segment](double eased) {
          return Components(Interpolate(segment.from, segment.to, eased));
        },
        &builder);
  }
  return builder.Take();
}

}  // namespace

void WriteEasedMotion(const Ease& ease, const ExactTime& segment_start,
                      const ExactTime& segment_duration, const ExactTime& start,
                      const ExactTime& end, const std::function<ComponentList(double)>& value_at,
                      KeyListBuilder* builder) {
  double progress_start = ExactTime::Progress(start, segment_start, segment_duration);
  double progress_end = ExactTime::Progress(end, segment_start, segment_duration);
  // Nearly every motion is one part: it needs no list of its own.
  const std::optional<EasedPart> uncut = UncutEase(ease, progress_start, progress_end);
  std::vector<EasedPart> cut;
  if (!uncut) cut = SplitEase(ease, progress_start, progress_end);
  const std::span<const EasedPart> parts =
      uncut ? std::span<const EasedPart>(&*uncut, 1) : std::span<const EasedPart>(cut);
  double start_seconds = segment_start.ToDouble();
  double duration_seconds = segment_duration.ToDouble();
  builder->StartMotionAt(start.ToDouble(), value_at(parts[0].eased_start));
  for (size_t index = 0; index < parts.size(); ++index) {
    const EasedPart& part = parts[index];
    Key& leaving = builder->last();
    leaving.interp = Interpolation::kLinear;
    leaving.ease = part.ease;
    leaving.out_tangent.reset();
    bool is_last = index + 1 == parts.size();
    double t = is_last ? end.ToDouble() : start_seconds + duration_seconds * part.progress_end;
    builder->Append(HoldKey(t, value_at(part.eased_end)));
  }
}

ComponentList Components(double value) { return {value}; }

ComponentList Components(const Vec3& value) { return {value.x, value.y, value.z}; }

Keys KeysFromPieces(const std::vector<Piece<Vec3>>& pieces) { return WriteKeys(pieces); }

Keys KeysFromPieces(const std::vector<Piece<double>>& pieces) { return WriteKeys(pieces); }

}  // namespace cinc

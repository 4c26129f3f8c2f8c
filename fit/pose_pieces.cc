#include "fit/pose_pieces.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <optional>
#include <set>
#include <utility>

#include "fit/probes.h"
#include "markers/pose.h"

namespace cinc {
namespace {

// Pieces of the closure walk before falling back to every owner's instants.
constexpr size_t kClosureBudget = 1'000'000;

// |x| + |y| + |z|: at least the length, without a square root.
double SumOfAbs(const Vec3& v) { return std::abs(v.x) + std::abs(v.y) + std::abs(v.z); }

// A bound on the length of every value of the segment in charge (or the
// track's initial value) between its ends: a bound for a lerp, not a path.
double LengthBound(const ChannelTrack<Vec3>& track, int index) {
  if (index < 0) return SumOfAbs(track.initial);
  const Segment<Vec3>& segment = track.segments[static_cast<size_t>(index)];
  return std::max(SumOfAbs(segment.from), SumOfAbs(segment.to));
}

// The mover of the segment in charge at t, if it moves; `settled` is told
// false when that segment has not ended at t, `length`, when given,
// LengthBound of the segment in charge, and `linear` false when the mover
// is not a plain lerp.
template <typename Value>
std::optional<Mover> MovingAt(const ChannelTrack<Value>& track, const ExactTime& t, bool* settled,
                              double* length = nullptr, bool* linear = nullptr) {
  int index = ActiveSegmentIndex(track, t);
  if constexpr (std::is_same_v<Value, Vec3>) {
    if (length != nullptr) *length = LengthBound(track, index);
  }
  if (index < 0) return std::nullopt;
  const Segment<Value>& segment = track.segments[static_cast<size_t>(index)];
  if (t < segment.end()) *settled = false;
  if (!(t < segment.end()) || !(ExactTime() < segment.duration) ||
      segment.ease.kind == Ease::Kind::kStep || !SegmentMoves(segment)) {
    return std::nullopt;
  }
  Mover mover{segment.start, segment.duration, segment.ease, 0};
  if constexpr (std::is_same_v<Value, Vec3>) {
    if (linear != nullptr && (!segment.waypoints.empty() || SpinRadians(segment) != 0)) {
      *linear = false;
    }
  }
  if constexpr (std::is_same_v<Value, Quat>) {
    mover.turn_degrees =
        Degrees(AngleBetween(segment.from, segment.to) + std::abs(SpinRadians(segment)));
  }
  return mover;
}

template <typename Value>
void AddSegmentInstants(const ChannelTrack<Value>& track, std::vector<ExactTime>* instants,
                        const ExactTime& from, const std::optional<ExactTime>& to) {
  auto add = [&](const ExactTime& t) {
    if (!(t < from) && (!to || t < *to)) instants->push_back(t);
  };
  for (const Segment<Value>& segment : track.segments) {
    add(segment.start);
    add(segment.end());
    if (segment.active_until) add(*segment.active_until);
  }
}

}  // namespace

namespace {

// ApplyEase of cubic-bezier eases, the answers kept per thread: the owners
// of a chain probe their carriers' movers at the same instants (fit/probes.h),
// and solving the curve for x is most of a probe's eased progress. A kept
// answer is the one computed for the same bits of u and of the curve, so it
// changes no byte. A direct-mapped cache of kEaseSlots: a new answer
// replaces its slot's.
struct KeptEase {
  uint64_t u = 0;
  std::array<uint64_t, 4> control{};
  double eased = 0;
  bool used = false;
};
constexpr size_t kEaseSlots = 256;  // a power of two
thread_local std::array<KeptEase, kEaseSlots> kept_eases;

double KeptApplyEase(const Ease& ease, double u) {
  if (ease.kind != Ease::Kind::kCubicBezier) return ApplyEase(ease, u);
  const std::array<double, 4>& control = ease.control();
  KeptEase key;
  key.u = std::bit_cast<uint64_t>(u);
  uint64_t hash = key.u * 0x9E3779B97F4A7C15u;
  for (size_t k = 0; k < 4; ++k) {
    key.control[k] = std::bit_cast<uint64_t>(control[k]);
    hash = (hash ^ key.control[k]) * 0xBF58476D1CE4E5B9u;
  }
  KeptEase& slot = kept_eases[(hash >> 32) & (kEaseSlots - 1)];
  if (slot.used && slot.u == key.u && slot.control == key.control) return slot.eased;
  key.eased = ApplyEase(ease, u);
  key.used = true;
  slot = key;
  return key.eased;
}

}  // namespace

double Mover::ProgressAt(double t) const {
  double s = start.ToDouble();
  if (t < s) return 0;
  return std::clamp(KeptApplyEase(ease, (t - s) / duration.ToDouble()), 0.0, 1.0);
}

bool Mover::SameTiming(const Mover& other) const {
  return start == other.start && duration == other.duration && ease.kind == other.ease.kind &&
         ease.control() == other.ease.control();
}

bool SameTiming(const std::vector<Mover>& movers) {
  for (const Mover& mover : movers) {
    if (!mover.SameTiming(movers.front())) return false;
  }
  return true;
}

namespace {

void SortUnique(std::vector<ExactTime>* times) {
  std::sort(times->begin(), times->end());
  times->erase(std::unique(times->begin(), times->end()), times->end());
}

// The union of two sorted, unique lists.
std::vector<ExactTime> Union(const std::vector<ExactTime>& a, const std::vector<ExactTime>& b) {
  std::vector<ExactTime> all;
  all.reserve(a.size() + b.size());
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(all));
  return all;
}

// A pathological web of attachments: every instant of every owner.
void AddEveryOwnersInstants(const Rig& rig, std::vector<ExactTime>* instants) {
  for (int number = 0; number < OwnerCount(rig); ++number) {
    int objects = static_cast<int>(rig.objects.size());
    OwnerChannels channels =
        ChannelsOf(rig, number < objects ? OwnerRef::Object(static_cast<size_t>(number))
                                         : OwnerRef::Camera(static_cast<size_t>(number - objects)));
    AddSegmentInstants(*channels.position, instants, ExactTime(), std::nullopt);
    AddSegmentInstants(*channels.rotation, instants, ExactTime(), std::nullopt);
    if (channels.scale) AddSegmentInstants(*channels.scale, instants, ExactTime(), std::nullopt);
    for (const FrameSpan& span : channels.frames->spans) instants->push_back(span.start);
  }
}

// ChainPieceStarts's walk, the instants the pose reads and those where only
// a scale that scales no marker translation changes apart when `apart`
// (else all are `read`). A carrier that is `kept`'s owner adds `kept`'s
// instants within its window instead of walking its chain again: they are
// what that walk adds (a window only narrows the windows above it), and so
// are their kinds (the frames above are the same). The walk counts at most
// the owners' windows of the walk it spares, and walks again without
// `kept` where its count reaches the budget, so it falls back exactly where
// the whole walk does.
ChainStarts WalkChainStarts(const Rig& rig, OwnerRef owner, bool apart, const ChainStarts* kept) {
  struct Item {
    OwnerRef owner;
    ExactTime from;
    std::optional<ExactTime> to;
    // The frame through which an ancestor carries the owner: its scale
    // moves the frame's marker translation; nullptr for the owner.
    const Frame* carries;
  };
  ChainStarts result;
  result.owner = owner;
  std::vector<ExactTime>& instants = result.read;
  instants = {ExactTime()};
  std::vector<ExactTime> quiet;  // instants of scales that scale no marker translation
  std::vector<ExactTime> kept_read;
  std::vector<ExactTime> kept_quiet;
  int reuses = 0;
  std::vector<Item> pending = {{owner, ExactTime(), std::nullopt, nullptr}};
  size_t visited = 0;
  bool whole = true;  // no fallback
  while (!pending.empty()) {
    if (++visited > kClosureBudget) {
      if (reuses > 0) return WalkChainStarts(rig, owner, apart, nullptr);
      whole = false;
      AddEveryOwnersInstants(rig, &instants);
      break;
    }
    Item item = pending.back();
    pending.pop_back();
    OwnerChannels channels = ChannelsOf(rig, item.owner);
    if (channels.position == nullptr) continue;
    if (item.carries != nullptr && channels.scale != nullptr) {
      bool read = !apart || item.carries->marker.position != Vec3(0, 0, 0);
      AddSegmentInstants(*channels.scale, read ? &instants : &quiet, item.from, item.to);
    }
    if (item.carries != nullptr && kept != nullptr && kept->walked > 0 &&
        item.owner == kept->owner && visited + kept->walked <= kClosureBudget) {
      auto add_within = [&](const std::vector<ExactTime>& from, std::vector<ExactTime>* to) {
        auto first = std::lower_bound(from.begin(), from.end(), item.from);
        auto last = item.to ? std::lower_bound(first, from.end(), *item.to) : from.end();
        to->insert(to->end(), first, last);
      };
      add_within(kept->read, &kept_read);
      add_within(kept->unread, apart ? &kept_quiet : &kept_read);
      visited += kept->walked - 1;  // the walk spared counts this window too
      ++reuses;
      continue;
    }
    AddSegmentInstants(*channels.position, &instants, item.from, item.to);
    AddSegmentInstants(*channels.rotation, &instants, item.from, item.to);
    const std::vector<FrameSpan>& spans = channels.frames->spans;
    for (size_t k = 0; k < spans.size(); ++k) {
      std::optional<ExactTime> end;
      if (k + 1 < spans.size()) end = spans[k + 1].start;
      ExactTime from = std::max(item.from, spans[k].start);
      std::optional<ExactTime> to = item.to;
      if (end && (!to || *end < *to)) to = end;
      if (to && !(from < *to)) continue;
      if (!(spans[k].start < item.from)) instants.push_back(spans[k].start);
      if (spans[k].frame.parent.valid()) {
        pending.push_back({spans[k].frame.parent, from, to, &spans[k].frame});
      }
    }
  }
  result.walked = whole ? visited : 0;
  SortUnique(&instants);
  if (reuses > 1) {
    SortUnique(&kept_read);  // runs of several windows
    SortUnique(&kept_quiet);
  }
  if (!kept_read.empty()) instants = Union(instants, kept_read);
  if (!apart) return result;
  SortUnique(&quiet);
  if (!kept_quiet.empty()) quiet = Union(quiet, kept_quiet);
  std::set_difference(quiet.begin(), quiet.end(), instants.begin(), instants.end(),
                      std::back_inserter(result.unread));
  return result;
}

}  // namespace

std::vector<ExactTime> ChainPieceStarts(const Rig& rig, OwnerRef owner,
                                        std::vector<ExactTime>* unread) {
  ChainStarts starts = WalkChainStarts(rig, owner, unread != nullptr, nullptr);
  if (unread == nullptr) return std::move(starts.read);
  *unread = std::move(starts.unread);
  return Union(starts.read, *unread);
}

std::vector<ExactTime> DependencyInstants(const Rig& rig, std::vector<OwnerRef> roots) {
  std::vector<OwnerRef> pending = std::move(roots);
  std::vector<ExactTime> instants = {ExactTime()};
  std::set<std::pair<bool, int>> visited;
  while (!pending.empty()) {
    OwnerRef owner = pending.back();
    pending.pop_back();
    if (!visited.insert({owner.is_camera, owner.index}).second) continue;
    OwnerChannels channels = ChannelsOf(rig, owner);
    if (channels.position == nullptr) continue;
    AddSegmentInstants(*channels.position, &instants, ExactTime(), std::nullopt);
    AddSegmentInstants(*channels.rotation, &instants, ExactTime(), std::nullopt);
    if (channels.scale != nullptr) {
      AddSegmentInstants(*channels.scale, &instants, ExactTime(), std::nullopt);
    }
    for (const FrameSpan& span : channels.frames->spans) {
      instants.push_back(span.start);
      if (span.frame.parent.valid()) pending.push_back(span.frame.parent);
    }
    for (const Segment<Quat>& segment : channels.rotation->segments) {
      if (segment.aim) pending.push_back(segment.aim->owner);
    }
    if (owner.is_camera) {
      const CameraRig& camera = rig.cameras[static_cast<size_t>(owner.index)];
      AddSegmentInstants(camera.focus, &instants, ExactTime(), std::nullopt);
      if (camera.initial_focus_aim) pending.push_back(camera.initial_focus_aim->owner);
      for (const Segment<double>& segment : camera.focus.segments) {
        if (segment.aim) pending.push_back(segment.aim->owner);
      }
    }
  }
  std::sort(instants.begin(), instants.end());
  instants.erase(std::unique(instants.begin(), instants.end()), instants.end());
  return instants;
}

BitKey<3> MoversMemo::KeyOf(OwnerRef owner, const ExactTime& t) {
  uint64_t who = (static_cast<uint64_t>(static_cast<uint32_t>(owner.index)) << 1) |
                 (owner.is_camera ? 1u : 0u);
  BitKey<3> key;
  key.Put(who)
      .Put(static_cast<uint64_t>(t.numerator()))
      .Put(static_cast<uint64_t>(t.denominator()));
  return key;
}

const Movers* MoversMemo::FindAbove(OwnerRef owner, const ExactTime& t) const {
  return memo_ != nullptr ? memo_->Find(KeyOf(owner, t)) : nullptr;
}

void MoversMemo::KeepAbove(OwnerRef owner, const ExactTime& t, const Movers& above) {
  if (memo_ == nullptr) memo_ = std::make_unique<Memo>();  // most threads keep none
  memo_->Remember(KeyOf(owner, t), above);
}

Movers MoversAt(const Rig& rig, OwnerRef owner, const ExactTime& t, MoversMemo* memo) {
  Movers movers;
  auto add = [](std::vector<Mover>* list, std::optional<Mover> mover) {
    if (mover) list->push_back(*mover);
  };
  // What the owner's own link adds: the movers above it are the rest.
  size_t own_position = 0;
  size_t own_rotation = 0;
  double own_reach = 0;
  double above_reach = 0;
  bool own_linear = true;
  bool above_linear = true;
  bool own_settled = true;
  bool above_settled = true;
  OwnerRef current = owner;
  const Frame* child_frame = nullptr;  // the frame through which `current` carries the owner
  for (int steps = 0; steps <= OwnerCount(rig); ++steps) {
    OwnerChannels channels = ChannelsOf(rig, current);
    if (channels.position == nullptr) break;
    ++movers.links;
    double length = 0;
    bool* settled = child_frame == nullptr ? &own_settled : &above_settled;
    add(&movers.position, MovingAt(*channels.position, t, settled, &length,
                                   child_frame == nullptr ? &own_linear : &above_linear));
    if (child_frame == nullptr) {
      own_reach = length;
      add(&movers.rotation, MovingAt(*channels.rotation, t, settled));
      own_position = movers.position.size();
      own_rotation = movers.rotation.size();
    } else {
      above_reach += length;
      std::optional<Mover> turning = MovingAt(*channels.rotation, t, settled);
      add(&movers.rotation, turning);
      add(&movers.position, turning);
      double marker = SumOfAbs(child_frame->marker.position);
      above_reach += SumOfAbs(child_frame->offset.position);
      if (channels.scale != nullptr && child_frame->marker.position != Vec3(0, 0, 0)) {
        double scale = 0;
        add(&movers.position, MovingAt(*channels.scale, t, settled, &scale, &above_linear));
        above_reach += marker * scale;
      } else {
        above_reach += marker;  // cameras: scale 1; a marker at the origin: 0
      }
      // The carrier's movers above it, kept when it was written.
      if (const Movers* above = memo != nullptr ? memo->FindAbove(current, t) : nullptr) {
        movers.position.insert(movers.position.end(), above->position.begin(),
                               above->position.end());
        movers.rotation.insert(movers.rotation.end(), above->rotation.begin(),
                               above->rotation.end());
        movers.links += above->links;
        above_reach += above->reach;
        above_linear = above_linear && above->linear;
        above_settled = above_settled && above->settled;
        break;
      }
    }
    const FrameSpan* span = ActiveFrameSpan(*channels.frames, t);
    if (span == nullptr || !span->frame.parent.valid()) break;
    child_frame = &span->frame;
    current = span->frame.parent;
  }
  movers.reach = own_reach + above_reach;
  movers.linear = own_linear && above_linear;
  movers.settled = own_settled && above_settled;
  if (memo != nullptr && movers.links > 0) {
    Movers above;
    above.position.assign(movers.position.begin() + static_cast<std::ptrdiff_t>(own_position),
                          movers.position.end());
    above.rotation.assign(movers.rotation.begin() + static_cast<std::ptrdiff_t>(own_rotation),
                          movers.rotation.end());
    above.links = movers.links - 1;
    above.reach = above_reach;
    above.linear = above_linear;
    above.settled = above_settled;
    memo->KeepAbove(owner, t, above);
  }
  return movers;
}

// Whether the owner's rotation track holds a look-at segment.
bool HasAim(const OwnerChannels& channels) {
  for (const Segment<Quat>& segment : channels.rotation->segments) {
    if (segment.aim) return true;
  }
  return false;
}

bool FollowsAim(const Rig& rig, OwnerRef owner) {
  // A plain chain (each owner on at most one carrier over all time) is
  // walked without the set of owners visited: one step per owner at most.
  OwnerRef link = owner;
  for (int steps = 0; steps <= OwnerCount(rig); ++steps) {
    OwnerChannels channels = ChannelsOf(rig, link);
    if (channels.position == nullptr) return false;
    if (HasAim(channels)) return true;
    const FrameSpan* carrier = nullptr;
    bool plain = true;
    for (const FrameSpan& span : channels.frames->spans) {
      if (!span.frame.parent.valid()) continue;
      if (carrier != nullptr) plain = false;
      carrier = &span;
    }
    if (!plain) break;
    if (carrier == nullptr) return false;
    link = carrier->frame.parent;
  }
  std::vector<OwnerRef> pending = {owner};
  std::set<std::pair<bool, int>> visited;
  while (!pending.empty()) {
    OwnerRef current = pending.back();
    pending.pop_back();
    if (!visited.insert({current.is_camera, current.index}).second) continue;
    OwnerChannels channels = ChannelsOf(rig, current);
    if (channels.position == nullptr) continue;
    for (const Segment<Quat>& segment : channels.rotation->segments) {
      if (segment.aim) return true;
    }
    for (const FrameSpan& span : channels.frames->spans) {
      if (span.frame.parent.valid()) pending.push_back(span.frame.parent);
    }
  }
  return false;
}

std::optional<SharedTiming> SharedTimingOf(const std::vector<Mover>& movers, const ExactTime& start,
                                           const ExactTime& end) {
  if (movers.empty()) return std::nullopt;
  const Mover& timing = movers.front();
  SharedTiming shared{&timing, EasedProgress(timing.start, timing.duration, timing.ease, start),
                      EasedProgress(timing.start, timing.duration, timing.ease, end)};
  if (!SameTiming(movers) || shared.eased_start == shared.eased_end) return std::nullopt;
  return shared;
}

bool IsAffineInTiming(const SharedTiming& shared, double a, double b, const Vec3& from,
                      const Vec3& to, const std::function<Vec3(double t)>& exact) {
  constexpr int kChecks = 7;
  constexpr double kRelative = 1e-9;  // rounding, far below any tolerance
  for (int j = 1; j <= kChecks; ++j) {
    double t = ProbeTime(a, b, j);
    double fraction = (shared.timing->ProgressAt(t) - shared.eased_start) /
                      (shared.eased_end - shared.eased_start);
    Vec3 expected = from + (to - from) * fraction;
    if (!(glm::length(exact(t) - expected) <= kRelative * (1 + glm::length(expected)))) {
      return false;
    }
  }
  return true;
}

bool SurelyAffineInTiming(const Movers& movers, const SharedTiming& shared, double a, double b,
                          const Vec3& from, const Vec3& to, double drift) {
  if (!movers.rotation.empty() || !movers.linear) return false;
  constexpr double kEpsilon = 0x1p-52;
  constexpr double kRelative = 1e-9;  // IsAffineInTiming's
  // Rounding of a world position composed over n links (three rotated
  // vectors and three sums a link, quaternions normalized at each product),
  // taken generously: 32 (n + 4) epsilons of the reach.
  double composed = 32.0 * (movers.links + 4) * kEpsilon * movers.reach;
  double ends = glm::length(from) + glm::length(to);
  for (int j = 1; j <= 7; ++j) {
    double fraction = (shared.timing->ProgressAt(ProbeTime(a, b, j)) - shared.eased_start) /
                      (shared.eased_end - shared.eased_start);
    Vec3 expected = from + (to - from) * fraction;
    double spread = 1 + std::abs(fraction);
    double bound =
        composed * spread + 4 * kEpsilon * ends * spread + drift * std::abs(1 - fraction);
    if (!(bound <= 0.5 * kRelative * (1 + glm::length(expected)))) return false;
  }
  return true;
}

PosePieces::PosePieces(const Rig& rig, OwnerRef owner, MoversMemo* memo, ChainStarts* kept)
    : rig_(rig), owner_(owner), aimed_(FollowsAim(rig, owner)), memo_(memo) {
  if (aimed_) {
    starts_ = DependencyInstants(rig, {owner});
    return;
  }
  ChainStarts walked = WalkChainStarts(rig, owner, true, kept);
  const std::vector<ExactTime>& unread = walked.unread;
  starts_ = unread.empty() ? walked.read : Union(walked.read, unread);
  if (!unread.empty()) {
    unread_.assign(starts_.size(), false);
    size_t k = 0;
    for (size_t i = 0; i < starts_.size() && k < unread.size(); ++i) {
      if (starts_[i] == unread[k]) {
        unread_[i] = true;
        ++k;
      }
    }
  }
  if (kept != nullptr) *kept = std::move(walked);
}

PieceMotion PosePieces::MotionOver(const ExactTime& start, const ExactTime& end) const {
  PieceMotion motion;
  if (!aimed_) {
    motion.movers = MoversAt(rig_, owner_, start, memo_);
    motion.position_moves = !motion.movers.position.empty();
    motion.rotation_moves = !motion.movers.rotation.empty();
    return motion;
  }
  RigidPose at_start = WorldPoseAt(rig_, owner_, start);
  double a = start.ToDouble();
  double b = end.ToDouble();
  for (int j = 1; j <= kConstancyChecks + 1; ++j) {
    RigidPose sample = j <= kConstancyChecks
                           ? WorldPoseWithin(rig_, owner_, start, ProbeTime(a, b, j))
                           : WorldPoseWithin(rig_, owner_, start, end);
    motion.position_moves = motion.position_moves || !(sample.position == at_start.position);
    motion.rotation_moves = motion.rotation_moves || !(sample.rotation == at_start.rotation);
  }
  return motion;
}

bool NeedsPoseKeys(const Rig& rig, OwnerRef owner) {
  OwnerChannels channels = ChannelsOf(rig, owner);
  if (channels.position == nullptr) return false;
  if (!channels.frames->spans.empty()) return true;
  return std::any_of(channels.rotation->segments.begin(), channels.rotation->segments.end(),
                     [](const Segment<Quat>& segment) { return SpinRadians(segment) != 0; });
}

}  // namespace cinc

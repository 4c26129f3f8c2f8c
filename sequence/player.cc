#include "sequence/player.h"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace cinc {
namespace {

bool MomentBefore(const PlaybackEvent& a, const PlaybackEvent& b) {
  return std::tie(a.t, a.kind, a.track, a.index) < std::tie(b.t, b.kind, b.track, b.index);
}

}  // namespace

Player::Player(const Sequence& sequence)
    : duration_(std::max(sequence.duration, 0.0)), looping_(sequence.loop) {
  for (size_t track = 0; track < sequence.tracks.size(); ++track) {
    if (const auto* cues = std::get_if<CuesTrack>(&sequence.tracks[track])) {
      for (size_t index = 0; index < cues->cues.size(); ++index) {
        moments_.push_back({PlaybackEventKind::kCue, cues->cues[index].t, 0, track, index});
      }
    } else if (const auto* audio = std::get_if<AudioTrack>(&sequence.tracks[track])) {
      for (size_t index = 0; index < audio->clips.size(); ++index) {
        const AudioClip& clip = audio->clips[index];
        moments_.push_back({PlaybackEventKind::kAudioStart, clip.start, 0, track, index});
        if (clip.duration && clip.start + *clip.duration <= duration_) {
          moments_.push_back(
              {PlaybackEventKind::kAudioStop, clip.start + *clip.duration, 0, track, index});
        }
      }
    }
  }
  std::sort(moments_.begin(), moments_.end(), MomentBefore);
}

void Player::Play() {
  if (finished_ || (!looping_ && time_ >= duration_)) {
    time_ = 0;
    include_from_ = true;
    finished_ = false;
  }
  playing_ = true;
}

void Player::Stop() {
  playing_ = false;
  finished_ = false;
  time_ = 0;
  include_from_ = true;
}

bool Player::Seek(double t) {
  if (!std::isfinite(t)) return false;
  time_ = std::clamp(t, 0.0, duration_);
  finished_ = false;
  include_from_ = time_ == 0;
  return true;
}

void Player::set_speed(double speed) {
  if (std::isnan(speed)) return;
  speed_ = std::clamp(speed, 0.0, kMaxPlaybackSpeed);
}

void Player::Collect(double from, double to, bool include_from, int lap,
                     std::vector<PlaybackEvent>* events) const {
  auto by_time = [](const PlaybackEvent& moment, double t) { return moment.t < t; };
  auto time_first = [](double t, const PlaybackEvent& moment) { return t < moment.t; };
  auto begin = include_from ? std::lower_bound(moments_.begin(), moments_.end(), from, by_time)
                            : std::upper_bound(moments_.begin(), moments_.end(), from, time_first);
  auto end = std::upper_bound(moments_.begin(), moments_.end(), to, time_first);
  for (auto moment = begin; moment < end; ++moment) {
    PlaybackEvent event = *moment;
    event.lap = lap;
    events->push_back(event);
  }
}

AdvanceResult Player::Advance(double dt) {
  AdvanceResult result;
  result.from = time_;
  result.to = time_;
  if (!playing_) return result;
  double step = std::isfinite(dt) && dt > 0 ? dt * speed_ : 0;
  if (!looping_ || duration_ <= 0) {
    double to = std::min(time_ + step, duration_);
    Collect(time_, to, include_from_, 0, &result.events);
    time_ = to;
    include_from_ = false;
    if (to >= duration_) {
      playing_ = false;
      finished_ = true;
      result.finished = true;
    }
    result.to = time_;
    return result;
  }
  double from = time_;
  double remaining = step;
  bool include = include_from_;
  include_from_ = false;
  while (true) {
    double end = from + remaining;
    if (end < duration_) {
      Collect(from, end, include, result.wraps, &result.events);
      time_ = end;
      break;
    }
    Collect(from, duration_, include, result.wraps, &result.events);
    ++result.wraps;
    remaining = end - duration_;
    from = 0;
    include = true;
    if (result.wraps >= kMaxLapsPerAdvance) {
      // The rest of the advance fires nothing; the head lands where it would.
      time_ = std::fmod(remaining, duration_);
      include_from_ = time_ == 0;
      break;
    }
  }
  result.to = time_;
  return result;
}

Player StartPlayback(const Sequence& sequence, const RuntimeScene& scene,
                     Diagnostics* diagnostics) {
  CheckRuntimeTargets(sequence, scene, diagnostics);
  Player player(sequence);
  player.Play();
  return player;
}

}  // namespace cinc

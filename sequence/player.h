// The playhead (the cinema runtime's playback): play, pause, stop, seek and advance,
// with the cues and audio edges each advance passes.
//
// Contract: a Player copies what it needs from a valid sequence (its
// duration, loop flag and the sorted moments of cues and clip edges), so the
// sequence need not outlive it. Times are sequence seconds.
//  - play starts or resumes; after the end of a non-looping sequence it
//    restarts from 0. pause keeps the time; stop goes to 0; seek(t) jumps
//    (clamped) and fires nothing.
//  - advance(dt) moves the head by dt * speed (speed 0..16; dt < 0 or not
//    finite counts as 0) while playing and returns the moments in
//    (from, to]; the first advance after a start (construction, stop, a seek
//    to 0, a restart) or a wrap includes `from` itself, so a cue at 0 fires
//    once.
//  - At the end a non-looping sequence stops (playing false, finished true)
//    and holds the last time. A looping one wraps and fires the moments of
//    every lap, at most kMaxLapsPerAdvance passes per advance; beyond them the
//    head lands where it would have without firing more.
//  - Moments at one time come as audio stops, audio starts, then cues, each
//    in (track, index) order. A clip's stop edge is at start + duration (a
//    clip without duration, or ending after the sequence, has none).
//  - StartPlayback is what the runtime does when a sequence starts in a
//    scene: the run-time target checks first (sequence/runtime_targets.h), whose
//    problems are reported and do not stop the rest from playing, then a
//    Player at 0, playing.
#ifndef CINC_SEQUENCE_PLAYER_H_
#define CINC_SEQUENCE_PLAYER_H_

#include <cstddef>
#include <vector>

#include "core/diagnostics.h"
#include "sequence/limits.h"
#include "sequence/runtime_targets.h"
#include "sequence/sequence.h"

namespace cinc {

inline constexpr int kMaxLapsPerAdvance = 64;

enum class PlaybackEventKind { kAudioStop, kAudioStart, kCue };

struct PlaybackEvent {
  PlaybackEventKind kind = PlaybackEventKind::kCue;
  double t = 0;      // the cue's time or the clip edge's time
  int lap = 0;       // 0: before the first wrap of this advance, 1: after it, ...
  size_t track = 0;  // index in Sequence::tracks
  size_t index = 0;  // cue or clip index in that track
  friend bool operator==(const PlaybackEvent&, const PlaybackEvent&) = default;
};

struct AdvanceResult {
  double from = 0;
  double to = 0;
  int wraps = 0;
  bool finished = false;  // this advance reached the end of a non-looping sequence
  std::vector<PlaybackEvent> events;
};

class Player {
 public:
  explicit Player(const Sequence& sequence);

  void Play();
  void Pause() { playing_ = false; }
  void Stop();
  // False (and nothing changes) when t is not finite.
  bool Seek(double t);
  AdvanceResult Advance(double dt);

  void set_speed(double speed);  // clamped to 0..16; NaN ignored
  void set_looping(bool looping) { looping_ = looping; }

  double time() const { return time_; }
  double duration() const { return duration_; }
  bool playing() const { return playing_; }
  bool looping() const { return looping_; }
  double speed() const { return speed_; }
  bool finished() const { return finished_; }

 private:
  // Appends the moments in (from, to], or [from, to] when include_from.
  void Collect(double from, double to, bool include_from, int lap,
               std::vector<PlaybackEvent>* events) const;

  std::vector<PlaybackEvent> moments_;  // sorted by (t, kind, track, index)
  double duration_ = 0;
  double time_ = 0;
  double speed_ = 1;
  bool looping_ = false;
  bool playing_ = false;
  bool finished_ = false;
  bool include_from_ = true;
};

Player StartPlayback(const Sequence& sequence, const RuntimeScene& scene, Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_SEQUENCE_PLAYER_H_

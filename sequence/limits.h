// The sequence format's limits: what one sequence file may hold, each
// defined here once. The validator refuses more (E_CINEMA_LIMIT,
// E_CINEMA_DURATION, E_CINEMA_TIME_SCALE, ...); cinc's scene loader,
// resolver and emission check a scene against the same numbers (E_LIMIT,
// E_SCENE_VALUE), split cues and clips into tracks of these sizes, and
// write shards beyond kMaxSequenceTracks.
#ifndef CINC_SEQUENCE_LIMITS_H_
#define CINC_SEQUENCE_LIMITS_H_

#include <cstddef>

namespace cinc {

inline constexpr size_t kMaxSequenceTracks = 256;
inline constexpr size_t kMaxChannelKeys = 10000;       // keys of one channel of one track
inline constexpr size_t kMaxTrackCues = 256;           // cues of one cues track
inline constexpr size_t kMaxTrackClips = 256;          // clips of one audio track
inline constexpr size_t kMaxTextLength = 256;          // names and strings, in code points
inline constexpr size_t kMaxSequenceNameLength = 128;  // [A-Za-z0-9_.-]{1,128}
inline constexpr int kMaxSequenceSeconds = 3600;       // the longest duration
inline constexpr double kMaxTimeScale = 16;            // the world's speed, 0..16
inline constexpr double kMaxPlaybackSpeed = 16;        // a playhead's speed, 0..16

}  // namespace cinc

#endif  // CINC_SEQUENCE_LIMITS_H_

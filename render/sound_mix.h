// The sound track of a video: the scene's sounds mixed by ffmpeg in the
// same encode (docs/publishing.md "Sound").
//
// Contract: a MixClip is one sound to be heard, in the sequence's seconds,
// with its file already found (compiler/cli/publish_sounds.h). PlanSoundMix
// makes ffmpeg's extra inputs (each file forced to its demuxer by its
// suffix: .wav, .ogg, .flac, and opened through the file: protocol) and the
// audio filter graph for a video of `frames` frames at `fps` whose first
// frame is at `origin` seconds: a clip is placed at its start minus origin
// (one that started before origin plays from its middle; one that starts
// at or after the video's end, or ends at or before origin, is left out),
// taken from its offset for its duration (or to the sound's end), faded in
// and out linearly over its own time, scaled by its volume, and every clip
// is summed (amix, normalize=0) over 48 kHz stereo silence exactly as long
// as the video. The graph's output is labelled [aout]; the clips' inputs
// are numbered from `first_input`.
#ifndef CINC_RENDER_SOUND_MIX_H_
#define CINC_RENDER_SOUND_MIX_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace cinc {

inline constexpr int kSoundRate = 48000;

struct MixClip {
  std::string file;                // NAME.wav, NAME.ogg or NAME.flac
  double start = 0;                // seconds in the sequence
  double offset = 0;               // seconds into the sound
  std::optional<double> duration;  // none: to the sound's end
  double volume = 1;
  double fade_in = 0;
  double fade_out = 0;  // only with a duration
};

struct SoundMix {
  std::vector<std::string> inputs;  // ffmpeg's arguments for the clips' inputs
  std::string graph;                // -filter_complex, ending in [aout]
  int64_t samples = 0;              // the track's length at kSoundRate
};

SoundMix PlanSoundMix(const std::vector<MixClip>& clips, double origin, int64_t frames, int fps,
                      int first_input);

}  // namespace cinc

#endif  // CINC_RENDER_SOUND_MIX_H_

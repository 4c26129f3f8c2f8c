#include "render/sound_mix.h"

#include <algorithm>
#include <cmath>

#include "core/number_format.h"

namespace cinc {
namespace {

int64_t Samples(double seconds) { return std::llround(seconds * kSoundRate); }

// "-f wav": the demuxer the file's suffix names, so that ffmpeg never
// guesses another format (a playlist that would open more files).
std::string DemuxerOf(const std::string& file) {
  if (file.ends_with(".ogg")) return "ogg";
  if (file.ends_with(".flac")) return "flac";
  return "wav";
}

// One clip's chain from its input to [cK]; empty when it is not heard in
// the track's [0, samples).
std::string ClipChain(const MixClip& clip, int input, int label, double origin, int64_t samples) {
  const int64_t at = Samples(clip.start - origin);  // where the clip starts in the track
  const std::optional<int64_t> length =
      clip.duration ? std::optional<int64_t>(Samples(*clip.duration)) : std::nullopt;
  if (at >= samples || (length && at + *length <= 0)) return "";
  const int64_t from = Samples(clip.offset);
  std::string chain = "[" + std::to_string(input) +
                      ":a]aformat=sample_fmts=fltp:sample_rates=" + std::to_string(kSoundRate) +
                      ":channel_layouts=stereo,atrim=start_sample=" + std::to_string(from);
  if (length) chain += ":end_sample=" + std::to_string(from + *length);
  chain += ",asetpts=PTS-STARTPTS";
  // The fades in the clip's own time, before a start before the track is cut.
  if (clip.fade_in > 0) chain += ",afade=t=in:ss=0:ns=" + std::to_string(Samples(clip.fade_in));
  if (clip.fade_out > 0 && length) {
    const int64_t fade = Samples(clip.fade_out);
    chain += ",afade=t=out:ss=" + std::to_string(std::max<int64_t>(0, *length - fade)) +
             ":ns=" + std::to_string(fade);
  }
  chain += ",volume=volume=" + FormatDouble(clip.volume);
  if (at < 0) chain += ",atrim=start_sample=" + std::to_string(-at) + ",asetpts=PTS-STARTPTS";
  if (at > 0) chain += ",adelay=delays=" + std::to_string(at) + "S:all=1";
  return chain + "[c" + std::to_string(label) + "]";
}

}  // namespace

SoundMix PlanSoundMix(const std::vector<MixClip>& clips, double origin, int64_t frames, int fps,
                      int first_input) {
  SoundMix mix;
  // The video's length, frames / fps, in samples (rounded when fps does not divide 48000).
  mix.samples = (frames * kSoundRate + fps / 2) / fps;
  mix.graph = "anullsrc=r=" + std::to_string(kSoundRate) +
              ":cl=stereo,atrim=end_sample=" + std::to_string(mix.samples) + "[base]";
  std::string mixed = "[base]";
  int heard = 0;
  for (const MixClip& clip : clips) {
    const int input = first_input + static_cast<int>(mix.inputs.size() / 4);
    std::string chain = ClipChain(clip, input, heard, origin, mix.samples);
    if (chain.empty()) continue;
    mix.inputs.insert(mix.inputs.end(), {"-f", DemuxerOf(clip.file), "-i", "file:" + clip.file});
    mix.graph += ";" + chain;
    mixed += "[c" + std::to_string(heard++) + "]";
  }
  mix.graph += ";" + mixed + "amix=inputs=" + std::to_string(heard + 1) +
               ":duration=first:normalize=0:dropout_transition=0[aout]";
  return mix;
}

}  // namespace cinc

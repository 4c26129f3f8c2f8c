#include "compiler/cli/publish_sounds.h"

#include <filesystem>
#include <map>
#include <optional>
#include <system_error>
#include <variant>

#include "compiler/pipeline/problem_lists.h"

namespace cinc {
namespace {

// Looks up each name once; the problems are reported the first time.
class SoundFolder {
 public:
  SoundFolder(const std::string& folder, Diagnostics* diagnostics)
      : folder_(folder), diagnostics_(diagnostics) {}

  // DIR/NAME.wav, .ogg or .flac; nullopt (warned about once) when none.
  std::optional<std::string> FileOf(const std::string& name) {
    auto found = files_.find(name);
    if (found != files_.end()) return found->second;
    std::optional<std::string> file = Look(name);
    files_.emplace(name, file);
    return file;
  }

 private:
  std::optional<std::string> Look(const std::string& name) {
    if (name.find('/') != std::string::npos || name.find("..") != std::string::npos) {
      ReportUnlocated(DiagnosticCode::kSoundMissing,
                      "sound '" + name +
                          "' is not looked up: a sound's name may not hold '/' or '..'; "
                          "the video is mixed without it",
                      diagnostics_);
      return std::nullopt;
    }
    std::string base = folder_;
    while (base.size() > 1 && base.ends_with("/")) base.pop_back();
    for (const char* suffix : {".wav", ".ogg", ".flac"}) {
      std::string path = base + "/" + name + suffix;
      std::error_code error;
      if (std::filesystem::is_regular_file(path, error)) return path;
    }
    ReportUnlocated(DiagnosticCode::kSoundMissing,
                    "sound '" + name + "' has no file in " + folder_ + " (" + name + ".wav, " +
                        name + ".ogg or " + name + ".flac); the video is mixed without it",
                    diagnostics_);
    return std::nullopt;
  }

  std::string folder_;
  Diagnostics* diagnostics_;
  std::map<std::string, std::optional<std::string>> files_;
};

}  // namespace

std::vector<MixClip> FindSounds(const Sequence& sequence, const std::string& folder,
                                Diagnostics* diagnostics) {
  SoundFolder files(folder, diagnostics);
  std::vector<MixClip> clips;
  for (const Track& track : sequence.tracks) {
    if (const auto* audio = std::get_if<AudioTrack>(&track)) {
      for (const AudioClip& clip : audio->clips) {
        std::optional<std::string> file = files.FileOf(clip.sound);
        if (!file) continue;
        clips.push_back({.file = *file,
                         .start = clip.start,
                         .offset = clip.offset.value_or(0),
                         .duration = clip.duration,
                         .volume = clip.volume.value_or(1),
                         .fade_in = clip.fade_in.value_or(0),
                         .fade_out = clip.fade_out.value_or(0)});
      }
    } else if (const auto* cues = std::get_if<CuesTrack>(&track)) {
      for (const SequenceCue& cue : cues->cues) {
        if (cue.kind != "sound") continue;
        std::optional<std::string> file = files.FileOf(cue.name);
        if (!file) continue;
        MixClip sound;  // The cue's clip plays whole: offset, volume and fades keep their defaults.
        sound.file = *file;
        sound.start = cue.t;
        clips.push_back(std::move(sound));
      }
    }
  }
  return clips;
}

}  // namespace cinc

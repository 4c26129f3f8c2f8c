// The sounds `cinc render --sounds DIR` mixes into the video
// (docs/publishing.md "Sound"): the compiled sequence's sounds, each with
// its file found.
#ifndef CINC_COMPILER_CLI_PUBLISH_SOUNDS_H_
#define CINC_COMPILER_CLI_PUBLISH_SOUNDS_H_

#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "render/sound_mix.h"
#include "sequence/sequence.h"

namespace cinc {

// Every audio clip of `sequence` (as it plays: the disassembly's when
// reversed) and every `sound` cue (the sound whole from its time, at gain
// 1), with DIR/NAME.wav, .ogg or .flac (the first that is a file). A name
// without a file, or holding '/' or "..", is left out with one W_SOUND_MISSING
// per name.
std::vector<MixClip> FindSounds(const Sequence& sequence, const std::string& folder,
                                Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_COMPILER_CLI_PUBLISH_SOUNDS_H_

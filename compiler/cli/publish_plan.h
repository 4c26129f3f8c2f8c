// What `cinc render`, `cinc stills` and `cinc booklet` work out before a
// browser starts (docs/publishing.md): their options read, the chapters at
// the page's times, the stills' file names, and the progress text.
#ifndef CINC_COMPILER_CLI_PUBLISH_PLAN_H_
#define CINC_COMPILER_CLI_PUBLISH_PLAN_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "render/render_settings.h"
#include "resolver/chapters.h"

namespace cinc {

// A chapter as the page plays it, in seconds.
struct PageChapter {
  std::string label;
  double start = 0;
  double end = 0;
};

// The chapters (resolver/chapters.h) at the page's times. In the disassembly
// (`reversed`) chapter k of M is the scene's chapter M + 1 - k, from
// duration - its end to duration - its start.
std::vector<PageChapter> PageChapters(const std::vector<Chapter>& chapters, double duration,
                                      bool reversed);

// "1920x1080" -> {1920, 1080}; nullopt unless two whole numbers joined by 'x'.
std::optional<std::pair<int, int>> ParseSize(const std::string& text);
// "A:B" -> {A, B}; nullopt unless two whole numbers (render/frame_plan.h
// checks them against the range).
std::optional<FrameSlice> ParseFrames(const std::string& text);

// Where in a chapter a still is taken: its start, its end, or seconds after
// its start.
struct StillMoment {
  enum class Kind { kStart, kEnd, kSeconds } kind = Kind::kEnd;
  double seconds = 0;
};
// "start" | "end" | a decimal number of seconds, not negative.
std::optional<StillMoment> ParseStillMoment(const std::string& text);
// The step done: a millisecond before a chapter's end (never before its
// start), where its own emphasis still shows and what starts at its end
// (the next step's parts, highlights and callouts) does not yet.
double StepDoneTime(double start, double end);

// The time of the still of `chapter` (`end`: StepDoneTime); nullopt (with
// the reason in *problem) when seconds after its start fall past its end.
std::optional<double> StillTime(const PageChapter& chapter, const StillMoment& moment,
                                std::string* problem);

// The label as a file name's part: ASCII letters (lower-cased) and digits
// kept, every run of anything else one '-', none at either end, at most 48
// bytes; "chapter" when nothing is left.
std::string SafeFileLabel(const std::string& label);
// "NN-label.png": `index` from 0, numbered from 01 with at least two digits
// (as many as `count` needs).
std::string StillFileName(size_t index, size_t count, const std::string& label);

// The progress bar's text: "[#####---------------]  45/136 frames  11.2 fps
// 8 s left" (no time left before the first frame or after the last).
std::string ProgressBarText(int64_t done, int64_t total, double seconds);

}  // namespace cinc

#endif  // CINC_COMPILER_CLI_PUBLISH_PLAN_H_

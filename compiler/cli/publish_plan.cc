#include "compiler/cli/publish_plan.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "core/exact_time.h"
#include "core/number_format.h"

namespace cinc {
namespace {

// A whole number of `text` from `begin` to `end`, all of it.
template <typename Number>
std::optional<Number> WholeNumber(const std::string& text, size_t begin, size_t end) {
  Number value = 0;
  const char* first = text.data() + begin;
  const char* last = text.data() + end;
  if (first == last || !std::isdigit(static_cast<unsigned char>(*first))) return std::nullopt;
  auto [stop, error] = std::from_chars(first, last, value);
  if (error != std::errc() || stop != last) return std::nullopt;
  return value;
}

}  // namespace

std::vector<PageChapter> PageChapters(const std::vector<Chapter>& chapters, double duration,
                                      bool reversed) {
  std::vector<PageChapter> page;
  for (const Chapter& chapter : chapters) {
    page.push_back({chapter.label, chapter.start.ToDouble(), chapter.end.ToDouble()});
  }
  if (!reversed) return page;
  std::reverse(page.begin(), page.end());
  for (PageChapter& chapter : page) {
    double start = chapter.start;
    chapter.start = duration - chapter.end;
    chapter.end = duration - start;
  }
  return page;
}

std::optional<std::pair<int, int>> ParseSize(const std::string& text) {
  size_t x = text.find('x');
  if (x == std::string::npos) return std::nullopt;
  std::optional<int> width = WholeNumber<int>(text, 0, x);
  std::optional<int> height = WholeNumber<int>(text, x + 1, text.size());
  if (!width || !height) return std::nullopt;
  return std::pair<int, int>(*width, *height);
}

std::optional<FrameSlice> ParseFrames(const std::string& text) {
  size_t colon = text.find(':');
  if (colon == std::string::npos) return std::nullopt;
  std::optional<int64_t> first = WholeNumber<int64_t>(text, 0, colon);
  std::optional<int64_t> end = WholeNumber<int64_t>(text, colon + 1, text.size());
  if (!first || !end) return std::nullopt;
  return FrameSlice{*first, *end};
}

std::optional<StillMoment> ParseStillMoment(const std::string& text) {
  if (text == "start") return StillMoment{StillMoment::Kind::kStart, 0};
  if (text == "end") return StillMoment{StillMoment::Kind::kEnd, 0};
  std::optional<ExactTime> seconds = ExactTime::ParseDecimal(text);
  if (!seconds || seconds->ToDouble() < 0) return std::nullopt;
  return StillMoment{StillMoment::Kind::kSeconds, seconds->ToDouble()};
}

double StepDoneTime(double start, double end) { return std::max(start, end - 1e-3); }

std::optional<double> StillTime(const PageChapter& chapter, const StillMoment& moment,
                                std::string* problem) {
  switch (moment.kind) {
    case StillMoment::Kind::kStart:
      return chapter.start;
    case StillMoment::Kind::kEnd:
      return StepDoneTime(chapter.start, chapter.end);
    case StillMoment::Kind::kSeconds:
      break;
  }
  // Rounded to the nanosecond, the grid of scene times.
  double t = std::round((chapter.start + moment.seconds) * 1e9) / 1e9;
  if (t > chapter.end) {
    *problem = "--at " + FormatDouble(moment.seconds) + " is past the end of chapter '" +
               chapter.label + "', which lasts " +
               FormatDouble(std::round((chapter.end - chapter.start) * 1e9) / 1e9) + " s";
    return std::nullopt;
  }
  return t;
}

std::string SafeFileLabel(const std::string& label) {
  constexpr size_t kMaxBytes = 48;
  std::string safe;
  for (unsigned char c : label) {
    if (std::isalnum(c) && c < 0x80) {
      safe += static_cast<char>(std::tolower(c));
    } else if (!safe.empty() && safe.back() != '-') {
      safe += '-';
    }
  }
  if (safe.size() > kMaxBytes) safe.resize(kMaxBytes);
  while (!safe.empty() && safe.back() == '-') safe.pop_back();
  return safe.empty() ? "chapter" : safe;
}

std::string StillFileName(size_t index, size_t count, const std::string& label) {
  int digits = std::max<int>(2, static_cast<int>(std::to_string(count).size()));
  char number[32];
  std::snprintf(number, sizeof(number), "%0*zu", digits, index + 1);
  return std::string(number) + "-" + SafeFileLabel(label) + ".png";
}

std::string ProgressBarText(int64_t done, int64_t total, double seconds) {
  constexpr int kWidth = 20;
  int filled = total > 0 ? static_cast<int>(done * kWidth / total) : 0;
  std::string text = "[" + std::string(filled, '#') + std::string(kWidth - filled, '-') + "] ";
  std::string count = std::to_string(total);
  std::string shown = std::to_string(done);
  text += std::string(count.size() - std::min(count.size(), shown.size()), ' ') + shown + "/" +
          count + " frames";
  if (done <= 0 || seconds <= 0) return text;
  double fps = static_cast<double>(done) / seconds;
  char rate[64];
  std::snprintf(rate, sizeof(rate), "  %.1f fps", fps);
  text += rate;
  if (done < total) {
    text +=
        "  " + std::to_string(static_cast<int64_t>(std::ceil((total - done) / fps))) + " s left";
  }
  return text;
}

}  // namespace cinc

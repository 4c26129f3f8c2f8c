#include "compiler/cli/publish.h"

#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <memory>
#include <optional>

#include "compiler/cli/publish_plan.h"
#include "compiler/cli/publish_sounds.h"
#include "compiler/pipeline/pipeline.h"
#include "compiler/pipeline/problem_lists.h"
#include "core/atomic_file.h"
#include "core/number_format.h"
#include "render/frame_folder.h"
#include "render/frame_plan.h"
#include "render/page_capture.h"
#include "render/render.h"
#include "resolver/chapters.h"
#include "views/booklet_html.h"
#include "views/parts_list.h"

namespace cinc {
namespace {

// The scene compiled and its preview page made: what every command needs.
struct PublishedScene {
  std::string page;  // the preview page's bytes
  double duration = 0;
  bool reversed = false;
  std::vector<PageChapter> chapters;
  std::optional<PartsList> parts;          // with `with_parts`
  std::vector<PartSubject> part_subjects;  // with `with_parts`: a picture's object per model
  std::vector<std::string> inputs;
  std::optional<Sequence> sequence;  // as the page plays it
};

void Usage(const std::string& message, Diagnostics* diagnostics) {
  ReportUnlocated(DiagnosticCode::kUsage, message, diagnostics);
}

// The exit status for what went wrong: 2 for usage, 1 for anything else.
int FailureStatus(const Diagnostics& diagnostics) {
  for (const Diagnostic& item : diagnostics.items()) {
    if (item.code == DiagnosticCode::kUsage) return kExitUsage;
  }
  return kExitInputError;
}

// Reports the problems and, when status is success, each file written;
// returns status.
int Finish(int status, const std::vector<std::string>& written, Diagnostics* diagnostics,
           const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  Report(diagnostics, options, errors);
  if (status != kExitSuccess) return status;
  for (const std::string& path : written) out << "wrote " << path << "\n";
  return kExitSuccess;
}

// Compiles the scene, reads its chapters (and parts), and builds the page;
// kExitSuccess, or the status after the errors in `diagnostics`.
int PublishScene(const CommandOptions& options, bool with_parts, PublishedScene* published,
                 Diagnostics* diagnostics) {
  Compilation compilation = CompileScene(options.scene, {options.allowed_outside}, diagnostics);
  published->inputs = InputsOf(compilation.scene);
  if (options.werror) diagnostics->PromoteWarnings();
  if (!compilation.ready || diagnostics->HasErrors()) return kExitInputError;
  published->reversed = options.reverse || compilation.scene.reverse;
  // A `disassembly:` plays after the assembly (not with --reverse): the page's whole length.
  published->duration =
      (published->reversed ? compilation.timeline.duration : PlayedDuration(compilation.timeline))
          .ToDouble();
  published->chapters = PageChapters(ChaptersOf(compilation.timeline, NodeTable(compilation.scene)),
                                     published->duration, published->reversed);
  if (with_parts) {
    published->parts = ListParts(compilation.scene, compilation.timeline,
                                 NodeTable(compilation.scene), compilation.rig);
    published->part_subjects = PartSubjects(*published->parts, compilation.scene, compilation.rig,
                                            compilation.timeline.duration);
  }
  BuildSettings settings;
  settings.load.allowed_outside_roots = options.allowed_outside;
  settings.emit = options.emit;
  settings.format = FindOutputFormat("preview");
  settings.output = DefaultOutputPath(options.scene, *settings.format);
  settings.reverse = options.reverse;
  BuildResult build = BuildCompiled(&compilation, settings, diagnostics);
  if (options.werror) diagnostics->PromoteWarnings();
  if (diagnostics->HasErrors() || build.files.empty()) {
    return build.status == BuildStatus::kInternalError ? kExitInternal : kExitInputError;
  }
  published->page = std::move(build.files.front().bytes);
  published->sequence = std::move(build.sequence);
  return kExitSuccess;
}

// The default --size of render and stills, and of the booklet's pictures;
// the booklet's part pictures are always kPartWidth x kPartHeight.
constexpr const char* kVideoSize = "1920x1080";
constexpr const char* kBookletSize = "1280x720";
constexpr int kPartWidth = 320;
constexpr int kPartHeight = 240;

// --size (else `default_size`) and --view, for every command; false after
// an E_USAGE.
bool ReadPicture(const CommandOptions& options, const char* default_size,
                 FrameSourceSettings* picture, Diagnostics* diagnostics) {
  const std::string& text = options.publish.size.empty() ? default_size : options.publish.size;
  std::optional<std::pair<int, int>> size = ParseSize(text);
  if (!size) {
    Usage("--size '" + text + "' is not WIDTHxHEIGHT in pixels (" + default_size + ")",
          diagnostics);
    return false;
  }
  std::tie(picture->width, picture->height) = *size;
  picture->view = options.publish.view == "orbit" ? RenderView::kOrbit : RenderView::kCamera;
  return true;
}

// Progress on stderr: a bar rewritten in place on a terminal, else a line
// per chapter reached; then a summary line.
class Progress {
 public:
  Progress(const PublishedScene& scene, const std::optional<FramePlan>& plan, std::ostream& errors)
      : scene_(scene), plan_(plan), errors_(errors), terminal_(isatty(STDERR_FILENO) == 1) {
    // While Chromium starts and the page gets ready: no frame yet.
    if (terminal_ && plan_) errors_ << ProgressBarText(0, plan_->count(), 0) << std::flush;
  }

  void Frame(int64_t done, int64_t total) {
    // The rate counts from the first frame: the page's loading is not a frame's.
    auto now = std::chrono::steady_clock::now();
    if (done == 1) first_frame_ = now;
    double since_first = std::chrono::duration<double>(now - first_frame_).count();
    // The time `done` frames take at the rate of those after the first.
    double seconds = done > 1 ? since_first * static_cast<double>(done) / (done - 1) : 0;
    if (terminal_) {
      // "\x1b[K": the rest of a longer line before it erased.
      errors_ << "\r" << ProgressBarText(done, total, seconds) << "\x1b[K" << std::flush;
      if (done == total) errors_ << "\n";
      return;
    }
    if (!plan_) return;
    double t = plan_->TimeOf(plan_->slice_first + done - 1);
    size_t reached = next_chapter_;
    while (reached < scene_.chapters.size() && scene_.chapters[reached].start <= t + 1e-9) {
      ++reached;
    }
    if (reached == next_chapter_) return;
    // The first frame reaches the chapter it is in, not those before it.
    for (size_t k = done == 1 ? reached - 1 : next_chapter_; k < reached; ++k) {
      errors_ << "chapter " << k + 1 << " of " << scene_.chapters.size() << " at "
              << FormatDouble(t) << " s (frame " << done << " of " << total
              << "): " << scene_.chapters[k].label << "\n";
    }
    next_chapter_ = reached;
  }

 private:
  const PublishedScene& scene_;
  const std::optional<FramePlan>& plan_;
  std::ostream& errors_;
  bool terminal_;
  size_t next_chapter_ = 0;
  std::chrono::steady_clock::time_point first_frame_;
};

// --sounds: the sounds to mix, found in the folder; false after an E_USAGE.
bool ReadSounds(const CommandOptions& options, const PublishedScene& scene,
                RenderSettings* settings, Diagnostics* diagnostics) {
  const std::string& folder = options.publish.sounds;
  if (folder.empty()) return true;
  if (RenderOutputOf(options.output) == RenderOutput::kFrames) {
    Usage("--sounds needs a video (-o OUT.mp4 or OUT.webm): PNG frames have no sound track",
          diagnostics);
    return false;
  }
  std::error_code error;
  if (!std::filesystem::is_directory(folder, error)) {
    Usage("--sounds " + folder + " is not a folder", diagnostics);
    return false;
  }
  settings->sounds = FindSounds(*scene.sequence, folder, diagnostics);
  return true;
}

// render's settings from the options and the scene; false after an E_USAGE.
bool ReadRenderSettings(const CommandOptions& options, const PublishedScene& scene,
                        RenderSettings* settings, Diagnostics* diagnostics) {
  FrameSourceSettings picture;
  if (!ReadPicture(options, kVideoSize, &picture, diagnostics)) return false;
  settings->width = picture.width;
  settings->height = picture.height;
  settings->view = picture.view;
  settings->fps = options.publish.fps;
  settings->output = options.output;
  settings->from = options.publish.from;
  settings->to = options.publish.to;
  if (const std::optional<int>& chapter = options.publish.chapter) {
    if (*chapter < 1 || static_cast<size_t>(*chapter) > scene.chapters.size()) {
      Usage("--chapter " + std::to_string(*chapter) + " is not a chapter of the scene: " +
                (scene.chapters.empty()
                     ? std::string("it has none (no node has a label)")
                     : "its chapters are 1 to " + std::to_string(scene.chapters.size())),
            diagnostics);
      return false;
    }
    settings->from = scene.chapters[*chapter - 1].start;
    settings->to = scene.chapters[*chapter - 1].end;
  }
  if (!options.publish.frames.empty()) {
    settings->slice = ParseFrames(options.publish.frames);
    if (!settings->slice) {
      Usage("--frames '" + options.publish.frames +
                "' is not FIRST:END, two whole numbers of frames (0:30 is the first 30)",
            diagnostics);
      return false;
    }
  }
  return ReadSounds(options, scene, settings, diagnostics);
}

}  // namespace

int RunRender(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  Diagnostics diagnostics(options.scene);
  PublishedScene scene;
  int status = PublishScene(options, false, &scene, &diagnostics);
  RenderSettings settings;
  if (status == kExitSuccess && !ReadRenderSettings(options, scene, &settings, &diagnostics)) {
    status = kExitUsage;
  }
  if (options.werror) diagnostics.PromoteWarnings();  // a sound left out of the mix
  if (status == kExitSuccess && diagnostics.HasErrors()) status = kExitInputError;
  if (status == kExitSuccess) {
    status = CheckOutputPaths({options.output}, "", scene.inputs, &diagnostics);
  }
  if (status != kExitSuccess) {
    Report(&diagnostics, options, errors);
    return status;
  }
  std::string unused;
  std::optional<FramePlan> plan = PlanFrames(settings, scene.duration, &unused);
  Progress progress(scene, plan, errors);
  settings.progress = [&progress](int64_t done, int64_t total) { progress.Frame(done, total); };
  RenderOutcome outcome = RenderPreview(scene.page, scene.duration, settings, &diagnostics);
  if (outcome.ok) {
    double fps = outcome.capture_seconds > 0 ? outcome.frames / outcome.capture_seconds : 0;
    char summary[160];
    std::snprintf(summary, sizeof(summary),
                  "rendered %lld frames in %.1f s (%.1f fps; the page ready in %.1f s)\n",
                  static_cast<long long>(outcome.frames),
                  outcome.ready_seconds + outcome.capture_seconds + outcome.finish_seconds, fps,
                  outcome.ready_seconds);
    errors << summary;
  }
  status = outcome.ok ? kExitSuccess : FailureStatus(diagnostics);
  return Finish(status, {options.output}, &diagnostics, options, out, errors);
}

namespace {

void RenderProblem(const std::string& output, const std::string& error, Diagnostics* diagnostics) {
  ReportUnlocated(DiagnosticCode::kRender, "cannot render " + output + ": " + error, diagnostics);
}

// The stills' names and times, and the picture's settings; kExitSuccess or
// kExitUsage after an E_USAGE.
int PlanStills(const CommandOptions& options, const PublishedScene& scene,
               FrameSourceSettings* picture, std::vector<std::pair<std::string, double>>* stills,
               Diagnostics* diagnostics) {
  std::string problem;
  if (!ReadPicture(options, kVideoSize, picture, diagnostics)) return kExitUsage;
  if (!CheckRenderSize(picture->width, picture->height, false, &problem)) {
    Usage("cannot make the stills: " + problem, diagnostics);
    return kExitUsage;
  }
  std::optional<StillMoment> moment = ParseStillMoment(options.publish.at);
  if (!moment) {
    Usage("--at '" + options.publish.at +
              "' is not start, end or a number of seconds from the chapter's start",
          diagnostics);
    return kExitUsage;
  }
  if (scene.chapters.empty()) {
    Usage("cannot make the stills: the scene has no chapter (a node with a label)", diagnostics);
    return kExitUsage;
  }
  for (size_t k = 0; k < scene.chapters.size(); ++k) {
    std::optional<double> t = StillTime(scene.chapters[k], *moment, &problem);
    if (!t) {
      Usage("cannot make the stills: " + problem, diagnostics);
      return kExitUsage;
    }
    stills->emplace_back(StillFileName(k, scene.chapters.size(), scene.chapters[k].label), *t);
  }
  picture->transparent = options.publish.background == "transparent";
  picture->chapter_title = false;
  return kExitSuccess;
}

// Captures the stills into the folder, committed together; false after an
// E_RENDER or E_OUTPUT.
bool MakeStills(const PublishedScene& scene, const FrameSourceSettings& picture,
                const std::vector<std::pair<std::string, double>>& stills,
                const std::string& output, Diagnostics* diagnostics) {
  std::string error;
  std::unique_ptr<FrameFolder> folder = FrameFolder::Open(output, &error);
  if (!folder) {
    ReportUnlocated(DiagnosticCode::kOutput, error, diagnostics);
    return false;
  }
  {
    std::unique_ptr<PageCapture> capture =
        PageCapture::Open(scene.page, scene.duration, picture, &error);
    if (!capture) {
      RenderProblem(output, error, diagnostics);
      return false;
    }
    for (const auto& [name, t] : stills) {
      std::optional<std::string> png = capture->Capture(t, &error);
      if (!png) {
        RenderProblem(output, error, diagnostics);
        return false;
      }
      if (!folder->AddNamed(name, *png, &error)) {
        ReportUnlocated(DiagnosticCode::kOutput, error, diagnostics);
        return false;
      }
    }
  }  // the browser closed before the files are committed
  if (!folder->Commit(&error)) {
    ReportUnlocated(DiagnosticCode::kOutput, error, diagnostics);
    return false;
  }
  return true;
}

}  // namespace

int RunStills(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  Diagnostics diagnostics(options.scene);
  PublishedScene scene;
  FrameSourceSettings picture;
  std::vector<std::pair<std::string, double>> stills;
  int status = PublishScene(options, false, &scene, &diagnostics);
  if (status == kExitSuccess) status = PlanStills(options, scene, &picture, &stills, &diagnostics);
  const std::string folder = options.output.ends_with("/") ? options.output : options.output + "/";
  std::vector<std::string> paths;
  for (const auto& still : stills) paths.push_back(folder + still.first);
  if (status == kExitSuccess) status = CheckOutputPaths(paths, "", scene.inputs, &diagnostics);
  if (status == kExitSuccess && !MakeStills(scene, picture, stills, options.output, &diagnostics)) {
    status = kExitInputError;
  }
  return Finish(status, paths, &diagnostics, options, out, errors);
}

namespace {

// The booklet's bytes: its pictures captured, then the HTML, printed to PDF
// when `pdf`; nullopt after an E_RENDER.
std::optional<std::string> MakeBooklet(const CommandOptions& options, const PublishedScene& scene,
                                       const FrameSourceSettings& picture, bool pdf,
                                       Diagnostics* diagnostics) {
  std::string error;
  std::unique_ptr<PageCapture> capture =
      PageCapture::Open(scene.page, scene.duration, picture, &error);
  // A forward time at the page's time (the disassembly plays it backwards).
  auto at = [&scene](double t) { return scene.reversed ? scene.duration - t : t; };
  BookletContent content;
  content.parts = *scene.parts;
  content.paper = options.publish.paper == "letter" ? Paper::kLetter : Paper::kA4;
  std::optional<std::string> cover;
  if (capture) cover = capture->Capture(at(scene.duration), &error);
  if (cover) content.cover = *cover;
  for (const ChapterParts& chapter : content.parts.chapters) {
    if (!cover) break;
    const double done = scene.reversed ? chapter.end.ToDouble()
                                       : StepDoneTime(chapter.start.ToDouble(),
                                                      chapter.end.ToDouble());
    std::optional<std::string> still = capture->Capture(at(done), &error);
    if (!still) cover.reset();
    content.stills.push_back(still.value_or(""));
  }
  // Then each part model alone (`&only=OBJECT`), the same page reopened
  // in the same browser.
  FrameSourceSettings alone = picture;
  alone.width = kPartWidth;
  alone.height = kPartHeight;
  alone.view = RenderView::kOrbit;
  alone.transparent = true;
  for (const PartSubject& subject : scene.part_subjects) {
    if (!cover) break;
    alone.only = subject.object;
    std::optional<std::string> part;
    if (capture->Reopen(alone, &error))
      part = capture->Capture(at(subject.moment.ToDouble()), &error);
    if (!part)
      cover.reset();
    else
      content.part_pictures[subject.model] = *part;
  }
  if (!cover) {
    RenderProblem(options.output, error, diagnostics);
    return std::nullopt;
  }
  std::string html = BookletHtml(content);
  if (!pdf) return html;
  PaperSize paper;
  if (content.paper == Paper::kLetter) paper = {8.5, 11};
  std::optional<std::string> printed = capture->PrintPdf(html, paper, &error);
  if (!printed) RenderProblem(options.output, error, diagnostics);
  return printed;
}

}  // namespace

int RunBooklet(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  const bool pdf = options.output.ends_with(".pdf");
  Diagnostics diagnostics(options.scene);
  PublishedScene scene;
  FrameSourceSettings picture;
  int status = PublishScene(options, true, &scene, &diagnostics);
  std::string problem;
  if (status == kExitSuccess && !pdf && !options.output.ends_with(".html")) {
    Usage("-o " + options.output + ": the booklet must end in .html or .pdf", &diagnostics);
    status = kExitUsage;
  }
  if (status == kExitSuccess && !ReadPicture(options, kBookletSize, &picture, &diagnostics)) {
    status = kExitUsage;
  }
  if (status == kExitSuccess && !CheckRenderSize(picture.width, picture.height, false, &problem)) {
    Usage("cannot make the booklet: " + problem, &diagnostics);
    status = kExitUsage;
  }
  if (status == kExitSuccess) {
    status = CheckOutputPaths({options.output}, "", scene.inputs, &diagnostics);
  }
  if (status == kExitSuccess) {
    picture.chapter_title = false;
    std::optional<std::string> bytes = MakeBooklet(options, scene, picture, pdf, &diagnostics);
    std::string error;
    if (!bytes) {
      status = kExitInputError;
    } else if (!WriteFileAtomically(options.output, *bytes, &error)) {
      ReportCannotWrite(options.output, error, &diagnostics);
      status = kExitInputError;
    }
  }
  return Finish(status, {options.output}, &diagnostics, options, out, errors);
}

}  // namespace cinc

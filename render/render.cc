#include "render/render.h"

#include <chrono>
#include <cstdlib>
#include <memory>
#include <optional>

#include "core/atomic_file.h"
#include "render/frame_folder.h"
#include "render/frame_plan.h"
#include "render/page_capture.h"
#include "render/video_encoder.h"

namespace cinc {
namespace {

// How long ffmpeg may take to end once every frame is in.
constexpr auto kFinishTimeout = std::chrono::minutes(10);

std::string ProgramFrom(const char* variable, const char* fallback) {
  const char* value = std::getenv(variable);
  return value != nullptr && *value != '\0' ? value : fallback;
}

// A render's problems belong to no file (printed "cinc: error: ...").
void ReportProblem(Diagnostics* diagnostics, DiagnosticCode code, std::string message) {
  diagnostics->Add({InfoOf(code).severity, code, "", {}, "", std::move(message)});
}

double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Where the frames go: the video (its reserved file and ffmpeg) or the
// folder. Destroyed without Finish, it leaves nothing.
class Sink {
 public:
  // Errors are E_OUTPUT (the output) or E_RENDER (ffmpeg).
  bool Open(const RenderSettings& settings, Diagnostics* diagnostics) {
    output_ = settings.output;
    RenderOutput kind = RenderOutputOf(settings.output);
    std::string error;
    if (kind == RenderOutput::kFrames) {
      folder_ = FrameFolder::Open(settings.output, &error);
      return folder_ || Fail(DiagnosticCode::kOutput, error, diagnostics);
    }
    video_ = StagedFile::Reserve(settings.output, &error);
    if (!video_) {
      return Fail(DiagnosticCode::kOutput, "cannot write " + settings.output + ": " + error,
                  diagnostics);
    }
    VideoFormat format = kind == RenderOutput::kMp4 ? VideoFormat::kMp4 : VideoFormat::kWebm;
    encoder_ = VideoEncoder::Start(FfmpegProgram(), format, settings.fps, video_->temporary_path(),
                                   &error);
    return encoder_ || Fail(DiagnosticCode::kRender, error, diagnostics);
  }

  bool Add(int64_t number, std::string_view png, Diagnostics* diagnostics) {
    std::string error;
    if (folder_) {
      return folder_->Add(number, png, &error) || Fail(DiagnosticCode::kOutput, error, diagnostics);
    }
    return encoder_->Write(png, &error) || Fail(DiagnosticCode::kRender, error, diagnostics);
  }

  bool Finish(Diagnostics* diagnostics) {
    std::string error;
    if (folder_) {
      return folder_->Commit(&error) || Fail(DiagnosticCode::kOutput, error, diagnostics);
    }
    if (!encoder_->Finish(kFinishTimeout, &error)) {
      return Fail(DiagnosticCode::kRender, error, diagnostics);
    }
    if (!video_->Commit(&error)) {
      return Fail(DiagnosticCode::kOutput, "cannot write " + video_->path() + ": " + error,
                  diagnostics);
    }
    return true;
  }

 private:
  // E_OUTPUT messages say "cannot write PATH: ..." already.
  bool Fail(DiagnosticCode code, const std::string& message, Diagnostics* diagnostics) const {
    ReportProblem(
        diagnostics, code,
        code == DiagnosticCode::kRender ? "cannot render " + output_ + ": " + message : message);
    return false;
  }

  std::string output_;
  std::unique_ptr<FrameFolder> folder_;
  std::optional<StagedFile> video_;  // destroyed after ffmpeg has ended
  std::unique_ptr<VideoEncoder> encoder_;
};

// Every frame of the plan, captured and handed to the sink in order.
bool CaptureFrames(PageCapture* source, const FramePlan& plan, const RenderSettings& settings,
                   Sink* sink, RenderOutcome* outcome, Diagnostics* diagnostics) {
  for (int64_t index = plan.slice_first; index < plan.slice_end; ++index) {
    std::string error;
    std::optional<std::string> png = source->Capture(plan.TimeOf(index), &error);
    if (!png) {
      ReportProblem(diagnostics, DiagnosticCode::kRender,
                    "cannot render " + settings.output + ": " + error);
      return false;
    }
    if (!sink->Add(index + 1, *png, diagnostics)) return false;
    ++outcome->frames;
    if (settings.progress) settings.progress(outcome->frames, plan.count());
  }
  return true;
}

}  // namespace

std::string ChromiumProgram() { return ProgramFrom("CINC_CHROMIUM", "/usr/bin/chromium"); }
std::string FfmpegProgram() { return ProgramFrom("CINC_FFMPEG", "/usr/bin/ffmpeg"); }

RenderOutcome RenderPreview(std::string_view page_html, double duration,
                            const RenderSettings& settings, Diagnostics* diagnostics) {
  RenderOutcome outcome;
  std::string problem;
  std::optional<FramePlan> plan = PlanFrames(settings, duration, &problem);
  if (!plan) {
    ReportProblem(diagnostics, DiagnosticCode::kUsage, "cannot render: " + problem);
    return outcome;
  }
  Sink sink;
  if (!sink.Open(settings, diagnostics)) return outcome;
  auto start = std::chrono::steady_clock::now();
  {
    FrameSourceSettings page;
    page.width = settings.width;
    page.height = settings.height;
    page.view = settings.view;
    page.ready_timeout = settings.ready_timeout;
    page.frame_timeout = settings.frame_timeout;
    std::unique_ptr<PageCapture> source = PageCapture::Open(page_html, duration, page, &problem);
    if (!source) {
      ReportProblem(diagnostics, DiagnosticCode::kRender,
                    "cannot render " + settings.output + ": " + problem);
      return outcome;
    }
    outcome.ready_seconds = SecondsSince(start);
    start = std::chrono::steady_clock::now();
    bool captured = CaptureFrames(source.get(), *plan, settings, &sink, &outcome, diagnostics);
    outcome.capture_seconds = SecondsSince(start);
    outcome.refused_requests = source->refused_requests();
    if (!captured) return outcome;
  }  // the browser is closed and its folder removed before the encoder ends
  start = std::chrono::steady_clock::now();
  outcome.ok = sink.Finish(diagnostics);
  outcome.finish_seconds = SecondsSince(start);
  return outcome;
}

}  // namespace cinc

#include "render/page_capture.h"

#include <cmath>

#include "core/atomic_file.h"
#include "core/number_format.h"
#include "render/render.h"

namespace cinc {

std::unique_ptr<PageCapture> PageCapture::Open(std::string_view page_html, double duration,
                                               FrameSourceSettings settings, std::string* error) {
  std::unique_ptr<PageCapture> capture(new PageCapture());
  capture->folder_ = TemporaryFolder::Create("cinc-render-", error);
  if (!capture->folder_) return nullptr;
  std::string page = capture->folder_->Inside("preview.html");
  std::string reason;
  if (!WriteFileAtomically(page, page_html, &reason)) {
    *error = "the page cannot be written to " + page + ": " + reason;
    return nullptr;
  }
  settings.chromium = ChromiumProgram();
  capture->source_ = FrameSource::Open(page, settings, error);
  if (!capture->source_) return nullptr;
  if (std::abs(capture->source_->duration() - duration) > 1e-9) {
    *error = "the page lasts " + FormatDouble(capture->source_->duration()) + " s, not " +
             FormatDouble(duration) + " s: it is not this sequence's page";
    return nullptr;
  }
  return capture;
}

std::optional<std::string> PageCapture::PrintPdf(std::string_view html, const PaperSize& paper,
                                                 std::string* error) {
  std::string page = folder_->Inside("print.html");
  std::string reason;
  if (!WriteFileAtomically(page, html, &reason)) {
    *error = "the page to print cannot be written to " + page + ": " + reason;
    return std::nullopt;
  }
  return source_->PrintPdf(page, paper.width_inches, paper.height_inches, error);
}

}  // namespace cinc

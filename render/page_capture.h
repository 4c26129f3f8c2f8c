// The preview page open for pictures: the one home of writing the page
// into a private folder, opening it in Chromium and capturing it, for
// `cinc render`, `cinc stills` and `cinc booklet` (docs/render.md).
//
// Contract: PageCapture::Open writes `page_html` (a `cinc preview` page)
// into a private temporary folder (render/temporary_folder.h), opens it in
// Chromium (ChromiumProgram()) through render/frame_source.h in its render
// mode, and checks that the page lasts `duration` seconds (else it is not
// this sequence's page). Capture(t) is the PNG of the state at exactly t,
// any t from 0 to the duration, in any order. PrintPdf writes `html` (a
// page with no script needs: the booklet) into the same folder and prints
// it to PDF in the same browser; no Capture after it. Errors are in words
// in *error; the destructor closes the browser, then removes the folder.
#ifndef CINC_RENDER_PAGE_CAPTURE_H_
#define CINC_RENDER_PAGE_CAPTURE_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "render/frame_source.h"
#include "render/temporary_folder.h"

namespace cinc {

struct PaperSize {
  double width_inches = 8.27;  // A4
  double height_inches = 11.69;
};

class PageCapture {
 public:
  // settings.chromium is replaced by ChromiumProgram().
  static std::unique_ptr<PageCapture> Open(std::string_view page_html, double duration,
                                           FrameSourceSettings settings, std::string* error);
  PageCapture(const PageCapture&) = delete;
  PageCapture& operator=(const PageCapture&) = delete;

  std::optional<std::string> Capture(double t, std::string* error) {
    return source_->Capture(t, error);
  }
  std::optional<std::string> PrintPdf(std::string_view html, const PaperSize& paper,
                                      std::string* error);
  const std::vector<std::string>& refused_requests() const { return source_->refused_requests(); }

 private:
  PageCapture() = default;

  std::optional<TemporaryFolder> folder_;  // destroyed after the browser
  std::unique_ptr<FrameSource> source_;
};

}  // namespace cinc

#endif  // CINC_RENDER_PAGE_CAPTURE_H_

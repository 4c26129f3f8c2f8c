// Frames of a preview page: the page open in Chromium in its render mode,
// each frame a PNG of the viewport at one exact time.
//
// Contract: FrameSource::Open starts Chromium (render/cdp_session.h), opens
// a new tab with a viewport of exactly width x height CSS pixels at device
// scale 1 (Emulation.setDeviceMetricsOverride), refuses every request that
// is not the page's own file or a data: or blob: URL (Fetch.enable for
// every URL: each request is paused and failed, "BlockedByClient", unless
// allowed; the refused URLs are kept in refused_requests()), opens
// `page_path` from file:// with the fragment `#render&view=VIEW` (and
// `&background=transparent`, `&title=off` when asked), and waits
// for window.cinc.ready, up to the ready timeout. A page that fails (an
// exception, a rejected ready), that does not get ready in time, or that
// has no render mode (window.cinc.render) is an error, with the page's last
// errors in the message.
//
// Capture(t) awaits window.cinc.seek(t) (Runtime.evaluate, awaitPromise:
// the page is paused at t and has drawn it; it moves only by seek, so no
// clock moves it on before the picture is taken) and takes the picture
// (Page.captureScreenshot, PNG). The PNG must be width x height: anything
// else is an error. The frame is the page's state at exactly t, whatever
// the time it took.
#ifndef CINC_RENDER_FRAME_SOURCE_H_
#define CINC_RENDER_FRAME_SOURCE_H_

#include <chrono>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/json_writer.h"
#include "render/cdp_session.h"
#include "render/render_settings.h"

namespace cinc {

struct FrameSourceSettings {
  std::string chromium = "/usr/bin/chromium";
  int width = 1920;
  int height = 1080;
  RenderView view = RenderView::kCamera;
  bool transparent = false;   // &background=transparent: the page clears to alpha 0
  bool chapter_title = true;  // false: &title=off, the chapter title not drawn
  std::chrono::milliseconds ready_timeout{60000};
  std::chrono::milliseconds frame_timeout{60000};
};

class FrameSource {
 public:
  static std::unique_ptr<FrameSource> Open(const std::string& page_path,
                                           const FrameSourceSettings& settings, std::string* error);
  FrameSource(const FrameSource&) = delete;
  FrameSource& operator=(const FrameSource&) = delete;

  // window.cinc.duration, once ready.
  double duration() const { return duration_; }
  // The PNG of the frame at `t` seconds.
  std::optional<std::string> Capture(double t, std::string* error);

  // Paper in inches (A4: 8.27 x 11.69; letter: 8.5 x 11).
  std::optional<std::string> PrintPdf(const std::string& page_path, double paper_width,
                                      double paper_height, std::string* error);

  const std::vector<std::string>& refused_requests() const { return refused_; }
  const CdpSession& browser() const { return *browser_; }

 private:
  FrameSource() = default;
  bool Prepare(std::string* error);
  bool Load(const std::string& fragment, std::string* error);
  // Navigates to page_url_ (with `fragment`) and waits for its load event.
  bool Navigate(const std::string& fragment, std::chrono::steady_clock::time_point deadline,
                std::string* error);
  void OnEvent(const Json& event);
  std::optional<Json> Evaluate(const std::string& expression, std::chrono::milliseconds timeout,
                               std::string* error);
  std::string PageErrors() const;

  FrameSourceSettings settings_;
  std::unique_ptr<CdpSession> browser_;
  std::string session_;   // the tab's CDP session
  std::string page_url_;  // the page's file: URL, without the fragment
  double duration_ = 0;
  std::vector<std::string> refused_;
  std::deque<std::string> page_errors_;  // the last few exceptions and console errors
};

// The file: URL of an absolute path, every byte but unreserved ones and
// '/' percent-encoded.
std::string FileUrl(const std::string& absolute_path);

// The width and height a PNG's header says; nullopt when it is no PNG.
std::optional<std::pair<int, int>> PngSize(std::string_view png);

}  // namespace cinc

#endif  // CINC_RENDER_FRAME_SOURCE_H_

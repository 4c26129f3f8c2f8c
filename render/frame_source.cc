#include "render/frame_source.h"

#include <cstdint>
#include <utility>

#include "core/base64.h"
#include "core/number_format.h"

namespace cinc {
namespace {

constexpr size_t kKeptPageErrors = 5;
constexpr size_t kPageErrorBytes = 300;
constexpr auto kCommandTimeout = std::chrono::seconds(30);

bool IsEvent(const Json& message, std::string_view method, const std::string& session) {
  return message.value("method", "") == method && message.value("sessionId", "") == session;
}

// A RemoteObject's text: its value, else its description.
std::string TextOf(const Json& object) {
  if (object.contains("value")) {
    const Json& value = object["value"];
    return value.is_string() ? value.get<std::string>() : value.dump();
  }
  return object.value("description", "");
}

constexpr std::string_view kReadyScript = R"((async () => {
  if (!window.cinc) throw new Error('the page has no window.cinc: it is not a cinc preview page');
  await window.cinc.ready;
  return {duration: window.cinc.duration, render: window.cinc.render || null,
          width: window.innerWidth, height: window.innerHeight};
})())";

}  // namespace

std::string FileUrl(const std::string& absolute_path) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string url = "file://";
  for (unsigned char c : absolute_path) {
    bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                 c == '-' || c == '_' || c == '.' || c == '~' || c == '/';
    if (plain) {
      url += static_cast<char>(c);
    } else {
      url += '%';
      url += kHex[c >> 4];
      url += kHex[c & 15];
    }
  }
  return url;
}

std::optional<std::pair<int, int>> PngSize(std::string_view png) {
  static constexpr std::string_view kSignature = "\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR";
  if (png.size() < 24 || png.substr(0, kSignature.size()) != kSignature) return std::nullopt;
  auto word = [&png](size_t at) {
    uint32_t value = 0;
    for (size_t i = 0; i < 4; ++i) value = value << 8 | static_cast<unsigned char>(png[at + i]);
    return value;
  };
  if (word(16) > 1u << 30 || word(20) > 1u << 30) return std::nullopt;
  return std::pair<int, int>(static_cast<int>(word(16)), static_cast<int>(word(20)));
}

std::unique_ptr<FrameSource> FrameSource::Open(const std::string& page_path,
                                               const FrameSourceSettings& settings,
                                               std::string* error) {
  std::unique_ptr<FrameSource> source(new FrameSource());
  source->settings_ = settings;
  source->page_url_ = FileUrl(page_path);
  // No --window-size: below Chromium's smallest window (about 500 px) its
  // screenshots stall; the viewport's size is the emulated one, whatever the
  // window's.
  source->browser_ = CdpSession::Start(settings.chromium, {}, error);
  if (!source->browser_) return nullptr;
  FrameSource* self = source.get();
  source->browser_->set_event_handler([self](const Json& event) { self->OnEvent(event); });
  std::string fragment = "#render&view=" + std::string(RenderViewName(settings.view));
  if (settings.transparent) fragment += "&background=transparent";
  if (!settings.chapter_title) fragment += "&title=off";
  if (!source->Prepare(error) || !source->Load(fragment, error)) return nullptr;
  return source;
}

// A new tab, attached, with the page and runtime events on, every request
// paused for OnEvent to allow or refuse, and the viewport's size.
bool FrameSource::Prepare(std::string* error) {
  std::optional<Json> target =
      browser_->Call("Target.createTarget", {{"url", "about:blank"}}, "", kCommandTimeout, error);
  if (!target) return false;
  std::optional<Json> attached = browser_->Call(
      "Target.attachToTarget", {{"targetId", target->value("targetId", "")}, {"flatten", true}}, "",
      kCommandTimeout, error);
  if (!attached) return false;
  session_ = attached->value("sessionId", "");
  Json every_request = {{"patterns", Json::array({{{"urlPattern", "*"}}})}};
  Json metrics = {{"width", settings_.width},       {"height", settings_.height},
                  {"deviceScaleFactor", 1},         {"mobile", false},
                  {"screenWidth", settings_.width}, {"screenHeight", settings_.height}};
  // A transparent page's screenshots keep its alpha: no white behind it.
  Json clear = {{"color", {{"r", 0}, {"g", 0}, {"b", 0}, {"a", 0}}}};
  if (settings_.transparent && !browser_->Call("Emulation.setDefaultBackgroundColorOverride", clear,
                                               session_, kCommandTimeout, error)) {
    return false;
  }
  return browser_->Call("Page.enable", Json::object(), session_, kCommandTimeout, error) &&
         browser_->Call("Runtime.enable", Json::object(), session_, kCommandTimeout, error) &&
         browser_->Call("Fetch.enable", every_request, session_, kCommandTimeout, error) &&
         browser_->Call("Emulation.setDeviceMetricsOverride", metrics, session_, kCommandTimeout,
                        error);
}

bool FrameSource::Navigate(const std::string& fragment,
                           std::chrono::steady_clock::time_point deadline, std::string* error) {
  auto left = [&deadline] {
    return std::max(std::chrono::duration_cast<std::chrono::milliseconds>(
                        deadline - std::chrono::steady_clock::now()),
                    std::chrono::milliseconds(1));
  };
  std::optional<Json> navigated =
      browser_->Call("Page.navigate", {{"url", page_url_ + fragment}}, session_, left(), error);
  if (!navigated) return false;
  if (std::string failure = navigated->value("errorText", ""); !failure.empty()) {
    *error = "the page cannot be opened: " + failure;
    return false;
  }
  // Its own document committed, then loaded (an about:blank load before it
  // does not count).
  auto committed = [this](const Json& event) {
    if (!IsEvent(event, "Page.frameNavigated", session_)) return false;
    const Json& frame = event["params"]["frame"];
    return !frame.contains("parentId") && frame.value("url", "") == page_url_;
  };
  auto loaded = [this](const Json& event) {
    return IsEvent(event, "Page.loadEventFired", session_);
  };
  return browser_->WaitForEvent(committed, "open the page", left(), error) &&
         browser_->WaitForEvent(loaded, "load the page", left(), error);
}

// Opens the page and waits for it to be ready in its render mode.
bool FrameSource::Load(const std::string& fragment, std::string* error) {
  auto deadline = std::chrono::steady_clock::now() + settings_.ready_timeout;
  auto left = [&deadline] {
    return std::max(std::chrono::duration_cast<std::chrono::milliseconds>(
                        deadline - std::chrono::steady_clock::now()),
                    std::chrono::milliseconds(1));
  };
  if (!Navigate(fragment, deadline, error)) return false;
  std::optional<Json> ready = Evaluate(std::string(kReadyScript), left(), error);
  if (!ready) {
    if (error->find("did not answer Runtime.evaluate") != std::string::npos) {
      *error = "the page was not ready in " +
               FormatDouble(static_cast<double>(settings_.ready_timeout.count()) / 1000) + " s" +
               PageErrors();
    }
    return false;
  }
  const Json& render = (*ready)["render"];
  if (!render.is_object() || render.value("view", "") != RenderViewName(settings_.view) ||
      render.value("transparent", false) != settings_.transparent ||
      render.value("title", true) != settings_.chapter_title) {
    *error = "the page has no render mode (#render): it was made by another version of cinc";
    return false;
  }
  if (ready->value("width", 0) != settings_.width ||
      ready->value("height", 0) != settings_.height) {
    *error = "the page's window is " + std::to_string(ready->value("width", 0)) + " x " +
             std::to_string(ready->value("height", 0)) + ", not the size asked for";
    return false;
  }
  duration_ = ready->value("duration", 0.0);
  return true;
}

std::optional<Json> FrameSource::Evaluate(const std::string& expression,
                                          std::chrono::milliseconds timeout, std::string* error) {
  Json params = {{"expression", expression}, {"awaitPromise", true}, {"returnByValue", true}};
  std::optional<Json> reply = browser_->Call("Runtime.evaluate", params, session_, timeout, error);
  if (!reply) return std::nullopt;
  if (auto exception = reply->find("exceptionDetails"); exception != reply->end()) {
    std::string text = exception->contains("exception") ? TextOf((*exception)["exception"])
                                                        : exception->value("text", "");
    *error = "the page failed: " + text.substr(0, kPageErrorBytes) + PageErrors();
    return std::nullopt;
  }
  const Json& result = (*reply)["result"];
  return result.contains("value") ? result["value"] : Json();
}

std::optional<std::string> FrameSource::Capture(double t, std::string* error) {
  std::string at = FormatDouble(t);
  std::optional<Json> shown =
      Evaluate("window.cinc.seek(" + at + ").then(() => window.cinc.state().time)",
               settings_.frame_timeout, error);
  if (!shown) return std::nullopt;
  if (!shown->is_number() || shown->get<double>() != t) {
    *error = "the page went to " + shown->dump() + " s, not to " + at + " s";
    return std::nullopt;
  }
  Json params = {{"format", "png"}, {"fromSurface", true}, {"captureBeyondViewport", false}};
  std::optional<Json> shot =
      browser_->Call("Page.captureScreenshot", params, session_, settings_.frame_timeout, error);
  if (!shot) return std::nullopt;
  std::optional<std::string> png = Base64Decode(shot->value("data", ""));
  std::optional<std::pair<int, int>> size = png ? PngSize(*png) : std::nullopt;
  if (!size) {
    *error = "the picture of " + at + " s is not a PNG";
    return std::nullopt;
  }
  if (size->first != settings_.width || size->second != settings_.height) {
    *error = "the picture of " + at + " s is " + std::to_string(size->first) + " x " +
             std::to_string(size->second) + ", not " + std::to_string(settings_.width) + " x " +
             std::to_string(settings_.height);
    return std::nullopt;
  }
  return png;
}

std::optional<std::string> FrameSource::PrintPdf(const std::string& page_path, double paper_width,
                                                 double paper_height, std::string* error) {
  page_url_ = FileUrl(page_path);
  auto deadline = std::chrono::steady_clock::now() + settings_.ready_timeout;
  if (!browser_->Call("Emulation.clearDeviceMetricsOverride", Json::object(), session_,
                      kCommandTimeout, error) ||
      !Navigate("", deadline, error)) {
    return std::nullopt;
  }
  Json params = {{"paperWidth", paper_width}, {"paperHeight", paper_height},
                 {"printBackground", true},   {"displayHeaderFooter", false},
                 {"preferCSSPageSize", true}, {"marginTop", 0},
                 {"marginBottom", 0},         {"marginLeft", 0},
                 {"marginRight", 0}};
  std::optional<Json> printed =
      browser_->Call("Page.printToPDF", params, session_, settings_.frame_timeout, error);
  if (!printed) return std::nullopt;
  std::optional<std::string> pdf = Base64Decode(printed->value("data", ""));
  if (!pdf || !pdf->starts_with("%PDF-")) {
    *error = "Chromium's print of " + page_path + " is not a PDF";
    return std::nullopt;
  }
  return pdf;
}

void FrameSource::OnEvent(const Json& event) {
  if (event.value("sessionId", "") != session_) return;
  const std::string method = event.value("method", "");
  const Json& params = event.contains("params") ? event["params"] : Json::object();
  if (method == "Fetch.requestPaused") {
    std::string url = params["request"].value("url", "");
    bool allowed = url == page_url_ || url.starts_with("data:") || url.starts_with("blob:");
    std::string ignored;
    if (allowed) {
      browser_->Send("Fetch.continueRequest", {{"requestId", params.value("requestId", "")}},
                     session_, &ignored);
    } else {
      refused_.push_back(url);
      browser_->Send(
          "Fetch.failRequest",
          {{"requestId", params.value("requestId", "")}, {"errorReason", "BlockedByClient"}},
          session_, &ignored);
    }
    return;
  }
  std::string problem;
  if (method == "Runtime.exceptionThrown") {
    const Json& details = params["exceptionDetails"];
    problem =
        details.contains("exception") ? TextOf(details["exception"]) : details.value("text", "");
  } else if (method == "Runtime.consoleAPICalled" && params.value("type", "") == "error") {
    for (const Json& argument : params.value("args", Json::array())) {
      problem += (problem.empty() ? "" : " ") + TextOf(argument);
    }
  } else if (method == "Inspector.targetCrashed") {
    problem = "the page's renderer crashed";
  }
  if (problem.empty()) return;
  page_errors_.push_back(problem.substr(0, kPageErrorBytes));
  if (page_errors_.size() > kKeptPageErrors) page_errors_.pop_front();
}

// "; the page said: ...", or "" when it said nothing.
std::string FrameSource::PageErrors() const {
  std::string text;
  for (const std::string& problem : page_errors_) text += (text.empty() ? "" : " | ") + problem;
  return text.empty() ? "" : "; the page said: " + text;
}

}  // namespace cinc

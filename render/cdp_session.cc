#include "render/cdp_session.h"

#include <unistd.h>

#include <array>
#include <cstring>
#include <utility>

namespace cinc {
namespace {

constexpr std::array<std::string_view, 17> kFlags = {
    "--headless",     // the new headless mode: the full browser, no window
    "--no-sandbox",   // the sandbox cannot start as root; the page is cinc's own (docs/render.md)
    "--disable-gpu",  // WebGL through SwiftShader, on the CPU: the same pixels on every machine
    "--disable-quic",
    "--no-first-run",
    "--no-default-browser-check",
    "--disable-background-networking",  // no update checks, no field trials, no safe browsing
    "--disable-component-update",
    "--disable-sync",
    "--disable-extensions",
    "--disable-default-apps",
    "--host-resolver-rules=MAP * ~NOTFOUND",  // no host name resolves
    "--mute-audio",
    "--hide-scrollbars",
    "--force-color-profile=srgb",  // colours as the page asks, not as a monitor profile says
    "--force-device-scale-factor=1",
    "--disable-dev-shm-usage",  // a small /dev/shm (a container's) would crash the renderer
};

constexpr auto kCloseWait = std::chrono::seconds(5);

std::string Seconds(std::chrono::milliseconds duration) {
  auto count = duration.count();
  return count % 1000 == 0 ? std::to_string(count / 1000) + " s" : std::to_string(count) + " ms";
}

}  // namespace

std::string ChromiumLastWords(const std::string& log) {
  std::vector<std::string> kept;
  size_t from = 0;
  while (from < log.size()) {
    size_t end = log.find('\n', from);
    if (end == std::string::npos) end = log.size();
    std::string line = log.substr(from, end - from);
    from = end + 1;
    if (line.find(":ERROR:dbus/") == std::string::npos && !line.empty()) kept.push_back(line);
  }
  std::string text;
  for (auto line = kept.rbegin(); line != kept.rend(); ++line) {
    if (!text.empty() && text.size() + line->size() > 1500) break;
    text = *line + (text.empty() ? "" : "\n") + text;
  }
  return text;
}

std::span<const std::string_view> ChromiumFlags() { return kFlags; }

std::unique_ptr<CdpSession> CdpSession::Start(const std::string& chromium,
                                              const std::vector<std::string>& extra_flags,
                                              std::string* error) {
  std::unique_ptr<CdpSession> session(new CdpSession());
  session->chromium_ = chromium;
  std::string reason;
  session->folder_ = TemporaryFolder::Create("cinc-chromium-", &reason);
  if (!session->folder_) {
    *error = "Chromium cannot be started: " + reason;
    return nullptr;
  }
  session->profile_ = session->folder_->Inside("profile");
  session->log_ = session->folder_->Inside("chromium.log");
  int theirs_in = -1;
  int theirs_out = -1;
  if (!SocketPair(&session->commands_, &theirs_in, &reason) ||
      !SocketPair(&session->replies_, &theirs_out, &reason)) {
    if (theirs_in >= 0) close(theirs_in);
    *error = "Chromium cannot be started: " + reason;
    return nullptr;
  }
  ChildSpec spec{chromium, {}, -1, session->log_, {{3, theirs_in}, {4, theirs_out}}};
  for (std::string_view flag : kFlags) spec.arguments.emplace_back(flag);
  spec.arguments.push_back("--remote-debugging-pipe");
  spec.arguments.push_back("--user-data-dir=" + session->profile_);
  spec.arguments.insert(spec.arguments.end(), extra_flags.begin(), extra_flags.end());
  spec.arguments.push_back("about:blank");
  session->child_ = ChildProcess::Start(spec, &reason);
  close(theirs_in);
  close(theirs_out);
  if (!session->child_) {
    *error = "Chromium (" + chromium + ") cannot be started: " + reason +
             "; install Debian's chromium or name another with CINC_CHROMIUM";
    return nullptr;
  }
  std::optional<Json> version =
      session->Call("Browser.getVersion", Json::object(), "", std::chrono::seconds(30), error);
  if (!version) return nullptr;
  session->product_ = version->value("product", "");
  return session;
}

CdpSession::~CdpSession() { Close(); }

void CdpSession::Close() {
  if (child_) {
    std::string ignored;
    if (!child_->Ended() && commands_ >= 0) {
      SendCommand("Browser.close", Json::object(), "", &ignored);
    }
    if (commands_ >= 0) close(commands_);
    if (replies_ >= 0) close(replies_);
    commands_ = replies_ = -1;
    child_->Wait(kCloseWait);  // a browser whose pipe closed shuts itself down
    child_->Kill();            // what is left of its group, and the reaping
    child_.reset();
  }
  if (commands_ >= 0) close(commands_);
  if (replies_ >= 0) close(replies_);
  commands_ = replies_ = -1;
  folder_.reset();
}

int64_t CdpSession::SendCommand(std::string_view method, const Json& params,
                                std::string_view session, std::string* error) {
  Json message = Json::object();
  int64_t id = next_id_++;
  message["id"] = id;
  message["method"] = method;
  message["params"] = params;
  if (!session.empty()) message["sessionId"] = session;
  std::string text = message.dump();
  text.push_back('\0');
  std::string reason;
  if (!SendAll(commands_, text, std::chrono::steady_clock::now() + std::chrono::seconds(30),
               &reason)) {
    *error = Problem(EndedOr("did not take the command " + std::string(method) + ": " + reason));
    return -1;
  }
  return id;
}

bool CdpSession::Send(std::string_view method, const Json& params, std::string_view session,
                      std::string* error) {
  return SendCommand(method, params, session, error) >= 0;
}

std::optional<Json> CdpSession::Call(std::string_view method, const Json& params,
                                     std::string_view session, std::chrono::milliseconds timeout,
                                     std::string* error) {
  int64_t id = SendCommand(method, params, session, error);
  if (id < 0) return std::nullopt;
  auto is_reply = [id](const Json& message) {
    auto found = message.find("id");
    return found != message.end() && found->is_number_integer() && found->get<int64_t>() == id;
  };
  std::optional<Json> reply =
      Pump(is_reply, "answer " + std::string(method) + " in " + Seconds(timeout),
           std::chrono::steady_clock::now() + timeout, error);
  if (!reply) return std::nullopt;
  if (auto failure = reply->find("error"); failure != reply->end()) {
    std::string message = failure->is_object() ? failure->value("message", "") : "";
    *error = "Chromium refused " + std::string(method) + ": " + message;
    return std::nullopt;
  }
  auto result = reply->find("result");
  return result != reply->end() ? *result : Json::object();
}

std::optional<Json> CdpSession::WaitForEvent(const std::function<bool(const Json&)>& matches,
                                             std::string_view what,
                                             std::chrono::milliseconds timeout,
                                             std::string* error) {
  auto is_event = [&matches](const Json& message) {
    return !message.contains("id") && matches(message);
  };
  return Pump(is_event, std::string(what) + " in " + Seconds(timeout),
              std::chrono::steady_clock::now() + timeout, error);
}

std::optional<Json> CdpSession::Pump(const std::function<bool(const Json&)>& wanted,
                                     std::string_view what, Deadline deadline, std::string* error) {
  if (!child_ || replies_ < 0) {
    *error = Problem("is closed");
    return std::nullopt;
  }
  while (true) {
    std::string reason;
    std::optional<Json> message = NextMessage(&reason);
    if (!reason.empty()) {
      *error = Problem(reason);
      return std::nullopt;
    }
    if (message) {
      if (!message->contains("id") && handler_) handler_(*message);
      if (wanted(*message)) return message;
      continue;
    }
    Received received = ReceiveSome(replies_, &buffer_, size_t{1} << 20, deadline, &reason);
    if (received == Received::kTimeout) {
      *error = Problem("did not " + std::string(what));
      return std::nullopt;
    }
    if (received != Received::kBytes) {
      *error = Problem(EndedOr(reason));
      return std::nullopt;
    }
    if (buffer_.size() > kMaxCdpMessageBytes) {
      *error = Problem("sent a message of more than " + std::to_string(kMaxCdpMessageBytes >> 20) +
                       " MB");
      return std::nullopt;
    }
  }
}

// The next whole message in the buffer, if there is one; *error when it is
// not JSON.
std::optional<Json> CdpSession::NextMessage(std::string* error) {
  size_t end = buffer_.find('\0', scanned_);
  if (end == std::string::npos) {
    scanned_ = buffer_.size();
    return std::nullopt;
  }
  Json message = Json::parse(std::string_view(buffer_).substr(0, end), nullptr, false);
  buffer_.erase(0, end + 1);
  scanned_ = 0;
  if (message.is_discarded() || !message.is_object()) {
    *error = "sent a message that is not a JSON object";
    return std::nullopt;
  }
  return message;
}

// "ended (exited with status 1)" once the browser has ended (it is given 2 s
// to: a closed pipe comes first), else `reason`.
std::string CdpSession::EndedOr(const std::string& reason) {
  if (!child_->Wait(std::chrono::seconds(2))) return reason;
  return "ended (" + child_->Status() + ")";
}

std::string CdpSession::Problem(const std::string& what) {
  std::string text = "Chromium (" + chromium_ + ") " + what;
  std::string tail = log_.empty() ? "" : ChromiumLastWords(LogTail(log_, 16384));
  if (!tail.empty()) text += "; its last words: " + tail;
  return text;
}

}  // namespace cinc

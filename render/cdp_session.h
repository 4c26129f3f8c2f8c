// A Chromium browser driven through the Chrome DevTools Protocol over
// --remote-debugging-pipe.
//
// Contract: CdpSession::Start runs Chromium headless (render/child_process.h:
// its own process group) with a fresh profile in a private temporary folder
// and the flags of kChromiumFlags, and with two sockets as its descriptors 3
// and 4: it reads commands on 3 and writes replies and events on 4, each
// message one JSON text ended by a NUL byte. Start returns once Chromium
// has answered Browser.getVersion (product()).
//
// Call sends a command (with a fresh id, and the target's `session` when
// not empty) and waits for the reply with that id, up to `timeout`: its
// "result", or nullopt and *error for an error reply ("Chromium refused
// Page.navigate: ..."), a timeout ("Chromium did not answer ... in 30 s"),
// or a browser that ended or closed the pipe. Every event that arrives
// meanwhile goes to the event handler (which may Send, never Call); replies
// to other ids are skipped. WaitForEvent waits the same way for the first
// event `matches` accepts. Errors about the browser end with the last lines
// of its stderr ("Chromium's last words: ...").
//
// The destructor (and Close) asks the browser to close (Browser.close, then
// the pipe closed), waits up to 5 s for it to end, kills its process group
// when it has not, reaps it and removes the profile: no process of it is
// left, and no zombie.
#ifndef CINC_RENDER_CDP_SESSION_H_
#define CINC_RENDER_CDP_SESSION_H_

#include <sys/types.h>

#include <chrono>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/json_writer.h"
#include "render/child_process.h"
#include "render/socket_io.h"
#include "render/temporary_folder.h"

namespace cinc {

// What Chromium runs with (docs/render.md explains each), before
// --remote-debugging-pipe, --user-data-dir and the caller's own.
std::span<const std::string_view> ChromiumFlags();

// The last lines of Chromium's log, at most about 1500 bytes, without the
// lines of its failures to reach D-Bus (there is no D-Bus in a headless
// run; they say nothing about what went wrong).
std::string ChromiumLastWords(const std::string& log);

// The largest message cinc takes from the browser (a screenshot's base64).
inline constexpr size_t kMaxCdpMessageBytes = size_t{512} << 20;

class CdpSession {
 public:
  using EventHandler = std::function<void(const Json& event)>;

  static std::unique_ptr<CdpSession> Start(const std::string& chromium,
                                           const std::vector<std::string>& extra_flags,
                                           std::string* error);
  CdpSession(const CdpSession&) = delete;
  CdpSession& operator=(const CdpSession&) = delete;
  ~CdpSession();

  void set_event_handler(EventHandler handler) { handler_ = std::move(handler); }
  // Sends without waiting; the reply, when it comes, is skipped.
  bool Send(std::string_view method, const Json& params, std::string_view session,
            std::string* error);
  std::optional<Json> Call(std::string_view method, const Json& params, std::string_view session,
                           std::chrono::milliseconds timeout, std::string* error);
  std::optional<Json> WaitForEvent(const std::function<bool(const Json&)>& matches,
                                   std::string_view what, std::chrono::milliseconds timeout,
                                   std::string* error);
  void Close();

  pid_t pid() const { return child_ ? child_->pid() : -1; }
  const std::string& profile() const { return profile_; }
  const std::string& product() const { return product_; }

 private:
  CdpSession() = default;
  int64_t SendCommand(std::string_view method, const Json& params, std::string_view session,
                      std::string* error);
  // Reads until a message `wanted` accepts arrives (events go to the
  // handler first); `what` words a timeout.
  std::optional<Json> Pump(const std::function<bool(const Json&)>& wanted, std::string_view what,
                           Deadline deadline, std::string* error);
  std::optional<Json> NextMessage(std::string* error);
  std::string EndedOr(const std::string& reason);
  // "Chromium (PATH) ..." with the reason and its stderr's last lines.
  std::string Problem(const std::string& what);

  std::string chromium_;
  std::optional<TemporaryFolder> folder_;  // the profile and the log
  std::string profile_;
  std::string log_;
  std::optional<ChildProcess> child_;
  int commands_ = -1;  // cinc's end of descriptor 3
  int replies_ = -1;   // cinc's end of descriptor 4
  std::string buffer_;
  size_t scanned_ = 0;  // bytes of buffer_ known to hold no NUL
  int64_t next_id_ = 1;
  EventHandler handler_;
  std::string product_;
};

}  // namespace cinc

#endif  // CINC_RENDER_CDP_SESSION_H_

// The HTTP/1.1 server of `cinc serve`: one thread, one poll loop, plain
// POSIX sockets (docs/cli.md#cinc-serve, docs/security.md "cinc serve").
//
// Contract: Run() serves on the listener until Stop() (from any thread):
// each request's head is read (serve/http_request.h) and answered as
// serve/router.h says, then the connection is closed — but an event stream
// (`/events`, serve/event_stream.h), which stays open and is sent every
// build's event. The page is held once in memory and shared by the
// connections that send it, within kServeLimits. A refused request (400)
// is answered and its connection closed.
// PublishPage/PublishErrors may be called from any thread.
#ifndef CINC_SERVE_HTTP_SERVER_H_
#define CINC_SERVE_HTTP_SERVER_H_

#include <cstddef>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "serve/listener.h"
#include "serve/router.h"

namespace cinc {

// The server's limits (docs/security.md "cinc serve").
struct ServeLimits {
  size_t connections = 64;        // served at once; more wait in the listen queue
  int head_timeout_ms = 3000;     // a request head within this of connecting, else 408
  int stall_timeout_ms = 10000;   // a reader that takes nothing this long is dropped
  size_t queued_bytes = 1 << 20;  // an event stream with more unsent is dropped
};
inline constexpr ServeLimits kServeLimits{};

class HttpServer {
 public:
  HttpServer(Listener listener, SiteHosts hosts);
  ~HttpServer();
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  void Run();
  void Stop();
  // A good build: its page is served from now on (the problems shown are
  // cleared) and every stream is sent `build` {"build": N}.
  void PublishPage(long long build, std::string page);
  // A failed build: every stream is sent `errors` with `report` (JSON); the
  // page stays the last good one. `text`: the problems as the terminal shows
  // them, for the page that waits for a first good build.
  void PublishErrors(long long build, std::string report, std::string text);

 private:
  struct Connection;
  void Accept();
  void Wake();
  void Read(Connection* connection);
  void Answer(Connection* connection);
  void Write(Connection* connection);
  void Refuse(Connection* connection, int status);
  std::string Opening();  // what a new stream is sent first
  std::string WaitingPage();

  Listener listener_;
  SiteHosts hosts_;
  int wake_ = -1;  // an eventfd: a publication, or Stop
  std::vector<std::unique_ptr<Connection>> connections_;

  std::mutex mutex_;  // guards what follows
  bool stopping_ = false;
  std::shared_ptr<const std::string> page_;
  long long page_build_ = 0;
  std::string errors_;       // the last build's report, when it failed
  std::string errors_text_;  // and its text
  long long errors_build_ = 0;
  std::vector<std::string> pending_;  // events not yet put on the streams
};

}  // namespace cinc

#endif  // CINC_SERVE_HTTP_SERVER_H_

#include "serve/http_server.h"

#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <utility>

#include "serve/event_stream.h"
#include "serve/http_request.h"

namespace cinc {
namespace {

using Clock = std::chrono::steady_clock;

constexpr int kDrainMs = 1000;  // reading what a closed request still sends

std::string EscapeHtml(std::string_view text) {
  std::string escaped;
  for (char c : text) {
    switch (c) {
      case '<':
        escaped += "&lt;";
        break;
      case '>':
        escaped += "&gt;";
        break;
      case '&':
        escaped += "&amp;";
        break;
      case '"':
        escaped += "&quot;";
        break;
      default:
        escaped += c;
    }
  }
  return escaped;
}

// The head of a response that closes its connection after `length` bytes.
std::string Head(int status, std::string_view type, size_t length,
                 std::string_view extra = std::string_view()) {
  return "HTTP/1.1 " + std::to_string(status) + " " + StatusText(status) +
         "\r\nContent-Type: " + std::string(type) +
         "\r\nContent-Length: " + std::to_string(length) +
         "\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
         "Referrer-Policy: no-referrer\r\n" +
         std::string(extra) + "Connection: close\r\n\r\n";
}

}  // namespace

struct HttpServer::Connection {
  enum class State { kReading, kSending, kStreaming, kDraining };
  int fd = -1;
  State state = State::kReading;
  HttpRequestReader reader;
  std::string out;                          // bytes to send first
  std::shared_ptr<const std::string> body;  // then these, from `sent`
  size_t sent = 0;
  Clock::time_point deadline;  // reading, sending, draining: when it is given up
  bool peer_closed = false;    // the client sends no more (it may still read)
  bool done = false;           // to be closed

  ~Connection() {
    if (fd >= 0) close(fd);
  }
  bool Pending() const { return !out.empty() || (body && sent < body->size()); }
};

HttpServer::HttpServer(Listener listener, SiteHosts hosts)
    : listener_(std::move(listener)),
      hosts_(std::move(hosts)),
      wake_(eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC)) {}

HttpServer::~HttpServer() {
  if (wake_ >= 0) close(wake_);
}

void HttpServer::Stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  uint64_t one = 1;
  (void)!write(wake_, &one, sizeof one);
}

void HttpServer::PublishPage(long long build, std::string page) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    page_ = std::make_shared<const std::string>(std::move(page));
    page_build_ = build;
    errors_.clear();
    errors_text_.clear();
    pending_.push_back(EventMessage("build", build, "{\"build\":" + std::to_string(build) + "}"));
  }
  uint64_t one = 1;
  (void)!write(wake_, &one, sizeof one);
}

void HttpServer::PublishErrors(long long build, std::string report, std::string text) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    pending_.push_back(EventMessage("errors", build, report));
    errors_ = std::move(report);
    errors_text_ = std::move(text);
    errors_build_ = build;
  }
  uint64_t one = 1;
  (void)!write(wake_, &one, sizeof one);
}

void HttpServer::Run() {
  for (;;) {
    std::vector<pollfd> watched;
    const bool accepting = connections_.size() < kServeLimits.connections;
    watched.push_back({wake_, POLLIN, 0});
    watched.push_back({accepting ? listener_.fd() : -1, POLLIN, 0});
    Clock::time_point next = Clock::time_point::max();
    for (const auto& connection : connections_) {
      // A stream's reader going away shows as input too.
      short events = connection->peer_closed ? 0 : POLLIN;
      if (connection->Pending()) events |= POLLOUT;
      watched.push_back({connection->fd, events, 0});
      if (connection->state != Connection::State::kStreaming) {
        next = std::min(next, connection->deadline);
      }
    }
    int timeout = -1;
    if (next != Clock::time_point::max()) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(next - Clock::now());
      timeout = static_cast<int>(std::clamp<long long>(left.count() + 1, 0, 60000));
    }
    if (poll(watched.data(), watched.size(), timeout) < 0 && errno != EINTR) break;
    if (watched[0].revents != 0) {
      Wake();
      std::lock_guard<std::mutex> lock(mutex_);
      if (stopping_) break;
    }
    const Clock::time_point now = Clock::now();
    for (size_t i = 0; i < connections_.size(); ++i) {
      Connection* connection = connections_[i].get();
      const short revents = watched[i + 2].revents;
      if ((revents & (POLLERR | POLLNVAL)) != 0) connection->done = true;
      if (!connection->done && (revents & (POLLIN | POLLHUP)) != 0) Read(connection);
      if (!connection->done && (revents & POLLOUT) != 0) Write(connection);
      if (!connection->done && connection->state != Connection::State::kStreaming &&
          now >= connection->deadline) {
        if (connection->state == Connection::State::kReading) {
          Refuse(connection, 408);
        } else {
          connection->done = true;
        }
      }
    }
    std::erase_if(connections_, [](const auto& connection) { return connection->done; });
    if ((watched[1].revents & POLLIN) != 0) Accept();
  }
  connections_.clear();
  listener_.Close();
}

void HttpServer::Accept() {
  while (connections_.size() < kServeLimits.connections) {
    int fd = accept4(listener_.fd(), nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
    if (fd < 0) return;  // EAGAIN: no more waiting
    auto connection = std::make_unique<Connection>();
    connection->fd = fd;
    connection->deadline = Clock::now() + std::chrono::milliseconds(kServeLimits.head_timeout_ms);
    connections_.push_back(std::move(connection));
  }
}

// Puts the builds' events on every stream; a stream that does not take them
// is dropped.
void HttpServer::Wake() {
  uint64_t count = 0;
  (void)!read(wake_, &count, sizeof count);
  std::vector<std::string> events;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    events.swap(pending_);
  }
  for (const auto& connection : connections_) {
    if (connection->state != Connection::State::kStreaming) continue;
    for (const std::string& event : events) connection->out += event;
    if (connection->out.size() > kServeLimits.queued_bytes) connection->done = true;
    if (!connection->done) Write(connection.get());
  }
}

void HttpServer::Read(Connection* connection) {
  char buffer[4096];
  ssize_t got = recv(connection->fd, buffer, sizeof buffer, MSG_DONTWAIT);
  if (got < 0 && (errno == EAGAIN || errno == EINTR)) return;
  if (got < 0 || (got == 0 && connection->state != Connection::State::kSending)) {
    connection->done = true;  // failed, or closed before its answer was due
    return;
  }
  if (got == 0) {  // closed its side after the request: the answer still goes
    connection->peer_closed = true;
    return;
  }
  if (connection->state != Connection::State::kReading) return;  // bytes after the request
  switch (connection->reader.Feed(std::string_view(buffer, static_cast<size_t>(got)))) {
    case HttpRequestReader::Status::kIncomplete:
      return;
    case HttpRequestReader::Status::kBad:
      Refuse(connection, 400);
      return;
    case HttpRequestReader::Status::kComplete:
      Answer(connection);
      return;
  }
}

void HttpServer::Answer(Connection* connection) {
  const Route route = RouteRequest(connection->reader.request(), hosts_);
  if (route.kind == Route::Kind::kError) {
    Refuse(connection, route.status);
    return;
  }
  connection->deadline = Clock::now() + std::chrono::milliseconds(kServeLimits.stall_timeout_ms);
  connection->state = Connection::State::kSending;
  if (route.kind == Route::Kind::kEvents && !route.head_only) {
    connection->state = Connection::State::kStreaming;
    connection->out = EventStreamOpening() + Opening();
  } else if (route.kind == Route::Kind::kEvents) {
    connection->out = EventStreamOpening().substr(0, EventStreamOpening().find("\r\n\r\n") + 4);
  } else {
    std::shared_ptr<const std::string> page;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      page = page_;
    }
    const bool built = page != nullptr;
    if (!built) page = std::make_shared<const std::string>(WaitingPage());
    connection->out = Head(built ? 200 : 503, "text/html; charset=utf-8", page->size());
    if (!route.head_only) connection->body = std::move(page);
  }
  Write(connection);
}

std::string HttpServer::Opening() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::string opening;
  if (page_build_ > 0) {
    opening +=
        EventMessage("build", page_build_, "{\"build\":" + std::to_string(page_build_) + "}");
  }
  if (!errors_.empty()) opening += EventMessage("errors", errors_build_, errors_);
  return opening;
}

std::string HttpServer::WaitingPage() {
  std::lock_guard<std::mutex> lock(mutex_);
  return "<!doctype html>\n<meta charset=\"utf-8\">\n<meta http-equiv=\"refresh\" content=\"1\">\n"
         "<title>cinc serve</title>\n<p>cinc serve: waiting for a good build (this page reloads "
         "itself).</p>\n<pre>" +
         EscapeHtml(errors_text_) + "</pre>\n";
}

// Answers `status` with a short text and closes the connection.
void HttpServer::Refuse(Connection* connection, int status) {
  const std::string text = std::to_string(status) + " " + StatusText(status) + "\n";
  connection->out = Head(status, "text/plain; charset=utf-8", text.size(),
                         status == 405 ? "Allow: GET, HEAD\r\n" : std::string_view()) +
                    text;
  connection->body.reset();
  connection->state = Connection::State::kSending;
  connection->deadline = Clock::now() + std::chrono::milliseconds(kServeLimits.stall_timeout_ms);
  Write(connection);
}

void HttpServer::Write(Connection* connection) {
  while (connection->Pending()) {
    const bool head = !connection->out.empty();
    const char* bytes = head ? connection->out.data() : connection->body->data() + connection->sent;
    const size_t size = head ? connection->out.size() : connection->body->size() - connection->sent;
    ssize_t put = send(connection->fd, bytes, size, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (put < 0 && (errno == EAGAIN || errno == EINTR)) return;
    if (put <= 0) {
      connection->done = true;
      return;
    }
    if (head) {
      connection->out.erase(0, static_cast<size_t>(put));
    } else {
      connection->sent += static_cast<size_t>(put);
    }
    if (connection->state == Connection::State::kSending) {
      connection->deadline =
          Clock::now() + std::chrono::milliseconds(kServeLimits.stall_timeout_ms);
    }
  }
  if (connection->state != Connection::State::kSending) return;
  // All sent: no more to say. What the client still sends is read and
  // dropped until it closes (closing with unread input would reset the
  // connection and could lose the answer), for at most kDrainMs.
  connection->body.reset();
  shutdown(connection->fd, SHUT_WR);
  connection->state = Connection::State::kDraining;
  connection->deadline = Clock::now() + std::chrono::milliseconds(kDrainMs);
}

}  // namespace cinc

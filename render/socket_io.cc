#include "render/socket_io.h"

#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace cinc {

bool SocketPair(int* ours, int* theirs, std::string* error) {
  int ends[2];
  if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, ends) != 0) {
    *error = std::string("a socket pair cannot be made (") + std::strerror(errno) + ")";
    return false;
  }
  *ours = ends[0];
  *theirs = ends[1];
  return true;
}

int MillisecondsUntil(Deadline deadline, int cap) {
  auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
      deadline - std::chrono::steady_clock::now());
  return static_cast<int>(std::clamp<int64_t>(left.count(), 0, cap));
}

bool SendAll(int descriptor, std::string_view bytes, Deadline deadline, std::string* error) {
  size_t sent = 0;
  while (sent < bytes.size()) {
    pollfd ready{descriptor, POLLOUT, 0};
    int waiting = poll(&ready, 1, MillisecondsUntil(deadline, 1000));
    if (waiting < 0 && errno != EINTR) {
      *error = std::string("waiting to write failed (") + std::strerror(errno) + ")";
      return false;
    }
    if (waiting <= 0) {
      if (std::chrono::steady_clock::now() >= deadline) {
        *error = "it did not read what cinc sent in time";
        return false;
      }
      continue;
    }
    ssize_t written =
        send(descriptor, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (written < 0) {
      if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;
      *error = errno == EPIPE || errno == ECONNRESET
                   ? std::string("it closed its end")
                   : std::string("writing failed (") + std::strerror(errno) + ")";
      return false;
    }
    sent += static_cast<size_t>(written);
  }
  return true;
}

Received ReceiveSome(int descriptor, std::string* buffer, size_t limit, Deadline deadline,
                     std::string* error) {
  while (true) {
    pollfd ready{descriptor, POLLIN, 0};
    int waiting = poll(&ready, 1, MillisecondsUntil(deadline, 1000));
    if (waiting < 0 && errno != EINTR) {
      *error = std::string("waiting to read failed (") + std::strerror(errno) + ")";
      return Received::kFailed;
    }
    if (waiting <= 0) {
      if (std::chrono::steady_clock::now() >= deadline) return Received::kTimeout;
      continue;
    }
    static thread_local std::string chunk(size_t{1} << 18, '\0');
    ssize_t count = recv(descriptor, chunk.data(), std::min(limit, chunk.size()), MSG_DONTWAIT);
    if (count > 0) {
      buffer->append(chunk.data(), static_cast<size_t>(count));
      return Received::kBytes;
    }
    if (count == 0) {
      *error = "it closed its end";
      return Received::kClosed;
    }
    if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK) continue;
    if (errno == ECONNRESET) {
      *error = "it closed its end";
      return Received::kClosed;
    }
    *error = std::string("reading failed (") + std::strerror(errno) + ")";
    return Received::kFailed;
  }
}

}  // namespace cinc

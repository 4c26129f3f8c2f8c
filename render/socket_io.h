// Talking to a helper program over a socket: what cinc sends to Chromium's
// DevTools pipe and to ffmpeg's stdin, and what it reads back.
//
// Contract: SocketPair makes a connected pair of stream sockets, both
// close-on-exec: one end for cinc, the other to become a child's
// descriptor (render/child_process.h). Sockets rather than pipes, so that
// writing to a child that died is an error (EPIPE, sent with MSG_NOSIGNAL),
// never a SIGPIPE that would end cinc. SendAll writes every byte, waiting
// (poll) while the child does not read, until `deadline`; ReceiveSome waits
// until `deadline` for bytes and appends what one read gives (at most
// `limit`, at most 256 KB). Both say what went wrong in *error: "it closed its end", "it
// did not read for N s", the system's reason.
#ifndef CINC_RENDER_SOCKET_IO_H_
#define CINC_RENDER_SOCKET_IO_H_

#include <chrono>
#include <cstddef>
#include <string>
#include <string_view>

namespace cinc {

using Deadline = std::chrono::steady_clock::time_point;

// Both ends are close-on-exec; false with the reason in *error.
bool SocketPair(int* ours, int* theirs, std::string* error);

bool SendAll(int descriptor, std::string_view bytes, Deadline deadline, std::string* error);

enum class Received { kBytes, kTimeout, kClosed, kFailed };
// Appends up to `limit` bytes to *buffer once some are there; kTimeout when
// none came before `deadline`, kClosed when the other end closed.
Received ReceiveSome(int descriptor, std::string* buffer, size_t limit, Deadline deadline,
                     std::string* error);

// Milliseconds from now to `deadline`, at least 0, at most `cap` (poll's
// timeout).
int MillisecondsUntil(Deadline deadline, int cap);

}  // namespace cinc

#endif  // CINC_RENDER_SOCKET_IO_H_

// Server-sent events (the HTML standard's `text/event-stream`): what `cinc
// serve` tells open pages about its builds (docs/cli.md#cinc-serve).
//
// Contract: EventMessage() is one event: `event: NAME`, `id: ID`, one `data:`
// line per line of `data` (CR and LF both end a line), and the empty line
// that dispatches it. The stream's opening asks the browser to reconnect
// after kReconnectMs when the server goes away.
#ifndef CINC_SERVE_EVENT_STREAM_H_
#define CINC_SERVE_EVENT_STREAM_H_

#include <string>
#include <string_view>

namespace cinc {

inline constexpr int kReconnectMs = 1000;

// The response head and the first bytes of an event stream.
std::string EventStreamOpening();

// One event; `name` and `id` hold no line break.
std::string EventMessage(std::string_view name, long long id, std::string_view data);

}  // namespace cinc

#endif  // CINC_SERVE_EVENT_STREAM_H_

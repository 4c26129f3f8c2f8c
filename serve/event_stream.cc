#include "serve/event_stream.h"

namespace cinc {

std::string EventStreamOpening() {
  return "HTTP/1.1 200 OK\r\n"
         "Content-Type: text/event-stream; charset=utf-8\r\n"
         "Cache-Control: no-store\r\n"
         "X-Content-Type-Options: nosniff\r\n"
         "Connection: keep-alive\r\n"
         "\r\n"
         "retry: " +
         std::to_string(kReconnectMs) + "\n\n";
}

std::string EventMessage(std::string_view name, long long id, std::string_view data) {
  std::string message = "event: " + std::string(name) + "\nid: " + std::to_string(id) + "\n";
  size_t start = 0;
  for (;;) {
    size_t end = data.find_first_of("\r\n", start);
    message += "data: ";
    message += data.substr(start, end == std::string_view::npos ? end : end - start);
    message += '\n';
    if (end == std::string_view::npos) break;
    start = end + (data.compare(end, 2, "\r\n") == 0 ? 2 : 1);
  }
  return message + "\n";
}

}  // namespace cinc

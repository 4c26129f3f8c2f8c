#include "serve/event_stream.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

TEST(EventStreamTest, EachLineOfTheDataIsADataLine) {
  EXPECT_EQ(EventMessage("build", 3, "{\"build\":3}"),
            "event: build\nid: 3\ndata: {\"build\":3}\n\n");
  EXPECT_EQ(EventMessage("errors", 4, "a\nb\r\nc\rd"),
            "event: errors\nid: 4\ndata: a\ndata: b\ndata: c\ndata: d\n\n");
  EXPECT_EQ(EventMessage("x", 1, ""), "event: x\nid: 1\ndata: \n\n");
}

TEST(EventStreamTest, TheOpeningAsksForAReconnectAfterASecond) {
  const std::string opening = EventStreamOpening();
  EXPECT_EQ(opening.rfind("HTTP/1.1 200 OK\r\n", 0), 0u);
  EXPECT_NE(opening.find("Content-Type: text/event-stream; charset=utf-8\r\n"), std::string::npos);
  EXPECT_EQ(opening.substr(opening.find("\r\n\r\n") + 4), "retry: 1000\n\n");
}

}  // namespace
}  // namespace cinc

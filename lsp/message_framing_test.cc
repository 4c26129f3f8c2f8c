#include "lsp/message_framing.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <string>

namespace cinc {
namespace {

// A reader over a pipe that holds `input` and is then closed.
struct PipeInput {
  int fds[2] = {-1, -1};
  explicit PipeInput(const std::string& input) {
    EXPECT_EQ(pipe(fds), 0);
    EXPECT_EQ(write(fds[1], input.data(), input.size()), static_cast<ssize_t>(input.size()));
    close(fds[1]);
  }
  ~PipeInput() { close(fds[0]); }
};

TEST(MessageFramingTest, FramesAreReadBackWhateverTheirHeaders) {
  const std::string first = R"({"jsonrpc":"2.0","id":1,"method":"initialize"})";
  const std::string second = "{\"text\":\"é\"}";
  EXPECT_EQ(FrameMessage(second), "Content-Length: 13\r\n\r\n{\"text\":\"é\"}");
  PipeInput input(FrameMessage(first) +
                  "content-length:13\r\nContent-Type: application/vscode-jsonrpc; "
                  "charset=utf-8\r\n\r\n" +
                  second);
  MessageReader reader(input.fds[0]);
  std::string error;
  EXPECT_EQ(reader.Next(&error), first);
  EXPECT_EQ(reader.Next(&error), second);
  EXPECT_EQ(reader.Next(&error), std::nullopt);
  EXPECT_EQ(error, "");
}

TEST(MessageFramingTest, BrokenFramesSayWhy) {
  struct Case {
    std::string input;
    std::string error;
  };
  const Case cases[] = {
      {"Content-Type: x\r\n\r\n{}", "a message without a Content-Length header"},
      {"Content-Length: 67108865\r\n\r\n",
       "a message of 67108865 bytes, over the 67108864-byte limit"},
      {"Content-Length: 10\r\n\r\n{}", "the input ends inside a message"},
      {"Content-Length: 1", "the input ends inside a header"},
      {std::string(9000, 'x'), "a header longer than 8192 bytes"},
  };
  for (const Case& test : cases) {
    PipeInput input(test.input);
    MessageReader reader(input.fds[0]);
    std::string error;
    EXPECT_EQ(reader.Next(&error), std::nullopt) << test.input.substr(0, 40);
    EXPECT_EQ(error, test.error);
  }
}

}  // namespace
}  // namespace cinc

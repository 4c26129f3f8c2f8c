#include "serve/http_server.h"

#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <string>
#include <thread>

namespace cinc {
namespace {

int Connect(int port) {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in address{};
  address.sin_family = AF_INET;
  address.sin_port = htons(static_cast<uint16_t>(port));
  inet_pton(AF_INET, "127.0.0.1", &address.sin_addr);
  EXPECT_EQ(connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  return fd;
}

// Sends `request` and reads until the server closes.
std::string Exchange(int port, const std::string& request) {
  int fd = Connect(port);
  EXPECT_EQ(send(fd, request.data(), request.size(), 0), static_cast<ssize_t>(request.size()));
  std::string answer;
  char buffer[4096];
  for (ssize_t got; (got = recv(fd, buffer, sizeof buffer, 0)) > 0;) answer.append(buffer, got);
  close(fd);
  return answer;
}

// Reads from `fd` until `text` has come.
std::string ReadUntil(int fd, const std::string& text) {
  std::string answer;
  char buffer[4096];
  while (answer.find(text) == std::string::npos) {
    ssize_t got = recv(fd, buffer, sizeof buffer, 0);
    if (got <= 0) break;
    answer.append(buffer, got);
  }
  return answer;
}

class HttpServerTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    Listener listener = Listener::Listen("127.0.0.1", 0, &error);
    ASSERT_GE(listener.fd(), 0) << error;
    port_ = listener.port();
    server_ = std::make_unique<HttpServer>(std::move(listener), HostsFor("127.0.0.1", port_));
    thread_ = std::thread([this] { server_->Run(); });
  }
  void TearDown() override {
    server_->Stop();
    thread_.join();
  }
  std::string Get(const std::string& target) {
    return Exchange(port_, "GET " + target + " HTTP/1.1\r\nHost: 127.0.0.1:" +
                               std::to_string(port_) + "\r\n\r\n");
  }

  int port_ = 0;
  std::unique_ptr<HttpServer> server_;
  std::thread thread_;
};

TEST_F(HttpServerTest, ServesThePageOfTheLastGoodBuild) {
  std::string waiting = Get("/");
  EXPECT_EQ(waiting.rfind("HTTP/1.1 503 Service Unavailable\r\n", 0), 0u) << waiting;
  server_->PublishErrors(1, "{}", "scene.yaml:2:3: error: <b> [E_X]");
  EXPECT_NE(Get("/").find("<pre>scene.yaml:2:3: error: &lt;b&gt; [E_X]</pre>"), std::string::npos);
  server_->PublishPage(2, "<p>two</p>");
  EXPECT_EQ(Get("/index.html"),
            "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: 10\r\n"
            "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n"
            "Referrer-Policy: no-referrer\r\nConnection: close\r\n\r\n<p>two</p>");
}

TEST_F(HttpServerTest, RefusesWhatIsNotThere) {
  server_->PublishPage(1, "page");
  EXPECT_EQ(Get("/../scene.yaml").rfind("HTTP/1.1 404 Not Found\r\n", 0), 0u);
  std::string post = Exchange(port_, "POST / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n");
  EXPECT_EQ(post.rfind("HTTP/1.1 405 Method Not Allowed\r\n", 0), 0u);
  EXPECT_NE(post.find("\r\nAllow: GET, HEAD\r\n"), std::string::npos);
  EXPECT_EQ(
      Exchange(port_, "GET / HTTP/1.1\r\nHost: evil.example\r\n\r\n").rfind("HTTP/1.1 403", 0), 0u);
  EXPECT_EQ(Exchange(port_, "GET /\r\n\r\n").rfind("HTTP/1.1 400 Bad Request\r\n", 0), 0u);
}

TEST_F(HttpServerTest, AnswersAClientThatClosedItsSide) {
  server_->PublishPage(1, std::string(1 << 20, 'x'));  // more than a socket buffer
  int fd = Connect(port_);
  const std::string request = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n";
  send(fd, request.data(), request.size(), 0);
  shutdown(fd, SHUT_WR);
  std::string answer;
  char buffer[65536];
  for (ssize_t got; (got = recv(fd, buffer, sizeof buffer, 0)) > 0;) answer.append(buffer, got);
  close(fd);
  EXPECT_EQ(answer.rfind("HTTP/1.1 200 OK\r\n", 0), 0u);
  EXPECT_EQ(answer.substr(answer.find("\r\n\r\n") + 4), std::string(1 << 20, 'x'));
}

TEST_F(HttpServerTest, TellsOpenStreamsOfEveryBuild) {
  server_->PublishPage(1, "page");
  int fd = Connect(port_);
  const std::string request = "GET /events HTTP/1.1\r\nHost: localhost\r\n\r\n";
  send(fd, request.data(), request.size(), 0);
  std::string opening = ReadUntil(fd, "data: {\"build\":1}\n\n");
  EXPECT_NE(opening.find("retry: 1000\n\nevent: build\nid: 1\ndata: {\"build\":1}\n\n"),
            std::string::npos)
      << opening;
  server_->PublishErrors(2, "{\"errors\":1}", "");
  EXPECT_EQ(ReadUntil(fd, "\n\n"), "event: errors\nid: 2\ndata: {\"errors\":1}\n\n");
  server_->PublishPage(3, "page 3");
  EXPECT_EQ(ReadUntil(fd, "\n\n"), "event: build\nid: 3\ndata: {\"build\":3}\n\n");
  close(fd);
}

}  // namespace
}  // namespace cinc

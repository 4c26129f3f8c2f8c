#include "render/cdp_session.h"

#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cerrno>
#include <filesystem>

#include "render/render.h"
#include "render/test_helpers.h"

namespace cinc {
namespace {

constexpr auto kTimeout = std::chrono::seconds(30);

TEST(CdpSessionTest, TalksToChromiumOverThePipeAndLeavesNothing) {
  std::string error;
  std::unique_ptr<CdpSession> browser = CdpSession::Start(ChromiumProgram(), {}, &error);
  ASSERT_TRUE(browser) << error;
  EXPECT_NE(browser->product().find("Chrome/"), std::string::npos) << browser->product();
  std::string profile = browser->profile();
  int pid = browser->pid();
  EXPECT_TRUE(std::filesystem::is_directory(profile));
  EXPECT_FALSE(testing::ProcessesWith(profile).empty());
  std::optional<Json> targets =
      browser->Call("Target.getTargets", Json::object(), "", kTimeout, &error);
  ASSERT_TRUE(targets) << error;
  EXPECT_TRUE((*targets)["targetInfos"].is_array());
  // An error reply is an error with the browser's message.
  EXPECT_FALSE(browser->Call("Nothing.here", Json::object(), "", kTimeout, &error));
  EXPECT_EQ(error.rfind("Chromium refused Nothing.here: ", 0), 0u) << error;
  browser.reset();
  EXPECT_EQ(testing::ProcessesWith(profile), std::vector<int>{});
  EXPECT_FALSE(std::filesystem::exists(profile));
  EXPECT_EQ(waitpid(pid, nullptr, WNOHANG), -1);  // reaped: no zombie
  EXPECT_EQ(errno, ECHILD);
}

// A command the browser does not answer in time is an error that says so;
// the events met while waiting go to the handler.
TEST(CdpSessionTest, ATimeoutIsAnErrorAndEventsGoToTheHandler) {
  std::string error;
  std::unique_ptr<CdpSession> browser = CdpSession::Start(ChromiumProgram(), {}, &error);
  ASSERT_TRUE(browser) << error;
  int events = 0;
  browser->set_event_handler([&events](const Json&) { ++events; });
  ASSERT_TRUE(
      browser->Call("Target.setDiscoverTargets", {{"discover", true}}, "", kTimeout, &error))
      << error;
  std::optional<Json> target =
      browser->Call("Target.createTarget", {{"url", "about:blank"}}, "", kTimeout, &error);
  ASSERT_TRUE(target) << error;
  EXPECT_GT(events, 0);  // Target.targetCreated, at least
  std::optional<Json> attached =
      browser->Call("Target.attachToTarget",
                    {{"targetId", (*target)["targetId"]}, {"flatten", true}}, "", kTimeout, &error);
  ASSERT_TRUE(attached) << error;
  std::string session = (*attached)["sessionId"];
  Json never = {{"expression", "new Promise(() => {})"}, {"awaitPromise", true}};
  EXPECT_FALSE(
      browser->Call("Runtime.evaluate", never, session, std::chrono::milliseconds(300), &error));
  EXPECT_EQ(
      error.rfind("Chromium (" + ChromiumProgram() + ") did not answer Runtime.evaluate in 300 ms",
                  0),
      0u)
      << error;
  // It still answers what comes next.
  Json sum = {{"expression", "6 * 7"}, {"returnByValue", true}};
  std::optional<Json> answer = browser->Call("Runtime.evaluate", sum, session, kTimeout, &error);
  ASSERT_TRUE(answer) << error;
  EXPECT_EQ((*answer)["result"]["value"], 42);
}

TEST(CdpSessionTest, NoBrowserIsAnErrorThatSaysWhatToDo) {
  std::string error;
  EXPECT_FALSE(CdpSession::Start("/nonexistent/chromium", {}, &error));
  EXPECT_EQ(error,
            "Chromium (/nonexistent/chromium) cannot be started: No such file or directory; "
            "install Debian's chromium or name another with CINC_CHROMIUM");
}

// A program that ends at once (it takes no DevTools pipe): an error with
// how it ended and what it printed, and nothing left.
TEST(CdpSessionTest, ABrowserThatEndsIsAnErrorWithItsLastWords) {
  std::optional<TemporaryFolder> folder = TemporaryFolder::Create("cinc-cdp-test-", nullptr);
  ASSERT_TRUE(folder);
  std::string fake = folder->Inside("fake-chromium");
  testing::WriteBytes(fake, "#!/bin/sh\necho 'cannot open display' >&2\nexit 7\n");
  std::filesystem::permissions(fake, std::filesystem::perms::owner_all);
  std::string error;
  EXPECT_FALSE(CdpSession::Start(fake, {}, &error));
  EXPECT_EQ(error, "Chromium (" + fake +
                       ") ended (exited with status 7); its last words: cannot open display");
}

}  // namespace
}  // namespace cinc

#include "render/child_process.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <thread>

#include "render/socket_io.h"
#include "render/temporary_folder.h"
#include "render/test_helpers.h"

namespace cinc {
namespace {

class ChildProcessTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::string error;
    folder_ = TemporaryFolder::Create("cinc-child-test-", &error);
    ASSERT_TRUE(folder_) << error;
  }
  std::optional<TemporaryFolder> folder_;
};

// Whether `pid` is gone, or a zombie of someone else's (not ours to reap).
bool Gone(int pid) {
  std::string stat = testing::ReadBytes("/proc/" + std::to_string(pid) + "/stat");
  size_t close = stat.rfind(')');
  return stat.empty() || (close != std::string::npos && stat.substr(close + 2, 1) == "Z");
}

TEST_F(ChildProcessTest, AMissingProgramIsAnError) {
  std::string error;
  EXPECT_FALSE(ChildProcess::Start({"/nonexistent/program", {}, -1, "", {}}, &error));
  EXPECT_EQ(error, "No such file or directory");
}

TEST_F(ChildProcessTest, SaysHowItEnded) {
  std::string error;
  std::optional<ChildProcess> child =
      ChildProcess::Start({"/bin/sh", {"-c", "exit 3"}, -1, "", {}}, &error);
  ASSERT_TRUE(child) << error;
  EXPECT_TRUE(child->Wait(std::chrono::seconds(10)));
  EXPECT_EQ(child->Status(), "exited with status 3");
  EXPECT_FALSE(child->Succeeded());
  std::optional<ChildProcess> ok = ChildProcess::Start({"/bin/true", {}, -1, "", {}}, &error);
  ASSERT_TRUE(ok) << error;
  EXPECT_TRUE(ok->Wait(std::chrono::seconds(10)));
  EXPECT_TRUE(ok->Succeeded());
}

// stdin from a socket, stdout and stderr to the log, descriptor 3 given.
TEST_F(ChildProcessTest, GetsItsDescriptors) {
  int ours_in = -1, theirs_in = -1, ours_3 = -1, theirs_3 = -1;
  std::string error;
  ASSERT_TRUE(SocketPair(&ours_in, &theirs_in, &error)) << error;
  ASSERT_TRUE(SocketPair(&ours_3, &theirs_3, &error)) << error;
  std::string log = folder_->Inside("log");
  std::optional<ChildProcess> child =
      ChildProcess::Start({"/bin/sh",
                           {"-c", "cat; echo to-err >&2; echo to-three >&3; ls /proc/self/fd"},
                           theirs_in,
                           log,
                           {{3, theirs_3}}},
                          &error);
  close(theirs_in);
  close(theirs_3);
  ASSERT_TRUE(child) << error;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  ASSERT_TRUE(SendAll(ours_in, "from-stdin\n", deadline, &error)) << error;
  close(ours_in);
  std::string three;
  while (three.find('\n') == std::string::npos) {
    ASSERT_EQ(ReceiveSome(ours_3, &three, 100, deadline, &error), Received::kBytes) << error;
  }
  EXPECT_EQ(three, "to-three\n");
  ASSERT_TRUE(child->Wait(std::chrono::seconds(10)));
  close(ours_3);
  // Only 0, 1, 2, 3 and ls's own listing descriptor: nothing else leaked.
  EXPECT_EQ(LogTail(log, 4096), "from-stdin\nto-err\n0\n1\n2\n3\n4");
}

// Kill ends the child and everything it started (its process group), and
// reaps it: no zombie of ours, nothing left running.
TEST_F(ChildProcessTest, KillEndsTheWholeGroupAndReaps) {
  std::string log = folder_->Inside("log");
  std::string error;
  std::optional<ChildProcess> child = ChildProcess::Start(
      {"/bin/sh", {"-c", "sleep 300 & echo $!; sleep 300"}, -1, log, {}}, &error);
  ASSERT_TRUE(child) << error;
  std::string grandchild;
  for (int i = 0; i < 500 && grandchild.empty(); ++i) {
    grandchild = LogTail(log, 100);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  ASSERT_FALSE(grandchild.empty());
  int pid = child->pid();
  EXPECT_EQ(getpgid(pid), pid);  // a group of its own
  EXPECT_FALSE(child->Ended());
  child->Kill();
  EXPECT_EQ(child->Status(), "was killed by signal 9 (Killed)");
  EXPECT_EQ(waitpid(pid, nullptr, WNOHANG), -1);  // reaped already
  EXPECT_EQ(errno, ECHILD);
  for (int i = 0; i < 200 && !Gone(std::stoi(grandchild)); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_TRUE(Gone(std::stoi(grandchild)));
}

TEST_F(ChildProcessTest, TheDestructorKillsWhatStillRuns) {
  std::string error;
  int pid = -1;
  {
    std::optional<ChildProcess> child =
        ChildProcess::Start({"/bin/sleep", {"300"}, -1, "", {}}, &error);
    ASSERT_TRUE(child) << error;
    pid = child->pid();
  }
  EXPECT_EQ(waitpid(pid, nullptr, WNOHANG), -1);
  EXPECT_TRUE(Gone(pid));
}

TEST_F(ChildProcessTest, LogTailKeepsWholeLines) {
  std::string log = folder_->Inside("log");
  std::ofstream(log) << "first line\nsecond line\nthird\n";
  EXPECT_EQ(LogTail(log, 1000), "first line\nsecond line\nthird");
  EXPECT_EQ(LogTail(log, 15), "third");
  EXPECT_EQ(LogTail(folder_->Inside("missing"), 100), "");
}

}  // namespace
}  // namespace cinc

#include "importers/isolated_run.h"

#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <vector>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CINC_UNDER_ASAN 1
#endif
#endif
#ifndef CINC_UNDER_ASAN
#define CINC_UNDER_ASAN 0
#endif

namespace cinc {
namespace {

IsolationLimits Small() {
  IsolationLimits limits;
  limits.memory_bytes = size_t{512} << 20;
  limits.cpu_seconds = 1;
  limits.wall_time = std::chrono::seconds(3);
  return limits;
}

TEST(IsolatedRunTest, ReturnsTheBytesAndKeepsTheChildsOutputApart) {
  IsolatedRun run = RunIsolated(
      [] {
        std::printf("assimp says hello\n");
        std::fflush(stdout);
        std::fprintf(stderr, "and warns\n");
        std::fflush(nullptr);
        return std::string("answer\0with a zero", 18);
      },
      Small());
  EXPECT_EQ(run.outcome, IsolatedRun::Outcome::kDone);
  EXPECT_EQ(run.bytes, std::string("answer\0with a zero", 18));
  EXPECT_EQ(run.output, "assimp says hello\nand warns\n");
}

TEST(IsolatedRunTest, ACrashIsTheSignal) {
  IsolatedRun run = RunIsolated(
      []() -> std::string {
        raise(SIGSEGV);
        return "";
      },
      Small());
  EXPECT_EQ(run.outcome, IsolatedRun::Outcome::kCrashed);
  EXPECT_EQ(run.signal, SIGSEGV);
  EXPECT_EQ(DescribeOutcome(run, Small()),
            "the reader crashed on it (signal 11, a segmentation fault)");
  run = RunIsolated([]() -> std::string { std::abort(); }, Small());
  EXPECT_EQ(run.signal, SIGABRT);
  EXPECT_EQ(DescribeOutcome(run, Small()), "the reader crashed on it (signal 6, an abort)");
  // Killed from outside, as the kernel's out-of-memory killer does.
  run = RunIsolated(
      []() -> std::string {
        raise(SIGKILL);
        return "";
      },
      Small());
  EXPECT_EQ(run.outcome, IsolatedRun::Outcome::kCrashed);
  EXPECT_EQ(run.signal, SIGKILL);
  EXPECT_EQ(DescribeOutcome(run, Small()),
            "the reader was killed (signal 9), most likely by the system for using too much "
            "memory");
}

TEST(IsolatedRunTest, TheMemoryLimitHolds) {
  // The blocks are asked for, not filled: the limit is on address space, and
  // filling them would spend the CPU limit first on a slow or loaded machine
  // (page faults under AddressSanitizer took more than a second in CI).
  IsolationLimits roomy_cpu = Small();
  roomy_cpu.cpu_seconds = 20;
  roomy_cpu.wall_time = std::chrono::seconds(60);
  IsolatedRun run = RunIsolated(
      [] {
        std::vector<std::unique_ptr<char[]>> blocks;
        for (int k = 0; k < 64; ++k) {  // 4 GB
          blocks.emplace_back(new char[size_t{64} << 20]);
          *static_cast<volatile char*>(blocks.back().get()) = 'x';  // kept, not elided
        }
        return std::string("not reached");
      },
      roomy_cpu);
#if CINC_UNDER_ASAN
  // AddressSanitizer's operator new reports an allocation that fails at the
  // limit and aborts, where the plain one throws std::bad_alloc.
  EXPECT_EQ(run.outcome, IsolatedRun::Outcome::kCrashed);
  EXPECT_NE(run.output.find("AddressSanitizer: allocator is out of memory"), std::string::npos)
      << run.output;
#else
  EXPECT_EQ(run.outcome, IsolatedRun::Outcome::kOutOfMemory);
  IsolationLimits two_gb;
  EXPECT_EQ(DescribeOutcome(run, two_gb), "the reader stopped at the 2 GB memory limit");
#endif
}

TEST(IsolatedRunTest, CpuAndWallTimeLimitsHold) {
  // A wall limit far past the CPU limit: on a loaded machine the spinning
  // child gets less than a whole core.
  IsolationLimits spinning = Small();
  spinning.wall_time = std::chrono::seconds(60);
  IsolatedRun run = RunIsolated(
      [] {
        volatile unsigned long spin = 0;
        for (;;) spin = spin + 1;
        return std::string();
      },
      spinning);
  EXPECT_EQ(run.outcome, IsolatedRun::Outcome::kOutOfTime);
  EXPECT_EQ(DescribeOutcome(run, spinning), "the reader stopped at the 1 s time limit");
  run = RunIsolated(
      [] {
        for (;;) pause();  // blocked, using no CPU
        return std::string();
      },
      Small());
  EXPECT_EQ(run.outcome, IsolatedRun::Outcome::kOutOfTime);
  EXPECT_EQ(DescribeOutcome(run, Small()), "the reader stopped at the 3 s time limit");
}

TEST(IsolatedRunTest, AWallTimeUnderASecondIsKeptAndSaidAsSuch) {
  IsolationLimits blocked = Small();
  blocked.wall_time = std::chrono::milliseconds(250);
  auto start = std::chrono::steady_clock::now();
  IsolatedRun run = RunIsolated(
      [] {
        for (;;) pause();
        return std::string();
      },
      blocked);
  auto waited = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(run.outcome, IsolatedRun::Outcome::kOutOfTime);
  EXPECT_GE(waited, std::chrono::milliseconds(250));
  EXPECT_EQ(DescribeOutcome(run, blocked), "the reader stopped at the 0.25 s time limit");
}

TEST(IsolatedRunTest, AnExceptionIsAFailureWithItsMessage) {
  IsolatedRun run =
      RunIsolated([]() -> std::string { throw std::runtime_error("bad header"); }, Small());
  EXPECT_EQ(run.outcome, IsolatedRun::Outcome::kFailed);
  EXPECT_EQ(DescribeOutcome(run, Small()), "the reader failed: bad header");
}

TEST(IsolatedRunTest, OutputIsCappedButDrained) {
  IsolationLimits limits = Small();
  limits.output_bytes = 10;
  IsolatedRun run = RunIsolated(
      [] {
        std::string line(1 << 20, 'y');  // more than a pipe holds
        std::fwrite(line.data(), 1, line.size(), stdout);
        std::fflush(stdout);
        return std::string("done");
      },
      limits);
  EXPECT_EQ(run.outcome, IsolatedRun::Outcome::kDone);
  EXPECT_EQ(run.bytes, "done");
  EXPECT_EQ(run.output, "yyyyyyyyyy");
}

}  // namespace
}  // namespace cinc

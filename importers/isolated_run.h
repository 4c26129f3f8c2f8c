// Running third-party readers where they cannot hurt cinc: in a child
// process with limits.
//
// Contract: RunIsolated forks a child that runs `work` and sends back the
// bytes it returns; the parent waits for it. The child's address space may
// grow by `limits.memory_bytes` past what it was at the fork (RLIMIT_AS;
// counted from there so that a large parent, or one under AddressSanitizer
// with its terabytes of reserved shadow, leaves the reader the same room),
// and its CPU time is limited to
// `limits.cpu_seconds` (RLIMIT_CPU); the parent also stops it after
// `limits.wall_time`. Whatever the child writes to its
// stdout and stderr goes to a pipe, never to cinc's own; the parent keeps
// the first `limits.output_bytes` of it. The outcome says how the child
// ended: kDone with its bytes; kCrashed with the signal (a crash, an
// abort); kOutOfMemory when an allocation failed at the memory limit (the
// child reports std::bad_alloc) or the child was killed for it; kOutOfTime
// at the CPU or wall-time limit; kFailed when the child could not be
// started or returned no answer. The child restores the default action of
// the fatal signals (SIGSEGV, SIGABRT, ...), so it dies by the signal
// whatever handlers the parent has. The child never returns into cinc: it
// leaves with _exit. Call it only while the process runs one thread.
#ifndef CINC_IMPORTERS_ISOLATED_RUN_H_
#define CINC_IMPORTERS_ISOLATED_RUN_H_

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>

namespace cinc {

struct IsolationLimits {
  size_t memory_bytes = size_t{2} << 30;  // 2 GB
  int cpu_seconds = 20;
  std::chrono::milliseconds wall_time{25000};
  size_t output_bytes = 4096;
};

struct IsolatedRun {
  enum class Outcome { kDone, kCrashed, kOutOfMemory, kOutOfTime, kFailed };
  Outcome outcome = Outcome::kFailed;
  std::string bytes;    // kDone: what `work` returned
  std::string output;   // what the child printed (up to output_bytes)
  int signal = 0;       // kCrashed: the signal that ended it
  std::string problem;  // kFailed: why
};

IsolatedRun RunIsolated(const std::function<std::string()>& work, const IsolationLimits& limits);

// "the reader crashed on it (signal 11, a segmentation fault)", "... stopped
// at the 2 GB memory limit", ...: the outcome in words, for a diagnostic.
std::string DescribeOutcome(const IsolatedRun& run, const IsolationLimits& limits);

}  // namespace cinc

#endif  // CINC_IMPORTERS_ISOLATED_RUN_H_

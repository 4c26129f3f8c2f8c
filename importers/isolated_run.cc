#include "importers/isolated_run.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>

namespace cinc {
namespace {

// What the child sends first: how `work` ended.
constexpr char kAnswerDone = 'D';
constexpr char kAnswerNoMemory = 'M';
constexpr char kAnswerException = 'E';

bool WriteAll(int descriptor, const char* data, size_t size) {
  while (size > 0) {
    ssize_t written = write(descriptor, data, size);
    if (written < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    data += written;
    size -= static_cast<size_t>(written);
  }
  return true;
}

// The process's address space now (/proc/self/statm's first field), 0 when
// it cannot be read.
size_t AddressSpaceInUse() {
  std::FILE* statm = std::fopen("/proc/self/statm", "r");
  if (statm == nullptr) return 0;
  unsigned long pages = 0;
  int read = std::fscanf(statm, "%lu", &pages);
  std::fclose(statm);
  return read == 1 ? pages * static_cast<size_t>(sysconf(_SC_PAGESIZE)) : 0;
}

[[noreturn]] void RunChild(const std::function<std::string()>& work, const IsolationLimits& limits,
                           size_t address_space_at_fork, int answer, int output) {
  dup2(output, STDOUT_FILENO);
  dup2(output, STDERR_FILENO);
  close(output);
  // A crash ends the child by its signal, whatever handlers the parent
  // installed (a sanitizer's, a fuzzer's, a crash reporter's): the parent
  // reports the signal, and nothing in the child acts on the parent's
  // behalf.
  for (int fatal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS, SIGXCPU}) {
    signal(fatal, SIG_DFL);
  }
  rlim_t most = address_space_at_fork + limits.memory_bytes;
  rlimit memory{most, most};
  setrlimit(RLIMIT_AS, &memory);
  rlim_t seconds = static_cast<rlim_t>(limits.cpu_seconds);
  rlimit cpu{seconds, seconds + 1};
  setrlimit(RLIMIT_CPU, &cpu);
  rlimit no_core{0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
  char tag = kAnswerDone;
  std::string bytes;
  try {
    bytes = work();
  } catch (const std::bad_alloc&) {
    tag = kAnswerNoMemory;
    bytes.clear();
  } catch (const std::exception& exception) {
    tag = kAnswerException;
    bytes = exception.what();
  } catch (...) {
    tag = kAnswerException;
    bytes = "an unknown exception";
  }
  uint64_t size = bytes.size();
  bool sent = WriteAll(answer, &tag, 1) &&
              WriteAll(answer, reinterpret_cast<const char*>(&size), sizeof size) &&
              WriteAll(answer, bytes.data(), bytes.size());
  _exit(sent ? 0 : 1);
}

std::string SignalName(int signal) {
  switch (signal) {
    case SIGSEGV:
      return "a segmentation fault";
    case SIGABRT:
      return "an abort";
    case SIGBUS:
      return "a bus error";
    case SIGFPE:
      return "an arithmetic error";
    case SIGILL:
      return "an illegal instruction";
    default:
      return strsignal(signal);
  }
}

// "25 s", "0.3 s": a wall-time limit as the message says it.
std::string WallTimeInWords(std::chrono::milliseconds wall_time) {
  long long milliseconds = wall_time.count();
  std::string words = std::to_string(milliseconds / 1000);
  if (milliseconds % 1000 != 0) {
    std::string fraction = std::to_string(1000 + milliseconds % 1000).substr(1);
    while (fraction.back() == '0') fraction.pop_back();
    words += "." + fraction;
  }
  return words + " s";
}

// Reads both pipes (the answer's, then the output's) until the child closes
// them, or the wall time is up (true). A pipe closed is set to -1; the
// output is kept up to limits.output_bytes.
bool ReadPipes(pollfd (&descriptors)[2], const IsolationLimits& limits, std::string* reply,
               std::string* output) {
  const int answer = descriptors[0].fd;
  auto deadline = std::chrono::steady_clock::now() + limits.wall_time;
  bool timed_out = false;
  int open_descriptors = 2;
  char buffer[65536];
  while (open_descriptors > 0) {
    // Rounded up: the limit is never cut short by the last part of a millisecond.
    auto left =
        std::chrono::ceil<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now())
            .count();
    if (left <= 0) {
      timed_out = true;
      break;
    }
    int ready = poll(descriptors, 2, static_cast<int>(std::min<long long>(left, 1000)));
    if (ready < 0 && errno != EINTR) break;
    for (pollfd& descriptor : descriptors) {
      if (descriptor.fd < 0 || descriptor.revents == 0) continue;
      ssize_t got = read(descriptor.fd, buffer, sizeof buffer);
      if (got > 0) {
        if (descriptor.fd == answer) {
          reply->append(buffer, static_cast<size_t>(got));
        } else if (output->size() < limits.output_bytes) {
          output->append(buffer,
                         std::min(static_cast<size_t>(got), limits.output_bytes - output->size()));
        }
      } else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
        close(descriptor.fd);
        descriptor.fd = -1;
        --open_descriptors;
      }
    }
  }
  return timed_out;
}

// The reply's answer into `run`: done with its bytes, out of memory, or the
// reader's problem; a reply missing or cut short is a problem too.
void ReadAnswer(const std::string& reply, int status, IsolatedRun* run) {
  uint64_t size = 0;
  if (reply.size() < 1 + sizeof size) {
    run->problem = "the reader's process ended without an answer (exit status " +
                   std::to_string(WIFEXITED(status) ? WEXITSTATUS(status) : -1) + ")";
    return;
  }
  std::memcpy(&size, reply.data() + 1, sizeof size);
  if (reply.size() != 1 + sizeof size + size) {
    run->problem = "the reader's answer was cut short";
    return;
  }
  std::string bytes = reply.substr(1 + sizeof size);
  switch (reply[0]) {
    case kAnswerDone:
      run->outcome = IsolatedRun::Outcome::kDone;
      run->bytes = std::move(bytes);
      break;
    case kAnswerNoMemory:
      run->outcome = IsolatedRun::Outcome::kOutOfMemory;
      break;
    default:
      run->problem = "the reader failed: " + bytes;
      break;
  }
}

}  // namespace

IsolatedRun RunIsolated(const std::function<std::string()>& work, const IsolationLimits& limits) {
  IsolatedRun run;
  int answer[2];
  int output[2];
  if (pipe2(answer, O_CLOEXEC) != 0) {
    run.problem = std::string("cannot make a pipe: ") + std::strerror(errno);
    return run;
  }
  if (pipe2(output, O_CLOEXEC) != 0) {
    run.problem = std::string("cannot make a pipe: ") + std::strerror(errno);
    close(answer[0]);
    close(answer[1]);
    return run;
  }
  std::fflush(nullptr);  // nothing buffered is written twice
  const size_t address_space = AddressSpaceInUse();
  pid_t child = fork();
  if (child < 0) {
    run.problem = std::string("cannot start a process: ") + std::strerror(errno);
    for (int descriptor : {answer[0], answer[1], output[0], output[1]}) close(descriptor);
    return run;
  }
  if (child == 0) {
    close(answer[0]);
    close(output[0]);
    RunChild(work, limits, address_space, answer[1], output[1]);
  }
  close(answer[1]);
  close(output[1]);

  // Read both pipes until the child closes them, or the wall time is up.
  std::string reply;
  pollfd descriptors[2] = {{answer[0], POLLIN, 0}, {output[0], POLLIN, 0}};
  const bool timed_out = ReadPipes(descriptors, limits, &reply, &run.output);
  if (timed_out) kill(child, SIGKILL);
  for (const pollfd& descriptor : descriptors) {
    if (descriptor.fd >= 0) close(descriptor.fd);
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
  }
  if (timed_out) {
    run.outcome = IsolatedRun::Outcome::kOutOfTime;
    return run;
  }
  if (WIFSIGNALED(status)) {
    run.signal = WTERMSIG(status);
    run.outcome =
        run.signal == SIGXCPU ? IsolatedRun::Outcome::kOutOfTime : IsolatedRun::Outcome::kCrashed;
    return run;
  }
  ReadAnswer(reply, status, &run);
  return run;
}

std::string DescribeOutcome(const IsolatedRun& run, const IsolationLimits& limits) {
  switch (run.outcome) {
    case IsolatedRun::Outcome::kDone:
      return "it was read";
    case IsolatedRun::Outcome::kCrashed:
      // Nothing in cinc sends SIGKILL but the wall-time limit (kOutOfTime):
      // it comes from outside, most often the kernel's out-of-memory killer.
      if (run.signal == SIGKILL) {
        return "the reader was killed (signal 9), most likely by the system for using too "
               "much memory";
      }
      return "the reader crashed on it (signal " + std::to_string(run.signal) + ", " +
             SignalName(run.signal) + ")";
    case IsolatedRun::Outcome::kOutOfMemory:
      return "the reader stopped at the " + std::to_string(limits.memory_bytes >> 30) +
             " GB memory limit";
    case IsolatedRun::Outcome::kOutOfTime:
      if (run.signal == SIGXCPU) {
        return "the reader stopped at the " + std::to_string(limits.cpu_seconds) + " s time limit";
      }
      return "the reader stopped at the " + WallTimeInWords(limits.wall_time) + " time limit";
    case IsolatedRun::Outcome::kFailed:
      return run.problem;
  }
  return run.problem;
}

}  // namespace cinc

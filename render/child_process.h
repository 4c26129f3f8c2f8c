// A helper program cinc starts and owns (Chromium, ffmpeg).
//
// Contract: ChildProcess::Start runs `program` with `arguments` through
// posix_spawn (no shell), with cinc's environment, in a process group of its
// own whose number is its pid, so that Kill reaches every process it starts
// (Chromium's zygote, renderers and GPU process stay in that group). The
// child's stdin is `stdin_descriptor` (else /dev/null), its stdout and
// stderr go to the file `log_path` (else /dev/null), each {child, parent}
// of `descriptors` is the parent's descriptor duplicated to the child's
// number, and every other descriptor of cinc's is closed in the child. A
// program that cannot be started gives nullopt and the reason ("No such
// file or directory").
//
// Kill sends SIGKILL to the whole group and reaps the child; the
// destructor kills what is still running. A ChildProcess is never left a
// zombie, and no process of its group outlives it (the test checks both).
// Wait waits for the child to end, up to a timeout, and reaps it; Status
// describes how it ended ("exited with status 1", "was killed by signal 9").
#ifndef CINC_RENDER_CHILD_PROCESS_H_
#define CINC_RENDER_CHILD_PROCESS_H_

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cinc {

struct ChildSpec {
  std::string program;
  std::vector<std::string> arguments;            // after the program's own name
  int stdin_descriptor = -1;                     // -1: /dev/null
  std::string log_path;                          // "": /dev/null
  std::vector<std::pair<int, int>> descriptors;  // {child's number, parent's descriptor}
};

class ChildProcess {
 public:
  static std::optional<ChildProcess> Start(const ChildSpec& spec, std::string* error);
  ChildProcess(ChildProcess&& other) noexcept;
  ChildProcess& operator=(ChildProcess&& other) noexcept;
  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;
  ~ChildProcess();

  pid_t pid() const { return pid_; }
  // Whether it has ended (reaped now if so); never waits.
  bool Ended();
  // Waits up to `timeout` for it to end; true when it has.
  bool Wait(std::chrono::milliseconds timeout);
  // SIGKILL to its process group, then reaped. Nothing when already reaped
  // and its group is empty.
  void Kill();
  // How it ended: "exited with status 0", "was killed by signal 9 (Killed)";
  // "is still running" before.
  std::string Status() const;
  // Whether it ended with exit status 0.
  bool Succeeded() const;

 private:
  explicit ChildProcess(pid_t pid) : pid_(pid) {}

  pid_t pid_ = -1;  // -1 once moved from
  bool reaped_ = false;
  int status_ = 0;  // waitpid's, once reaped
};

// The last `max_bytes` of a log file (from the start of a line when it had
// to be cut), without a trailing newline; "" when it cannot be read.
std::string LogTail(const std::string& path, size_t max_bytes);

}  // namespace cinc

#endif  // CINC_RENDER_CHILD_PROCESS_H_

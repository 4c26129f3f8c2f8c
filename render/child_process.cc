#include "render/child_process.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <thread>

extern char** environ;

namespace cinc {
namespace {

// The file actions: stdin, stdout and stderr, the extra descriptors, and
// every other descriptor closed. A parent descriptor that is itself one of
// the child's numbers would be overwritten by an earlier dup2, so each is
// first copied above them all.
bool AddFileActions(const ChildSpec& spec, posix_spawn_file_actions_t* actions,
                    std::vector<int>* copies) {
  int highest = 2;
  for (const auto& [child, parent] : spec.descriptors) highest = std::max(highest, child);
  auto copy = [&](int descriptor) {
    int duplicate = fcntl(descriptor, F_DUPFD_CLOEXEC, highest + 1);
    if (duplicate >= 0) copies->push_back(duplicate);
    return duplicate;
  };
  if (spec.stdin_descriptor >= 0) {
    int in = copy(spec.stdin_descriptor);
    if (in < 0) return false;
    posix_spawn_file_actions_adddup2(actions, in, 0);
  } else {
    posix_spawn_file_actions_addopen(actions, 0, "/dev/null", O_RDONLY, 0);
  }
  const char* log = spec.log_path.empty() ? "/dev/null" : spec.log_path.c_str();
  posix_spawn_file_actions_addopen(actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0600);
  posix_spawn_file_actions_adddup2(actions, 1, 2);
  for (const auto& [child, parent] : spec.descriptors) {
    int source = copy(parent);
    if (source < 0) return false;
    posix_spawn_file_actions_adddup2(actions, source, child);
  }
  posix_spawn_file_actions_addclosefrom_np(actions, highest + 1);
  return true;
}

}  // namespace

std::optional<ChildProcess> ChildProcess::Start(const ChildSpec& spec, std::string* error) {
  std::vector<std::string> words{spec.program};
  words.insert(words.end(), spec.arguments.begin(), spec.arguments.end());
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  posix_spawnattr_setflags(&attributes,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
  posix_spawnattr_setpgroup(&attributes, 0);
  sigset_t signals;
  sigemptyset(&signals);
  posix_spawnattr_setsigmask(&attributes, &signals);
  sigaddset(&signals, SIGPIPE);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  posix_spawnattr_setsigdefault(&attributes, &signals);
  std::vector<int> copies;
  int spawn_error = 0;
  pid_t pid = -1;
  if (!AddFileActions(spec, &actions, &copies)) {
    spawn_error = errno;
  } else {
    spawn_error =
        posix_spawn(&pid, spec.program.c_str(), &actions, &attributes, argv.data(), environ);
  }
  for (int copy : copies) close(copy);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  if (spawn_error != 0) {
    *error = std::strerror(spawn_error);
    return std::nullopt;
  }
  return ChildProcess(pid);
}

ChildProcess::ChildProcess(ChildProcess&& other) noexcept
    : pid_(std::exchange(other.pid_, -1)), reaped_(other.reaped_), status_(other.status_) {}

ChildProcess& ChildProcess::operator=(ChildProcess&& other) noexcept {
  if (this != &other) {
    Kill();
    pid_ = std::exchange(other.pid_, -1);
    reaped_ = other.reaped_;
    status_ = other.status_;
  }
  return *this;
}

ChildProcess::~ChildProcess() { Kill(); }

bool ChildProcess::Ended() {
  if (pid_ < 0 || reaped_) return true;
  int status = 0;
  pid_t done = waitpid(pid_, &status, WNOHANG);
  if (done == pid_ || (done < 0 && errno == ECHILD)) {
    reaped_ = true;
    status_ = done == pid_ ? status : 0;
  }
  return reaped_;
}

bool ChildProcess::Wait(std::chrono::milliseconds timeout) {
  auto deadline = std::chrono::steady_clock::now() + timeout;
  while (!Ended()) {
    if (std::chrono::steady_clock::now() >= deadline) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return true;
}

void ChildProcess::Kill() {
  if (pid_ < 0) return;
  // The group outlives its first process while any other member lives (its
  // number cannot be reused until then), so it is killed even after the
  // child was reaped: nothing it started is left behind.
  kill(-pid_, SIGKILL);
  if (!reaped_) {
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    reaped_ = true;
    status_ = status;
  }
}

std::string ChildProcess::Status() const {
  if (!reaped_) return "is still running";
  if (WIFEXITED(status_)) return "exited with status " + std::to_string(WEXITSTATUS(status_));
  if (WIFSIGNALED(status_)) {
    int signal_number = WTERMSIG(status_);
    return "was killed by signal " + std::to_string(signal_number) + " (" +
           strsignal(signal_number) + ")";
  }
  return "ended";
}

bool ChildProcess::Succeeded() const {
  return reaped_ && WIFEXITED(status_) && WEXITSTATUS(status_) == 0;
}

std::string LogTail(const std::string& path, size_t max_bytes) {
  std::ifstream stream(path, std::ios::binary | std::ios::ate);
  if (!stream) return "";
  std::streamoff size = stream.tellg();
  std::streamoff from = size > static_cast<std::streamoff>(max_bytes) ? size - max_bytes : 0;
  stream.seekg(from);
  std::string tail(static_cast<size_t>(size - from), '\0');
  stream.read(tail.data(), static_cast<std::streamsize>(tail.size()));
  if (from > 0) {
    size_t line = tail.find('\n');
    tail = line == std::string::npos ? tail : tail.substr(line + 1);
  }
  while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r')) tail.pop_back();
  return tail;
}

}  // namespace cinc

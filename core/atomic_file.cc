#include "core/atomic_file.h"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <span>
#include <system_error>
#include <thread>
#include <utility>

namespace cinc {
namespace {

// "<what> (<the system's reason>)", with the likely fix for a missing folder
// or a refused permission.
std::string Describe(const std::string& what, int error_number) {
  std::string reason = what + " (" + std::strerror(error_number) + ")";
  if (error_number == ENOENT) reason += ": its folder does not exist";
  if (error_number == EACCES || error_number == EROFS) reason += ": check the folder's permissions";
  return reason;
}

// The folder part of `path` ("" for a bare file name) and the name part.
void SplitPath(const std::string& path, std::string* folder, std::string* name) {
  size_t slash = path.rfind('/');
  if (slash == std::string::npos) {
    folder->clear();
    *name = path;
  } else {
    *folder = path.substr(0, slash + 1);
    *name = path.substr(slash + 1);
  }
}

// Creates a temporary file beside the target with O_EXCL, so two writers (or
// two threads) never share one; the pid and a counter make the name unique.
int CreateTemporary(const std::string& path, std::string* temporary_path, int* error_number) {
  static std::atomic<unsigned> counter{0};
  std::string folder;
  std::string name;
  SplitPath(path, &folder, &name);
  for (int attempt = 0; attempt < 100; ++attempt) {
    *temporary_path = folder + "." + name + "." + std::to_string(getpid()) + "." +
                      std::to_string(counter.fetch_add(1)) + ".tmp";
    int descriptor = open(temporary_path->c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
    if (descriptor >= 0) return descriptor;
    if (errno != EEXIST) break;
  }
  *error_number = errno;
  return -1;
}

bool WriteAll(int descriptor, std::string_view content, int* error_number) {
  size_t written = 0;
  while (written < content.size()) {
    ssize_t result = write(descriptor, content.data() + written, content.size() - written);
    if (result < 0) {
      if (errno == EINTR) continue;
      *error_number = errno;
      return false;
    }
    written += static_cast<size_t>(result);
  }
  return true;
}

}  // namespace

void SyncFolderOf(const std::string& path) {
  std::string folder;
  std::string name;
  SplitPath(path, &folder, &name);
  int descriptor = open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (descriptor < 0) return;
  fsync(descriptor);
  close(descriptor);
}

namespace {

// Flushes a file another program wrote to the disk.
bool SyncFile(const std::string& path, std::string* error) {
  int descriptor = open(path.c_str(), O_RDONLY | O_CLOEXEC);
  bool ok = descriptor >= 0 && fsync(descriptor) == 0;
  int error_number = errno;
  if (descriptor >= 0) close(descriptor);
  if (!ok && error != nullptr) {
    *error = Describe("flushing the temporary file " + path + " failed", error_number);
  }
  return ok;
}

// What is at the output path now, as far as writing it goes.
enum class Target { kReplaceable, kInPlace, kRefused };

// A missing path or a regular file is replaced by a rename; a FIFO or a
// character device (/dev/null, a terminal) is written in place, since a
// rename would put a regular file where it was; anything else is refused
// with the reason in *why.
Target ClassifyTarget(const std::string& path, std::string* why) {
  struct stat status;
  if (stat(path.c_str(), &status) != 0) return Target::kReplaceable;
  if (S_ISREG(status.st_mode)) return Target::kReplaceable;
  if (S_ISFIFO(status.st_mode) || S_ISCHR(status.st_mode)) return Target::kInPlace;
  *why = S_ISDIR(status.st_mode) ? "it is a folder; name a file in it"
                                 : "it is not a regular file, a FIFO or a character device";
  return Target::kRefused;
}

// Writes `parts` to an existing FIFO or character device. A FIFO that no
// process reads is refused at once rather than waited on.
bool WriteInPlace(const std::string& path, std::span<const std::string_view> parts,
                  std::string* error) {
  int descriptor = open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
  if (descriptor < 0) {
    int error_number = errno;
    *error = error_number == ENXIO ? "it is a FIFO that nothing reads"
                                   : Describe("it cannot be opened", error_number);
    return false;
  }
  fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK);
  int error_number = 0;
  bool ok = true;
  for (std::string_view part : parts) ok = ok && WriteAll(descriptor, part, &error_number);
  close(descriptor);
  if (!ok) *error = Describe("writing it failed", error_number);
  return ok;
}

// The temporary file beside `path`, open: its descriptor, or -1 after saying
// why (with *in_place set when the target is a FIFO or a device, which is
// written in place rather than replaced).
int OpenBeside(const std::string& path, std::string* temporary_path, bool* in_place,
               std::string* why) {
  switch (ClassifyTarget(path, why)) {
    case Target::kRefused:
      return -1;
    case Target::kInPlace:
      *in_place = true;
      return -1;
    case Target::kReplaceable:
      break;
  }
  int error_number = 0;
  int descriptor = CreateTemporary(path, temporary_path, &error_number);
  if (descriptor < 0) *why = Describe("a temporary file cannot be created beside it", error_number);
  return descriptor;
}

}  // namespace

struct StagedFile::PendingFlush {
  int descriptor = -1;  // closed once flushed
  std::mutex mutex;
  std::condition_variable done_changed;
  bool done = false;
  int error_number = 0;  // fsync's or close's errno; 0 once on the disk
};

namespace {

void FlushAndClose(StagedFile::PendingFlush* pending) {
  int error_number = 0;
  if (fsync(pending->descriptor) != 0) error_number = errno;
  if (close(pending->descriptor) != 0 && error_number == 0) error_number = errno;
  std::lock_guard<std::mutex> lock(pending->mutex);
  pending->error_number = error_number;
  pending->done = true;
  pending->done_changed.notify_all();
}

// The process's one thread that flushes staged files behind their callers,
// in the order they were staged (a flush waits for the disk, not for a
// core). Started with the first file handed over; never stops. Blocks every
// signal, as the pool's helpers do (core/thread_pool.h).
class Flusher {
 public:
  Flusher() : process_(getpid()) {}

  // Hands `pending` over; false (the caller flushes it) in a forked child
  // or when no thread can be had.
  bool Hand(std::shared_ptr<StagedFile::PendingFlush> pending) {
    if (getpid() != process_) return false;
    std::lock_guard<std::mutex> lock(mutex_);
    if (!started_) {
      sigset_t every_signal;
      sigset_t before;
      sigfillset(&every_signal);
      pthread_sigmask(SIG_SETMASK, &every_signal, &before);  // the thread inherits it
      try {
        std::thread([this] { Serve(); }).detach();
        started_ = true;
      } catch (const std::system_error&) {
      }
      pthread_sigmask(SIG_SETMASK, &before, nullptr);
      if (!started_) return false;
    }
    queue_.push_back(std::move(pending));
    work_given_.notify_one();
    return true;
  }

 private:
  [[noreturn]] void Serve() {
    for (;;) {
      std::shared_ptr<StagedFile::PendingFlush> pending;
      {
        std::unique_lock<std::mutex> lock(mutex_);
        work_given_.wait(lock, [this] { return !queue_.empty(); });
        pending = std::move(queue_.front());
        queue_.pop_front();
      }
      FlushAndClose(pending.get());
    }
  }

  const pid_t process_;
  std::mutex mutex_;
  std::condition_variable work_given_;
  std::deque<std::shared_ptr<StagedFile::PendingFlush>> queue_;
  bool started_ = false;
};

// Never destroyed: its thread waits on it until the process exits.
Flusher& TheFlusher() {
  static Flusher* flusher = new Flusher();  // NOLINT: never deleted
  return *flusher;
}

}  // namespace

std::optional<StagedFile> StagedFile::Stage(const std::string& path, std::string_view content,
                                            std::string* error) {
  return Stage(path, {content}, error);
}

std::optional<StagedFile> StagedFile::Stage(const std::string& path,
                                            std::initializer_list<std::string_view> parts,
                                            std::string* error, Flush flush) {
  auto fail = [error](std::string message) {
    if (error) *error = std::move(message);
    return std::nullopt;
  };
  std::string why;
  std::string temporary_path;
  bool in_place = false;
  int descriptor = OpenBeside(path, &temporary_path, &in_place, &why);
  if (in_place) {
    StagedFile staged(path, "");
    for (std::string_view part : parts) staged.in_place_content_.append(part);
    staged.in_place_ = true;
    return staged;
  }
  if (descriptor < 0) return fail(why);
  int error_number = 0;
  bool ok = true;
  for (std::string_view part : parts) ok = ok && WriteAll(descriptor, part, &error_number);
  if (ok && flush == Flush::kBehind) {
    auto pending = std::make_shared<PendingFlush>();
    pending->descriptor = descriptor;
    if (TheFlusher().Hand(pending)) {
      StagedFile staged(path, std::move(temporary_path));
      staged.pending_flush_ = std::move(pending);
      return staged;
    }
  }
  if (ok && fsync(descriptor) != 0) {
    ok = false;
    error_number = errno;
  }
  if (close(descriptor) != 0 && ok) {
    ok = false;
    error_number = errno;
  }
  if (!ok) {
    unlink(temporary_path.c_str());
    return fail(Describe("writing the temporary file " + temporary_path + " failed", error_number));
  }
  return StagedFile(path, std::move(temporary_path));
}

std::optional<StagedFile> StagedFile::Reserve(const std::string& path, std::string* error) {
  std::string why;
  std::string temporary_path;
  bool in_place = false;
  int descriptor = OpenBeside(path, &temporary_path, &in_place, &why);
  if (in_place) why = "it is a FIFO or a device; name a regular file";
  if (descriptor < 0) {
    if (error) *error = why;
    return std::nullopt;
  }
  close(descriptor);
  StagedFile reserved(path, std::move(temporary_path));
  reserved.reserved_ = true;
  return reserved;
}

StagedFile::StagedFile(StagedFile&& other) noexcept
    : path_(std::move(other.path_)),
      temporary_path_(std::exchange(other.temporary_path_, {})),
      in_place_(std::exchange(other.in_place_, false)),
      in_place_content_(std::move(other.in_place_content_)),
      reserved_(std::exchange(other.reserved_, false)),
      pending_flush_(std::move(other.pending_flush_)) {}

StagedFile& StagedFile::operator=(StagedFile&& other) noexcept {
  if (this != &other) {
    Discard();
    path_ = std::move(other.path_);
    temporary_path_ = std::exchange(other.temporary_path_, {});
    in_place_ = std::exchange(other.in_place_, false);
    in_place_content_ = std::move(other.in_place_content_);
    reserved_ = std::exchange(other.reserved_, false);
    pending_flush_ = std::move(other.pending_flush_);
  }
  return *this;
}

StagedFile::~StagedFile() { Discard(); }

void StagedFile::Discard() {
  // A flush behind may still hold the file open: it closes it when done.
  pending_flush_.reset();
  if (!temporary_path_.empty()) unlink(temporary_path_.c_str());
  temporary_path_.clear();
  in_place_ = false;
  in_place_content_.clear();
}

bool StagedFile::Commit(std::string* error, FolderSync folder_sync) {
  if (in_place_) {
    std::string_view content = in_place_content_;
    std::string reason;
    bool written = WriteInPlace(path_, {&content, 1}, &reason);
    Discard();
    if (!written && error != nullptr) *error = reason;
    return written;
  }
  if (temporary_path_.empty()) {
    if (error != nullptr) *error = "it was already written or given up";
    return false;
  }
  if (reserved_ && !SyncFile(temporary_path_, error)) {
    Discard();
    return false;
  }
  if (pending_flush_) {
    int error_number = 0;
    {
      std::unique_lock<std::mutex> lock(pending_flush_->mutex);
      pending_flush_->done_changed.wait(lock, [this] { return pending_flush_->done; });
      error_number = pending_flush_->error_number;
    }
    if (error_number != 0) {
      const std::string what = "writing the temporary file " + temporary_path_ + " failed";
      Discard();
      if (error != nullptr) *error = Describe(what, error_number);
      return false;
    }
    pending_flush_.reset();
  }
  if (rename(temporary_path_.c_str(), path_.c_str()) != 0) {
    int error_number = errno;
    Discard();
    if (error != nullptr) *error = Describe("it cannot be replaced", error_number);
    return false;
  }
  temporary_path_.clear();
  if (folder_sync == FolderSync::kOnCommit) SyncFolderOf(path_);
  return true;
}

bool WriteFileAtomically(const std::string& path, std::string_view content, std::string* error) {
  std::optional<StagedFile> staged = StagedFile::Stage(path, content, error);
  return staged && staged->Commit(error);
}

}  // namespace cinc

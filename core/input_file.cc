#include "core/input_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace cinc {
namespace {

using Reason = InputRefusal::Reason;

constexpr int64_t kMegabyte = int64_t{1} << 20;
constexpr int64_t kGigabyte = int64_t{1} << 30;
constexpr size_t kChunkBytes = size_t{1} << 16;

// What a file of `mode` is, in words, when it is not a regular file or folder.
std::string SpecialFileKind(mode_t mode) {
  if (S_ISFIFO(mode)) return "a named pipe (FIFO)";
  if (S_ISCHR(mode) || S_ISBLK(mode)) return "a device";
  if (S_ISSOCK(mode)) return "a socket";
  return "a special file";
}

std::string CapText(int64_t cap) {
  return cap % kGigabyte == 0 ? std::to_string(cap / kGigabyte) + " GB"
                              : std::to_string(cap / kMegabyte) + " MB";
}

std::string KindText(InputKind kind) {
  switch (kind) {
    case InputKind::kScene:
      return "scene or included file";
    case InputKind::kModel:
      return "model file";
    case InputKind::kSequence:
      return "sequence file";
    case InputKind::kLog:
      return "log";
  }
  return "file";
}

InputRefusal Refusal(InputKind kind, Reason reason, int error = 0) {
  InputRefusal refusal;
  refusal.kind = kind;
  refusal.reason = reason;
  refusal.error = error;
  return refusal;
}

InputRefusal TooLarge(InputKind kind, int64_t size) {
  InputRefusal refusal = Refusal(kind, Reason::kTooLarge);
  refusal.size = size;
  return refusal;
}

// Refuses what `status` says is not a regular file (or, with `sized`, is one
// larger than the kind's cap).
InputRefusal CheckStatus(const struct stat& status, InputKind kind, bool sized) {
  if (S_ISDIR(status.st_mode)) return Refusal(kind, Reason::kFolder);
  if (!S_ISREG(status.st_mode)) {
    InputRefusal refusal = Refusal(kind, Reason::kNotAFile);
    refusal.what = SpecialFileKind(status.st_mode);
    return refusal;
  }
  if (sized && status.st_size > MaxInputBytes(kind)) return TooLarge(kind, status.st_size);
  return Refusal(kind, Reason::kNone);
}

InputRefusal FromErrno(InputKind kind, int error) {
  return Refusal(kind, error == ENOENT || error == ENOTDIR ? Reason::kMissing : Reason::kUnreadable,
                 error);
}

// Closes the descriptor it holds.
class Descriptor {
 public:
  Descriptor() = default;
  ~Descriptor() {
    if (fd_ >= 0) close(fd_);
  }
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  int* out() { return &fd_; }
  int get() const { return fd_; }

 private:
  int fd_ = -1;
};

// Checks `path` by name (a special file is never opened: opening a device
// can act on it), opens it without blocking and checks the open file again;
// `*size` is its size.
InputRefusal Open(const std::string& path, InputKind kind, bool sized, Descriptor* descriptor,
                  int64_t* size) {
  struct stat status {};
  if (stat(path.c_str(), &status) != 0) return FromErrno(kind, errno);
  if (InputRefusal refusal = CheckStatus(status, kind, sized); refusal.refused()) return refusal;
  *descriptor->out() = open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (descriptor->get() < 0) return FromErrno(kind, errno);
  if (fstat(descriptor->get(), &status) != 0) return FromErrno(kind, errno);
  *size = status.st_size;
  return CheckStatus(status, kind, sized);
}

// Appends up to `count` bytes from `fd` to `*bytes`, stopping at the end of
// the file; false with errno's value in `*error` when a read fails.
bool ReadUpTo(int fd, size_t count, std::string* bytes, int* error) {
  char chunk[kChunkBytes];
  while (count > 0) {
    ssize_t got = read(fd, chunk, std::min(count, sizeof chunk));
    if (got < 0 && errno == EINTR) continue;
    if (got < 0) {
      *error = errno;
      return false;
    }
    if (got == 0) return true;
    bytes->append(chunk, static_cast<size_t>(got));
    count -= static_cast<size_t>(got);
  }
  return true;
}

}  // namespace

int64_t MaxInputBytes(InputKind kind) {
  switch (kind) {
    case InputKind::kScene:
      return 64 * kMegabyte;
    case InputKind::kModel:
      return kGigabyte;
    case InputKind::kSequence:
      return 512 * kMegabyte;
    case InputKind::kLog:
      return 16 * kMegabyte;
  }
  return 0;
}

std::string InputRefusal::Describe() const {
  switch (reason) {
    case Reason::kNone:
      return "";
    case Reason::kMissing:
    case Reason::kUnreadable:
      return std::strerror(error);
    case Reason::kFolder:
      return "it is a folder, not a file";
    case Reason::kNotAFile:
      return "it is " + what + ", not a file";
    case Reason::kTooLarge:
      return (size < 0 ? std::string("it is") : "it is " + std::to_string(size) + " bytes,") +
             " more than the " + CapText(MaxInputBytes(kind)) + " cinc reads of a " +
             KindText(kind);
  }
  return "";
}

InputRefusal ReadInputFile(const std::string& path, InputKind kind, std::string* bytes) {
  bytes->clear();
  Descriptor descriptor;
  int64_t size = 0;
  InputRefusal refusal = Open(path, kind, /*sized=*/true, &descriptor, &size);
  if (refusal.refused()) return refusal;
  // Held once, not in a doubling buffer; a file that says 0 (as /proc's do)
  // grows as it is read, up to the cap and one byte past it.
  const int64_t cap = MaxInputBytes(kind);
  bytes->reserve(static_cast<size_t>(size));
  int error = 0;
  if (!ReadUpTo(descriptor.get(), static_cast<size_t>(cap) + 1, bytes, &error)) {
    bytes->clear();
    return Refusal(kind, Reason::kUnreadable, error);
  }
  if (static_cast<int64_t>(bytes->size()) > cap) {
    bytes->clear();
    bytes->shrink_to_fit();
    return TooLarge(kind, /*size=*/-1);  // it grew past the cap as it was read
  }
  return refusal;
}

InputRefusal ReadInputPrefix(const std::string& path, InputKind kind, size_t count,
                             std::string* bytes) {
  bytes->clear();
  Descriptor descriptor;
  int64_t size = 0;
  InputRefusal refusal = Open(path, kind, /*sized=*/false, &descriptor, &size);
  if (refusal.refused()) return refusal;
  const int64_t cap = MaxInputBytes(kind);
  // A file that says 0 (as /proc's do) is read as far as it goes.
  const int64_t wanted = std::min(static_cast<int64_t>(count), size > 0 ? size : cap);
  if (wanted > cap) return TooLarge(kind, size);
  bytes->reserve(static_cast<size_t>(wanted));
  int error = 0;
  if (!ReadUpTo(descriptor.get(), static_cast<size_t>(wanted), bytes, &error)) {
    bytes->clear();
    return Refusal(kind, Reason::kUnreadable, error);
  }
  return refusal;
}

InputRefusal CheckInputFile(const std::string& path, InputKind kind) {
  Descriptor descriptor;
  int64_t size = 0;
  return Open(path, kind, /*sized=*/true, &descriptor, &size);
}

}  // namespace cinc

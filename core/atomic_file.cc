#include "core/atomic_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>

namespace cinc {
namespace {

std::string Describe(const std::string& what, const std::string& file, int error_number) {
  return what + " '" + file + "': " + std::strerror(error_number);
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

// Makes the rename itself durable; a folder that cannot be opened or synced
// (some file systems refuse) does not make the write fail: the data is there.
void SyncFolder(const std::string& path) {
  std::string folder;
  std::string name;
  SplitPath(path, &folder, &name);
  int descriptor = open(folder.empty() ? "." : folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (descriptor < 0) return;
  fsync(descriptor);
  close(descriptor);
}

}  // namespace

bool WriteFileAtomically(const std::string& path, std::string_view content, std::string* error) {
  auto fail = [error](std::string message) {
    if (error) *error = std::move(message);
    return false;
  };
  std::string temporary_path;
  int error_number = 0;
  int descriptor = CreateTemporary(path, &temporary_path, &error_number);
  if (descriptor < 0) {
    return fail(Describe("cannot create a temporary file for", path, error_number));
  }
  bool ok = WriteAll(descriptor, content, &error_number);
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
    return fail(Describe("cannot write", temporary_path, error_number));
  }
  if (rename(temporary_path.c_str(), path.c_str()) != 0) {
    error_number = errno;
    unlink(temporary_path.c_str());
    return fail(Describe("cannot replace", path, error_number));
  }
  SyncFolder(path);
  return true;
}

}  // namespace cinc

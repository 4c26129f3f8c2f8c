#include "render/frame_folder.h"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

namespace cinc {

std::string FrameFileName(int64_t number) {
  char name[40];
  std::snprintf(name, sizeof(name), "frame-%06lld.png", static_cast<long long>(number));
  return name;
}

std::unique_ptr<FrameFolder> FrameFolder::Open(const std::string& folder, std::string* error) {
  std::unique_ptr<FrameFolder> frames(new FrameFolder());
  frames->folder_ = folder.ends_with("/") ? folder : folder + "/";
  std::string bare = frames->folder_.substr(0, frames->folder_.find_last_not_of('/') + 1);
  struct stat status;
  if (stat(bare.empty() ? "/" : bare.c_str(), &status) == 0) {
    if (!S_ISDIR(status.st_mode)) {
      *error = "cannot write " + folder + ": it is not a folder";
      return nullptr;
    }
    return frames;
  }
  if (mkdir(frames->folder_.c_str(), 0777) != 0) {
    int error_number = errno;
    *error = "cannot write " + folder + ": the folder cannot be made (" +
             std::strerror(error_number) + ")" +
             (error_number == ENOENT ? ": its parent folder does not exist" : "");
    return nullptr;
  }
  frames->made_ = true;
  return frames;
}

FrameFolder::~FrameFolder() {
  staged_.clear();                                   // removes every temporary file not committed
  if (made_ && !committed_) rmdir(folder_.c_str());  // only when empty
}

bool FrameFolder::Add(int64_t number, std::string_view png, std::string* error) {
  return AddNamed(FrameFileName(number), png, error);
}

bool FrameFolder::AddNamed(const std::string& name, std::string_view png, std::string* error) {
  std::string path = folder_ + name;
  std::string reason;
  std::optional<StagedFile> staged = StagedFile::Stage(path, png, &reason);
  if (!staged) {
    *error = "cannot write " + path + ": " + reason;
    return false;
  }
  staged_.push_back(std::move(*staged));
  return true;
}

bool FrameFolder::Commit(std::string* error) {
  for (StagedFile& frame : staged_) {
    std::string reason;
    if (!frame.Commit(&reason)) {
      *error = "cannot write " + frame.path() + ": " + reason;
      return false;
    }
  }
  committed_ = true;
  staged_.clear();
  return true;
}

}  // namespace cinc

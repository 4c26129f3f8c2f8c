// Frames to a folder of numbered PNGs.
//
// Contract: FrameFolder::Open takes a folder path (ending in "/"); a folder
// that does not exist is made (its parent must exist), and a path that is
// something else than a folder is refused. Add stages one frame as
// frame-NNNNNN.png (the number 1-based, six digits or more) through
// core/atomic_file.h (StagedFile: written and flushed beside its name, not
// yet there; AddNamed does the same under a name of the caller's); Commit renames every staged
// frame into place. Until Commit nothing is at the frames' names; a FrameFolder destroyed without a
// Commit removes its staged files, and the folder too when it made it and
// it is empty: a render that fails leaves nothing half-written. Errors are
// "cannot write PATH: reason" in *error.
#ifndef CINC_RENDER_FRAME_FOLDER_H_
#define CINC_RENDER_FRAME_FOLDER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/atomic_file.h"

namespace cinc {

// "frame-000001.png" for 1.
std::string FrameFileName(int64_t number);

class FrameFolder {
 public:
  static std::unique_ptr<FrameFolder> Open(const std::string& folder, std::string* error);
  FrameFolder(const FrameFolder&) = delete;
  FrameFolder& operator=(const FrameFolder&) = delete;
  ~FrameFolder();

  bool Add(int64_t number, std::string_view png, std::string* error);
  // Stages a picture under its own name (a file name, no "/").
  bool AddNamed(const std::string& name, std::string_view png, std::string* error);
  bool Commit(std::string* error);

 private:
  FrameFolder() = default;

  std::string folder_;  // ending in "/"
  bool made_ = false;   // Open made the folder
  bool committed_ = false;
  std::vector<StagedFile> staged_;
};

}  // namespace cinc

#endif  // CINC_RENDER_FRAME_FOLDER_H_

// A private temporary folder, removed with everything in it when done.
//
// Contract: TemporaryFolder::Create makes a new folder under $TMPDIR (else
// /tmp) named `prefix` and six random characters, readable by its owner
// alone (mkdtemp: mode 0700), so that nothing another user runs can read
// or replace what cinc puts there (the page a browser opens, a browser's
// profile). The destructor removes the folder and all it holds; a folder
// that cannot be made gives nullopt with the system's reason in *error.
#ifndef CINC_RENDER_TEMPORARY_FOLDER_H_
#define CINC_RENDER_TEMPORARY_FOLDER_H_

#include <optional>
#include <string>

namespace cinc {

class TemporaryFolder {
 public:
  static std::optional<TemporaryFolder> Create(const std::string& prefix, std::string* error);
  TemporaryFolder(TemporaryFolder&& other) noexcept;
  TemporaryFolder& operator=(TemporaryFolder&& other) noexcept;
  TemporaryFolder(const TemporaryFolder&) = delete;
  TemporaryFolder& operator=(const TemporaryFolder&) = delete;
  ~TemporaryFolder();

  const std::string& path() const { return path_; }
  // path() + "/" + name.
  std::string Inside(const std::string& name) const { return path_ + "/" + name; }

 private:
  explicit TemporaryFolder(std::string path) : path_(std::move(path)) {}
  void Remove();

  std::string path_;  // empty once moved from
};

}  // namespace cinc

#endif  // CINC_RENDER_TEMPORARY_FOLDER_H_

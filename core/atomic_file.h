// Writing a file so that readers see either the old bytes or the new ones.
//
// Contract: WriteFileAtomically writes `content` to a new temporary file in
// the folder of `path` (a unique name beginning with "." and the file's
// name), flushes it to the disk (fsync) and renames it over `path`. On any
// failure the temporary file is removed, an existing file at `path` is left
// untouched, and false is returned with the reason in *error, to follow
// "cannot write PATH: ": what failed, the system's strerror in parentheses,
// and the likely fix for a missing folder or a refused permission. The new file gets the usual
// permissions (0666 less the umask). Only a regular file (or a missing one)
// is replaced: an existing FIFO or character device (/dev/null) is written
// in place when committed, and a folder or any other kind of file is
// refused ("it is a folder; ...").
//
// StagedFile is the same write in two steps, for several files that should
// change together, or bytes that should not wait in memory: Stage writes
// and flushes the temporary file (failing as above; with Flush::kBehind
// the flush is left to the process's one flushing thread, in the order
// staged, and its failure is Commit's), Commit renames it over
// the path (false, with "it cannot be replaced (...)", when it cannot; the
// temporary file is then removed). A StagedFile that is destroyed without
// a successful Commit removes its temporary file: a build that fails
// half-way leaves nothing behind. WriteFileAtomically is Stage then Commit.
// Commit also flushes the folder, so that the rename itself survives a
// crash; a caller committing several files into one folder can instead
// commit each with FolderSync::kByCaller and call SyncFolderOf once after
// the last (each folder flush waits for the disk: 40 shards took 40 of
// them, docs/performance.md).
//
// Reserve is the same for bytes another program writes by name (ffmpeg
// writing a video): it creates an empty temporary file beside `path`
// (temporary_path() names it) for that program to fill; Commit flushes it
// to the disk and renames it over the path. Only a target a rename may
// replace is reserved: a FIFO or a device is refused too ("it is a FIFO or
// a device; name a regular file").
#ifndef CINC_CORE_ATOMIC_FILE_H_
#define CINC_CORE_ATOMIC_FILE_H_

#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace cinc {

bool WriteFileAtomically(const std::string& path, std::string_view content, std::string* error);

// Who flushes the folder after a StagedFile's rename.
enum class FolderSync { kOnCommit, kByCaller };

// Flushes the folder of `path` to the disk, making the renames into it
// durable; a folder that cannot be opened or flushed (some file systems
// refuse) is let be: the files are there.
void SyncFolderOf(const std::string& path);

class StagedFile {
 public:
  // When Stage's temporary file reaches the disk: before Stage returns, or
  // behind the caller, who goes on writing the next file (Commit waits).
  enum class Flush { kNow, kBehind };
  struct PendingFlush;  // a flush behind, shared with the thread doing it

  static std::optional<StagedFile> Stage(const std::string& path, std::string_view content,
                                         std::string* error);
  // The content given in parts, written one after the other.
  static std::optional<StagedFile> Stage(const std::string& path,
                                         std::initializer_list<std::string_view> parts,
                                         std::string* error, Flush flush = Flush::kNow);
  static std::optional<StagedFile> Reserve(const std::string& path, std::string* error);
  StagedFile(StagedFile&& other) noexcept;
  StagedFile& operator=(StagedFile&& other) noexcept;
  StagedFile(const StagedFile&) = delete;
  StagedFile& operator=(const StagedFile&) = delete;
  ~StagedFile();

  const std::string& path() const { return path_; }
  // The temporary file ("" once committed or given up, and for a FIFO or
  // device written in place).
  const std::string& temporary_path() const { return temporary_path_; }
  bool Commit(std::string* error, FolderSync folder_sync = FolderSync::kOnCommit);

 private:
  StagedFile(std::string path, std::string temporary_path)
      : path_(std::move(path)), temporary_path_(std::move(temporary_path)) {}
  void Discard();

  std::string path_;
  std::string temporary_path_;  // empty once committed, discarded or moved from
  bool in_place_ = false;       // a FIFO or device: in_place_content_ is written at Commit
  std::string in_place_content_;
  bool reserved_ = false;                        // filled by another program: flushed at Commit
  std::shared_ptr<PendingFlush> pending_flush_;  // Flush::kBehind, until Commit
};

}  // namespace cinc

#endif  // CINC_CORE_ATOMIC_FILE_H_

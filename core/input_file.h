// Reading the files cinc is given: the one home of every input read (the
// scene, its includes, models and what they name, sequences, a tool's log).
//
// Contract: only a regular file is read. A folder, a named pipe (FIFO), a
// device or a socket is refused from its status, before any byte is read,
// so nothing blocks (the file is opened with O_NONBLOCK, and checked again
// through the open descriptor with fstat). A file larger than its kind's
// cap (MaxInputBytes, docs/diagnostics.md "Input files") is refused from its
// size before any memory is reserved for it; a file that grows past the cap
// while it is read is refused too. Nothing here throws or reports: the
// caller words the refusal for its place (InputRefusal).
#ifndef CINC_CORE_INPUT_FILE_H_
#define CINC_CORE_INPUT_FILE_H_

#include <cstddef>
#include <cstdint>
#include <string>

namespace cinc {

// What a file is read as; each kind has its cap.
enum class InputKind {
  kScene,     // a scene or an included file (YAML text)
  kModel,     // a model file, its buffers and images, a converted .blend
  kSequence,  // a sequence file (JSON text), or a source line shown from one
  kLog,       // a tool's log that cinc quotes (Blender's)
};

// The most bytes cinc reads of a file of `kind`.
int64_t MaxInputBytes(InputKind kind);

// Why a file was not read.
struct InputRefusal {
  enum class Reason { kNone, kMissing, kFolder, kNotAFile, kTooLarge, kUnreadable };
  Reason reason = Reason::kNone;
  int error = 0;     // kMissing, kUnreadable: errno
  int64_t size = 0;  // kTooLarge: the file's size; -1 when it grew past the cap
  std::string what;  // kNotAFile: "a named pipe (FIFO)", "a device", "a socket"
  InputKind kind = InputKind::kScene;

  bool refused() const { return reason != Reason::kNone; }
  // "No such file or directory", "it is a folder, not a file", "it is a named
  // pipe (FIFO), not a file", "it is 2147483648 bytes, more than the 1 GB
  // cinc reads of a model file", ...
  std::string Describe() const;
};

// Reads all of `path` into `*bytes`; the refusal (reason kNone when read).
InputRefusal ReadInputFile(const std::string& path, InputKind kind, std::string* bytes);

// Reads the first `count` bytes of `path` (all of a shorter file); what
// follows them is never read, so only the kind of file is checked, not its
// size. Refused as ReadInputFile refuses.
InputRefusal ReadInputPrefix(const std::string& path, InputKind kind, size_t count,
                             std::string* bytes);

// Checks `path` as ReadInputFile would, without reading it: for a file a
// third-party reader opens by name (Assimp).
InputRefusal CheckInputFile(const std::string& path, InputKind kind);

}  // namespace cinc

#endif  // CINC_CORE_INPUT_FILE_H_

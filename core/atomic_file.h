// Writing a file so that readers see either the old bytes or the new ones.
//
// Contract: WriteFileAtomically writes `content` to a new temporary file in
// the folder of `path` (a unique name beginning with "." and the file's
// name), flushes it to the disk (fsync) and renames it over `path`. On any
// failure the temporary file is removed, an existing file at `path` is left
// untouched, and false is returned with the reason in *error, to follow
// "cannot write PATH: ": what failed, the system's strerror in parentheses,
// and the likely fix for a missing folder or a refused permission. The new file gets the usual
// permissions (0666 less the umask).
#ifndef CINC_CORE_ATOMIC_FILE_H_
#define CINC_CORE_ATOMIC_FILE_H_

#include <string>
#include <string_view>

namespace cinc {

bool WriteFileAtomically(const std::string& path, std::string_view content, std::string* error);

}  // namespace cinc

#endif  // CINC_CORE_ATOMIC_FILE_H_

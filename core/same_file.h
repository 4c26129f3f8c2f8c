// Whether two paths name one file, whatever links and spellings lead to it.
#ifndef CINC_CORE_SAME_FILE_H_
#define CINC_CORE_SAME_FILE_H_

#include <string>

namespace cinc {

// True when `a` and `b` both exist and are one file (device and inode).
bool IsSameFile(const std::string& a, const std::string& b);

}  // namespace cinc

#endif  // CINC_CORE_SAME_FILE_H_

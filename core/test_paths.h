// For tests that build scenes by hand: JSON pointers interned in one store
// that lives as long as the test program (core/json_pointer.h).
#ifndef CINC_CORE_TEST_PATHS_H_
#define CINC_CORE_TEST_PATHS_H_

#include <string_view>

#include "core/json_pointer.h"

namespace cinc::testing {

inline JsonPointer TestPath(std::string_view path) {
  static PathStore* store = new PathStore();  // NOLINT: lives to the end of the tests
  return store->Intern(path);
}

}  // namespace cinc::testing

#endif  // CINC_CORE_TEST_PATHS_H_

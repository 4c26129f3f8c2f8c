// The JSON Schemas of schemas/, built into the executable so that
// `cinc schema scene|sequence` works without the source tree.
#ifndef CINC_COMPILER_CLI_SCHEMAS_H_
#define CINC_COMPILER_CLI_SCHEMAS_H_

#include <string_view>

namespace cinc {

std::string_view SceneSchemaText();
std::string_view SequenceSchemaText();

}  // namespace cinc

#endif  // CINC_COMPILER_CLI_SCHEMAS_H_

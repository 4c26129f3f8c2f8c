// The Makefile depfile that `--depfile` writes (docs/cli.md, "Depfiles").
#ifndef CINC_COMPILER_CLI_DEPFILE_H_
#define CINC_COMPILER_CLI_DEPFILE_H_

#include <optional>
#include <string>
#include <vector>

namespace cinc {

// Why `path` cannot stand in a depfile read by GNU Make and Ninja ("it holds
// a newline"), or nullopt when it can (escaped by MakeDepfile).
std::optional<std::string> DepfileRefusal(const std::string& path);

// The rule "OUTPUTS: INPUTS\n", every path escaped; every path must have
// passed DepfileRefusal.
std::string MakeDepfile(const std::vector<std::string>& outputs,
                        const std::vector<std::string>& inputs);

}  // namespace cinc

#endif  // CINC_COMPILER_CLI_DEPFILE_H_

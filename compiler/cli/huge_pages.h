// Huge pages for large scenes: the process restarts itself once, before any
// work, so that glibc backs its heap with transparent huge pages.
//
// Why a restart: a 100,000-node build touches about 100 MB of fresh heap, and
// on a virtual machine every 4 KB page's first touch is a fault costing
// microseconds: a fifth of the build. glibc can put the heap on 2 MB pages
// (madvise(MADV_HUGEPAGE) on the memory it takes from the system), which
// takes the faults from about 31,000 to 11,000 and the wall time down by a
// quarter, for a few MB more of peak memory (docs/performance.md).
// glibc reads that setting, the tunable glibc.malloc.hugetlb=1, only from the
// environment variable GLIBC_TUNABLES when a process starts, so cinc sets it
// and executes itself again (the file /proc/self/exe names, the same
// arguments, so the process keeps its name).
//
// Contract:
// - DecideHugePages is pure: it restarts only for an input file of at least
//   kHugePagesMinBytes (below that, the restart's ~10 ms outweigh the gain),
//   never twice, never when the user has chosen (CINC_HUGE_PAGES=0, or a
//   GLIBC_TUNABLES that already says glibc.malloc.hugetlb), and never under
//   a preloading tool (LD_PRELOAD: valgrind, heaptrack), which a restart
//   would leave behind.
// - The restarted process gives GLIBC_TUNABLES back its old value (or none)
//   before anything else, so programs cinc starts (Blender) inherit the
//   user's environment, not cinc's setting.
// - Elsewhere than Linux with glibc, and when the exec fails, the process
//   goes on as it is: the restart changes speed and memory, never output.
#ifndef CINC_COMPILER_CLI_HUGE_PAGES_H_
#define CINC_COMPILER_CLI_HUGE_PAGES_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace cinc {

// Input files from this size (about 10,000 nodes of scene) restart.
inline constexpr uintmax_t kHugePagesMinBytes = 1024 * 1024;

// What the decision reads of the environment and the input.
struct HugePagesInputs {
  std::optional<std::string> tunables;  // GLIBC_TUNABLES
  std::optional<std::string> choice;    // CINC_HUGE_PAGES: "0" turns the restart off
  bool preloaded = false;               // LD_PRELOAD is set
  bool restarted = false;               // this process is the restarted one
  uintmax_t input_bytes = 0;            // 0 when the file cannot be read
};

enum class HugePagesDecision { kGoOn, kRestart };

HugePagesDecision DecideHugePages(const HugePagesInputs& inputs);

// GLIBC_TUNABLES for the restart: the user's tunables with
// glibc.malloc.hugetlb=1 added.
std::string TunablesWithHugePages(const std::optional<std::string>& tunables);

// First thing in main: when this process is the restarted one, gives
// GLIBC_TUNABLES back the value it had before the restart and returns true.
bool RestoreEnvironmentAfterRestart();

// Restarts the process with huge pages when DecideHugePages says so for
// `input_path`; returns only when it does not restart (or the exec failed).
void RestartWithHugePagesIfWorthIt(char** argv, const std::string& input_path, bool restarted);

}  // namespace cinc

#endif  // CINC_COMPILER_CLI_HUGE_PAGES_H_

#include "compiler/cli/huge_pages.h"

#include <cstdlib>
#include <system_error>

#if defined(__linux__) && defined(__GLIBC__)
#include <unistd.h>

#include <filesystem>
#define CINC_CAN_RESTART 1
#endif

namespace cinc {
namespace {

constexpr char kTunablesVariable[] = "GLIBC_TUNABLES";
constexpr char kHugePagesTunable[] = "glibc.malloc.hugetlb";
// Set only in the restarted process: "-" when GLIBC_TUNABLES was unset,
// else "=" and its old value.
constexpr char kRestartVariable[] = "CINC_RESTARTED_FOR_HUGE_PAGES";

std::optional<std::string> Variable(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr ? std::optional<std::string>(value) : std::nullopt;
}

}  // namespace

HugePagesDecision DecideHugePages(const HugePagesInputs& inputs) {
  const bool user_chose =
      (inputs.choice && *inputs.choice == "0") ||
      (inputs.tunables && inputs.tunables->find(kHugePagesTunable) != std::string::npos);
  if (inputs.restarted || user_chose || inputs.preloaded ||
      inputs.input_bytes < kHugePagesMinBytes) {
    return HugePagesDecision::kGoOn;
  }
  return HugePagesDecision::kRestart;
}

std::string TunablesWithHugePages(const std::optional<std::string>& tunables) {
  std::string setting = std::string(kHugePagesTunable) + "=1";
  return tunables && !tunables->empty() ? *tunables + ":" + setting : setting;
}

bool RestoreEnvironmentAfterRestart() {
#ifdef CINC_CAN_RESTART
  std::optional<std::string> saved = Variable(kRestartVariable);
  if (!saved) return false;
  if (!saved->empty() && saved->front() == '=') {
    setenv(kTunablesVariable, saved->c_str() + 1, 1);
  } else {
    unsetenv(kTunablesVariable);
  }
  unsetenv(kRestartVariable);
  return true;
#else
  return false;
#endif
}

void RestartWithHugePagesIfWorthIt(char** argv, const std::string& input_path, bool restarted) {
#ifdef CINC_CAN_RESTART
  HugePagesInputs inputs;
  inputs.tunables = Variable(kTunablesVariable);
  inputs.choice = Variable("CINC_HUGE_PAGES");
  inputs.preloaded = Variable("LD_PRELOAD").has_value();
  inputs.restarted = restarted;
  std::error_code error;
  const uintmax_t bytes = std::filesystem::file_size(input_path, error);
  inputs.input_bytes = error ? 0 : bytes;
  if (DecideHugePages(inputs) != HugePagesDecision::kRestart) return;

  const std::string saved = inputs.tunables ? "=" + *inputs.tunables : "-";
  setenv(kRestartVariable, saved.c_str(), 1);
  setenv(kTunablesVariable, TunablesWithHugePages(inputs.tunables).c_str(), 1);
  // The executable's own path, so that the process keeps its name ("cinc"
  // in ps and top, not "exe"); /proc/self/exe itself if that is unreadable.
  std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error && std::filesystem::exists(self, error) && !error) execv(self.c_str(), argv);
  execv("/proc/self/exe", argv);
  // The exec failed (no /proc in a chroot, say): go on as this process.
  RestoreEnvironmentAfterRestart();
#else
  (void)argv;
  (void)input_path;
  (void)restarted;
#endif
}

}  // namespace cinc

#include "importers/blender_converter.h"

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string_view>
#include <thread>
#include <vector>

#include "core/atomic_file.h"
#include "core/input_file.h"
#include "importers/sha256.h"

extern char** environ;

namespace cinc {
namespace {

namespace fs = std::filesystem;

constexpr char kInstallHint[] =
    "install it (apt-get install blender python3-numpy) or set CINC_BLENDER to its path";

std::string EnvironmentValue(const char* name) {
  const char* value = std::getenv(name);
  return value == nullptr ? "" : value;
}

bool IsExecutableFile(const std::string& path) {
  struct stat info;
  return stat(path.c_str(), &info) == 0 && S_ISREG(info.st_mode) && access(path.c_str(), X_OK) == 0;
}

// The Blender to run, or "" with `error` set.
std::string FindBlender(const ImportSettings& settings, std::string* error) {
  std::string requested = settings.blender_executable;
  std::string source = "ImportSettings::blender_executable";
  if (requested.empty()) {
    requested = EnvironmentValue("CINC_BLENDER");
    source = "CINC_BLENDER";
  }
  if (!requested.empty()) {
    if (requested.find('/') == std::string::npos) {
      std::string path = EnvironmentValue("PATH");
      std::istringstream folders(path);
      std::string folder;
      while (std::getline(folders, folder, ':')) {
        std::string candidate = (folder.empty() ? "." : folder) + "/" + requested;
        if (IsExecutableFile(candidate)) return candidate;
      }
    } else if (IsExecutableFile(requested)) {
      return requested;
    }
    *error = "the Blender named by " + source + " ('" + requested +
             "') is not an executable file; " + kInstallHint;
    return "";
  }
  std::istringstream folders(EnvironmentValue("PATH"));
  std::string folder;
  while (std::getline(folders, folder, ':')) {
    std::string candidate = (folder.empty() ? "." : folder) + "/blender";
    if (IsExecutableFile(candidate)) return candidate;
  }
  *error = "converting a .blend file needs Blender, and there is no `blender` on PATH; " +
           std::string(kInstallHint);
  return "";
}

// Blender's log, "" when it cannot be read (core/input_file.h).
std::string ReadText(const fs::path& path) {
  std::string text;
  ReadInputFile(path.string(), InputKind::kLog, &text);
  return text;
}

// What to quote from Blender's log: the export script's own error lines, or
// else the last few lines (Blender's messages come last).
std::string LogExcerpt(const std::string& log) {
  std::vector<std::string> lines;
  std::vector<std::string> script_errors;
  std::istringstream stream(log);
  std::string line;
  while (std::getline(stream, line)) {
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
    if (line.empty()) continue;
    if (line.find("cinc_export: error: ") != std::string::npos) {
      script_errors.push_back(line.substr(line.find("cinc_export: error: ") + 20));
    }
    lines.push_back(line);
  }
  const std::vector<std::string>& chosen = script_errors.empty() ? lines : script_errors;
  size_t first = chosen.size() > 4 ? chosen.size() - 4 : 0;
  std::string excerpt;
  for (size_t i = first; i < chosen.size(); ++i) {
    if (!excerpt.empty()) excerpt += " | ";
    excerpt += chosen[i];
  }
  return excerpt.empty() ? "Blender printed nothing" : excerpt;
}

struct RunResult {
  bool started = false;
  bool timed_out = false;
  int status = 0;  // waitpid status
  std::string error;
};

// Our environment with Blender's own folder first on PATH: Debian's Blender
// embeds the system Python but takes its prefix from the first `python3` on
// PATH, so from inside a virtualenv or pyenv shell it would start a Python
// without numpy, which its glTF exporter needs.
std::vector<std::string> BlenderEnvironment(const std::string& blender) {
  std::error_code error;
  fs::path real = fs::canonical(blender, error);
  std::string folder = (error ? fs::path(blender) : real).parent_path().string();
  std::vector<std::string> environment;
  bool has_path = false;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    std::string variable = *entry;
    if (variable.starts_with("PATH=")) {
      variable = "PATH=" + folder + ":" + variable.substr(5);
      has_path = true;
    }
    environment.push_back(std::move(variable));
  }
  if (!has_path) environment.push_back("PATH=" + folder + ":/usr/bin:/bin");
  return environment;
}

std::vector<char*> NullTerminated(const std::vector<std::string>& strings) {
  std::vector<char*> pointers;
  for (const std::string& text : strings) pointers.push_back(const_cast<char*>(text.c_str()));
  pointers.push_back(nullptr);
  return pointers;
}

RunResult Run(const std::vector<std::string>& arguments, const fs::path& log_path,
              int timeout_seconds) {
  RunResult result;
  std::vector<char*> argv = NullTerminated(arguments);
  const std::vector<std::string> environment = BlenderEnvironment(arguments[0]);
  std::vector<char*> envp = NullTerminated(environment);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&actions, 1, log_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC,
                                   0644);
  posix_spawn_file_actions_adddup2(&actions, 1, 2);
  pid_t pid = 0;
  int spawn_error = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), envp.data());
  posix_spawn_file_actions_destroy(&actions);
  if (spawn_error != 0) {
    result.error = std::strerror(spawn_error);
    return result;
  }
  result.started = true;
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(timeout_seconds);
  while (true) {
    pid_t done = waitpid(pid, &result.status, WNOHANG);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) {
      result.error = std::strerror(errno);
      break;
    }
    if (std::chrono::steady_clock::now() > deadline) {
      kill(pid, SIGKILL);
      waitpid(pid, &result.status, 0);
      result.timed_out = true;
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return result;
}

bool AllDigits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
  });
}

// "4.2" for 402, "2.79" for 279.
std::string VersionText(int number) {
  int minor = number % 100;
  return std::to_string(number / 100) + "." + (number < 300 && minor < 10 ? "0" : "") +
         std::to_string(minor);
}

}  // namespace

std::optional<int> BlendFileVersion(const std::string& bytes) {
  std::string_view header(bytes);
  if (!header.starts_with("BLENDER")) return std::nullopt;
  auto endian = [](char c) { return c == 'v' || c == 'V'; };
  if (header.size() >= 12 && (header[7] == '_' || header[7] == '-') && endian(header[8]) &&
      AllDigits(header.substr(9, 3))) {
    return std::stoi(std::string(header.substr(9, 3)));
  }
  if (header.size() >= 17 && header.substr(7, 3) == "17-" && AllDigits(header.substr(10, 2)) &&
      endian(header[12]) && AllDigits(header.substr(13, 4))) {
    return std::stoi(std::string(header.substr(13, 4)));
  }
  return std::nullopt;
}

std::optional<BlenderVersion> BlenderVersionInLog(const std::string& log) {
  // Blender's banner line; other programs (audio, GPU drivers) may print first.
  std::string_view rest(log);
  size_t banner = rest.starts_with("Blender ") ? 0 : rest.find("\nBlender ");
  if (banner == std::string_view::npos) return std::nullopt;
  rest = rest.substr(banner == 0 ? 8 : banner + 9);
  std::string_view text = rest.substr(0, rest.find_first_not_of("0123456789."));
  size_t dot = text.find('.');
  if (dot == std::string_view::npos) return std::nullopt;
  std::string_view major = text.substr(0, dot);
  std::string_view minor = text.substr(dot + 1);
  minor = minor.substr(0, minor.find('.'));
  if (!AllDigits(major) || !AllDigits(minor) || major.size() > 3 || minor.size() > 2) {
    return std::nullopt;
  }
  return BlenderVersion{std::stoi(std::string(major)) * 100 + std::stoi(std::string(minor)),
                        std::string(text)};
}

std::string ResolveCacheFolder(const ImportSettings& settings) {
  if (!settings.cache_folder.empty()) return settings.cache_folder;
  std::string xdg = EnvironmentValue("XDG_CACHE_HOME");
  if (!xdg.empty()) return (fs::path(xdg) / "cinc").string();
  std::string home = EnvironmentValue("HOME");
  if (!home.empty()) return (fs::path(home) / ".cache" / "cinc").string();
  std::error_code error;
  return (fs::temp_directory_path(error) / "cinc").string();
}

bool ConvertBlendFile(const std::string& path, const std::string& bytes,
                      const ImportSettings& settings, std::string* glb_path, std::string* error) {
  const std::string script(kCincExportScript);
  // The script is part of the key: a new exporter version converts afresh.
  const std::string key = Sha256Hex(Sha256Hex(bytes) + Sha256Hex(script));
  const fs::path folder = ResolveCacheFolder(settings);
  const fs::path glb = folder / ("blend-" + key + ".glb");
  *glb_path = glb.string();
  std::error_code fs_error;
  if (fs::is_regular_file(glb, fs_error) && fs::file_size(glb, fs_error) > 0) return true;

  std::string blender = FindBlender(settings, error);
  if (blender.empty()) return false;
  fs::create_directories(folder, fs_error);
  if (!fs::is_directory(folder)) {
    *error = "cannot create the cache folder '" + folder.string() + "' (" + fs_error.message() +
             "); set XDG_CACHE_HOME to a writable folder";
    return false;
  }
  const fs::path script_path = folder / ("cinc_export-" + Sha256Hex(script).substr(0, 16) + ".py");
  std::string write_error;
  if (!fs::is_regular_file(script_path) &&
      !WriteFileAtomically(script_path.string(), script, &write_error)) {
    *error = "cannot write '" + script_path.string() + "' in the cache folder: " + write_error;
    return false;
  }
  fs::path temporary = glb;
  temporary += ".tmp." + std::to_string(getpid()) + ".glb";
  const fs::path log = folder / ("blend-" + key + ".log");
  const std::string input = fs::absolute(path, fs_error).string();
  RunResult run =
      Run({blender, "-b", "--factory-startup", "--disable-autoexec", input, "--python-exit-code",
           "1", "--python", script_path.string(), "--", "--out", temporary.string()},
          log, std::max(1, settings.blender_timeout_seconds));
  auto fail = [&](const std::string& message) {
    fs::remove(temporary, fs_error);
    *error = message;
    return false;
  };
  if (!run.started) {
    return fail("cannot run Blender '" + blender + "': " + run.error + "; " + kInstallHint);
  }
  const std::string log_note = "; Blender's log is " + log.string();
  std::optional<int> file_version = BlendFileVersion(bytes);
  std::optional<BlenderVersion> installed = BlenderVersionInLog(ReadText(log));
  if (file_version && installed && *file_version > installed->number) {
    const std::string newer = VersionText(*file_version);
    return fail("it was made by Blender " + newer + "; the installed Blender is " +
                installed->text + ", which cannot read files of newer Blenders: export a GLB " +
                "from Blender " + newer + " (File > Export > glTF 2.0) and name it in `source:`, " +
                "or set CINC_BLENDER to Blender " + newer + " or newer");
  }
  if (run.timed_out) {
    return fail("Blender did not finish converting it within " +
                std::to_string(settings.blender_timeout_seconds) + " s" + log_note);
  }
  if (WIFSIGNALED(run.status)) {
    return fail("Blender crashed converting it (signal " + std::to_string(WTERMSIG(run.status)) +
                "): " + LogExcerpt(ReadText(log)) + log_note);
  }
  if (!WIFEXITED(run.status) || WEXITSTATUS(run.status) != 0) {
    return fail("Blender could not convert it (exit status " +
                std::to_string(WIFEXITED(run.status) ? WEXITSTATUS(run.status) : -1) +
                "): " + LogExcerpt(ReadText(log)) + log_note);
  }
  if (!fs::is_regular_file(temporary, fs_error) || fs::file_size(temporary, fs_error) == 0) {
    return fail("Blender exited without writing a GLB: " + LogExcerpt(ReadText(log)) + log_note);
  }
  fs::rename(temporary, glb, fs_error);
  if (fs_error) {
    return fail("cannot move the converted file into '" + glb.string() +
                "': " + fs_error.message());
  }
  return true;
}

}  // namespace cinc

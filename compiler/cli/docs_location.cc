#include "compiler/cli/docs_location.h"

#include <filesystem>
#include <system_error>

#include "core/uri_path.h"

namespace cinc {
namespace {

bool HasDiagnosticsPage(const std::filesystem::path& folder) {
  std::error_code error;
  return std::filesystem::is_regular_file(folder / "diagnostics.md", error);
}

}  // namespace

std::string FileUri(std::string_view absolute_path) {
  return "file://" + PercentEncodePath(absolute_path);
}

std::string DocsBaseUri() {
  std::string configured = CINC_DOCS_URL;
  if (!configured.empty()) return configured.back() == '/' ? configured : configured + "/";
  std::error_code error;
  std::filesystem::path executable = std::filesystem::read_symlink("/proc/self/exe", error);
  if (!error) {
    std::filesystem::path installed = executable.parent_path().parent_path() / CINC_INSTALL_DOCDIR;
    if (HasDiagnosticsPage(installed)) return FileUri(installed.lexically_normal().string()) + "/";
  }
  std::filesystem::path sources = CINC_SOURCE_DOCS;
  if (HasDiagnosticsPage(sources)) return FileUri(sources.string()) + "/";
  return "";
}

}  // namespace cinc

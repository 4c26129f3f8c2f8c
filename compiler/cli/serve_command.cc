#include "compiler/cli/serve_command.h"

#include <signal.h>

#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "compiler/cli/diagnostic_printer.h"
#include "compiler/cli/watch.h"
#include "compiler/pipeline/pipeline.h"
#include "core/json_writer.h"
#include "serve/http_server.h"
#include "serve/listener.h"
#include "serve/router.h"

namespace cinc {
namespace {

// A save is one write, or a few within milliseconds: a short quiet is enough.
constexpr int kServeDebounceMs = 30;

// One build of the page; a good one is served, a failed one's problems are
// sent to the pages. The files it read go into `inputs`.
void BuildAndPublish(const CommandOptions& options, long long build, HttpServer* server,
                     std::ostream& out, std::ostream& errors, std::vector<std::string>* inputs) {
  CommandOptions preview = options;
  preview.format = "preview";
  preview.free_memory = true;  // a build of many: each hands its memory back
  BuildSettings settings = BuildSettingsOf(preview);
  settings.stage_files = false;  // nothing is written
  settings.preview_live_build = static_cast<int>(build);
  Diagnostics diagnostics(options.scene);
  BuildResult result = BuildOutput(options.scene, settings, &diagnostics);
  *inputs = result.inputs;
  const bool good = Report(&diagnostics, options, errors);  // sorts, promotes under --werror
  if (good && !result.files.empty()) {
    server->PublishPage(build, std::move(result.files.front().bytes));
    out << "build " << build << " served\n" << std::flush;
    return;
  }
  SourceLines sources;
  server->PublishErrors(build, BuildErrorsJson(build, diagnostics),
                        FormatDiagnostics(diagnostics, DiagnosticsFormat::kText, &sources));
  out << "build " << build << " failed: the last good build is served\n" << std::flush;
}

}  // namespace

std::string BuildErrorsJson(long long build, const Diagnostics& diagnostics) {
  SourceLines sources;
  Json list = Json::array();
  int errors = 0;
  for (const Diagnostic& diagnostic : diagnostics.items()) {
    if (diagnostic.severity == Severity::kError) ++errors;
    if (list.size() == kMaxShownProblems) continue;
    Json problem = {{"file", diagnostic.file},
                    {"line", diagnostic.location.line},
                    {"column", diagnostic.location.column},
                    {"severity", diagnostic.severity == Severity::kError ? "error" : "warning"},
                    {"code", std::string(diagnostic.code_name())},
                    {"message", diagnostic.message}};
    const std::string* line = diagnostic.location.line > 0
                                  ? sources.Line(diagnostic.file, diagnostic.location.line)
                                  : nullptr;
    if (line != nullptr) problem["source"] = *line;
    list.push_back(std::move(problem));
  }
  const size_t listed = list.size();
  return WriteCompactJson(Json{{"build", build},
                               {"errors", errors},
                               {"diagnostics", std::move(list)},
                               {"more", diagnostics.items().size() - listed}});
}

int RunServe(const CommandOptions& options, std::ostream& out, std::ostream& errors) {
  std::string error;
  Listener listener = Listener::Listen(options.host, options.port, &error);
  if (listener.fd() < 0) {
    errors << "cinc: cannot listen on " << options.host << " port " << options.port << ": " << error
           << "\n";
    return kExitInternal;
  }
  // Ctrl-C is taken by the watch (a signalfd): blocked before the server's
  // thread starts, so that the thread inherits the mask.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  out << "serving " << listener.Url() << " (Ctrl-C stops)\n" << std::flush;
  const int port = listener.port();
  HttpServer server(std::move(listener), HostsFor(options.host, port));
  std::thread serving([&server] { server.Run(); });
  long long build = 0;
  WatchSettings settings;
  settings.debounce_ms = kServeDebounceMs;
  int status = WatchAndRebuild(
      options.scene,
      [&](std::vector<std::string>* inputs) {
        BuildAndPublish(options, ++build, &server, out, errors, inputs);
      },
      settings, errors);
  server.Stop();
  serving.join();
  return status;
}

}  // namespace cinc

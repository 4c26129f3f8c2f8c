// render_driver: a preview page to frames or video through render/render.h,
// for tests/render_test.py (and for measuring): the engine alone, from a
// page file, as `cinc render` (compiler/cli/publish.cc) calls it.
//
// Usage: render_driver PAGE.html DURATION -o OUT [--size WxH] [--fps N]
//          [--view camera|orbit] [--from S] [--to S] [--slice A:B]
//          [--ready-timeout MS]
// Prints the outcome as one JSON object on stdout ({"ok", "frames",
// "ready_seconds", "capture_seconds", "finish_seconds", "refused",
// "diagnostics": [{"code", "message"}], "progress": [[done, total], ...]});
// exit status 0 when the render worked, 1 when it did not, 2 for a usage
// error of the driver itself.
#include <cstdio>
#include <iostream>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "core/input_file.h"
#include "core/json_writer.h"
#include "render/render.h"

namespace {

bool ParseOptions(int argc, char** argv, cinc::RenderSettings* settings) {
  for (int i = 3; i + 1 < argc; i += 2) {
    std::string name = argv[i];
    std::string value = argv[i + 1];
    if (name == "-o") {
      settings->output = value;
    } else if (name == "--size") {
      if (std::sscanf(value.c_str(), "%dx%d", &settings->width, &settings->height) != 2) {
        return false;
      }
    } else if (name == "--fps") {
      settings->fps = std::stoi(value);
    } else if (name == "--view") {
      settings->view = value == "orbit" ? cinc::RenderView::kOrbit : cinc::RenderView::kCamera;
    } else if (name == "--from") {
      settings->from = std::stod(value);
    } else if (name == "--to") {
      settings->to = std::stod(value);
    } else if (name == "--slice") {
      long long first = 0;
      long long end = 0;
      if (std::sscanf(value.c_str(), "%lld:%lld", &first, &end) != 2) return false;
      settings->slice = cinc::FrameSlice{first, end};
    } else if (name == "--ready-timeout") {
      settings->ready_timeout = std::chrono::milliseconds(std::stoll(value));
    } else {
      return false;
    }
  }
  return argc >= 5 && (argc - 3) % 2 == 0;
}

}  // namespace

int main(int argc, char** argv) {
  cinc::RenderSettings settings;
  if (argc < 3 || !ParseOptions(argc, argv, &settings)) {
    std::cerr << "usage: render_driver PAGE.html DURATION -o OUT [--size WxH] [--fps N] "
                 "[--view camera|orbit] [--from S] [--to S] [--slice A:B] [--ready-timeout MS]\n";
    return 2;
  }
  std::string page;
  cinc::InputRefusal refusal = cinc::ReadInputFile(argv[1], cinc::InputKind::kModel, &page);
  if (refusal.refused()) {
    std::cerr << "render_driver: cannot read " << argv[1] << ": " << refusal.Describe() << "\n";
    return 2;
  }
  cinc::Json progress = cinc::Json::array();
  settings.progress = [&progress](int64_t done, int64_t total) {
    progress.push_back(cinc::Json::array({done, total}));
  };
  cinc::Diagnostics diagnostics(argv[1]);
  cinc::RenderOutcome outcome =
      cinc::RenderPreview(page, std::stod(argv[2]), settings, &diagnostics);
  cinc::Json report = {{"ok", outcome.ok},
                       {"frames", outcome.frames},
                       {"ready_seconds", outcome.ready_seconds},
                       {"capture_seconds", outcome.capture_seconds},
                       {"finish_seconds", outcome.finish_seconds},
                       {"refused", outcome.refused_requests},
                       {"diagnostics", cinc::Json::array()},
                       {"progress", progress}};
  for (const cinc::Diagnostic& diagnostic : diagnostics.items()) {
    report["diagnostics"].push_back(
        {{"code", diagnostic.code_name()}, {"message", diagnostic.message}});
  }
  std::cout << cinc::WriteJson(report);
  return outcome.ok ? 0 : 1;
}

// cinc_markers_dump [--text] [--cache DIR] FILE — a test tool for the Blender
// tests (the user-facing command is `cinc markers`). Prints ModelToJson (or
// ModelToText) on stdout; on errors prints the diagnostics as a JSON array
// of {code, file, message} on stderr and exits 1.
#include <iostream>
#include <string>

#include "core/json_writer.h"
#include "importers/import_model.h"

int main(int argc, char** argv) {
  cinc::ImportSettings settings;
  bool text = false;
  std::string file;
  for (int i = 1; i < argc; ++i) {
    std::string argument = argv[i];
    if (argument == "--text") {
      text = true;
    } else if (argument == "--cache" && i + 1 < argc) {
      settings.cache_folder = argv[++i];
    } else if (file.empty()) {
      file = argument;
    } else {
      std::cerr << "usage: cinc_markers_dump [--text] [--cache DIR] FILE\n";
      return 2;
    }
  }
  if (file.empty()) {
    std::cerr << "usage: cinc_markers_dump [--text] [--cache DIR] FILE\n";
    return 2;
  }
  cinc::Diagnostics diagnostics;
  cinc::ImportedModel model = cinc::ImportModel(file, &diagnostics, settings);
  if (!diagnostics.items().empty()) {
    cinc::Json list = cinc::Json::array();
    for (const cinc::Diagnostic& diagnostic : diagnostics.items()) {
      list.push_back({{"code", std::string(diagnostic.code_name())},
                      {"file", diagnostic.file},
                      {"message", diagnostic.message}});
    }
    std::cerr << cinc::WriteJson(list);
  }
  if (diagnostics.HasErrors()) return 1;
  std::cout << (text ? cinc::ModelToText(model) : cinc::WriteJson(cinc::ModelToJson(model)));
  return 0;
}

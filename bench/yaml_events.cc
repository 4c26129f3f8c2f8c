// yaml_events FILE: reads a YAML file with libyaml's event parser and does
// nothing else — the floor that `cinc build` is measured against (the whole
// build should take at most twice this; docs/performance.md).
#include <yaml.h>

#include <cstdio>

int main(int argc, char** argv) {
  if (argc != 2) {
    std::fprintf(stderr, "usage: yaml_events FILE\n");
    return 2;
  }
  FILE* file = std::fopen(argv[1], "rb");
  if (file == nullptr) {
    std::perror(argv[1]);
    return 1;
  }
  yaml_parser_t parser;
  yaml_parser_initialize(&parser);
  yaml_parser_set_input_file(&parser, file);
  long events = 0;
  bool done = false;
  int status = 0;
  while (!done) {
    yaml_event_t event;
    if (!yaml_parser_parse(&parser, &event)) {
      std::fprintf(stderr, "%s\n", parser.problem ? parser.problem : "parse error");
      status = 1;
      break;
    }
    done = event.type == YAML_STREAM_END_EVENT;
    ++events;
    yaml_event_delete(&event);
  }
  yaml_parser_delete(&parser);
  std::fclose(file);
  std::printf("%ld events\n", events);
  return status;
}

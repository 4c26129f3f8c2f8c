// What the readers of one scene file share (ReadContext): the file and its
// YAML reader, the scene being built, the problems list, the JSON pointer
// being read, the templates and includes known so far.
//
// Every reader takes the first event of a value (already read with Next())
// and consumes the rest of that value, whatever it finds: after a problem
// the value is skipped and loading carries on with the next key.
#ifndef CINC_COMPILER_SCENE_READ_CONTEXT_H_
#define CINC_COMPILER_SCENE_READ_CONTEXT_H_

#include <set>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "compiler/scene/scene_loader.h"
#include "compiler/scene/yaml_reader.h"
#include "core/diagnostics.h"
#include "core/scene.h"

namespace cinc::scene_loading {

// The scene's time unit; `time:` may come after the times it governs.
enum class TimeUnit { kUnknownYet, kSeconds, kTicks };

// One name of a `use:` and where it is written.
struct TemplateUse {
  std::string name;
  Origin origin;
};

// A template: its mapping (replayed where it is used), its own `use:` and
// the origin of its name.
struct Template {
  YamlNodeHandle node;
  std::vector<TemplateUse> uses;
  Origin origin;
};

// The templates read so far: by name, and their names in file order.
struct Templates {
  std::unordered_map<std::string, Template> by_name;
  std::vector<std::string> names;
  bool loaded = false;      // `templates:` was read
  bool may_follow = false;  // the text says `templates` somewhere
};

// What the contexts of one scene and of the files it includes share.
struct IncludeState {
  // The files being read, the scene first, each including the next: their
  // identities (paths with links resolved) and names.
  std::vector<std::string> reading;
  std::vector<std::string> reading_names;
  std::set<std::string> read;      // identities of the files read so far
  std::vector<std::string> files;  // the included files' names, in the order read
  // Reading an included file stopped (a syntax error, a limit): what is
  // missing from it must not be reported as missing from the scene.
  bool interrupted = false;
  // Owners whose `nodes:` was written at the owners' indentation (reported):
  // what names their nodes says no more.
  std::set<std::string> owners_without_nodes;
};

// One file being read: the scene (file_index 0, its own IncludeState) or a
// file it includes (file_index k, the scene's IncludeState).
struct ReadContext {
  ReadContext(std::string_view text, const std::string& file, const SceneLoadOptions& options,
              Diagnostics* diagnostics, int file_index = 0, IncludeState* includes = nullptr);
  ReadContext(const ReadContext&) = delete;
  ReadContext& operator=(const ReadContext&) = delete;

  // The next event; the problems the reader met on the way are reported.
  YamlEvent Next();
  // YamlReader::Capture, reporting what the reader met on the way.
  YamlNodeHandle Capture(bool* at_end);
  // Consumes the rest of the value that starts with `first`.
  void Skip(const YamlEvent& first);
  // `location` with the JSON pointer being read.
  Origin OriginAt(SourceLocation location) const;

  // Reports at `location` and the JSON pointer being read.
  void Report(DiagnosticCode code, SourceLocation location, std::string message);
  void ReportAt(DiagnosticCode code, const Origin& origin, std::string message);
  void ReportAtPath(DiagnosticCode code, SourceLocation location, std::string_view pointer,
                    std::string message);
  // At the JSON pointer being read followed by `key`.
  void ReportAtKey(DiagnosticCode code, SourceLocation location, std::string_view key,
                   std::string message);
  // E_SCENE_VALUE "<field> <value as written> <problem>".
  void ReportValue(const YamlEvent& value, std::string_view field, std::string_view problem);
  // "expected <what>, got <kind of first>"; skips the value.
  void TypeError(const YamlEvent& first, std::string_view what);

  // Whether this file or one it includes stopped being read inside its
  // document (what was read is not what the author wrote).
  bool interrupted() const { return reader.interrupted().has_value() || includes->interrupted; }
  // "lib/hardware.yaml:3:5".
  std::string PlaceText(SourceLocation location) const;

  // --- the file ---
  std::string_view text;
  YamlReader reader;
  std::string file;
  SceneLoadOptions options;
  Diagnostics* diagnostics;
  int file_index = 0;  // SourceLocation::file of this file's locations

  // --- the scene being built ---
  Scene scene;
  bool has_version = false;
  TimeUnit time_unit = TimeUnit::kUnknownYet;
  // A time with a fraction was read before `time:`: if the unit turns out to
  // be ticks, the document is read again (ReportFractionalTicks).
  bool fraction_before_time_unit = false;
  // The JSON pointer of the value being read (PathSegment extends it).
  std::string path;

  // --- templates and includes ---
  Templates templates;
  IncludeState own_includes;
  IncludeState* includes = &own_includes;  // the scene's, shared by its included files
  bool includes_loaded = false;
  bool may_have_includes = false;  // the text says `include` somewhere

  // --- reports made while a walker merges (`<<`, templates) ---
  // Each is reported once, however many mappings merge the same text.
  int merging_walkers = 0;
  std::set<std::tuple<DiagnosticCode, int, int, int, std::string>> merged_reports;
};

// Appends a JSON pointer token (a key, RFC 6901 escaped, or a list index) to
// context.path for its lifetime.
class PathSegment {
 public:
  PathSegment(ReadContext& context, std::string_view key);
  PathSegment(ReadContext& context, size_t index);
  ~PathSegment() { context_.path.resize(size_before_); }
  PathSegment(const PathSegment&) = delete;
  PathSegment& operator=(const PathSegment&) = delete;

 private:
  ReadContext& context_;
  size_t size_before_;
};

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_READ_CONTEXT_H_

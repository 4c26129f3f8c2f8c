// The scene loader's machinery, shared by scene_loader.cc (document and
// sections), scene_nodes.cc (node fields) and scene_values.cc (events,
// mappings, typed scalars). Not part of the public API.
//
// Every reader takes the first event of a value (already read with Next())
// and consumes the rest of that value, whatever it finds: after a problem
// the value is skipped and loading carries on with the next key. Readers
// report at the current JSON pointer (`path()`), which callers extend with
// PathSegment before reading a value.
#ifndef CINC_COMPILER_SCENE_LOADER_INTERNAL_H_
#define CINC_COMPILER_SCENE_LOADER_INTERNAL_H_

#include <array>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "compiler/scene_loader.h"
#include "compiler/yaml_reader.h"
#include "core/json_writer.h"
#include "core/scene.h"
#include "core/scene_limits.h"
#include "core/suggestion.h"
#include "sequence/limits.h"

namespace cinc::scene_loading {

inline constexpr char kNotWholeTicks[] = "is not a whole number of ticks";

// The interval a number must lie in; the message says which bound failed.
struct NumberRange {
  double low = -std::numeric_limits<double>::infinity();
  double high = std::numeric_limits<double>::infinity();
  bool low_open = false;
  bool high_open = false;
};
// The most copies one pattern makes.
inline constexpr int64_t kMaxPatternCopies = 100'000;
inline constexpr NumberRange kAnyNumber{};
inline constexpr NumberRange kPositive{0, std::numeric_limits<double>::infinity(), true, false};
inline constexpr NumberRange kNonNegative{0, std::numeric_limits<double>::infinity(), false, false};
inline constexpr NumberRange kUnitInterval{0, 1, false, false};
// How far lengths, angles and scales may go (core/scene_limits.h,
// docs/language.md).
inline constexpr NumberRange kCoordinateRange{-kMaxCoordinate, kMaxCoordinate, false, false};
inline constexpr NumberRange kAngleRange{-kMaxDegrees, kMaxDegrees, false, false};
inline constexpr NumberRange kTurnsRange{-kMaxDegrees / 360, kMaxDegrees / 360, false, false};
inline constexpr NumberRange kScaleRange{0, kMaxScale, true, false};
inline constexpr NumberRange kFovRange{0, 180, true, true};                     // degrees
inline constexpr NumberRange kEaseYRange{-kMaxEaseY, kMaxEaseY, false, false};  // y1, y2

// One element of a fixed-size number list: its name in messages and range.
struct NumberElement {
  std::string_view field;
  NumberRange range;
};

// A number as people write it in a message: 1000000, not 1e+06.
std::string BoundText(double bound);

enum class ScalarType { kNull, kBool, kInteger, kFloat, kString };
// YAML 1.2 core schema resolution; non-plain scalars are strings.
ScalarType ResolveScalar(const YamlEvent& event);
// The value of a core-schema integer text (0x / 0o prefixes too) that fits.
std::optional<int64_t> IntegerValue(std::string_view text);
// A plain null (`~`, `null`, nothing).
bool IsNullScalar(const YamlEvent& event);
// The file's stem with every character outside [A-Za-z0-9_-] made '_'.
std::string DefaultSceneName(const std::string& file);
// [A-Za-z_][A-Za-z0-9_-]*
bool IsName(std::string_view text);

enum class OwnerKind { kObject, kCamera, kDirector };

class SceneLoader;

// How a MappingWalker treats keys that are not fields.
struct WalkerOptions {
  // Keys that start with `x-` are skipped without a word (the top level: a
  // place for YAML anchors).
  bool skip_extension_keys = false;
  // `use: NAME | [NAME, ...]` merges templates (a node's mapping).
  bool follow_use = false;
};

// Walks the entries of one mapping whose start event was just read: first
// the keys written in it (a second occurrence is `duplicate key`), then the
// keys merged in with `<<: *a` / `<<: [*a, *b]` that were not written,
// earlier sources first, then (with `follow_use`) those of the templates of
// `use:`, the last of the list first, each template's own fields before
// those of the templates it uses (merged keys never count as duplicates).
// With `fields`, unknown keys are reported (with a suggestion) and skipped.
class MappingWalker {
 public:
  MappingWalker(SceneLoader* loader, std::span<const std::string_view> fields,
                WalkerOptions options = {});
  ~MappingWalker();
  MappingWalker(const MappingWalker&) = delete;
  MappingWalker& operator=(const MappingWalker&) = delete;

  // Moves to the next entry to load; its value is the caller's next Next().
  // False at the end of the mapping.
  bool Next();
  int field() const { return field_; }  // index into `fields`, -1 without fields
  const std::string& key() const { return key_; }
  SourceLocation key_location() const { return key_location_; }

 private:
  struct MergeSource {
    YamlNodeHandle node;
    bool is_list_element = false;  // or a template: a mapping, not a list of them
    bool is_template = false;
  };
  bool StartNextMergeSource();
  bool MarkSeen();
  // `use:` in the mapping being walked: its templates are merged after it.
  void ReadUse();

  SceneLoader* loader_;
  std::span<const std::string_view> fields_;
  WalkerOptions options_;
  uint64_t seen_fields_ = 0;
  std::unordered_set<std::string> seen_keys_;  // without `fields`
  std::vector<YamlNodeHandle> merges_of_current_;
  std::vector<YamlNodeHandle> uses_of_current_;  // in list order
  bool use_in_current_ = false;
  bool in_template_ = false;  // the merged mapping walked now is a template
  // `use` is a key like the others in the node's own mapping and its `<<`
  // sources: the first that gives it wins. A template's own `use` always
  // applies.
  bool use_taken_ = false;
  std::vector<size_t> templates_merged_;     // their tape positions: each merged once
  std::vector<MergeSource> pending_merges_;  // the next one at the back
  bool in_merged_mapping_ = false;
  bool counted_as_merging_ = false;  // SceneLoader::merging_walkers_
  int field_ = -1;
  std::string key_;
  SourceLocation key_location_;
};

// What a table-driven read of a mapping saw: which fields were given (and
// admitted), where their keys are, and whether every value read cleanly.
struct FieldsSeen {
  static constexpr int kMaxFields = 64;
  uint64_t given = 0;
  std::array<SourceLocation, kMaxFields> locations{};
  bool valid = true;

  bool Has(int field) const { return (given >> field) & 1; }
};

// One field of a mapping: its key, how its value is read into a Target
// (false when the reader reported a problem) and what else the table says of
// it (Traits). A mapping's fields are a FieldTable, read by
// SceneLoader::ReadFields in the order they are written.
struct NoFieldTraits {};
template <typename Target, typename Traits = NoFieldTraits>
struct FieldRule {
  std::string_view name;
  bool (*read)(SceneLoader& loader, const YamlEvent& value, Target* target);
  Traits traits{};
};

template <typename Target, size_t N, typename Traits = NoFieldTraits>
struct FieldTable {
  static_assert(N <= FieldsSeen::kMaxFields);
  std::array<FieldRule<Target, Traits>, N> rules;
  std::array<std::string_view, N> names;  // for MappingWalker
};

template <typename Target, typename Traits = NoFieldTraits, size_t N>
constexpr FieldTable<Target, N, Traits> MakeFieldTable(
    const FieldRule<Target, Traits> (&rules)[N]) {
  FieldTable<Target, N, Traits> table{};
  for (size_t index = 0; index < N; ++index) {
    table.rules[index] = rules[index];
    table.names[index] = rules[index].name;
  }
  return table;
}

// What the loaders of one scene and of the files it includes share.
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
};

// What names a file whatever path leads to it: the absolute path with
// symbolic links resolved (as far as they exist).
std::string FileIdentity(const std::string& path);

// Adds what a loader found to `diagnostics`. After a syntax error (or a
// reading limit) inside the document, what was read from the broken
// construct on is not what the author wrote: of that, only the error itself
// is added.
void AddUninterrupted(const Diagnostics& found, const std::optional<YamlProblem>& interrupted,
                      Diagnostics* diagnostics);

// The most files that include one another in a chain (the scene not
// counted), and the most files one scene includes in all.
inline constexpr size_t kMaxIncludeDepth = 32;
inline constexpr size_t kMaxIncludedFiles = 1000;

class SceneLoader {
 public:
  SceneLoader(std::string_view text, const std::string& file, const SceneLoadOptions& options,
              Diagnostics* diagnostics);
  // The loader of a file that the scene includes: its locations have
  // `file_index` as SourceLocation::file.
  SceneLoader(std::string_view text, const std::string& file, const SceneLoadOptions& options,
              Diagnostics* diagnostics, int file_index, IncludeState* includes);
  Scene Load();
  // Whether the scene or a file it includes stopped being read inside its
  // document (what was read is not what the author wrote).
  bool interrupted() const { return reader_.interrupted().has_value() || includes_->interrupted; }

  // --- events, paths and reports (scene_values.cc) ---
  YamlEvent Next();
  YamlReader& reader() { return reader_; }
  // YamlReader::Capture, reporting what the reader found on the way.
  YamlNodeHandle Capture(bool* at_end);
  // Consumes the rest of the value that starts with `first`.
  void Skip(const YamlEvent& first);
  const std::string& path() const { return path_; }
  Origin OriginAt(SourceLocation location) const {
    return {.location = location, .pointer = scene_.paths->Intern(path_)};
  }
  void Report(DiagnosticCode code, SourceLocation location, std::string message);
  void ReportAt(DiagnosticCode code, const Origin& origin, std::string message);
  void ReportAtPath(DiagnosticCode code, SourceLocation location, std::string_view path,
                    std::string message);
  // E_SCENE_VALUE "<field> <value as written> <problem>".
  void ReportValue(const YamlEvent& value, std::string_view field, std::string_view problem);
  // At path() + "/" + key.
  void ReportAtKey(DiagnosticCode code, SourceLocation location, std::string_view key,
                   std::string message);
  // "expected <what>, got <kind of first>"; skips the value.
  void TypeError(const YamlEvent& first, std::string_view what);

  // Appends a JSON pointer token to path() for its lifetime.
  class PathSegment {
   public:
    PathSegment(SceneLoader* loader, std::string_view key);
    PathSegment(SceneLoader* loader, size_t index);
    ~PathSegment() { loader_->path_.resize(size_before_); }
    PathSegment(const PathSegment&) = delete;
    PathSegment& operator=(const PathSegment&) = delete;

   private:
    SceneLoader* loader_;
    size_t size_before_;
  };

  // --- typed values (scene_values.cc) ---
  bool ExpectMapping(const YamlEvent& first);  // reports and skips otherwise
  std::optional<double> ReadNumber(const YamlEvent& first, std::string_view field,
                                   const NumberRange& range);
  std::optional<int64_t> ReadInteger(const YamlEvent& first, std::string_view field, int64_t low,
                                     int64_t high);
  std::optional<bool> ReadBool(const YamlEvent& first);
  // Any scalar but null, as written; longer than 256 characters is E_LIMIT.
  std::optional<std::string> ReadString(const YamlEvent& first, std::string_view field);
  // A string that is not empty (labels, cue and sound names, targets, the
  // shot's camera: the runtime refuses empty ones): E_SCENE_VALUE otherwise.
  std::optional<std::string> ReadText(const YamlEvent& first, std::string_view field);
  std::optional<std::string> ReadName(const YamlEvent& first, std::string_view field);
  // A time literal in the scene's time unit (converted to seconds after the
  // document is read, when the unit is known).
  std::optional<ExactTime> ReadTime(const YamlEvent& first, std::string_view field,
                                    bool allow_negative);
  bool ReadNumberList(const YamlEvent& first, std::span<const NumberElement> elements,
                      double* values);
  std::optional<Vec3> ReadVec3(const YamlEvent& first, std::string_view field,
                               const NumberRange& range);
  std::optional<Quat> ReadRotation(const YamlEvent& first);
  std::optional<Vec3> ReadScale(const YamlEvent& first);
  std::optional<Ease> ReadEase(const YamlEvent& first, std::string_view field);
  std::optional<Transform> ReadTransform(const YamlEvent& first);
  // Checks a name (E_LIMIT, then E_SCENE_NAME) or a string's length
  // (E_LIMIT), reporting at `location` and path().
  bool CheckName(std::string_view name, std::string_view field, SourceLocation location);
  bool CheckLength(std::string_view text, std::string_view field, SourceLocation location);

  // A number > 0 or {on: target}; true when it gave a usable focus.
  bool LoadFocus(const YamlEvent& first, FocusTarget* focus);

  // --- templates (scene_templates.cc) ---
  // The templates a `use:` value (just read) names, in list order. Unknown
  // names are E_SCENE_NAME (with a suggestion) when `report_unknown` (a
  // template's own `use:` was checked when templates were loaded).
  std::vector<YamlNodeHandle> TemplatesOfUse(const YamlEvent& first, bool report_unknown);

  // --- table-driven mappings and lists ---
  // Reads the entries of the mapping whose start was just read, each with its
  // rule, under its key in the path; unknown and duplicate keys are reported
  // by the walker. `admit(field, key_location)` may refuse a field (it
  // reports why; the value is skipped and the field not given). `options`
  // go to the walker (a node's mapping follows `use:`).
  template <typename Target, size_t N, typename Traits, typename Admit>
  FieldsSeen ReadFields(const FieldTable<Target, N, Traits>& table, Target* target, Admit admit,
                        WalkerOptions options = {});
  template <typename Target, size_t N, typename Traits>
  FieldsSeen ReadFields(const FieldTable<Target, N, Traits>& table, Target* target) {
    return ReadFields(table, target, [](int, SourceLocation) { return true; });
  }
  // "missing field NAME" at `first` for each of `fields` not given; true
  // when all were.
  template <typename Target, size_t N, typename Traits>
  bool RequireFields(const YamlEvent& first, const FieldsSeen& seen,
                     const FieldTable<Target, N, Traits>& table, std::initializer_list<int> fields);
  // "'LATER' cannot be combined with 'EARLIER'" at the later key of two
  // given fields (LATER and EARLIER by position in the text); true when it
  // reported.
  template <typename Target, size_t N, typename Traits>
  // `subject` leads the message ("node 'a.x': ") when it is not empty.
  bool ReportCombined(DiagnosticCode code, const FieldsSeen& seen,
                      const FieldTable<Target, N, Traits>& table, int first_field, int second_field,
                      std::string_view subject = "");
  // Visits each element of the list whose start was just read, under its
  // index in the path. The element count, or nullopt when the document ended
  // inside the list.
  template <typename Visit>
  std::optional<size_t> ForEachElement(Visit visit);

  // --- nodes (scene_nodes.cc) ---
  void LoadNodeList(const YamlEvent& first, const std::string& owner, OwnerKind owner_kind,
                    std::vector<Node>* nodes);
  struct NodeKeys;
  void LoadRelations(const YamlEvent& first, RelationKind kind, std::string_view field,
                     std::vector<Relation>* relations);
  void LoadStartList(const YamlEvent& first, const Node& node, NodeKeys* keys);
  void LoadAttach(const YamlEvent& first, Node* node);
  void LoadSpin(const YamlEvent& first, Node* node);
  void LoadInsert(const YamlEvent& first, Node* node);
  void LoadScrew(const YamlEvent& first, Node* node);
  void LoadPath(const YamlEvent& first, Node* node);
  void LoadShot(const YamlEvent& first, Node* node);
  void LoadCues(const YamlEvent& first, Node* node);
  void LoadSound(const YamlEvent& first, Node* node);
  // A relation field's value, or one entry of its list, written at `origin`.
  std::optional<Relation> ReadRelation(const YamlEvent& first, RelationKind kind,
                                       std::string_view field, const Origin& origin);
  // Any YAML value as JSON (cue data); false when a problem was reported.
  bool ReadJsonValue(const YamlEvent& first, Json* value);

 private:
  // `time:` may come after the times it governs.
  enum class TimeUnit { kUnknownYet, kSeconds, kTicks };

  // --- templates (scene_templates.cc) ---
  struct TemplateUse {
    std::string name;
    Origin origin;
  };
  struct Template {
    YamlNodeHandle node;  // its mapping, replayed where it is used
    std::vector<TemplateUse> uses;
    Origin origin;  // of its name
  };
  // Adds a template, or reports that its name is taken (by another file's:
  // the walker reports a name written twice in one mapping).
  void AddTemplate(const std::string& name, Template entry);
  // `templates: {NAME: {node fields, use}}`: each mapping captured, its own
  // `use:` read, unknown names and cycles reported.
  void LoadTemplates(const YamlEvent& first);
  std::vector<TemplateUse> ReadUseNames(const YamlEvent& first);
  void CheckTemplateUses();

  // --- includes (scene_includes.cc) ---
  // `include: FILE | [FILE, ...]`.
  void LoadIncludes(const YamlEvent& first);
  void IncludeFile(const std::string& path, const Origin& origin);
  // An included file's top level: only `cinc`, `name` (ignored), `models`,
  // `templates`, `include` and `x-` keys.
  void LoadIncludedTopLevel();
  // Takes over what an included file's loader read: its models and its
  // templates (their YAML copied onto this reader's tape).
  void AdoptIncluded(SceneLoader* included);
  // A model name defined in two files is reported at the one read later; the
  // later model is dropped.
  void CheckModelNames();
  // "lib/hardware.yaml:3:5".
  std::string PlaceText(SourceLocation location) const;

  // --- sections (scene_loader.cc) ---
  // The document: the scene's top level, or an included file's.
  void ReadDocument();
  void LoadTopLevel(const YamlEvent& first);
  // Loads a top-level section's value (`field` of the top-level table).
  void LoadSection(int field, const YamlEvent& value);
  void LoadVersion(const YamlEvent& first);
  void ReportFractionalTicks();
  void LoadTimeUnit(const YamlEvent& first);
  void LoadTolerance(const YamlEvent& first);
  void LoadModels(const YamlEvent& first);
  void LoadModel(const YamlEvent& first, Model* model);
  void LoadPart(const YamlEvent& first, Model* model);
  void LoadObjects(const YamlEvent& first, bool cameras);
  void LoadObject(const YamlEvent& first, SceneObject* object);
  void LoadPattern(const YamlEvent& first, Pattern* pattern);
  void LoadDirector(const YamlEvent& first);
  // False after reporting a path (a model `source`, an `include`) that is
  // empty or leaves the folder of the file that names it (lexically, or
  // through a symbolic link) outside the allowed roots. `field` names it in
  // messages.
  bool CheckSource(std::string_view field, const std::string& source, SourceLocation location);
  void CheckSharedNames();
  void ConvertTicks();

  // --- nodes (scene_nodes.cc) ---
  void LoadNode(const YamlEvent& first, OwnerKind owner_kind, std::unordered_set<std::string>* ids,
                Node* node);
  bool NodeFieldAllowed(int field, OwnerKind owner_kind, SourceLocation key_location);
  bool LoadCue(const YamlEvent& first, Cue* cue);
  void CheckNode(const NodeKeys& keys, Node* node);

  friend class MappingWalker;
  friend class PathSegment;

  // A diagnostic reported while a walker merges (`<<`, templates) is
  // reported once, however many mappings merge the same text.
  bool IsRepeatedMergedReport(DiagnosticCode code, SourceLocation location,
                              const std::string& message);

  std::string_view text_;
  YamlReader reader_;
  std::string file_;
  SceneLoadOptions options_;
  Diagnostics* diagnostics_;
  std::string path_;
  Scene scene_;
  bool has_version_ = false;
  TimeUnit time_unit_ = TimeUnit::kUnknownYet;
  // A time with a fraction was read before `time:`. Most scenes never say
  // `time:`, so nothing is kept per value: if the unit turns out to be ticks,
  // ReportFractionalTicks reads the document again with the unit known.
  bool fraction_before_time_unit_ = false;
  // Templates by name, and their names in file order.
  std::unordered_map<std::string, Template> templates_;
  std::vector<std::string> template_names_;
  bool templates_loaded_ = false;
  // The text says `templates` somewhere: sections before the templates are
  // kept and loaded after them.
  bool may_have_templates_ = false;
  int merging_walkers_ = 0;
  std::set<std::tuple<DiagnosticCode, int, int, int, std::string>> merged_reports_;
  // --- includes ---
  // SourceLocation::file of this loader's file: 0 for the scene, k for the
  // k-th included file.
  int file_index_ = 0;
  IncludeState own_includes_;
  IncludeState* includes_ = &own_includes_;  // the scene's, shared by its included files
  bool includes_loaded_ = false;
  // The text says `include` somewhere: its templates may come later.
  bool may_have_includes_ = false;
};

template <typename Target, size_t N, typename Traits, typename Admit>
FieldsSeen SceneLoader::ReadFields(const FieldTable<Target, N, Traits>& table, Target* target,
                                   Admit admit, WalkerOptions options) {
  FieldsSeen seen;
  MappingWalker walker(this, table.names, options);
  while (walker.Next()) {
    PathSegment segment(this, walker.key());
    YamlEvent value = Next();
    int field = walker.field();
    if (!admit(field, walker.key_location())) {
      Skip(value);
      continue;
    }
    seen.given |= uint64_t{1} << field;
    seen.locations[static_cast<size_t>(field)] = walker.key_location();
    if (!table.rules[static_cast<size_t>(field)].read(*this, value, target)) seen.valid = false;
  }
  return seen;
}

template <typename Target, size_t N, typename Traits>
bool SceneLoader::RequireFields(const YamlEvent& first, const FieldsSeen& seen,
                                const FieldTable<Target, N, Traits>& table,
                                std::initializer_list<int> fields) {
  bool all = true;
  for (int field : fields) {
    if (seen.Has(field)) continue;
    Report(DiagnosticCode::kSceneFormat, first.location,
           "missing field " + std::string(table.names[static_cast<size_t>(field)]));
    all = false;
  }
  return all;
}

template <typename Target, size_t N, typename Traits>
bool SceneLoader::ReportCombined(DiagnosticCode code, const FieldsSeen& seen,
                                 const FieldTable<Target, N, Traits>& table, int first_field,
                                 int second_field, std::string_view subject) {
  if (!seen.Has(first_field) || !seen.Has(second_field)) return false;
  SourceLocation first = seen.locations[static_cast<size_t>(first_field)];
  SourceLocation second = seen.locations[static_cast<size_t>(second_field)];
  bool second_later = std::pair(second.line, second.column) > std::pair(first.line, first.column);
  int later = second_later ? second_field : first_field;
  int earlier = second_later ? first_field : second_field;
  std::string_view later_name = table.names[static_cast<size_t>(later)];
  ReportAtKey(code, seen.locations[static_cast<size_t>(later)], later_name,
              std::string(subject) + "'" + std::string(later_name) + "' cannot be combined with '" +
                  std::string(table.names[static_cast<size_t>(earlier)]) + "'");
  return true;
}

template <typename Visit>
std::optional<size_t> SceneLoader::ForEachElement(Visit visit) {
  size_t count = 0;
  for (;;) {
    YamlEvent event = Next();
    if (event.kind == YamlEventKind::kEnd) return std::nullopt;
    if (event.kind == YamlEventKind::kSequenceEnd) return count;
    PathSegment segment(this, count++);
    visit(event);
  }
}

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_LOADER_INTERNAL_H_

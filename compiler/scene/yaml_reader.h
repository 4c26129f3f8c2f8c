// A pull reader over libyaml's event parser for one YAML document: aliases
// expanded from a compact tape, guarded against hostile input
// (docs/scene-loading.md, "How it reads").
#ifndef CINC_COMPILER_SCENE_YAML_READER_H_
#define CINC_COMPILER_SCENE_YAML_READER_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/scene/yaml_event_source.h"
#include "core/diagnostics.h"

namespace cinc {

enum class YamlEventKind : uint8_t {
  kScalar,
  kSequenceStart,
  kSequenceEnd,
  kMappingStart,
  kMappingEnd,
  kEnd,  // the document is over, or reading stopped
};

struct YamlEvent {
  YamlEventKind kind = YamlEventKind::kEnd;
  // A plain scalar whose type comes from its text (YAML 1.2 core schema).
  // Quoted and block scalars, and scalars tagged `!` or `!!str`, are strings.
  bool plain = false;
  bool unresolved = false;  // stands for an unknown alias that was already reported
  SourceLocation location;
  std::string_view value;  // scalar text
};

struct YamlProblem {
  DiagnosticCode code = DiagnosticCode::kSceneFormat;  // or kLimit
  std::string_view code_name() const { return CodeName(code); }
  SourceLocation location;
  std::string message;
  // For a syntax error: where the construct being read when it failed
  // starts; else `location`.
  SourceLocation context;
};

// A recorded node that Replay() can deliver again. Empty when invalid.
struct YamlNodeHandle {
  size_t begin = 0;
  size_t end = 0;
  SourceLocation location;  // where the node (or the alias naming it) was written
  bool empty() const { return begin == end; }
};

class YamlReader {
 public:
  // Nesting deeper than kMaxDepth collections stops reading (E_SCENE_FORMAT),
  // without letting libyaml parse further.
  static constexpr int kMaxDepth = 1000;
  // More values than this (scalars and collections, keys included) delivered
  // by alias expansion or a copying Replay stop reading (E_LIMIT).
  static constexpr int64_t kMaxExpandedValues = 1000000;

  // `text` must outlive the reader. Texts of at least `parse_ahead_bytes`
  // are parsed ahead on a second thread (compiler/scene/yaml_event_source.h).
  // Every location the reader gives has `file` as its SourceLocation::file.
  explicit YamlReader(std::string_view text,
                      size_t parse_ahead_bytes = YamlEventSource::kDefaultParseAheadBytes,
                      int file = 0);
  ~YamlReader();
  YamlReader(const YamlReader&) = delete;
  YamlReader& operator=(const YamlReader&) = delete;

  // The next node event of the document (mapping and sequence starts and
  // ends, scalars), with its 1-based line and column; an alias replays its
  // anchor's node, an unknown one is reported and read as an empty scalar
  // marked `unresolved`. kEnd at the end, and from the moment reading stopped
  // (a limit, a syntax error, invalid UTF-8, a control character, an empty
  // file, a second document: each a queued problem). Scalar text is valid
  // until the next call into the reader.
  YamlEvent Next();

  // Consumes the next node without delivering it and returns it for Replay.
  // When the next event ends the current collection, consumes that end
  // instead and returns an empty handle with `*at_end` set.
  YamlNodeHandle Capture(bool* at_end);
  // The following Next() calls deliver `node`, then carry on where they were.
  // A kCopy (a merge source, a template) delivers the document's values once
  // more: they count toward kMaxExpandedValues like an alias's. A kDeferred
  // replay delivers a node that was captured instead of read (read later):
  // only the aliases inside it count.
  enum class ReplayKind { kCopy, kDeferred };
  void Replay(const YamlNodeHandle& node, ReplayKind kind = ReplayKind::kCopy);

  // Copies what `other` recorded (another document's captured nodes) onto
  // this reader's tape, so that they can be replayed here: a handle `h` of
  // `other` is {h.begin + offset, h.end + offset, h.location} here, where
  // `offset` is the value returned. The events keep their locations (and so
  // their file).
  size_t AppendTapeOf(const YamlReader& other);

  // Reads past the root node: reports a second document or trailing syntax
  // errors. Call once the root node has been read.
  void Finish();

  bool stopped() const;
  // The problem that stopped reading before the root node ended (a syntax
  // error, the nesting or expansion limit), if one did: what was read of
  // the document is then not what its author wrote.
  const std::optional<YamlProblem>& interrupted() const;
  // The problems found so far, queued for the caller, who knows where in
  // the document they belong.
  bool has_problems() const { return !problems_->empty(); }
  std::vector<YamlProblem> TakeProblems();

 private:
  struct State;
  std::unique_ptr<State> state_;
  const std::vector<YamlProblem>* problems_;  // the state's, read by has_problems()
};

}  // namespace cinc

#endif  // CINC_COMPILER_SCENE_YAML_READER_H_

// libyaml's parser as a source of compact events, parsed ahead on a second
// thread for large texts (docs/scene-loading.md, "libyaml on a second
// thread").
#ifndef CINC_COMPILER_SCENE_YAML_EVENT_SOURCE_H_
#define CINC_COMPILER_SCENE_YAML_EVENT_SOURCE_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include "core/diagnostics.h"

namespace cinc {

enum class SourceEventKind : uint8_t {
  kDocumentStart,
  kScalar,
  kAlias,
  kSequenceStart,
  kSequenceEnd,
  kMappingStart,
  kMappingEnd,
  kStreamEnd,  // final: the text ended
  kError,      // final: libyaml's problem, in `value`
  kStopped,    // final: the nesting limit was passed
};

struct SourceEvent {
  SourceEventKind kind = SourceEventKind::kStopped;
  // A plain scalar with no tag forcing a string (`!` or `!!str`).
  bool plain = false;
  SourceLocation location;
  std::string_view value;   // scalar text, or the problem of kError
  std::string_view anchor;  // the node's anchor, or the name an alias refers to; may be empty
  // kError: where the construct libyaml was reading when it failed starts
  // (its "while parsing a flow mapping at ..."), else `location`.
  SourceLocation context;
};

class YamlEventSource {
 public:
  static constexpr size_t kDefaultParseAheadBytes = 256 * 1024;

  // `text` must outlive the source. Texts of at least `parse_ahead_bytes`
  // are parsed on a worker thread a bounded number of chunks ahead (memory
  // stays small whatever the size); the events are the same either way.
  YamlEventSource(std::string_view text, int max_depth,
                  size_t parse_ahead_bytes = kDefaultParseAheadBytes);
  // Stops the worker wherever it is.
  ~YamlEventSource();
  YamlEventSource(const YamlEventSource&) = delete;
  YamlEventSource& operator=(const YamlEventSource&) = delete;

  // The next event as libyaml reports it, but for the stream start and the
  // document ends: document starts, node events (with their anchor; for an
  // alias, the anchor it names), then one final event (kStreamEnd, kError
  // or kStopped), again on every later call. A start event that nests
  // deeper than `max_depth` is delivered and then kStopped. The event and
  // its views stay valid until the next call.
  const SourceEvent& Next() {
    if (next_ != end_) return *next_++;
    return NextOfNextChunk();
  }

 private:
  struct Chunk;
  struct Parser;
  struct Worker;
  // The first event of the next chunk, or the final event again.
  const SourceEvent& NextOfNextChunk();
  void FetchChunk();

  std::unique_ptr<Parser> parser_;     // parsing on this thread (small texts)
  std::unique_ptr<Worker> worker_;     // parsing ahead (large texts)
  std::unique_ptr<Chunk> chunk_;       // being read
  const SourceEvent* next_ = nullptr;  // the chunk's events not yet read
  const SourceEvent* end_ = nullptr;
};

}  // namespace cinc

#endif  // CINC_COMPILER_SCENE_YAML_EVENT_SOURCE_H_

// libyaml's parser as a source of compact events, parsed ahead on a second
// thread for large texts.
//
// Contract: Next() yields the events of `text` in order, as libyaml reports
// them, except the stream start and document ends: document starts, node
// events (with their anchor, and for aliases the anchor they name), then one
// final event, kStreamEnd, kError (libyaml's problem, with its location and
// message) or kStopped. Nothing follows the final event. A start event that
// nests deeper than `max_depth` is delivered and then kStopped: libyaml is
// not asked to parse further into a hostile document.
//
// Texts of at least `parse_ahead_bytes` are parsed on a worker thread that
// runs a bounded number of chunks ahead of the reader (so memory stays
// small however large the text), which takes libyaml's own time off the
// loader's thread: on a 100,000-node scene that is a third of a build. The
// events and their order are the same either way. The destructor stops the
// worker wherever it is. Views in an event stay valid until the next call.
#ifndef CINC_COMPILER_YAML_EVENT_SOURCE_H_
#define CINC_COMPILER_YAML_EVENT_SOURCE_H_

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

  // `text` must outlive the source.
  YamlEventSource(std::string_view text, int max_depth,
                  size_t parse_ahead_bytes = kDefaultParseAheadBytes);
  ~YamlEventSource();
  YamlEventSource(const YamlEventSource&) = delete;
  YamlEventSource& operator=(const YamlEventSource&) = delete;

  // The next event; after a final event, that final event again.
  SourceEvent Next();

 private:
  struct Chunk;
  struct Parser;
  struct Worker;
  void FetchChunk();

  std::unique_ptr<Parser> parser_;  // parsing on this thread (small texts)
  std::unique_ptr<Worker> worker_;  // parsing ahead (large texts)
  std::unique_ptr<Chunk> chunk_;    // being read
  size_t position_ = 0;
};

}  // namespace cinc

#endif  // CINC_COMPILER_YAML_EVENT_SOURCE_H_

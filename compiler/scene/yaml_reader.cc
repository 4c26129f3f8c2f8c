#include "compiler/scene/yaml_reader.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <utility>

namespace cinc {
namespace {

enum class TapeKind : uint8_t {
  kScalar,
  kSequenceStart,
  kSequenceEnd,
  kMappingStart,
  kMappingEnd,
  kAlias,  // a reference to a recorded node, expanded when replayed
};

bool IsStart(TapeKind kind) {
  return kind == TapeKind::kSequenceStart || kind == TapeKind::kMappingStart;
}
bool IsEnd(TapeKind kind) {
  return kind == TapeKind::kSequenceEnd || kind == TapeKind::kMappingEnd;
}

YamlEventKind ToEventKind(TapeKind kind) {
  switch (kind) {
    case TapeKind::kScalar:
      return YamlEventKind::kScalar;
    case TapeKind::kSequenceStart:
      return YamlEventKind::kSequenceStart;
    case TapeKind::kSequenceEnd:
      return YamlEventKind::kSequenceEnd;
    case TapeKind::kMappingStart:
      return YamlEventKind::kMappingStart;
    case TapeKind::kMappingEnd:
      return YamlEventKind::kMappingEnd;
    case TapeKind::kAlias:
      break;
  }
  return YamlEventKind::kEnd;
}

// One recorded event. Scalars point into the arena; aliases name a tape range.
struct TapeEvent {
  TapeKind kind = TapeKind::kScalar;
  bool plain = false;
  bool unresolved = false;
  SourceLocation location;
  size_t first = 0;   // scalar: arena offset; alias: target begin
  size_t second = 0;  // scalar: length; alias: target end
};

// An event as it came from libyaml, before delivery.
struct RawEvent {
  TapeKind kind = TapeKind::kScalar;
  bool plain = false;
  bool unresolved = false;
  SourceLocation location;
  std::string_view value;
  YamlNodeHandle target;  // kAlias
};

// A node being recorded: an anchored node, or one the caller captures.
struct Recording {
  std::string anchor;  // empty for a capture
  size_t begin = 0;
  int depth = 0;  // raw depth of the collection holding the node
};

struct Cursor {
  size_t position = 0;
  size_t end = 0;
  SourceLocation origin;  // the alias (or replayed node) that started it
  bool counts = true;     // its values count toward the expansion budget
};

}  // namespace

struct YamlReader::State {
  State(std::string_view text, size_t parse_ahead_bytes, int file_index)
      : source(text, kMaxDepth, parse_ahead_bytes), file(file_index) {}

  void AddProblem(DiagnosticCode code, SourceLocation location, std::string message) {
    problems.push_back({code, location, std::move(message), location});
  }

  // Records the first problem that stops reading inside the root node.
  void Interrupt(DiagnosticCode code, SourceLocation location, const std::string& message,
                 SourceLocation context) {
    if (!root_done && !interrupted.has_value()) {
      interrupted = YamlProblem{code, location, message, context};
    }
  }

  void Fail(DiagnosticCode code, SourceLocation location, std::string message) {
    Interrupt(code, location, message, location);
    AddProblem(code, location, std::move(message));
    failed = true;
    cursors.clear();
  }

  void OpenRecording(std::string anchor) {
    recordings.push_back({std::move(anchor), tape.size(), raw_depth});
  }

  // Closes the recordings whose node just ended.
  void CloseRecordings() {
    while (!recordings.empty() && recordings.back().depth == raw_depth) {
      Recording& recording = recordings.back();
      YamlNodeHandle handle{recording.begin, tape.size(), tape[recording.begin].location};
      if (recording.anchor.empty()) {
        capture_result = handle;
        capture_done = true;
      } else {
        anchors[std::move(recording.anchor)] = handle;
      }
      recordings.pop_back();
    }
  }

  void Record(const RawEvent& raw) {
    if (recordings.empty()) return;
    TapeEvent event{raw.kind, raw.plain, raw.unresolved, raw.location, 0, 0};
    if (raw.kind == TapeKind::kScalar) {
      event.first = arena.size();
      event.second = raw.value.size();
      arena.append(raw.value);
    } else if (raw.kind == TapeKind::kAlias) {
      event.first = raw.target.begin;
      event.second = raw.target.end;
    }
    tape.push_back(event);
  }

  // An alias: the anchored node it names, or an unknown alias reported (a
  // plain scalar that stays unresolved).
  void ReadAlias(const SourceEvent& event, RawEvent* raw) {
    std::string name(event.anchor);
    auto found = anchors.find(name);
    if (found == anchors.end()) {
      AddProblem(DiagnosticCode::kSceneFormat, raw->location, "unknown alias '" + name + "'");
      raw->kind = TapeKind::kScalar;
      raw->plain = true;
      raw->unresolved = true;
    } else {
      raw->kind = TapeKind::kAlias;
      raw->target = found->second;
      raw->target.location = raw->location;
    }
  }

  // What FetchRaw does with one event of the source.
  enum class Fetched { kEvent, kAgain, kEnded };

  // Reads the next node event from libyaml, recording it where an anchor (or
  // a capture, when `open_capture`) asks for it. False once reading ended.
  bool FetchRaw(RawEvent* raw, bool open_capture) {
    for (;;) {
      const Fetched fetched = TakeRaw(source.Next(), raw, open_capture);
      if (fetched != Fetched::kAgain) return fetched == Fetched::kEvent;
    }
  }

  // FetchRaw's work on `event`: kAgain when it delivers nothing (a document
  // start).
  Fetched TakeRaw(const SourceEvent& event, RawEvent* raw, bool open_capture) {
    raw->location = event.location;
    raw->location.file = file;
    raw->plain = false;
    raw->unresolved = false;
    raw->value = {};
    switch (event.kind) {
      case SourceEventKind::kDocumentStart:
        if (document_started) {
          Fail(DiagnosticCode::kSceneFormat, raw->location, "only one document is allowed");
          return Fetched::kEnded;
        }
        document_started = true;
        return Fetched::kAgain;
      case SourceEventKind::kStreamEnd:
        if (!document_started) {
          Fail(DiagnosticCode::kSceneFormat, {1, 1, file}, "the file is empty");
        } else {
          finished = true;
        }
        return Fetched::kEnded;
      case SourceEventKind::kError: {
        SourceLocation context = event.context;
        context.file = file;
        Interrupt(DiagnosticCode::kSceneFormat, raw->location, std::string(event.value), context);
        Fail(DiagnosticCode::kSceneFormat, raw->location, std::string(event.value));
        return Fetched::kEnded;
      }
      case SourceEventKind::kStopped:  // only after the depth check below failed
        failed = true;
        return Fetched::kEnded;
      case SourceEventKind::kAlias:
        ReadAlias(event, raw);
        break;
      case SourceEventKind::kScalar:
        raw->kind = TapeKind::kScalar;
        raw->value = event.value;
        raw->plain = event.plain;
        break;
      case SourceEventKind::kSequenceStart:
        raw->kind = TapeKind::kSequenceStart;
        break;
      case SourceEventKind::kMappingStart:
        raw->kind = TapeKind::kMappingStart;
        break;
      case SourceEventKind::kSequenceEnd:
        raw->kind = TapeKind::kSequenceEnd;
        break;
      case SourceEventKind::kMappingEnd:
        raw->kind = TapeKind::kMappingEnd;
        break;
    }
    if (open_capture && !IsEnd(raw->kind)) OpenRecording("");
    if (event.kind != SourceEventKind::kAlias && !event.anchor.empty()) {
      OpenRecording(std::string(event.anchor));
    }
    if (IsStart(raw->kind) && ++raw_depth > kMaxDepth) {
      Fail(DiagnosticCode::kSceneFormat, raw->location,
           "the document nests deeper than 1000 levels");
      return Fetched::kEnded;
    }
    Record(*raw);
    if (IsEnd(raw->kind)) --raw_depth;
    CloseRecordings();
    return Fetched::kEvent;
  }

  // The event Next() delivers for `event` read straight from the source,
  // when nothing is being replayed or recorded and the event is a plain
  // node event (no anchor, no alias, within the nesting limit): what
  // TakeRaw and Next() would make of it, without their bookkeeping. False
  // for any other event, which then goes the long way.
  bool TakeDirect(const SourceEvent& event, YamlEvent* out) {
    if (!event.anchor.empty()) return false;
    switch (event.kind) {
      case SourceEventKind::kScalar:
        out->kind = YamlEventKind::kScalar;
        out->value = event.value;
        out->plain = event.plain;
        break;
      case SourceEventKind::kMappingStart:
      case SourceEventKind::kSequenceStart:
        if (raw_depth >= kMaxDepth) return false;
        ++raw_depth;
        ++depth;
        out->kind = event.kind == SourceEventKind::kMappingStart ? YamlEventKind::kMappingStart
                                                                 : YamlEventKind::kSequenceStart;
        break;
      case SourceEventKind::kMappingEnd:
      case SourceEventKind::kSequenceEnd:
        --raw_depth;
        --depth;
        out->kind = event.kind == SourceEventKind::kMappingEnd ? YamlEventKind::kMappingEnd
                                                               : YamlEventKind::kSequenceEnd;
        break;
      default:
        return false;
    }
    out->location = event.location;
    out->location.file = file;
    if (raw_depth == 0) root_done = true;
    return true;
  }

  // Next() the long way: replays, recordings, aliases, the document's start
  // and end, problems. `first`, when set, is the event Next() already read
  // from the source (and TakeDirect declined).
  [[gnu::noinline]] YamlEvent Deliver(const SourceEvent* first) {
    for (;;) {
      if (failed || finished) return {};
      if (!cursors.empty()) {
        Cursor& cursor = cursors.back();
        const SourceLocation outermost = cursors.front().origin;
        const TapeEvent event = tape[cursor.position++];
        if (cursor.position == cursor.end) cursors.pop_back();
        const bool counts = cursor.counts;
        if (event.kind == TapeKind::kAlias) {
          cursors.push_back({event.first, event.second, event.location, true});
          continue;
        }
        if (counts && (event.kind == TapeKind::kScalar || IsStart(event.kind))) {
          if (++expanded_values > kMaxExpandedValues) {
            Fail(DiagnosticCode::kLimit, outermost,
                 "the document expands to more than 1000000 values (aliases, merge keys and "
                 "templates)");
            return {};
          }
        }
        if (IsStart(event.kind) && ++depth > kMaxDepth) {
          Fail(DiagnosticCode::kSceneFormat, outermost,
               "the document nests deeper than 1000 levels");
          return {};
        }
        if (IsEnd(event.kind)) --depth;
        YamlEvent out;
        out.kind = ToEventKind(event.kind);
        out.plain = event.plain;
        out.unresolved = event.unresolved;
        out.location = event.location;
        if (event.kind == TapeKind::kScalar) {
          out.value = std::string_view(arena).substr(event.first, event.second);
        }
        return out;
      }
      if (root_done) return {};
      RawEvent raw;
      if (first != nullptr) {  // read already
        const Fetched fetched = TakeRaw(*first, &raw, false);
        first = nullptr;
        if (fetched == Fetched::kEnded) return {};
        if (fetched == Fetched::kAgain) continue;
      } else if (!FetchRaw(&raw, false)) {
        return {};
      }
      if (raw.kind == TapeKind::kAlias) {
        cursors.push_back({raw.target.begin, raw.target.end, raw.location, true});
        continue;
      }
      if (IsStart(raw.kind)) ++depth;
      if (IsEnd(raw.kind)) --depth;
      if (raw_depth == 0) root_done = true;
      YamlEvent out;
      out.kind = ToEventKind(raw.kind);
      out.plain = raw.plain;
      out.unresolved = raw.unresolved;
      out.location = raw.location;
      out.value = raw.value;
      return out;
    }
  }

  YamlEventSource source;
  int file = 0;  // SourceLocation::file of every location
  bool document_started = false;
  bool root_done = false;
  bool failed = false;
  std::optional<YamlProblem> interrupted;  // what stopped reading inside the root node
  bool finished = false;
  int raw_depth = 0;
  int depth = 0;  // of the delivered events, alias expansions included
  int64_t expanded_values = 0;
  std::vector<TapeEvent> tape;
  std::string arena;
  std::unordered_map<std::string, YamlNodeHandle> anchors;
  std::vector<Recording> recordings;
  std::vector<Cursor> cursors;
  std::vector<YamlProblem> problems;
  bool capture_done = false;
  YamlNodeHandle capture_result;
};

YamlReader::YamlReader(std::string_view text, size_t parse_ahead_bytes, int file)
    : state_(std::make_unique<State>(text, parse_ahead_bytes, file)),
      problems_(&state_->problems) {}

YamlReader::~YamlReader() = default;

YamlEvent YamlReader::Next() {
  State& state = *state_;
  if (state.cursors.empty() && state.recordings.empty() && !state.root_done && !state.failed &&
      !state.finished) {
    const SourceEvent& event = state.source.Next();
    YamlEvent out;
    if (state.TakeDirect(event, &out)) return out;
    return state.Deliver(&event);
  }
  return state.Deliver(nullptr);
}

YamlNodeHandle YamlReader::Capture(bool* at_end) {
  State& state = *state_;
  *at_end = false;
  if (state.failed || state.finished) return {};
  if (!state.cursors.empty()) {
    Cursor& cursor = state.cursors.back();
    size_t start = cursor.position;
    const TapeEvent& first = state.tape[start];
    size_t stop = start + 1;
    if (IsEnd(first.kind)) {
      --state.depth;
      *at_end = true;
    } else if (IsStart(first.kind)) {
      int depth = 0;
      for (size_t position = start;; ++position) {
        TapeKind kind = state.tape[position].kind;
        if (IsStart(kind)) ++depth;
        if (IsEnd(kind) && --depth == 0) {
          stop = position + 1;
          break;
        }
      }
    }
    YamlNodeHandle handle{start, stop, first.location};
    cursor.position = stop;
    if (cursor.position == cursor.end) state.cursors.pop_back();
    if (*at_end) return {};
    return handle;
  }
  if (state.root_done) return {};
  RawEvent raw;
  state.capture_done = false;
  if (!state.FetchRaw(&raw, true)) return {};
  if (IsEnd(raw.kind)) {
    --state.depth;
    if (state.raw_depth == 0) state.root_done = true;
    *at_end = true;
    return {};
  }
  while (!state.capture_done) {
    if (!state.FetchRaw(&raw, false)) return {};
  }
  return state.capture_result;
}

void YamlReader::Replay(const YamlNodeHandle& node, ReplayKind kind) {
  State& state = *state_;
  if (node.empty() || state.failed || state.finished) return;
  state.cursors.push_back({node.begin, node.end, node.location, kind == ReplayKind::kCopy});
}

void YamlReader::Finish() {
  State& state = *state_;
  if (!state.root_done || state.failed || state.finished) return;
  state.cursors.clear();
  RawEvent raw;
  while (state.FetchRaw(&raw, false)) {
  }
}

size_t YamlReader::AppendTapeOf(const YamlReader& other) {
  State& state = *state_;
  const State& from = *other.state_;
  const size_t tape_offset = state.tape.size();
  const size_t arena_offset = state.arena.size();
  state.arena.append(from.arena);
  state.tape.reserve(tape_offset + from.tape.size());
  for (TapeEvent event : from.tape) {
    if (event.kind == TapeKind::kScalar) {
      event.first += arena_offset;
    } else if (event.kind == TapeKind::kAlias) {
      event.first += tape_offset;
      event.second += tape_offset;
    }
    state.tape.push_back(event);
  }
  return tape_offset;
}

bool YamlReader::stopped() const { return state_->failed; }

const std::optional<YamlProblem>& YamlReader::interrupted() const { return state_->interrupted; }

std::vector<YamlProblem> YamlReader::TakeProblems() {
  std::vector<YamlProblem> problems;
  problems.swap(state_->problems);
  return problems;
}

}  // namespace cinc

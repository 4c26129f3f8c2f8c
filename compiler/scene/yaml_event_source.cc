#include "compiler/scene/yaml_event_source.h"

#include <yaml.h>

#include <algorithm>
#include <condition_variable>
#include <cstdio>
#include <cstring>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/thread_pool.h"

namespace cinc {
namespace {

// Events per chunk, and chunks the worker may run ahead: with the one being
// read and one being filled, at most 6 chunks (24,576 events, about 1 MB,
// and their text) are alive; a 100,000-node scene is handed over about 270
// times. (Chunks of 512 or 16,384 events were both slower: more hand-overs,
// or more text out of the caches.)
constexpr size_t kEventsPerChunk = 4000;
constexpr size_t kChunksAhead = 4;
// Chunks alive at once: the one being read, those ready, the one being filled.
constexpr size_t kChunksAlive = kChunksAhead + 2;

bool ForcesString(const yaml_char_t* tag) {
  if (tag == nullptr) return false;
  std::string_view text(reinterpret_cast<const char*>(tag));
  return text == "!" || text == "tag:yaml.org,2002:str";
}

}  // namespace

// A chunk of events, copied out of libyaml's: each event as the reader
// takes it, its scalar and anchor text in blocks that the chunk keeps from
// one use to the next (a block is never moved, so the events view it).
// libyaml's own events are deleted as soon as they are copied, on the
// thread that made them: kept until the chunk was read (4,096 at a time,
// each with its own blocks of text), they made the worker half again as slow
// as libyaml alone, freeing memory long gone from its caches.
struct YamlEventSource::Chunk {
  static constexpr size_t kTextBlockBytes = 64 * 1024;

  Chunk() { events.reserve(kEventsPerChunk + 1); }

  // Touches the chunk's room for events and one block of text, so that the
  // thread that makes the chunk, not the one that fills it, takes its first
  // page faults.
  void Touch() {
    events.resize(kEventsPerChunk + 1);
    events.clear();
    NextBlock(kTextBlockBytes);
    std::memset(blocks[block].data.get(), 0, blocks[block].size);
    Clear();
  }

  void Clear() {
    events.clear();
    final = false;
    final_message.clear();
    block = 0;
    cursor = blocks.empty() ? nullptr : blocks[0].data.get();
    limit = blocks.empty() ? nullptr : cursor + blocks[0].size;
  }

  // The final event, after the others.
  void SetFinal(SourceEventKind kind, SourceLocation location, std::string message,
                std::optional<SourceLocation> context = std::nullopt) {
    final = true;
    final_message = std::move(message);
    events.push_back({kind, false, location, final_message, {}, context.value_or(location)});
  }

  // `size` bytes copied into the chunk's text, kept until Clear().
  std::string_view Keep(const void* bytes, size_t size) {
    if (size == 0) return {};
    if (size > static_cast<size_t>(limit - cursor)) NextBlock(size);
    char* out = cursor;
    std::memcpy(out, bytes, size);
    cursor += size;
    return {out, size};
  }

  // Moves to the next block with room for `size` bytes, made if none is.
  void NextBlock(size_t size) {
    size_t next = cursor == nullptr ? 0 : block + 1;
    while (next < blocks.size() && blocks[next].size < size) ++next;
    if (next == blocks.size()) {
      const size_t block_size = std::max(kTextBlockBytes, size);
      blocks.push_back({std::make_unique_for_overwrite<char[]>(block_size), block_size});
    }
    block = next;
    cursor = blocks[next].data.get();
    limit = cursor + blocks[next].size;
  }

  // Copies libyaml's event (a node event or a document start).
  void Add(const yaml_event_t& event) {
    SourceEvent& out = events.emplace_back();
    out.location.line = static_cast<int>(event.start_mark.line) + 1;
    out.location.column = static_cast<int>(event.start_mark.column) + 1;
    const yaml_char_t* anchor = nullptr;  // the anchor it defines or (an alias) names
    switch (event.type) {
      case YAML_SCALAR_EVENT:
        out.kind = SourceEventKind::kScalar;
        out.value = Keep(event.data.scalar.value, event.data.scalar.length);
        out.plain = event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
                    !ForcesString(event.data.scalar.tag);
        anchor = event.data.scalar.anchor;
        break;
      case YAML_MAPPING_START_EVENT:
        out.kind = SourceEventKind::kMappingStart;
        anchor = event.data.mapping_start.anchor;
        break;
      case YAML_MAPPING_END_EVENT:
        out.kind = SourceEventKind::kMappingEnd;
        break;
      case YAML_SEQUENCE_START_EVENT:
        out.kind = SourceEventKind::kSequenceStart;
        anchor = event.data.sequence_start.anchor;
        break;
      case YAML_SEQUENCE_END_EVENT:
        out.kind = SourceEventKind::kSequenceEnd;
        break;
      case YAML_ALIAS_EVENT:
        out.kind = SourceEventKind::kAlias;
        anchor = event.data.alias.anchor;
        break;
      case YAML_DOCUMENT_START_EVENT:
        out.kind = SourceEventKind::kDocumentStart;
        break;
      default:  // never added (Parser::Fill)
        out.kind = SourceEventKind::kStopped;
        break;
    }
    if (anchor != nullptr) {
      out.anchor = Keep(anchor, std::strlen(reinterpret_cast<const char*>(anchor)));
    }
  }

  struct TextBlock {
    std::unique_ptr<char[]> data;
    size_t size = 0;
  };

  std::vector<SourceEvent> events;  // node events and document starts, then the final one
  std::vector<TextBlock> blocks;    // their scalars and anchors
  size_t block = 0;                 // the block being filled, when `cursor` is set
  char* cursor = nullptr;           // where its free room starts
  char* limit = nullptr;            // and ends
  bool final = false;               // the last of `events` is the final event
  std::string final_message;        // kError's
};

// libyaml's parser over the text, filling chunks.
struct YamlEventSource::Parser {
  Parser(std::string_view input, int limit) : text(input), max_depth(limit) {
    yaml_parser_initialize(&parser);
    yaml_parser_set_input_string(&parser, reinterpret_cast<const unsigned char*>(text.data()),
                                 text.size());
  }
  ~Parser() { yaml_parser_delete(&parser); }
  Parser(const Parser&) = delete;
  Parser& operator=(const Parser&) = delete;

  // Appends up to kEventsPerChunk events; false once the final one is in.
  bool Fill(Chunk* chunk) {
    while (chunk->events.size() < kEventsPerChunk) {  // the final event may be one more
      yaml_event_t event;
      if (!yaml_parser_parse(&parser, &event)) {  // libyaml leaves nothing to delete
        SetProblem(chunk);
        return false;
      }
      // Deleted whatever happens next, the chunk keeping a copy.
      std::unique_ptr<yaml_event_t, void (*)(yaml_event_t*)> owned(&event, yaml_event_delete);
      const SourceLocation location{static_cast<int>(event.start_mark.line) + 1,
                                    static_cast<int>(event.start_mark.column) + 1};
      switch (event.type) {
        case YAML_NO_EVENT:
        case YAML_STREAM_START_EVENT:
        case YAML_DOCUMENT_END_EVENT:  // nobody reads these
          break;
        case YAML_STREAM_END_EVENT:
          chunk->SetFinal(SourceEventKind::kStreamEnd, location, "");
          return false;
        case YAML_SEQUENCE_START_EVENT:
        case YAML_MAPPING_START_EVENT:
          chunk->Add(event);
          if (++depth > max_depth) {  // delivered, and then no more
            chunk->SetFinal(SourceEventKind::kStopped, location, "");
            return false;
          }
          break;
        case YAML_SEQUENCE_END_EVENT:
        case YAML_MAPPING_END_EVENT:
          chunk->Add(event);
          --depth;
          break;
        default:
          chunk->Add(event);
          break;
      }
    }
    return true;
  }

  SourceLocation LocationOfOffset(size_t offset) const {
    SourceLocation location{1, 1};
    if (offset > text.size()) offset = text.size();
    for (size_t i = 0; i < offset; ++i) {
      unsigned char c = static_cast<unsigned char>(text[i]);
      bool line_break = c == '\n' || (c == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n'));
      if (line_break) {
        ++location.line;
        location.column = 1;
      } else if ((c & 0xC0) != 0x80 && c != '\r') {  // count code points, not bytes
        ++location.column;
      }
    }
    return location;
  }

  // The byte at a 0-based line and column (in code points) of the text; 0
  // past its end. (libyaml's mark index counts characters, not bytes.)
  char CharacterAt(size_t line, size_t column) const {
    size_t i = 0;
    for (size_t at = 0; at < line && i < text.size(); ++i) {
      if (text[i] == '\n') ++at;
    }
    for (size_t at = 0; at < column && i < text.size(); ++at) {
      ++i;  // past one code point: its first byte and its continuation bytes
      while (i < text.size() && (static_cast<unsigned char>(text[i]) & 0xC0) == 0x80) ++i;
    }
    return i < text.size() ? text[i] : '\0';
  }

  void SetProblem(Chunk* chunk) {
    std::string message = parser.problem != nullptr ? parser.problem : "invalid YAML";
    SourceLocation location;
    std::optional<SourceLocation> context;
    if (parser.error == YAML_READER_ERROR) {
      location = LocationOfOffset(parser.problem_offset);
      if (parser.problem_value != -1) {
        char value[32];
        std::snprintf(value, sizeof(value), " (0x%02X)",
                      static_cast<unsigned>(parser.problem_value));
        message += value;
      }
    } else {
      location = {static_cast<int>(parser.problem_mark.line) + 1,
                  static_cast<int>(parser.problem_mark.column) + 1};
      // libyaml's words for a tab ("found character that cannot start any
      // token") do not say what is wrong with it.
      const bool tab = CharacterAt(parser.problem_mark.line, parser.problem_mark.column) == '\t';
      if (tab) message = "YAML does not allow tabs for indentation: indent with spaces";
      if (parser.context != nullptr) {
        context = SourceLocation{static_cast<int>(parser.context_mark.line) + 1,
                                 static_cast<int>(parser.context_mark.column) + 1};
        if (!tab) {
          message += " (" + std::string(parser.context) + " at line " +
                     std::to_string(context->line) + ", column " + std::to_string(context->column) +
                     ")";
        }
      }
    }
    chunk->SetFinal(SourceEventKind::kError, location, std::move(message), context);
  }

  std::string_view text;
  int max_depth;
  int depth = 0;
  yaml_parser_t parser;
};

// The parser on a helper of the process's pool (core/thread_pool.h), a
// bounded queue of chunks ahead.
struct YamlEventSource::Worker {
  Worker(std::string_view text, int max_depth) : parser(text, max_depth) {
    // Made here, on the caller's thread, whose heap is on huge pages for a
    // large scene (compiler/cli/huge_pages.h); the worker would make each
    // one fault by fault on the thread the reader waits for.
    for (size_t i = 1; i < kChunksAlive; ++i) {  // and the reader's own
      spare.push_back(std::make_unique<Chunk>());
      spare.back()->Touch();
    }
  }

  ~Worker() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      cancelled = true;
    }
    changed.notify_all();
    task.Wait();  // Run catches everything
  }

  // An exception (out of memory) ends reading with kError rather than
  // std::terminate: the reader reports it and the build fails cleanly.
  void Run() {
    try {
      Produce();
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex);
      failed = true;
    }
    changed.notify_all();
  }

  void Produce() {
    for (;;) {
      std::unique_ptr<Chunk> chunk;
      {
        std::unique_lock<std::mutex> lock(mutex);
        changed.wait(lock, [this] { return cancelled || ready.size() < kChunksAhead; });
        if (cancelled) return;
        if (!spare.empty()) {
          chunk = std::move(spare.back());
          spare.pop_back();
        }
      }
      if (!chunk) chunk = std::make_unique<Chunk>();
      chunk->Clear();
      const bool more = parser.Fill(chunk.get());
      {
        std::lock_guard<std::mutex> lock(mutex);
        ready.push_back(std::move(chunk));
      }
      changed.notify_all();
      if (!more) return;
    }
  }

  // The next chunk; `used` goes back to the worker for reuse.
  std::unique_ptr<Chunk> Take(std::unique_ptr<Chunk> used) {
    std::unique_ptr<Chunk> next;
    {
      std::unique_lock<std::mutex> lock(mutex);
      spare.push_back(std::move(used));
      changed.wait(lock, [this] { return !ready.empty() || failed; });
      if (ready.empty()) {  // the worker failed: the reused chunk says so
        next = std::move(spare.back());
        spare.pop_back();
        next->Clear();
        next->SetFinal(SourceEventKind::kError, {0, 0}, "out of memory while reading the file");
        return next;
      }
      next = std::move(ready.front());
      ready.pop_front();
    }
    changed.notify_all();
    return next;
  }

  Parser parser;
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<std::unique_ptr<Chunk>> ready;
  std::vector<std::unique_ptr<Chunk>> spare;
  bool cancelled = false;
  bool failed = false;  // Produce threw; nothing more comes
  std::function<void()> run = [this] { Run(); };
  HelperTask task;  // last: started once everything above exists
};

YamlEventSource::YamlEventSource(std::string_view text, int max_depth, size_t parse_ahead_bytes)
    : chunk_(std::make_unique<Chunk>()) {
  if (text.size() >= parse_ahead_bytes) {
    worker_ = std::make_unique<Worker>(text, max_depth);
    if (!worker_->task.Start(worker_->run)) worker_.reset();  // no helper free: parse on this one
  }
  if (!worker_) parser_ = std::make_unique<Parser>(text, max_depth);
}

YamlEventSource::~YamlEventSource() = default;

void YamlEventSource::FetchChunk() {
  if (worker_) {
    chunk_ = worker_->Take(std::move(chunk_));
  } else {
    chunk_->Clear();
    parser_->Fill(chunk_.get());
  }
  next_ = chunk_->events.data();
  end_ = next_ + chunk_->events.size();
}

const SourceEvent& YamlEventSource::NextOfNextChunk() {
  for (;;) {
    if (chunk_->final) return chunk_->events.back();  // the final one again
    FetchChunk();
    if (next_ != end_) return *next_++;
  }
}

}  // namespace cinc

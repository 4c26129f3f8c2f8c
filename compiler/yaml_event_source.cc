#include "compiler/yaml_event_source.h"

#include <yaml.h>

#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <string>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace cinc {
namespace {

// Events per chunk, and chunks the worker may run ahead: about 32,000 events
// (about 1.5 MB of records and text) in flight at most, handed over about
// 130 times for a 100,000-node scene.
constexpr size_t kEventsPerChunk = 8192;
constexpr size_t kChunksAhead = 4;

bool ForcesString(const yaml_char_t* tag) {
  if (tag == nullptr) return false;
  std::string_view text(reinterpret_cast<const char*>(tag));
  return text == "!" || text == "tag:yaml.org,2002:str";
}

}  // namespace

// Events as offsets into the chunk's own text, so that a chunk is two
// buffers that are reused from chunk to chunk.
struct YamlEventSource::Chunk {
  struct Record {
    SourceEventKind kind = SourceEventKind::kStopped;
    bool plain = false;
    SourceLocation location;
    uint32_t value_begin = 0;
    uint32_t value_size = 0;
    uint32_t anchor_begin = 0;
    uint32_t anchor_size = 0;
  };

  void Clear() {
    records.clear();
    text.clear();
    final = false;
  }

  void Add(SourceEventKind kind, bool plain, SourceLocation location, std::string_view value,
           const yaml_char_t* anchor) {
    Record record{kind, plain, location, 0, 0, 0, 0};
    record.value_begin = static_cast<uint32_t>(text.size());
    record.value_size = static_cast<uint32_t>(value.size());
    text.append(value);
    if (anchor != nullptr) {
      std::string_view name(reinterpret_cast<const char*>(anchor));
      record.anchor_begin = static_cast<uint32_t>(text.size());
      record.anchor_size = static_cast<uint32_t>(name.size());
      text.append(name);
    }
    records.push_back(record);
    if (kind == SourceEventKind::kStreamEnd || kind == SourceEventKind::kError ||
        kind == SourceEventKind::kStopped) {
      final = true;
    }
  }

  SourceEvent View(const Record& record) const {
    std::string_view all(text);
    return {record.kind, record.plain, record.location,
            all.substr(record.value_begin, record.value_size),
            all.substr(record.anchor_begin, record.anchor_size)};
  }

  std::vector<Record> records;
  std::string text;
  bool final = false;  // the last record is a final event
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
    while (chunk->records.size() < kEventsPerChunk) {
      if (!AddEvent(chunk)) return false;
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

  void AddProblem(Chunk* chunk) {
    std::string message = parser.problem != nullptr ? parser.problem : "invalid YAML";
    SourceLocation location;
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
      if (parser.context != nullptr) {
        message += " (" + std::string(parser.context) + " at line " +
                   std::to_string(parser.context_mark.line + 1) + ", column " +
                   std::to_string(parser.context_mark.column + 1) + ")";
      }
    }
    chunk->Add(SourceEventKind::kError, false, location, message, nullptr);
  }

  // One libyaml event into `chunk` (none for the ones nobody reads); false
  // once the final event is in.
  bool AddEvent(Chunk* chunk) {
    yaml_event_t event;
    if (!yaml_parser_parse(&parser, &event)) {
      AddProblem(chunk);
      return false;
    }
    const SourceLocation location{static_cast<int>(event.start_mark.line) + 1,
                                  static_cast<int>(event.start_mark.column) + 1};
    bool more = true;
    switch (event.type) {
      case YAML_NO_EVENT:
      case YAML_STREAM_START_EVENT:
      case YAML_DOCUMENT_END_EVENT:
        break;
      case YAML_DOCUMENT_START_EVENT:
        chunk->Add(SourceEventKind::kDocumentStart, false, location, {}, nullptr);
        break;
      case YAML_STREAM_END_EVENT:
        chunk->Add(SourceEventKind::kStreamEnd, false, location, {}, nullptr);
        more = false;
        break;
      case YAML_ALIAS_EVENT:
        chunk->Add(SourceEventKind::kAlias, false, location, {}, event.data.alias.anchor);
        break;
      case YAML_SCALAR_EVENT: {
        const bool plain = event.data.scalar.style == YAML_PLAIN_SCALAR_STYLE &&
                           !ForcesString(event.data.scalar.tag);
        chunk->Add(
            SourceEventKind::kScalar, plain, location,
            {reinterpret_cast<const char*>(event.data.scalar.value), event.data.scalar.length},
            event.data.scalar.anchor);
        break;
      }
      case YAML_SEQUENCE_START_EVENT:
        chunk->Add(SourceEventKind::kSequenceStart, false, location, {},
                   event.data.sequence_start.anchor);
        more = ++depth <= max_depth;
        break;
      case YAML_MAPPING_START_EVENT:
        chunk->Add(SourceEventKind::kMappingStart, false, location, {},
                   event.data.mapping_start.anchor);
        more = ++depth <= max_depth;
        break;
      case YAML_SEQUENCE_END_EVENT:
        chunk->Add(SourceEventKind::kSequenceEnd, false, location, {}, nullptr);
        --depth;
        break;
      case YAML_MAPPING_END_EVENT:
        chunk->Add(SourceEventKind::kMappingEnd, false, location, {}, nullptr);
        --depth;
        break;
    }
    yaml_event_delete(&event);
    if (!more && !chunk->final) chunk->Add(SourceEventKind::kStopped, false, location, {}, nullptr);
    return more;
  }

  std::string_view text;
  int max_depth;
  int depth = 0;
  yaml_parser_t parser;
};

// The parser on a worker thread, a bounded queue of chunks ahead.
struct YamlEventSource::Worker {
  Worker(std::string_view text, int max_depth) : parser(text, max_depth) {}

  ~Worker() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      cancelled = true;
    }
    changed.notify_all();
    if (thread.joinable()) thread.join();
  }

  void Run() {
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
      changed.wait(lock, [this] { return !ready.empty(); });
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
  std::thread thread;  // last: started once everything above exists
};

YamlEventSource::YamlEventSource(std::string_view text, int max_depth, size_t parse_ahead_bytes)
    : chunk_(std::make_unique<Chunk>()) {
  if (text.size() >= parse_ahead_bytes) {
    worker_ = std::make_unique<Worker>(text, max_depth);
    try {
      worker_->thread = std::thread([worker = worker_.get()] { worker->Run(); });
    } catch (const std::system_error&) {
      worker_.reset();  // no thread to be had: parse on this one
    }
  }
  if (!worker_) parser_ = std::make_unique<Parser>(text, max_depth);
}

YamlEventSource::~YamlEventSource() = default;

bool YamlEventSource::FetchChunk() {
  if (worker_) {
    chunk_ = worker_->Take(std::move(chunk_));
  } else {
    chunk_->Clear();
    parser_->Fill(chunk_.get());
  }
  position_ = 0;
  return !chunk_->records.empty();
}

SourceEvent YamlEventSource::Next() {
  while (position_ == chunk_->records.size()) {
    if (chunk_->final) return chunk_->View(chunk_->records.back());
    FetchChunk();
  }
  return chunk_->View(chunk_->records[position_++]);
}

}  // namespace cinc

#include "core/json_writer.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <vector>

#include "core/number_format.h"

namespace cinc {
namespace {

// True when every byte of `word` (eight bytes of text) is printable ASCII
// other than '"' and '\\': no byte below 0x20, none with its high bit, none
// 0x7F, '"' or '\\' (each test finds a zero byte of a transformed word; a
// borrow from a lower byte only ever marks a byte that is itself marked).
constexpr bool WordIsPlain(uint64_t word) {
  constexpr uint64_t kOnes = 0x0101010101010101;
  constexpr uint64_t kHighs = 0x8080808080808080;
  const auto has_zero = [](uint64_t x) { return (x - kOnes) & ~x & kHighs; };
  const uint64_t below_space = (word - kOnes * 0x20) & ~word;  // high bit: byte < 0x20
  return ((below_space | word) & kHighs) == 0 && has_zero(word ^ (kOnes * 0x7F)) == 0 &&
         has_zero(word ^ (kOnes * '"')) == 0 && has_zero(word ^ (kOnes * '\\')) == 0;
}

constexpr bool ByteIsPlain(char c) { return c >= 0x20 && c < 0x7F && c != '"' && c != '\\'; }

// ByteIsPlain for each byte value.
constexpr std::array<bool, 256> kPlainBytes = [] {
  std::array<bool, 256> plain{};
  for (size_t byte = 0; byte < plain.size(); ++byte)
    plain[byte] = ByteIsPlain(static_cast<char>(byte));
  return plain;
}();

// Printable ASCII without '"' or '\\', eight bytes at a time.
bool IsPlainText(std::string_view text) {
  const char* at = text.data();
  const char* const end = at + text.size();
  for (; end - at >= 8; at += 8) {
    uint64_t word;
    std::memcpy(&word, at, sizeof word);
    if (!WordIsPlain(word)) return false;
  }
  if (at == end) return true;
  if (text.size() >= 8) {  // the last eight bytes, overlapping the words read
    uint64_t word;
    std::memcpy(&word, end - 8, sizeof word);
    return WordIsPlain(word);
  }
  for (; at != end; ++at) {  // a short text: a look-up a byte
    if (!kPlainBytes[static_cast<unsigned char>(*at)]) return false;
  }
  return true;
}

void WriteString(std::string_view text, std::string* out) {
  // Most strings (names, interp values, keys) are plain printable ASCII and
  // are copied as they are; anything else takes nlohmann's escaping (UTF-8
  // validated, control characters escaped, invalid bytes replaced).
  if (IsPlainText(text)) {
    out->push_back('"');
    out->append(text);
    out->push_back('"');
    return;
  }
  *out += Json(std::string(text)).dump(-1, ' ', false, Json::error_handler_t::replace);
}

bool IsScalar(const Json& value) { return !value.is_object() && !value.is_array(); }

bool IsScalarArray(const Json& value) {
  return value.is_array() && std::all_of(value.begin(), value.end(), IsScalar);
}

// Written on one line: arrays of scalars, and objects whose members are all
// scalars or arrays of scalars (a key, a cue's data, a resolved node).
bool IsFlat(const Json& value) {
  if (value.is_array()) return IsScalarArray(value);
  if (!value.is_object()) return false;
  return std::all_of(value.begin(), value.end(),
                     [](const Json& member) { return IsScalar(member) || IsScalarArray(member); });
}

void WriteScalar(const Json& value, std::string* out) {
  switch (value.type()) {
    case Json::value_t::null:
      *out += "null";
      break;
    case Json::value_t::boolean:
      *out += value.get<bool>() ? "true" : "false";
      break;
    case Json::value_t::number_integer:
      *out += std::to_string(value.get<int64_t>());
      break;
    case Json::value_t::number_unsigned:
      *out += std::to_string(value.get<uint64_t>());
      break;
    case Json::value_t::number_float:
      AppendJsonNumber(value.get<double>(), out);
      break;
    case Json::value_t::string:
      WriteString(value.get_ref<const std::string&>(), out);
      break;
    default:
      *out += value.dump();
      break;
  }
}

// Iterative to keep deep documents from exhausting the stack: each frame is a
// container being written and the index of its next element.
struct Frame {
  const Json* container;
  Json::const_iterator next;
  bool first = true;
};

// `base_depth` > 0 writes a value nested that deep inside an enclosing
// document (never the root's layout rule then).
void Write(const Json& root, bool pretty, size_t base_depth, std::string* out) {
  const char* separator = pretty ? ", " : ",";
  const char* colon = pretty ? ": " : ":";
  auto newline = [&](size_t depth) {
    if (!pretty) return;
    *out += '\n';
    out->append((base_depth + depth) * 2, ' ');
  };
  auto open = [&](const Json& value, std::vector<Frame>* stack, bool is_root) {
    if (IsScalar(value)) {
      WriteScalar(value, out);
      return;
    }
    // The document itself is always laid out, so a file starts with `{` alone.
    if (IsFlat(value) && !(is_root && !value.empty())) {
      bool is_object = value.is_object();
      *out += is_object ? '{' : '[';
      bool first = true;
      for (auto member = value.begin(); member != value.end(); ++member) {
        if (!first) *out += separator;
        first = false;
        if (is_object) {
          WriteString(member.key(), out);
          *out += colon;
        }
        if (member->is_array()) {
          *out += '[';
          for (size_t index = 0; index < member->size(); ++index) {
            if (index > 0) *out += separator;
            WriteScalar((*member)[index], out);
          }
          *out += ']';
        } else {
          WriteScalar(*member, out);
        }
      }
      *out += is_object ? '}' : ']';
      return;
    }
    *out += value.is_object() ? '{' : '[';
    stack->push_back({&value, value.begin(), true});
  };
  std::vector<Frame> stack;
  open(root, &stack, pretty && base_depth == 0);
  while (!stack.empty()) {
    Frame& frame = stack.back();
    if (frame.next == frame.container->end()) {
      bool is_object = frame.container->is_object();
      stack.pop_back();
      newline(stack.size());
      *out += is_object ? '}' : ']';
      continue;
    }
    if (!frame.first) *out += ',';
    frame.first = false;
    newline(stack.size());
    const Json::const_iterator element = frame.next++;
    if (frame.container->is_object()) {
      WriteString(element.key(), out);
      *out += colon;
    }
    open(element.value(), &stack, false);
  }
}

}  // namespace

std::string WriteJson(const Json& value) {
  std::string out;
  Write(value, true, 0, &out);
  out += '\n';
  return out;
}

std::string WriteCompactJson(const Json& value) {
  std::string out;
  Write(value, false, 0, &out);
  return out;
}

void AppendJsonString(std::string_view text, std::string* out) { WriteString(text, out); }

void WriteJsonString(std::string_view text, TextWriter* writer) {
  if (text.size() < 16) {  // short (most names): checked as it is copied
    char* const start = writer->Room(text.size() + 2);
    char* at = start;
    *at++ = '"';
    for (const char byte : text) {
      if (!kPlainBytes[static_cast<unsigned char>(byte)]) {
        WriteString(text, writer->Settle());  // what was copied is dropped
        return;
      }
      *at++ = byte;
    }
    *at++ = '"';
    writer->Advance(at);
    return;
  }
  if (IsPlainText(text)) {
    char* at = writer->Room(text.size() + 2);
    *at++ = '"';
    at = Put(at, text);
    *at++ = '"';
    writer->Advance(at);
    return;
  }
  WriteString(text, writer->Settle());
}

void AppendJsonValue(const Json& value, size_t depth, std::string* out) {
  Write(value, true, depth, out);
}

}  // namespace cinc

#include "sequence/json_text.h"

#include <vector>

namespace cinc {
namespace {

bool IsContinuationByte(char c) { return (static_cast<unsigned char>(c) & 0xC0) == 0x80; }

bool IsJsonSpace(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

void AppendUtf8(uint32_t code_point, std::string* out) {
  if (code_point < 0x80) {
    *out += static_cast<char>(code_point);
  } else if (code_point < 0x800) {
    *out += static_cast<char>(0xC0 | (code_point >> 6));
    *out += static_cast<char>(0x80 | (code_point & 0x3F));
  } else if (code_point < 0x10000) {
    *out += static_cast<char>(0xE0 | (code_point >> 12));
    *out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (code_point & 0x3F));
  } else {
    *out += static_cast<char>(0xF0 | (code_point >> 18));
    *out += static_cast<char>(0x80 | ((code_point >> 12) & 0x3F));
    *out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
    *out += static_cast<char>(0x80 | (code_point & 0x3F));
  }
}

// Walks the text one byte at a time, keeping the line and column.
class Cursor {
 public:
  explicit Cursor(std::string_view text) : text_(text) {}

  bool AtEnd() const { return position_ >= text_.size(); }
  char Peek() const { return AtEnd() ? '\0' : text_[position_]; }
  SourceLocation Here() const { return location_; }

  void Advance() {
    if (AtEnd()) return;
    char c = text_[position_++];
    if (c == '\n') {
      ++location_.line;
      location_.column = 1;
    } else if (!IsContinuationByte(c)) {
      ++location_.column;
    }
  }

  void SkipSpace() {
    while (!AtEnd() && IsJsonSpace(Peek())) Advance();
  }

  // A string starting at its opening quote, decoded (for object keys).
  std::string ReadString() {
    std::string decoded;
    Advance();  // the opening quote
    while (!AtEnd() && Peek() != '"') {
      char c = Peek();
      Advance();
      if (c != '\\') {
        decoded += c;
        continue;
      }
      char escape = Peek();
      Advance();
      switch (escape) {
        case 'b':
          decoded += '\b';
          break;
        case 'f':
          decoded += '\f';
          break;
        case 'n':
          decoded += '\n';
          break;
        case 'r':
          decoded += '\r';
          break;
        case 't':
          decoded += '\t';
          break;
        case 'u':
          AppendUtf8(ReadUnicodeEscape(), &decoded);
          break;
        default:
          decoded += escape;
          break;  // " \ /
      }
    }
    Advance();  // the closing quote
    return decoded;
  }

  // A number, literal or string: skipped without decoding.
  void SkipScalar() {
    if (Peek() == '"') {
      Advance();
      while (!AtEnd() && Peek() != '"') {
        if (Peek() == '\\') Advance();
        Advance();
      }
      Advance();
      return;
    }
    while (!AtEnd() && !IsJsonSpace(Peek()) && Peek() != ',' && Peek() != ']' && Peek() != '}') {
      Advance();
    }
  }

 private:
  uint32_t ReadHex4() {
    uint32_t value = 0;
    for (int digit = 0; digit < 4 && !AtEnd(); ++digit) {
      char c = Peek();
      Advance();
      value <<= 4;
      if (c >= '0' && c <= '9') value |= c - '0';
      if (c >= 'a' && c <= 'f') value |= c - 'a' + 10;
      if (c >= 'A' && c <= 'F') value |= c - 'A' + 10;
    }
    return value;
  }

  // After "\u": one code point, joining a surrogate pair.
  uint32_t ReadUnicodeEscape() {
    uint32_t high = ReadHex4();
    if (high < 0xD800 || high > 0xDBFF) return high;
    if (Peek() != '\\' || position_ + 1 >= text_.size() || text_[position_ + 1] != 'u') return high;
    Advance();
    Advance();
    uint32_t low = ReadHex4();
    return 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00);
  }

  std::string_view text_;
  size_t position_ = 0;
  SourceLocation location_{1, 1};
};

struct Container {
  bool is_object = false;
  size_t count = 0;           // elements read so far (arrays)
  size_t pointer_length = 0;  // the container's own pointer, as a prefix
};

// A member's key and its ':': `pointer` becomes the member's, recorded at
// the key. False where the text is not JSON after all.
template <typename Record>
bool ReadKey(Cursor& cursor, const Container& object, std::string* pointer, const Record& record) {
  cursor.SkipSpace();
  SourceLocation key_location = cursor.Here();
  if (cursor.Peek() != '"') return false;
  std::string key = cursor.ReadString();
  pointer->resize(object.pointer_length);
  *pointer += '/';
  *pointer += JsonPointerToken(key);
  record(key_location);
  cursor.SkipSpace();
  if (cursor.Peek() != ':') return false;
  cursor.Advance();
  return true;
}

}  // namespace

NestingScan ScanNesting(std::string_view text, int limit) {
  NestingScan scan;
  int depth = 0;
  bool in_string = false;
  for (size_t index = 0; index < text.size(); ++index) {
    char c = text[index];
    if (in_string) {
      if (c == '\\') {
        ++index;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      ++depth;
      if (depth > scan.max_depth) scan.max_depth = depth;
      if (depth > limit && scan.first_too_deep == std::string_view::npos) {
        scan.first_too_deep = index;
      }
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return scan;
}

SourceLocation LocationOfOffset(std::string_view text, size_t offset) {
  SourceLocation location{1, 1};
  for (size_t index = 0; index < offset && index < text.size(); ++index) {
    if (text[index] == '\n') {
      ++location.line;
      location.column = 1;
    } else if (!IsContinuationByte(text[index])) {
      ++location.column;
    }
  }
  return location;
}

std::map<std::string, SourceLocation> LocateJsonPointers(std::string_view text,
                                                         const std::set<std::string>& pointers) {
  std::map<std::string, SourceLocation> found;
  if (pointers.empty()) return found;
  Cursor cursor(text);
  std::string pointer;  // of the value being read
  std::vector<Container> containers;
  auto record = [&](SourceLocation location) {
    // The last occurrence wins, as in the parsed document (a duplicate key).
    if (pointers.count(pointer) != 0) found.insert_or_assign(pointer, location);
  };
  // The states of an iterative reader: no recursion, however deep the text.
  enum class State { kValue, kMemberOrEnd, kMember, kElementOrEnd, kElement, kAfterValue };
  State state = State::kValue;
  cursor.SkipSpace();
  record(cursor.Here());
  while (!cursor.AtEnd()) {
    switch (state) {
      case State::kValue: {
        cursor.SkipSpace();
        char c = cursor.Peek();
        if (c == '{' || c == '[') {
          containers.push_back({c == '{', 0, pointer.size()});
          cursor.Advance();
          state = c == '{' ? State::kMemberOrEnd : State::kElementOrEnd;
        } else {
          cursor.SkipScalar();
          state = State::kAfterValue;
        }
        break;
      }
      case State::kMemberOrEnd:
      case State::kElementOrEnd:
        cursor.SkipSpace();
        if (cursor.Peek() == '}' || cursor.Peek() == ']') {
          cursor.Advance();
          pointer.resize(containers.back().pointer_length);
          containers.pop_back();
          state = State::kAfterValue;
        } else {
          state = state == State::kMemberOrEnd ? State::kMember : State::kElement;
        }
        break;
      case State::kMember:
        if (!ReadKey(cursor, containers.back(), &pointer, record)) return found;
        state = State::kValue;
        break;
      case State::kElement: {
        cursor.SkipSpace();
        Container& array = containers.back();
        pointer.resize(array.pointer_length);
        pointer += '/';
        pointer += std::to_string(array.count++);
        record(cursor.Here());
        state = State::kValue;
        break;
      }
      case State::kAfterValue: {
        if (containers.empty()) return found;
        cursor.SkipSpace();
        char c = cursor.Peek();
        cursor.Advance();
        if (c == ',') {
          state = containers.back().is_object ? State::kMember : State::kElement;
        } else if (c == '}' || c == ']') {
          pointer.resize(containers.back().pointer_length);
          containers.pop_back();
        } else {
          return found;
        }
        break;
      }
    }
  }
  return found;
}

}  // namespace cinc

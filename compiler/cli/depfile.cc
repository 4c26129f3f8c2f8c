#include "compiler/cli/depfile.h"

#include <cstdio>
#include <string_view>

namespace cinc {
namespace {

// Characters a path holds as they are: no reader of depfiles gives them a
// meaning. Bytes from 0x80 up (UTF-8) are plain too.
bool IsPlain(char c) {
  if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) return true;
  return std::string_view("._/+,@-~%").find(c) != std::string_view::npos ||
         static_cast<unsigned char>(c) >= 0x80;
}

// The escape GNU Make and Ninja both read back as `c` ("" when there is none).
std::string_view EscapeOf(char c) {
  switch (c) {
    case ' ':
      return "\\ ";
    case '#':
      return "\\#";
    case ':':
      return "\\:";
    case '$':
      return "$$";
    default:
      return "";
  }
}

// "a newline", "a tab", "'('": the character as a message names it.
std::string NameOf(char c) {
  if (c == '\n') return "a newline";
  if (c == '\r') return "a carriage return";
  if (c == '\t') return "a tab";
  unsigned char byte = static_cast<unsigned char>(c);
  if (byte < 0x20 || byte == 0x7f) {
    char code[8];
    std::snprintf(code, sizeof code, "U+%04X", byte);
    return std::string("a control character (") + code + ")";
  }
  return std::string("'") + c + "'";
}

std::string Escape(const std::string& path) {
  std::string escaped;
  for (char c : path) {
    std::string_view escape = EscapeOf(c);
    if (escape.empty()) {
      escaped += c;
    } else {
      escaped += escape;
    }
  }
  return escaped;
}

}  // namespace

std::optional<std::string> DepfileRefusal(const std::string& path) {
  // A leading '~' is a home folder to Make.
  if (!path.empty() && path.front() == '~') return "it begins with '~'";
  for (char c : path) {
    if (!IsPlain(c) && EscapeOf(c).empty()) return "it holds " + NameOf(c);
  }
  return std::nullopt;
}

std::string MakeDepfile(const std::vector<std::string>& outputs,
                        const std::vector<std::string>& inputs) {
  std::string text;
  for (const std::string& output : outputs) text += (text.empty() ? "" : " ") + Escape(output);
  text += ":";
  for (const std::string& input : inputs) text += " " + Escape(input);
  return text + "\n";
}

}  // namespace cinc

// Internal to importers/: how a third-party reader's message is made part of
// cinc's.
#ifndef CINC_IMPORTERS_READER_MESSAGES_H_
#define CINC_IMPORTERS_READER_MESSAGES_H_

#include <cctype>
#include <string>

namespace cinc {

// Readers' messages end in a period or a line break; cinc's continue after
// them ("...: Invalid glTF binary; the file is ...").
inline std::string TrimmedReaderMessage(std::string message) {
  while (!message.empty() &&
         (message.back() == '.' || std::isspace(static_cast<unsigned char>(message.back())))) {
    message.pop_back();
  }
  return message;
}

}  // namespace cinc

#endif  // CINC_IMPORTERS_READER_MESSAGES_H_

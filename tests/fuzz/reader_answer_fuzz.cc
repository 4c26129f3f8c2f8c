// libFuzzer harness: what a model reader's child process sends back
// (importers/model_wire.h), decoded as a marker answer and as a content
// answer, as the parent decodes it after importers/isolated_run.h. A child
// that was cut short, or whose memory was corrupted by a broken reader, may
// send anything: the parent must refuse what is malformed without reading
// out of bounds, and what it accepts must encode to an answer it accepts.
//
// A finding: a crash or a sanitizer report, or an accepted answer whose own
// encoding is refused.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "importers/model_wire.h"

namespace {

template <typename Result>
void DecodeAndEncodeAgain(const std::string& bytes) {
  cinc::ReaderAnswer<Result> answer;
  if (!cinc::DecodeAnswer(bytes, &answer)) return;
  cinc::ReaderAnswer<Result> again;
  if (!cinc::DecodeAnswer(cinc::EncodeAnswer(answer), &again)) {
    std::fprintf(stderr, "reader_answer_fuzz: its own answer is refused\n");
    std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string bytes(reinterpret_cast<const char*>(data), size);
  DecodeAndEncodeAgain<cinc::ImportedModel>(bytes);
  DecodeAndEncodeAgain<cinc::ModelContent>(bytes);
  return 0;
}

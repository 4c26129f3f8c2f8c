// libFuzzer harness: a sequence file as `cinc validate` and `cinc eval` read
// it (parse -> validate -> locate problems), then evaluated where a player
// would sample it (the start, the end, between keys, outside the range), and
// written back.
//
// A finding: a crash or a sanitizer report; a sequence the validator accepts
// whose own JSON it refuses when read again, or that evaluates to a
// non-finite pose.
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>

#include "core/diagnostics.h"
#include "sequence/evaluator.h"
#include "sequence/sequence_json.h"
#include "sequence/sequence_parse.h"

namespace {

void Fail(const char* what) {
  std::fprintf(stderr, "sequence_fuzz: %s\n", what);
  std::abort();
}

template <typename Values>
void CheckFinite(const std::optional<Values>& values, const char* what) {
  if (!values.has_value()) return;
  for (int i = 0; i < Values::length(); ++i) {
    if (!std::isfinite((*values)[i])) Fail(what);
  }
}

void CheckFinite(const cinc::Evaluation& evaluation) {
  for (const cinc::TransformSample& sample : evaluation.transforms) {
    CheckFinite(sample.position, "a non-finite position");
    CheckFinite(sample.rotation, "a non-finite rotation");
    CheckFinite(sample.scale, "a non-finite scale");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  cinc::Diagnostics diagnostics("fuzz.sequence.json");
  std::optional<cinc::Sequence> sequence = cinc::ParseSequenceText(text, &diagnostics);
  if (!sequence.has_value()) {
    if (!diagnostics.HasErrors()) Fail("refused without an error");
    return 0;
  }
  const double d = sequence->duration;
  for (double t : {-1.0, 0.0, d / 7, d / 3, d / 2, d * 0.999, d, d + 1}) {
    CheckFinite(cinc::EvaluateSequence(*sequence, t));
  }
  cinc::Diagnostics again("again.sequence.json");
  if (!cinc::ParseSequenceText(cinc::WriteSequence(*sequence), &again).has_value()) {
    Fail("its own JSON is refused");
  }
  return 0;
}

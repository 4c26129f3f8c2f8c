// What a model reader in a child process (importers/isolated_run.h) sends
// back: its diagnostics and what it read, as bytes.
//
// Contract: Encode* and Decode* are inverse; numbers travel as their bits
// (nothing rounds). Decode* check every length against what is left and
// return false on anything malformed (a child cut short), never reading out
// of bounds. Diagnostics keep their code, severity, file, location, path
// and message.
#ifndef CINC_IMPORTERS_MODEL_WIRE_H_
#define CINC_IMPORTERS_MODEL_WIRE_H_

#include <optional>
#include <string>
#include <vector>

#include "core/diagnostics.h"
#include "importers/model.h"
#include "importers/model_content.h"

namespace cinc {

// A reader's answer: its diagnostics, and the model when it read one.
template <typename Result>
struct ReaderAnswer {
  std::vector<Diagnostic> diagnostics;
  std::optional<Result> result;
};

std::string EncodeAnswer(const ReaderAnswer<ImportedModel>& answer);
std::string EncodeAnswer(const ReaderAnswer<ModelContent>& answer);
bool DecodeAnswer(const std::string& bytes, ReaderAnswer<ImportedModel>* answer);
bool DecodeAnswer(const std::string& bytes, ReaderAnswer<ModelContent>* answer);

}  // namespace cinc

#endif  // CINC_IMPORTERS_MODEL_WIRE_H_

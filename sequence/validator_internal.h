// Internal to the validator: the field reader shared by validator.cc (the
// document and its tracks) and validator_keys.cc (keys, channels, eases).
//
// Contract: every Read*/Expect* reports what is wrong with the value at
// `path` and returns nullopt / false, so callers carry on with the next
// field and one run reports every problem.
#ifndef CINC_SEQUENCE_VALIDATOR_INTERNAL_H_
#define CINC_SEQUENCE_VALIDATOR_INTERNAL_H_

#include <array>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>

#include "core/diagnostics.h"
#include "core/json_writer.h"
#include "sequence/sequence.h"

namespace cinc::validator_internal {

// What a channel's values may be (docs/sequence-format.md, E_CINEMA_KEY_VALUE).
enum class ValueRange { kAny, kFieldOfView, kPositive, kNonNegative, kTimeScale };

struct ChannelRule {
  std::string_view name;  // "position", "fov", "time scale", ... (for messages)
  int components = 3;     // 3: [x, y, z] arrays; 1: numbers
  ValueRange range = ValueRange::kAny;
};

// "a string", "a number", ... for messages.
std::string_view JsonTypeName(const Json& value);
// Numbers in messages: shortest round trip; "nan", "inf", "-inf" otherwise.
std::string NumberText(double value);

// True only when the validator would accept SequenceToJson(sequence); false
// when it might not (then run it for the exact problems). Transform and
// cues tracks, the bulk of a large sequence, are checked on the model
// (validator_fast.cc).
bool EmittedSequenceIsValid(const Sequence& sequence);

class FieldReader {
 public:
  explicit FieldReader(Diagnostics* diagnostics) : diagnostics_(diagnostics) {}

  void Report(DiagnosticCode code, const std::string& path, std::string message);

  // The valid duration, once read: key times are checked against it.
  void set_duration(std::optional<double> duration) { duration_ = duration; }

  // False (reported) when `value` is not an object; reports every member
  // that is not in `fields` as an unknown field of `what`.
  bool ExpectObject(const Json& value, const std::string& path, std::string_view what,
                    std::initializer_list<std::string_view> fields);
  // The member, or nullptr; with `what`, a missing member is reported.
  const Json* Member(const Json& object, const std::string& path, std::string_view field,
                     std::string_view what = {});

  std::optional<double> Number(const Json& value, const std::string& path, std::string_view field);
  std::optional<bool> Boolean(const Json& value, const std::string& path, std::string_view field);
  std::optional<int64_t> Integer(const Json& value, const std::string& path,
                                 std::string_view field);
  // A string of at most kMaxTextLength code points (longer is E_CINEMA_LIMIT
  // and still returned, so emptiness checks carry on).
  std::optional<std::string> String(const Json& value, const std::string& path,
                                    std::string_view field);
  // A time in 0..duration (E_CINEMA_KEY_VALUE otherwise, still returned).
  std::optional<double> Time(const Json& value, const std::string& path, std::string_view field);
  // A CSS cubic-bezier [x1, y1, x2, y2] (E_CINEMA_EASE).
  std::optional<std::array<double, 4>> Ease(const Json& value, const std::string& path,
                                            std::string_view field);
  // A list of keys: order, times, values, tangents, eases, the key limit.
  Keys Channel(const Json& value, const std::string& path, const ChannelRule& rule);
  // Strings anywhere inside cue data longer than kMaxTextLength (iterative).
  void CheckDataText(const Json& data, const std::string& path);

 private:
  std::optional<Key> ReadKey(const Json& value, const std::string& path, const ChannelRule& rule);
  std::optional<std::vector<double>> Components(const Json& value, const std::string& path,
                                                std::string_view field, const ChannelRule& rule);
  void CheckRange(double value, const std::string& path, const ChannelRule& rule);

  Diagnostics* diagnostics_;
  std::optional<double> duration_;
};

}  // namespace cinc::validator_internal

#endif  // CINC_SEQUENCE_VALIDATOR_INTERNAL_H_

// Typed values of the scene language: numbers in ranges, integers, booleans,
// strings and names, exact times, vectors, rotations, scales, eases,
// transforms, a camera's focus. Each reads the value that starts with
// `first`, reports what is wrong at its location (docs/scene-loading.md,
// "Messages") and returns nothing then.
#ifndef CINC_COMPILER_SCENE_READ_VALUES_H_
#define CINC_COMPILER_SCENE_READ_VALUES_H_

#include <cstdint>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "compiler/scene/read_context.h"
#include "core/scene.h"
#include "core/scene_limits.h"

namespace cinc::scene_loading {

// The end of the message for a fractional time in a tick scene.
inline constexpr char kNotWholeTicks[] = "is not a whole number of ticks";

// The interval a number must lie in; the message says which bound failed.
struct NumberRange {
  double low = -std::numeric_limits<double>::infinity();
  double high = std::numeric_limits<double>::infinity();
  bool low_open = false;
  bool high_open = false;
};
inline constexpr NumberRange kAnyNumber{};
inline constexpr NumberRange kPositive{0, std::numeric_limits<double>::infinity(), true, false};
inline constexpr NumberRange kNonNegative{0, std::numeric_limits<double>::infinity(), false, false};
inline constexpr NumberRange kUnitInterval{0, 1, false, false};
// How far lengths, angles and scales may go (core/scene_limits.h,
// docs/language.md).
inline constexpr NumberRange kCoordinateRange{-kMaxCoordinate, kMaxCoordinate, false, false};
inline constexpr NumberRange kAngleRange{-kMaxDegrees, kMaxDegrees, false, false};
inline constexpr NumberRange kTurnsRange{-kMaxDegrees / 360, kMaxDegrees / 360, false, false};
inline constexpr NumberRange kScaleRange{0, kMaxScale, true, false};
inline constexpr NumberRange kFovRange{0, 180, true, true};                     // degrees
inline constexpr NumberRange kEaseYRange{-kMaxEaseY, kMaxEaseY, false, false};  // y1, y2

// One element of a fixed-size number list: its name in messages and range.
struct NumberElement {
  std::string_view field;
  NumberRange range;
};

// True for a mapping; otherwise reports "expected a mapping" and skips it.
bool ExpectMapping(ReadContext& context, const YamlEvent& first);
// A finite number in `range`.
std::optional<double> ReadNumber(ReadContext& context, const YamlEvent& first,
                                 std::string_view field, const NumberRange& range);
// An integer in low..high.
std::optional<int64_t> ReadInteger(ReadContext& context, const YamlEvent& first,
                                   std::string_view field, int64_t low, int64_t high);
std::optional<bool> ReadBool(ReadContext& context, const YamlEvent& first);
// Any scalar but null, as written; longer than 256 characters is E_LIMIT.
std::optional<std::string> ReadString(ReadContext& context, const YamlEvent& first,
                                      std::string_view field);
// A string that is not empty (labels, cue and sound names, targets, the
// shot's camera: the runtime refuses empty ones): E_SCENE_VALUE otherwise.
std::optional<std::string> ReadText(ReadContext& context, const YamlEvent& first,
                                    std::string_view field);
// A string that is a name (CheckName).
std::optional<std::string> ReadName(ReadContext& context, const YamlEvent& first,
                                    std::string_view field);
// A string's length (E_LIMIT), reported at `location` and context.path.
bool CheckLength(ReadContext& context, std::string_view text, std::string_view field,
                 SourceLocation location);
// A name's length (E_LIMIT), then its characters (E_SCENE_NAME).
bool CheckName(ReadContext& context, std::string_view name, std::string_view field,
               SourceLocation location);
// A time literal in the scene's time unit, exact, on the 10^-9 grid, within
// ±10^6 (converted to seconds after the document is read, the unit known).
std::optional<ExactTime> ReadTime(ReadContext& context, const YamlEvent& first,
                                  std::string_view field, bool allow_negative);
// A list of exactly elements.size() numbers into `values`.
bool ReadNumberList(ReadContext& context, const YamlEvent& first,
                    std::span<const NumberElement> elements, double* values);
std::optional<Vec3> ReadVec3(ReadContext& context, const YamlEvent& first, std::string_view field,
                             const NumberRange& range);
// Euler degrees [x, y, z] or {quaternion: [x, y, z, w]} (normalised).
std::optional<Quat> ReadRotation(ReadContext& context, const YamlEvent& first);
// A number (uniform) or [x, y, z].
std::optional<Vec3> ReadScale(ReadContext& context, const YamlEvent& first);
// An ease name or the four numbers of a cubic bezier.
std::optional<Ease> ReadEase(ReadContext& context, const YamlEvent& first, std::string_view field);
// {position, rotation}; null is the identity.
std::optional<Transform> ReadTransform(ReadContext& context, const YamlEvent& first);
// A number > 0 or {on: target}; true when it gave a usable focus.
bool ReadFocus(ReadContext& context, const YamlEvent& first, FocusTarget* focus);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_READ_VALUES_H_

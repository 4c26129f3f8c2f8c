#include "compiler/scene/read_verbs.h"

#include <algorithm>
#include <string>
#include <utility>

#include "compiler/scene/field_table.h"
#include "compiler/scene/read_camera_moves.h"
#include "compiler/scene/read_explode.h"
#include "compiler/scene/read_values.h"
#include "compiler/scene/scalars.h"
#include "core/suggestion.h"

namespace cinc::scene_loading {
namespace {

// --- attach ---

constexpr FieldRule<Attach> kAttachRules[] = {
    {"to",
     [](ReadContext& context, const YamlEvent& value, Attach* attach) {
       std::optional<std::string> to = ReadString(context, value, "to");
       if (to) attach->to = std::move(*to);
       return to.has_value();
     }},
    {"offset", [](ReadContext& context, const YamlEvent& value,
                  Attach* attach) { return Keep(ReadTransform(context, value), &attach->offset); }},
    {"mate",
     [](ReadContext& context, const YamlEvent& value, Attach* attach) {
       std::optional<std::string> mate = ReadString(context, value, "mate");
       if (mate) attach->mate = std::move(*mate);
       return mate.has_value();
     }},
};
constexpr auto kAttachTable = MakeFieldTable(kAttachRules);

}  // namespace

void ReadAttach(ReadContext& context, const YamlEvent& first, Node* node) {
  if (first.kind == YamlEventKind::kScalar && !IsNullScalar(first) && first.plain) {
    // `attach: body/hole`: the shape of the field, with what was written.
    context.Report(
        DiagnosticCode::kSceneFormat, first.location,
        "attach takes a mapping: write `attach: {to: " + std::string(first.value) + "}`");
    return;
  }
  Attach attach;
  const std::optional<FieldsSeen> seen = ReadSection(context, first, kAttachTable, &attach);
  if (!seen || !RequireFields(context, first, *seen, kAttachTable, {0})) return;
  if (seen->valid) node->mutable_rare().attach = std::move(attach);
}

namespace {

// --- insert and screw ---

// How far out a part may start, and how many turns a screw may make.
constexpr NumberRange kApproachRange{0, kMaxCoordinate, true, false};
constexpr NumberRange kScrewTurnsRange{0, kMaxDegrees / 360, true, false};

// `into` and `mate` of insert and screw.
bool ReadInto(ReadContext& context, const YamlEvent& value, Attach* attach) {
  std::optional<std::string> into = ReadString(context, value, "into");
  if (into) attach->to = std::move(*into);
  return into.has_value();
}
bool ReadMate(ReadContext& context, const YamlEvent& value, Attach* attach) {
  std::optional<std::string> mate = ReadString(context, value, "mate");
  if (mate) attach->mate = std::move(*mate);
  return mate.has_value();
}

// --- insert ---

enum InsertField { kInsertInto, kInsertMate, kInsertFrom };
constexpr FieldRule<Attach> kInsertRules[] = {
    {"into", ReadInto},
    {"mate", ReadMate},
    {"from",
     [](ReadContext& context, const YamlEvent& value, Attach* attach) {
       return Keep(ReadNumber(context, value, "from", kApproachRange), &attach->approach);
     }},
};
constexpr auto kInsertTable = MakeFieldTable(kInsertRules);

void ReadInsert(ReadContext& context, const YamlEvent& first, Node* node) {
  Attach insert;
  insert.verb = AttachVerb::kInsert;
  const std::optional<FieldsSeen> seen = ReadSection(context, first, kInsertTable, &insert);
  if (!seen || !RequireFields(context, first, *seen, kInsertTable, {kInsertInto, kInsertFrom})) {
    return;
  }
  if (seen->valid) node->mutable_rare().attach = std::move(insert);
}

// --- screw ---

// What a screw's fields say before they are combined.
struct ScrewInput {
  Attach attach;
  double turns = 0;
  double pitch = 0;
  double length = 0;
  bool left_hand = false;
};
enum ScrewField { kScrewInto, kScrewMate, kScrewTurns, kScrewPitch, kScrewLength, kScrewHand };
constexpr std::string_view kHands[] = {"right", "left"};
constexpr FieldRule<ScrewInput> kScrewRules[] = {
    {"into", [](ReadContext& context, const YamlEvent& value,
                ScrewInput* screw) { return ReadInto(context, value, &screw->attach); }},
    {"mate", [](ReadContext& context, const YamlEvent& value,
                ScrewInput* screw) { return ReadMate(context, value, &screw->attach); }},
    {"turns",
     [](ReadContext& context, const YamlEvent& value, ScrewInput* screw) {
       return Keep(ReadNumber(context, value, "turns", kScrewTurnsRange), &screw->turns);
     }},
    {"pitch",
     [](ReadContext& context, const YamlEvent& value, ScrewInput* screw) {
       return Keep(ReadNumber(context, value, "pitch", kApproachRange), &screw->pitch);
     }},
    {"length",
     [](ReadContext& context, const YamlEvent& value, ScrewInput* screw) {
       return Keep(ReadNumber(context, value, "length", kApproachRange), &screw->length);
     }},
    {"hand",
     [](ReadContext& context, const YamlEvent& value, ScrewInput* screw) {
       std::optional<std::string> hand = ReadString(context, value, "hand");
       if (!hand) return false;
       bool known = std::find(std::begin(kHands), std::end(kHands), *hand) != std::end(kHands);
       if (!known) {
         context.Report(
             DiagnosticCode::kSceneValue, value.location,
             "unknown hand '" + *hand + "': a thread is right or left" + DidYouMean(*hand, kHands));
       }
       screw->left_hand = *hand == "left";
       return known;
     }},
};
constexpr auto kScrewTable = MakeFieldTable(kScrewRules);

void ReadScrew(ReadContext& context, const YamlEvent& first, Node* node) {
  if (!ExpectMapping(context, first)) return;
  ScrewInput screw;
  screw.attach.origin = context.OriginAt(first.location);
  screw.attach.verb = AttachVerb::kScrew;
  FieldsSeen seen = ReadFields(context, kScrewTable, &screw);
  if (context.reader.stopped() ||
      !RequireFields(context, first, seen, kScrewTable, {kScrewInto, kScrewTurns})) {
    return;
  }
  if (!seen.Has(kScrewPitch) && !seen.Has(kScrewLength)) {
    context.Report(DiagnosticCode::kSceneFormat, first.location, "missing field pitch or length");
    return;
  }
  if (ReportCombined(context, DiagnosticCode::kSceneFormat, seen, kScrewTable, kScrewPitch,
                     kScrewLength)) {
    return;
  }
  if (!seen.valid) return;
  // The thread's length: the turns times the pitch, or the length given.
  double approach = seen.Has(kScrewPitch) ? screw.turns * screw.pitch : screw.length;
  if (approach > kMaxCoordinate) {
    context.ReportAtKey(DiagnosticCode::kSceneValue, seen.locations[kScrewPitch], "pitch",
                        "turns x pitch is " + BoundText(approach) + " m, more than " +
                            BoundText(kMaxCoordinate) + " m");
    return;
  }
  screw.attach.approach = approach;
  screw.attach.screw_degrees = (screw.left_hand ? 360 : -360) * screw.turns;
  node->mutable_rare().attach = std::move(screw.attach);
}

// --- the verbs ---

// The fields each verb cannot be combined with, in the order they are
// checked (E_SCENE_FORMAT at the key written later).
constexpr std::string_view kInsertExcludes[] = {"attach", "position", "rotation", "path",
                                                "look_at"};
constexpr std::string_view kScrewExcludes[] = {"attach",  "position", "rotation", "path",
                                               "look_at", "insert",   "spin"};

// A framed or orbiting camera's position is solved: nothing else may give it.
constexpr std::string_view kFrameExcludes[] = {"attach", "position", "path"};
constexpr std::string_view kMarginNeeds[] = {"frame"};
constexpr std::string_view kOrbitExcludes[] = {"attach", "position", "path",
                                               "frame",  "rotation", "spin"};

// A director node moves its parts one way at a time.
constexpr std::string_view kExplodeExcludes[] = {"collapse"};
constexpr std::string_view kCollapseExcludes[] = {"explode"};

constexpr NodeVerb kVerbs[] = {
    {"insert", ReadInsert, {Owners::kObjects, true}, kInsertExcludes},
    {"screw", ReadScrew, {Owners::kObjects, true}, kScrewExcludes},
    {"frame", ReadFrame, {Owners::kCameras, true}, kFrameExcludes},
    {"margin", ReadFrameMargin, {Owners::kCameras, false}, {}, kMarginNeeds},
    {"orbit", ReadOrbit, {Owners::kCameras, true}, kOrbitExcludes},
    {"explode", ReadExplode, {Owners::kDirector, true}, kExplodeExcludes},
    {"collapse", ReadCollapse, {Owners::kDirector, true}, kCollapseExcludes},
};

}  // namespace

std::span<const NodeVerb> NodeVerbs() { return kVerbs; }

}  // namespace cinc::scene_loading

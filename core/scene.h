// The typed scene: what scene.yaml says, after loading and before timing.
//
// Contract: plain data, filled by compiler/scene/ (the loader) and only read by the
// later stages. Every value a later stage may complain about keeps its
// SourceLocation and JSON pointer. All times are exact seconds (tick scenes
// are converted at load time). Rotations are unit quaternions. Vectors are
// metres, angles degrees (docs/language.md "Conventions"). A loaded scene that produced
// errors may be partial: stages must tolerate missing pieces.
#ifndef CINC_CORE_SCENE_H_
#define CINC_CORE_SCENE_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/boxed.h"
#include "core/boxed_list.h"
#include "core/diagnostics.h"
#include "core/easing.h"
#include "core/exact_time.h"
#include "core/json_pointer.h"
#include "core/reference.h"
#include "core/rotation.h"
#include "core/short_string.h"

namespace cinc {

// Where a value was written: its line and column, and its JSON pointer
// (into the scene's PathStore, Scene::paths). An element of a list (an
// entry of `after: [...]`) keeps the list's pointer and its index, so that
// half a million entries do not each intern a pointer of their own:
// path() puts the two together when a diagnostic needs it.
struct Origin {
  SourceLocation location;
  int32_t element = -1;  // the index in the list `pointer` names; -1: `pointer` is the value's
  JsonPointer pointer;

  std::string path() const;
};

// A string value with where it was written: a look-at target, a label, an action.
struct LocatedString {
  std::string value;
  Origin origin;
};

// --- timing -----------------------------------------------------------------

enum class RelationKind : uint8_t { kAt, kAfter, kWith, kEndWith, kBefore };

// The scene field that writes a relation: "at", "after", "with", "end_with",
// "before".
std::string_view RelationFieldName(RelationKind kind);

// One relation of a node's start (docs/timing.md).
//
// One time serves both kinds of relation, and the reference is a 16-byte
// string, which keeps a relation at 64 bytes: a scene with `after:` lists of
// 50 holds half a million of them.
struct Relation {
  ShortString target;  // the reference as written ("in", "body.in"); empty for kAt
  // kAt: the time written (plus a lag written beside it, which is refused,
  // E_TIMING_CONFLICT, but still counted for what timing reports after).
  // The others: the lag after the target's time (the node's top-level lag,
  // or the `start:` entry's own lag).
  ExactTime offset;
  Origin origin;  // of the reference (or the `at` value)
  RelationKind kind = RelationKind::kAt;
  // Names a node of a pattern whose copies could not be made (reported
  // there): the node stays unresolved and nothing more is said of it.
  bool silenced = false;
  // > 0: `target` is "PATTERN.id" and names that node of every copy,
  // PatternCopyName(PATTERN, 1) ... (PATTERN, copies): one relation that
  // waits for all of them (`after:` and `until:` only), not one per copy.
  int32_t copies = 0;
};

// --- node contents ------------------------------------------------------------

struct Transform {  // an offset or an inline marker pose
  Vec3 position{0, 0, 0};
  Quat rotation{1, 0, 0, 0};
};

// `attach`, or the assembly verbs that attach while they move in.
enum class AttachVerb : uint8_t { kAttach, kInsert, kScrew };

struct Attach {
  std::string to;           // "body/hole-1" or "body" (`into` of insert and screw)
  Boxed<Transform> offset;  // rare: boxed
  std::string mate;         // this object's own marker; empty for none
  Origin origin;
  AttachVerb verb = AttachVerb::kAttach;
  // insert and screw: the part starts at the mated pose moved this far out
  // along the marker's +Y (metres), instead of where it was.
  double approach = 0;
  // screw: the turn about the marker's Y axis on the way in, degrees;
  // negative (clockwise seen from +Y, outside the hole) for a right-hand
  // thread.
  double screw_degrees = 0;
};

struct Spin {
  Vec3 axis{0, 1, 0};
  double degrees = 0;  // turns * 360 when written as `turns`
  Origin origin;
};

struct Cue {
  std::string kind;  // script | sound | vfx | marker
  std::string name;
  std::string target;     // may be empty
  std::string data_json;  // the `data` value as compact JSON, "" when absent
  Origin origin;
};

struct Sound {
  std::string name;
  double volume = 1;
  ExactTime offset;
  ExactTime fade_in;
  ExactTime fade_out;
  Origin origin;
};

struct Shot {
  std::string camera;
  ExactTime blend;  // 0 is a cut
  std::optional<Ease> blend_ease;
  Origin origin;
};

struct FocusTarget {  // `focus: 2.5` or `focus: {on: obj or obj/marker}`
  std::optional<double> distance;
  std::string on;
  Origin origin;
};

// `frame: [OBJECT, ...]` with `margin:` on a camera node: the camera's
// position at the node's end is solved so that the objects' model bounds
// fill the frame (docs/cameras.md "Framing"; markers/camera_moves.h).
struct Framing {
  std::vector<LocatedString> objects;  // object or pattern names, as written
  double margin = 0.1;                 // share of the frame left on each side
  Origin origin;                       // of the `frame` value
};

// `orbit: {around: OBJECT or OBJECT/marker or [x, y, z], degrees: A}` on a
// camera node: the camera circles the centre about the world +Y axis
// (docs/cameras.md "Orbit").
struct Orbit {
  LocatedString around;       // the reference; empty when a point is given
  std::optional<Vec3> point;  // `around: [x, y, z]`
  double degrees = 0;         // counter-clockwise seen from above (+Y)
  // The centre in the world: the point, or the reference's world point at
  // the node's start (filled by markers/camera_moves.h before the rig).
  std::optional<Vec3> centre;
  Origin origin;
};

// `highlight:` and `ghost:` on a director node with a span: over the span
// the highlighted objects are emphasised and the ghosted drawn at
// `ghost_opacity` times their opacity (docs/language.md "Emphasis").
struct Emphasis {
  std::vector<LocatedString> highlight;  // object or pattern names, as written
  std::vector<LocatedString> ghost;      // object or pattern names; empty with ghost_others
  bool ghost_others = false;             // `ghost: others`: every object not highlighted
  double ghost_opacity = 0.2;
  Origin origin;  // of the first of the two fields read
};

// `callout: {text, on}`: a label with a leader line to an anchor over the
// node's span (docs/language.md "Callouts").
struct Callout {
  std::string text;  // as written; `$part`, `$number`, `$marker` replaced in `shown`
  LocatedString on;  // "object" or "object/marker"; empty: the node's own object
  Origin origin;
  // Filled before the rig (markers/callout_anchors.h): the anchor's object,
  // its marker ("" for the origin), the anchor in the object's model space,
  // and the text with its placeholders replaced.
  std::string object;
  std::string marker;
  Vec3 point{0, 0, 0};
  std::string shown;
};

// `explode:` or `collapse:` on a director node: each part moves by
// `distance` along its own direction, over the node's span (docs/language.md
// "Explode and collapse"). The loader keeps it on the director's node;
// ExpandExplodes (compiler/scene/scene_explodes.h) gives each part a node of
// its own that carries it too.
struct Explode {
  std::vector<LocatedString> parts;  // object or pattern names, as written
  LocatedString from;                // the centre object; empty for a point or `along`
  std::optional<Vec3> point;         // `from: [x, y, z]`
  bool along = false;                // `along: axis`: the part's frame's +Y
  bool collapse = false;             // `collapse:`: the move back, -distance
  double distance = 0;               // metres, > 0
  Origin origin;                     // of the mapping
};

// The parts of a node that few nodes have (Node::rare()): each boxed, so
// that a node with one of them pays for that one.
struct NodeRareParts {
  Boxed<Attach> attach;
  Boxed<Spin> spin;
  Boxed<LocatedString> look_at;  // "object" or "object/marker"
  Boxed<FocusTarget> focus;
  Boxed<Shot> shot;
  Boxed<Sound> sound;
  Boxed<LocatedString> label;
  Boxed<LocatedString> action;
  BoxedList<Cue> cues;  // `cue:` takes one cue or a list
  BoxedList<Vec3> path;
  Boxed<double> fov;
  Boxed<double> aperture;
  Boxed<double> time_scale;
  Boxed<Framing> frame;
  Boxed<Orbit> orbit;
  Boxed<Emphasis> emphasis;
  Boxed<Callout> callout;
  Boxed<Explode> explode;
};

struct Node {
  ShortString id;     // empty when the author gave none
  ShortString owner;  // object or camera name, or "director"
  Origin origin;      // the node's mapping
  int index = 0;      // 0-based position in its list

  // Timing. `relations` empty means chaining (after the previous node of the list).
  bool uses_start_list = false;  // relations came from `start:`
  bool has_duration = false;
  std::vector<Relation> relations;
  ExactTime chain_lag;  // the top-level lag when chaining
  ExactTime duration;   // 0 when not given (and not required)
  // `until:` instead of `duration`: the node ends with the latest end of
  // these nodes (kind kAfter, lag 0; `target` and `origin` as for relations).
  BoxedList<Relation> until;

  // Channel targets. A node sets one or two of them, so the vectors are
  // boxed: an absent one costs a pointer.
  Boxed<Vec3> position;
  Boxed<Quat> rotation;
  Boxed<Vec3> scale;
  std::optional<double> opacity;
  Ease ease;

  // The rare parts (attach, spin, look_at, cues, ...), in one box that a
  // node without any of them does not have: 8 bytes instead of 104 on most
  // of a large scene's nodes. Read them through rare(), write them through
  // mutable_rare().
  Boxed<NodeRareParts> rare_parts;

  // The rare parts, or an empty set (every part absent) when there are none.
  const NodeRareParts& rare() const;
  // The rare parts, made (empty) when there are none yet.
  NodeRareParts& mutable_rare();

  // "object.id", or "object#index" for a node without an id.
  std::string QualifiedName() const;
};

// --- objects, cameras, models ----------------------------------------------------

struct Marker {
  std::string name;
  Transform pose;  // model space
  Origin origin;
};

struct Model {
  std::string name;
  std::string source;  // as written, relative to `file`'s folder; may be empty
  // The file that defines the model: empty for the scene file, else an
  // included file (as Scene::included_files names it).
  std::string file;
  // The loader refused `source` (E_PATH): it is never read.
  bool source_refused = false;
  std::vector<Marker> markers;  // inline markers from the scene
  Origin origin;
  Origin source_origin;
  // `part: {name, number}`: what parts lists call the model; nullopt: not given.
  std::optional<std::string> part_name;
  std::optional<std::string> part_number;
};

// `pattern:` on an object: it stands for copies NAME-1 ... NAME-N
// (compiler/scene/scene_patterns.h). Copy k is moved by (k - 1) * offset (linear),
// or turned by (k - 1) * angle_degrees about `axis` through `center`
// (circular), or is one per marker matching `markers` (kMarkers: count is
// known once the models are read), and starts (k - 1) * stagger later.
struct Pattern {
  enum class Kind : uint8_t { kLinear, kCircular, kMarkers };
  Kind kind = Kind::kLinear;
  int count = 0;
  std::string markers;  // kMarkers: "object/glob", `*` any run of characters, `?` one
  Origin markers_origin;
  Vec3 offset{0, 0, 0};
  Vec3 axis{0, 1, 0};
  double angle_degrees = 0;
  Vec3 center{0, 0, 0};
  ExactTime stagger;
  // `stagger: chain`: each copy's steps that start from outside it start
  // after the previous copy's same step instead.
  bool chain = false;
  Origin origin;
};

// A pattern after expansion: the name its copies share, for references.
struct PatternCopies {
  std::string name;
  int count = 0;
  Origin origin;  // the object's
};

// A camera's own lens settings (the values before its first node).
struct CameraLens {
  double fov = 60;
  FocusTarget focus;  // no distance and no target: depth of field off
  double aperture = 2.8;
};

struct SceneObject {
  std::string name;
  bool is_camera = false;
  Origin origin;
  std::string model;  // empty: an empty (pivot, helper)
  Origin model_origin;
  Vec3 position{0, 0, 0};
  Quat rotation{1, 0, 0, 0};
  Vec3 scale{1, 1, 1};
  double opacity = 0;  // objects only
  std::vector<Node> nodes;
  // Objects only; none once the scene is loaded (its copies replace it).
  Boxed<Pattern> pattern;
  // Cameras only, boxed (8 bytes instead of 88 on every object). Read
  // through lens(), which gives the defaults when there is none; write
  // through mutable_lens().
  Boxed<CameraLens> lens_parts;

  const CameraLens& lens() const;
  CameraLens& mutable_lens();
};

// `disassembly:` (docs/reverse.md "Disassembly in the scene"): after the
// assembly, the steps from `from` to `to` played backwards, with their own
// chapter labels and actions. Empty strings: the defaults.
struct Disassembly {
  LocatedString after;  // "owner.id"; empty: the assembly's end
  ExactTime lag;        // after `after` (or the end), >= 0
  LocatedString from;   // a chapter's label or "owner.id"; empty: the start
  LocatedString to;     // a chapter's label or "owner.id"; empty: the end
  // `labels:` as a map (forward label -> its own), or as a list (one per
  // reversed chapter, in the order they play: `labels_in_order`).
  std::vector<std::pair<LocatedString, LocatedString>> labels;
  bool labels_in_order = false;
  std::vector<std::pair<LocatedString, LocatedString>> actions;  // forward -> its own
  Origin origin;                                                 // of the mapping
};

struct Tolerance {
  double position = 0.0001;  // metres
  double rotation = 0.01;    // degrees
};

struct Scene {
  // The text of every Origin's path in the scene: copies of a scene share it.
  std::shared_ptr<PathStore> paths = std::make_shared<PathStore>();
  std::string file;  // the path the user gave
  // The files `include:` read, directly or through other includes, in the
  // order they were read: paths from the working folder, normalised
  // lexically.
  std::vector<std::string> included_files;
  std::string name;              // the sequence name; defaults to the file's stem
  int64_t ticks_per_second = 0;  // 0: times are seconds
  int64_t snap = 0;              // 0: no snapping
  bool loop = false;
  // `reverse: true`: build, eval, verify and preview make the disassembly,
  // as with --reverse.
  bool reverse = false;
  Boxed<Disassembly> disassembly;  // absent: no `disassembly:`
  Tolerance tolerance;
  // `aspect:` the frame's width / height, for framing (docs/cameras.md).
  double aspect = 16.0 / 9.0;
  // `preview: {lighting, background}`: how the preview page lights and
  // clears its picture (docs/gltf.md "Preview"); "" background: the page's own.
  enum class Lighting : uint8_t { kStudio, kFlat };
  bool preview_given = false;  // the scene has `preview:`
  Lighting preview_lighting = Lighting::kStudio;
  std::string preview_background;  // "#rrggbb" as written, lower-cased
  std::vector<Model> models;
  std::vector<SceneObject> objects;  // file order, a pattern's copies in its place
  std::vector<SceneObject> cameras;  // file order
  std::vector<PatternCopies> patterns;
  std::vector<Node> director_nodes;
};

// Calls visit(nodes) for every list of nodes in the order timing numbers
// them: each object's, then each camera's, then the director's. `SceneType`
// is Scene or const Scene.
template <typename SceneType, typename Visit>
void ForEachNodeList(SceneType& scene, Visit visit) {
  for (auto& object : scene.objects) visit(object.nodes);
  for (auto& camera : scene.cameras) visit(camera.nodes);
  visit(scene.director_nodes);
}

// A model's source as a path from the working folder: relative to the
// folder of the file that defines the model, normalised lexically.
std::string SourcePath(const Scene& scene, const Model& model);

// Passes on what reading `model`'s source reported (`own`, located in the
// model file) as problems of the scene: each one at the model's `source:`
// value, its message led by "model 'NAME': ".
void AddModelProblems(const Scene& scene, const Model& model, const Diagnostics& own,
                      Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_CORE_SCENE_H_

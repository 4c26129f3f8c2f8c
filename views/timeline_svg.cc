#include "views/timeline_svg.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <set>

#include "core/number_format.h"
#include "resolver/chapters.h"
#include "views/node_text.h"
#include "views/svg_text.h"

namespace cinc {
namespace {

struct ActivityStyle {
  std::string_view name;       // the legend's words
  std::string_view css_class;  // `k-...`
  std::string_view colour;
};

// Indexed by NodeActivity.
constexpr std::array<ActivityStyle, 9> kActivityStyles = {{
    {"shot", "k-shot", "#f28e2b"},
    {"attach", "k-attach", "#59a14f"},
    {"spin", "k-spin", "#edc948"},
    {"camera", "k-camera", "#b07aa1"},
    {"move", "k-move", "#4e79a7"},
    {"show/hide", "k-show-hide", "#9c755f"},
    {"sound", "k-sound", "#76b7b2"},
    {"cue", "k-cue", "#ff9da7"},
    {"wait", "k-wait", "#bab0ac"},
}};

constexpr std::string_view kCriticalColour = "#d62728";
// The shot strip's colours, by camera in file order.
constexpr std::array<std::string_view, 6> kCameraColours = {"#a0cbe8", "#ffbe7d", "#8cd17d",
                                                            "#f1ce63", "#d4a6c8", "#86bcb6"};

// Layout, in pixels.
constexpr double kLaneHeight = 18;
constexpr double kBarHeight = 12;
constexpr double kRowPadding = 3;
constexpr double kDiamondHalf = 6;
constexpr double kTextGap = 3;
constexpr double kLaneGap = 6;    // the least room between two things on a lane
constexpr size_t kMaxLanes = 64;  // in one row
constexpr double kRightMargin = 48;
constexpr double kChartWidth = 1400;  // a scene's duration spreads over about this
constexpr double kLeastPixelsPerSecond = 2;
constexpr double kMostPixelsPerSecond = 240;
constexpr double kLeastTickSpacing = 70;
constexpr double kTitleY = 20;
constexpr double kLegendY = 42;
constexpr double kBelowLegend = 52;
constexpr double kChapterRowHeight = 22;  // chapter labels, 14 px down it
constexpr double kShotHeight = 16;
constexpr double kAxisHeight = 16;  // above the rows, their labels at its foot
constexpr double kRowsBelowAxis = 6;
constexpr double kChartHeightForAxisBelow = 600;  // rows this tall repeat the axis below

// The tick spacing: the smallest of 1, 2, 5 × 10^k seconds at least
// kLeastTickSpacing pixels apart.
double TickStep(double pixels_per_second) {
  for (double decade = 0.01;; decade *= 10) {
    for (double step : {1.0, 2.0, 5.0}) {
      if (step * decade * pixels_per_second >= kLeastTickSpacing) return step * decade;
    }
  }
}

// One node where it is drawn.
struct PlacedNode {
  int number = 0;
  const NodeTime* time = nullptr;
  NodeActivity activity = NodeActivity::kWait;
  double x0 = 0;  // S
  double x1 = 0;  // E
  bool diamond = false;
  std::string text;
  bool text_inside = false;
  double extent_end = 0;  // the right end of the bar or diamond and its text
  size_t row = 0;
  int lane = 0;
};

struct Row {
  std::string owner;
  std::vector<size_t> placed;  // indices into the placed nodes
  int lanes = 1;
  double top = 0;
  double height() const { return lanes * kLaneHeight + 2 * kRowPadding; }
};

class SvgWriter {
 public:
  SvgWriter(const Scene& scene, const Timeline& timeline, const NodeTable& table,
            const DependencyGraph& graph, const std::vector<int>& critical_path)
      : scene_(scene), timeline_(timeline), table_(table), graph_(graph) {
    on_path_.assign(static_cast<size_t>(table.size()), false);
    for (int number : critical_path) on_path_[static_cast<size_t>(number)] = true;
    for (size_t k = 0; k + 1 < critical_path.size(); ++k) {
      path_steps_.emplace(critical_path[k], critical_path[k + 1]);
    }
    duration_ = timeline.duration.ToDouble();
    // What stands above the rows: chapters and shots only when there are some.
    bool has_chapters = false;
    bool has_shots = false;
    for (int number = 0; number < table.size(); ++number) {
      if (ResolvedTimeAt(timeline, table.place(number)) == nullptr) continue;
      has_chapters = has_chapters || static_cast<bool>(table.node(number).rare().label);
      has_shots = has_shots || static_cast<bool>(table.node(number).rare().shot);
    }
    double y = kBelowLegend;
    chapter_text_y_ = y + 14;
    if (has_chapters) y += kChapterRowHeight;
    shot_top_ = y;
    if (has_shots) y += kShotHeight;
    axis_y_ = y + kAxisHeight;
    rows_top_ = axis_y_ + kRowsBelowAxis;
    pixels_per_second_ = std::clamp(kChartWidth / std::max(duration_, 1e-9), kLeastPixelsPerSecond,
                                    kMostPixelsPerSecond);
  }

  std::string Write() {
    MakeRows();
    PlaceNodes();
    const double rows_bottom = rows_.empty() ? rows_top_ : rows_.back().top + rows_.back().height();
    const bool axis_below = rows_bottom - rows_top_ >= kChartHeightForAxisBelow;
    width_ = std::ceil(std::max(X(duration_) + kRightMargin, ChartRightmostExtent() + 12));
    width_ = std::max(width_, LegendWidth() + 24);
    PlanChapters();
    const double key_top = rows_bottom + (axis_below ? 30 : 12);
    const double height =
        std::ceil(key_top + (cut_chapters_.empty() ? 0 : 22 + 16 * cut_chapters_.size()));

    out_ += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    out_ += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + Px(width_) + "\" height=\"" +
            Px(height) + "\" viewBox=\"0 0 " + Px(width_) + " " + Px(height) + "\">\n";
    out_ += "<title>" + Escaped(scene_.name) + ": timeline</title>\n";
    Style();
    out_ += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n";
    out_ += "<text class=\"title\" x=\"12\" y=\"" + Px(kTitleY) + "\">" + Escaped(scene_.name) +
            ": " + Escaped(Seconds(timeline_.duration)) + ", " + std::to_string(placed_.size()) +
            " nodes</text>\n";
    Legend();
    RowBackgrounds();
    Chapters(rows_bottom);
    ChapterKey(key_top);
    Axis(axis_y_, rows_bottom, /*labels_below=*/false);
    if (axis_below) Axis(rows_bottom + 16, rows_bottom, /*labels_below=*/true);
    Shots();
    Relations();
    Nodes();
    out_ += "</svg>\n";
    return std::move(out_);
  }

 private:
  double X(double seconds) const { return chart_left_ + seconds * pixels_per_second_; }

  void MakeRows() {
    size_t longest = 8;
    for (const SceneObject& object : scene_.objects)
      longest = std::max(longest, object.name.size());
    for (const SceneObject& camera : scene_.cameras)
      longest = std::max(longest, camera.name.size());
    chart_left_ = std::clamp(static_cast<double>(longest) * kSvgCharWidth + 28, 90.0, 260.0);
    for (const SceneObject& object : scene_.objects) rows_.push_back({object.name, {}, 1, 0});
    for (const SceneObject& camera : scene_.cameras) rows_.push_back({camera.name, {}, 1, 0});
    if (!scene_.director_nodes.empty()) rows_.push_back({"director", {}, 1, 0});
  }

  // Each resolved node into its owner's row, on the first lane where it
  // and its text fit.
  void PlaceNodes() {
    const size_t cameras_from = scene_.objects.size();
    size_t row = 0;
    for (int number = 0; number < table_.size(); ++number) {
      const Node& node = table_.node(number);
      while (row < rows_.size() && rows_[row].owner != node.owner) ++row;
      if (row == rows_.size()) break;  // the table follows the rows' order
      const NodeTime* time = ResolvedTimeAt(timeline_, table_.place(number));
      if (time == nullptr) continue;
      const bool on_camera = row >= cameras_from && row < cameras_from + scene_.cameras.size();
      PlacedNode placed;
      placed.number = number;
      placed.row = row;
      placed.time = time;
      placed.activity = NodeActivityOf(node, on_camera);
      placed.x0 = X(time->start.ToDouble());
      placed.x1 = X(time->end.ToDouble());
      placed.diamond = time->start == time->end;
      placed.text = node.id.empty() ? "#" + std::to_string(node.index) : node.id;
      const double text_width = TextWidth(placed.text);
      placed.text_inside = !placed.diamond && text_width + 2 * kTextGap <= placed.x1 - placed.x0;
      const double shape_end = placed.diamond ? placed.x0 + kDiamondHalf : placed.x1;
      placed.extent_end = placed.text_inside ? placed.x1 : shape_end + kTextGap + text_width;
      rows_[row].placed.push_back(placed_.size());
      placed_.push_back(std::move(placed));
    }
    double top = rows_top_;
    for (Row& r : rows_) {
      std::stable_sort(r.placed.begin(), r.placed.end(),
                       [&](size_t a, size_t b) { return placed_[a].x0 < placed_[b].x0; });
      std::vector<double> lane_ends;
      for (size_t index : r.placed) {
        PlacedNode& placed = placed_[index];
        const double begin = placed.diamond ? placed.x0 - kDiamondHalf : placed.x0;
        size_t lane = 0;
        while (lane < lane_ends.size() && lane_ends[lane] + kLaneGap > begin) ++lane;
        if (lane == kMaxLanes) {
          // A row of more overlapping nodes than that: each further one on
          // the lane that frees first (they overlap; the row stays readable
          // and the layout linear in the nodes).
          lane = static_cast<size_t>(std::min_element(lane_ends.begin(), lane_ends.end()) -
                                     lane_ends.begin());
        } else if (lane == lane_ends.size()) {
          lane_ends.push_back(0);
        }
        lane_ends[lane] = std::max(lane_ends[lane], placed.extent_end);
        placed.lane = static_cast<int>(lane);
      }
      r.lanes = std::max<int>(1, static_cast<int>(lane_ends.size()));
      r.top = top;
      top += r.height();
    }
    placed_by_number_.assign(static_cast<size_t>(table_.size()), -1);
    for (size_t index = 0; index < placed_.size(); ++index) {
      placed_by_number_[static_cast<size_t>(placed_[index].number)] = static_cast<int>(index);
    }
  }

  double LaneCentre(size_t placed_index) const {
    const Row& row = rows_[placed_[placed_index].row];
    return row.top + kRowPadding + (placed_[placed_index].lane + 0.5) * kLaneHeight;
  }

  double ChartRightmostExtent() const {
    double most = 0;
    for (const PlacedNode& placed : placed_) most = std::max(most, placed.extent_end);
    return most;
  }

  double LegendWidth() const {
    double width = 12;
    for (const ActivityStyle& style : kActivityStyles) width += 18 + TextWidth(style.name) + 12;
    return width + 18 + TextWidth("critical path");
  }

  void Style() {
    out_ += "<style>\n";
    out_ +=
        "text{font-family:'DejaVu Sans',Helvetica,Arial,sans-serif;font-size:11px;fill:#222}\n"
        ".title{font-size:14px;font-weight:bold}\n"
        ".owner{text-anchor:end;font-weight:bold}\n"
        ".axis text{fill:#555;font-size:10px}\n"
        ".grid{stroke:#e3e3e3;stroke-width:1}\n"
        ".chapter text{font-weight:bold;fill:#444}\n"
        ".shot text{font-size:10px}\n"
        ".rel{fill:none;stroke:#777;stroke-width:0.8;opacity:0.55}\n"
        ".rel.chain{stroke-dasharray:2 2}\n";
    out_ += ".rel.crit{stroke:" + std::string(kCriticalColour) + ";stroke-width:2;opacity:1}\n";
    out_ += ".node rect,.node polygon{stroke:#333;stroke-width:0.5}\n";
    out_ += ".node.crit rect,.node.crit polygon{stroke:" + std::string(kCriticalColour) +
            ";stroke-width:2.5}\n";
    out_ += ".node.crit text{font-weight:bold}\n";
    out_ += ".node text.in{fill:#fff}\n";
    for (const ActivityStyle& style : kActivityStyles) {
      out_ += "." + std::string(style.css_class) + " rect,." + std::string(style.css_class) +
              " polygon{fill:" + std::string(style.colour) + "}\n";
    }
    out_ += "</style>\n";
    out_ += "<defs>\n";
    out_ +=
        "<marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"6\" "
        "markerHeight=\"6\" orient=\"auto-start-reverse\"><path d=\"M0,0L10,5L0,10z\" "
        "fill=\"#777\"/></marker>\n";
    out_ +=
        "<marker id=\"arrow-crit\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"4\" "
        "markerHeight=\"4\" orient=\"auto-start-reverse\"><path d=\"M0,0L10,5L0,10z\" fill=\"" +
        std::string(kCriticalColour) + "\"/></marker>\n";
    out_ += "</defs>\n";
  }

  void Legend() {
    out_ += "<g class=\"legend\">\n";
    double x = 12;
    for (size_t k = 0; k < kActivityStyles.size(); ++k) {
      const ActivityStyle& style = kActivityStyles[k];
      out_ += "<g class=\"node " + std::string(style.css_class) + "\"><rect x=\"" + Px(x) +
              "\" y=\"" + Px(kLegendY - 9) + "\" width=\"14\" height=\"10\" rx=\"2\"/>";
      out_ += "<text x=\"" + Px(x + 18) + "\" y=\"" + Px(kLegendY) + "\">" + Escaped(style.name) +
              "</text></g>\n";
      x += 18 + TextWidth(style.name) + 12;
    }
    out_ += "<path d=\"M" + Px(x) + "," + Px(kLegendY - 4) + "H" + Px(x + 14) +
            "\" class=\"rel crit\"/>";
    out_ += "<text x=\"" + Px(x + 18) + "\" y=\"" + Px(kLegendY) + "\">critical path</text>\n";
    out_ += "</g>\n";
  }

  void RowBackgrounds() {
    out_ += "<g class=\"rows\">\n";
    for (size_t k = 0; k < rows_.size(); ++k) {
      const Row& row = rows_[k];
      if (k % 2 == 0) {
        out_ += "<rect x=\"0\" y=\"" + Px(row.top) + "\" width=\"" + Px(width_) + "\" height=\"" +
                Px(row.height()) + "\" fill=\"#f6f6f6\"/>\n";
      }
      out_ += "<text class=\"owner\" x=\"" + Px(chart_left_ - 10) + "\" y=\"" +
              Px(row.top + kRowPadding + kLaneHeight / 2 + 4) + "\">" +
              Escaped(Fitted(row.owner, chart_left_ - 20)) + "</text>\n";
    }
    out_ += "</g>\n";
  }

  // The chapters, the room each label has (up to the next later chapter's
  // start, or the chart's right end) and those whose label does not fit.
  void PlanChapters() {
    chapters_ = ChaptersOf(timeline_, table_);
    std::vector<size_t> later(chapters_.size(), chapters_.size());  // the next later start
    for (size_t k = chapters_.size(); k-- > 1;) {
      later[k - 1] = chapters_[k - 1].start < chapters_[k].start ? k : later[k];
    }
    for (size_t k = 0; k < chapters_.size(); ++k) {
      const double x0 = X(chapters_[k].start.ToDouble());
      const size_t next = later[k];
      chapter_rooms_.push_back(
          (next < chapters_.size() ? X(chapters_[next].start.ToDouble()) : width_) - x0 - 8);
      if (TextWidth(chapters_[k].label) > chapter_rooms_.back()) cut_chapters_.push_back(k);
    }
  }

  // "3. " before a label that is cut, the number of its line in the key.
  static std::string ChapterNumber(size_t k) { return std::to_string(k + 1) + ". "; }

  void Chapters(double rows_bottom) {
    if (chapters_.empty()) return;
    out_ += "<g class=\"chapters\">\n";
    for (size_t k = 0; k < chapters_.size(); ++k) {
      const Chapter& chapter = chapters_[k];
      const double x0 = X(chapter.start.ToDouble());
      const double width = std::max(X(chapter.end.ToDouble()) - x0, 1.0);
      out_ += "<g class=\"chapter\"><title>" + Escaped(chapter.label) + " (" +
              Escaped(chapter.node) + ", " + chapter.start.ToString() + " – " +
              Escaped(Seconds(chapter.end)) + ")</title>";
      out_ += "<rect x=\"" + Px(x0) + "\" y=\"" + Px(chapter_text_y_ - 12) + "\" width=\"" +
              Px(width) + "\" height=\"" + Px(rows_bottom - chapter_text_y_ + 12) + "\" fill=\"" +
              (k % 2 == 0 ? "#fdf3d6" : "#e4eef8") + "\" opacity=\"0.55\"/>";
      out_ += "<path d=\"M" + Px(x0) + "," + Px(chapter_text_y_ - 12) + "V" + Px(rows_bottom) +
              "\" stroke=\"#b9a66a\" stroke-width=\"1\"/>";
      const bool cut = TextWidth(chapter.label) > chapter_rooms_[k];
      const std::string text = cut ? ChapterNumber(k) + chapter.label : chapter.label;
      out_ += "<text x=\"" + Px(x0 + 4) + "\" y=\"" + Px(chapter_text_y_) + "\">" +
              Escaped(Fitted(text, chapter_rooms_[k])) + "</text></g>\n";
    }
    out_ += "</g>\n";
  }

  // Under the chart, the labels cut short above, whole, by their numbers.
  void ChapterKey(double top) {
    if (cut_chapters_.empty()) return;
    out_ += "<g class=\"chapter-key\"><text x=\"12\" y=\"" + Px(top + 14) +
            "\" font-weight=\"bold\">Chapters cut short above</text>\n";
    double y = top + 14;
    for (size_t k : cut_chapters_) {
      y += 16;
      const Chapter& chapter = chapters_[k];
      const std::string line = ChapterNumber(k) + chapter.label + " (" + chapter.start.ToString() +
                               " – " + Seconds(chapter.end) + ")";
      out_ +=
          "<text x=\"12\" y=\"" + Px(y) + "\">" + Escaped(Fitted(line, width_ - 24)) + "</text>\n";
    }
    out_ += "</g>\n";
  }

  void Axis(double y, double rows_bottom, bool labels_below) {
    const double step = TickStep(pixels_per_second_);
    out_ += "<g class=\"axis\">\n";
    const long long ticks = static_cast<long long>(std::floor(duration_ / step + 1e-9));
    for (long long k = 0; k <= ticks; ++k) {
      const double seconds = static_cast<double>(k) * step;
      const double x = X(seconds);
      if (!labels_below) {
        out_ += "<path class=\"grid\" d=\"M" + Px(x) + "," + Px(rows_top_) + "V" + Px(rows_bottom) +
                "\"/>";
      }
      out_ += "<text x=\"" + Px(x) + "\" y=\"" + Px(y) + "\" text-anchor=\"middle\">" +
              FormatDouble(std::round(seconds * 1000) / 1000) + " s</text>\n";
    }
    if (labels_below) {
      out_ += "<path d=\"M" + Px(chart_left_) + "," + Px(rows_bottom + 2) + "H" + Px(X(duration_)) +
              "\" stroke=\"#999\"/>\n";
    } else {
      out_ += "<path d=\"M" + Px(chart_left_) + "," + Px(rows_top_ - 1) + "H" + Px(X(duration_)) +
              "\" stroke=\"#999\"/>\n";
    }
    out_ += "</g>\n";
  }

  std::string_view CameraColour(const std::string& camera) const {
    for (size_t k = 0; k < scene_.cameras.size(); ++k) {
      if (scene_.cameras[k].name == camera) return kCameraColours[k % kCameraColours.size()];
    }
    return "#dddddd";
  }

  void Shots() {
    struct ShotSpan {
      ExactTime start;
      ExactTime blend;
      std::string camera;
      std::string node;
    };
    std::vector<ShotSpan> shots;
    for (const PlacedNode& placed : placed_) {
      const Node& node = table_.node(placed.number);
      if (!node.rare().shot) continue;
      shots.push_back({placed.time->start, node.rare().shot->blend, node.rare().shot->camera,
                       node.QualifiedName()});
    }
    std::stable_sort(shots.begin(), shots.end(),
                     [](const ShotSpan& a, const ShotSpan& b) { return a.start < b.start; });
    if (shots.empty()) return;
    out_ += "<g class=\"shots\">\n";
    out_ += "<text class=\"owner\" x=\"" + Px(chart_left_ - 10) + "\" y=\"" +
            Px(shot_top_ + kShotHeight - 4) + "\">shots</text>\n";
    const double top = shot_top_;
    const double bottom = shot_top_ + kShotHeight;
    for (size_t k = 0; k < shots.size(); ++k) {
      const ShotSpan& shot = shots[k];
      const double start = k == 0 ? 0 : shot.start.ToDouble();
      const double end = k + 1 < shots.size() ? shots[k + 1].start.ToDouble() : duration_;
      const double blend_end =
          k == 0 ? start : std::min(shot.start.ToDouble() + shot.blend.ToDouble(), end);
      const std::string colour(CameraColour(shot.camera));
      out_ +=
          "<g class=\"shot\"><title>" + Escaped(shot.camera) + " (" + Escaped(shot.node) +
          ", from " + Escaped(Seconds(shot.start)) +
          (shot.blend == ExactTime() ? std::string() : ", blend " + Escaped(Seconds(shot.blend))) +
          ")</title>";
      if (blend_end > start) {
        out_ += "<polygon points=\"" + Px(X(start)) + "," + Px(bottom) + " " + Px(X(blend_end)) +
                "," + Px(top) + " " + Px(X(blend_end)) + "," + Px(bottom) + "\" fill=\"" + colour +
                "\" stroke=\"#666\" stroke-width=\"0.5\"/>";
      }
      out_ += "<rect x=\"" + Px(X(blend_end)) + "\" y=\"" + Px(top) + "\" width=\"" +
              Px(std::max(X(end) - X(blend_end), 0.0)) + "\" height=\"" + Px(kShotHeight) +
              "\" fill=\"" + colour + "\" stroke=\"#666\" stroke-width=\"0.5\"/>";
      out_ += "<text x=\"" + Px(X(blend_end) + 3) + "\" y=\"" + Px(bottom - 4) + "\">" +
              Escaped(Fitted(shot.camera, X(end) - X(blend_end) - 6)) + "</text></g>\n";
    }
    out_ += "</g>\n";
  }

  // The time of `placed` that an edge meets: its start or its end.
  static double EdgeX(const PlacedNode& placed, bool at_end) {
    return at_end ? (placed.diamond ? placed.x0 : placed.x1) : placed.x0;
  }

  void Relations() {
    out_ += "<g class=\"relations\">\n";
    for (const DependencyEdge& edge : graph_.edges) {
      const int from = placed_by_number_[static_cast<size_t>(edge.target)];
      const int to = placed_by_number_[static_cast<size_t>(edge.node)];
      if (from < 0 || to < 0) continue;
      const PlacedNode& target = placed_[static_cast<size_t>(from)];
      const PlacedNode& waiting = placed_[static_cast<size_t>(to)];
      const bool from_end = edge.until || edge.chaining || edge.kind == RelationKind::kAfter ||
                            edge.kind == RelationKind::kEndWith;
      const bool to_end =
          edge.until || edge.kind == RelationKind::kEndWith || edge.kind == RelationKind::kBefore;
      double x1 = EdgeX(target, from_end);
      double x2 = EdgeX(waiting, to_end);
      const double y1 = LaneCentre(static_cast<size_t>(from));
      const double y2 = LaneCentre(static_cast<size_t>(to));
      if (edge.chaining && y1 == y2 && std::abs(x2 - x1) < 1) continue;  // the bars touch
      if (target.diamond) x1 += from_end ? kDiamondHalf : -kDiamondHalf;
      if (waiting.diamond) x2 -= kDiamondHalf;
      const bool critical = !edge.until && path_steps_.count({edge.target, edge.node}) > 0;
      const double bend = std::max(12.0, std::abs(x2 - x1) * 0.4);
      std::string classes = "rel";
      if (edge.chaining) classes += " chain";
      if (critical) classes += " crit";
      out_ += "<path class=\"" + classes + "\" d=\"M" + Px(x1) + "," + Px(y1) + "C" +
              Px(x1 + bend) + "," + Px(y1) + " " + Px(x2 - bend) + "," + Px(y2) + " " + Px(x2) +
              "," + Px(y2) + "\" marker-end=\"url(#" + (critical ? "arrow-crit" : "arrow") +
              ")\"><title>" + Escaped(RelationText(edge)) + "</title></path>\n";
    }
    out_ += "</g>\n";
  }

  std::string RelationText(const DependencyEdge& edge) const {
    const std::string waiting = table_.node(edge.node).QualifiedName();
    const std::string target = table_.node(edge.target).QualifiedName();
    if (edge.chaining) return waiting + " after the previous node, " + target + LagText(edge.lag);
    if (edge.until) return waiting + " until " + target;
    return waiting + " " + std::string(RelationFieldName(edge.kind)) + " " + target +
           LagText(edge.lag);
  }

  void Nodes() {
    out_ += "<g class=\"nodes\">\n";
    for (size_t index = 0; index < placed_.size(); ++index) {
      const PlacedNode& placed = placed_[index];
      const Node& node = table_.node(placed.number);
      const double y = LaneCentre(index);
      const bool critical = on_path_[static_cast<size_t>(placed.number)];
      out_ += "<g class=\"node " +
              std::string(kActivityStyles[static_cast<size_t>(placed.activity)].css_class) +
              (critical ? " crit" : "") + "\"><title>" +
              Escaped(NodeFieldsText(node, *placed.time, NodeActivityName(placed.activity))) +
              "</title>";
      double text_x;
      if (placed.diamond) {
        out_ += "<polygon points=\"" + Px(placed.x0) + "," + Px(y - kDiamondHalf) + " " +
                Px(placed.x0 + kDiamondHalf) + "," + Px(y) + " " + Px(placed.x0) + "," +
                Px(y + kDiamondHalf) + " " + Px(placed.x0 - kDiamondHalf) + "," + Px(y) + "\"/>";
        text_x = placed.x0 + kDiamondHalf + kTextGap;
      } else {
        out_ += "<rect x=\"" + Px(placed.x0) + "\" y=\"" + Px(y - kBarHeight / 2) + "\" width=\"" +
                Px(std::max(placed.x1 - placed.x0, 1.0)) + "\" height=\"" + Px(kBarHeight) +
                "\" rx=\"2\"/>";
        text_x = placed.text_inside ? placed.x0 + kTextGap : placed.x1 + kTextGap;
      }
      out_ += "<text" + std::string(placed.text_inside ? " class=\"in\"" : "") + " x=\"" +
              Px(text_x) + "\" y=\"" + Px(y + 4) + "\">" + Escaped(placed.text) + "</text></g>\n";
    }
    out_ += "</g>\n";
  }

  const Scene& scene_;
  const Timeline& timeline_;
  const NodeTable& table_;
  const DependencyGraph& graph_;
  std::vector<bool> on_path_;                 // by node number
  std::set<std::pair<int, int>> path_steps_;  // (fixing node, fixed node) along the path
  double duration_ = 0;
  double pixels_per_second_ = 0;
  double chapter_text_y_ = 0;
  double shot_top_ = 0;
  double axis_y_ = 0;
  double rows_top_ = 0;
  double chart_left_ = 0;
  double width_ = 0;
  std::vector<Chapter> chapters_;
  std::vector<double> chapter_rooms_;  // parallel to chapters_
  std::vector<size_t> cut_chapters_;   // indices into chapters_
  std::vector<Row> rows_;
  std::vector<PlacedNode> placed_;
  std::vector<int> placed_by_number_;  // node number -> placed index, or -1
  std::string out_;
};

}  // namespace

NodeActivity NodeActivityOf(const Node& node, bool on_camera) {
  if (node.rare().shot) return NodeActivity::kShot;
  if (node.rare().attach) return NodeActivity::kAttach;
  if (node.rare().spin) return NodeActivity::kSpin;
  if (on_camera || node.rare().look_at || node.rare().focus || node.rare().fov ||
      node.rare().aperture) {
    return NodeActivity::kCamera;
  }
  if (node.position || node.rotation || node.scale || !node.rare().path.empty()) {
    return NodeActivity::kMove;
  }
  if (node.opacity) return NodeActivity::kShowHide;
  if (node.rare().sound) return NodeActivity::kSound;
  if (node.rare().label || node.rare().action || !node.rare().cues.empty() ||
      node.rare().time_scale) {
    return NodeActivity::kCue;
  }
  return NodeActivity::kWait;
}

std::string_view NodeActivityName(NodeActivity activity) {
  return kActivityStyles[static_cast<size_t>(activity)].name;
}

std::string TimelineSvg(const Scene& scene, const Timeline& timeline, const NodeTable& table,
                        const DependencyGraph& graph, const std::vector<int>& critical_path) {
  return SvgWriter(scene, timeline, table, graph, critical_path).Write();
}

}  // namespace cinc

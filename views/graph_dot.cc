#include "views/graph_dot.h"

#include <set>
#include <string_view>
#include <vector>

#include "core/reference.h"

namespace cinc {
namespace {

// A DOT double-quoted string; `\n` in `text` stays a DOT line break.
std::string Quoted(std::string_view text) {
  std::string out = "\"";
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '\\' && i + 1 < text.size() && text[i + 1] == 'n') {
      out += "\\n";
      ++i;
    } else if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string Seconds(const ExactTime& time) { return time.ToString(); }

std::string NodeLabel(const Node& node, const NodeTime* time) {
  std::string label = node.QualifiedName();
  if (time == nullptr) return label + "\\n(unresolved)";
  if (time->start == time->end) return label + "\\nat " + Seconds(time->start) + " s";
  return label + "\\n" + Seconds(time->start) + " – " + Seconds(time->end) + " s";
}

std::string EdgeLabel(const DependencyEdge& edge) {
  std::string label(edge.chaining ? "then" : edge.until ? "until" : RelationFieldName(edge.kind));
  if (!(edge.lag == ExactTime())) {
    label += (ExactTime() < edge.lag ? " +" : " ") + Seconds(edge.lag) + " s";
  }
  if (edge.on_cycle) label += "\\ncycle";
  return label;
}

std::string OwnerNodeId(std::string_view owner) { return Quoted("owner:" + std::string(owner)); }

// How long the attachment of `owner`'s node `node_index` lasts, from the
// rig's frames: "[S, next S) s" or "[S, end) s".
std::string SpanOf(const FrameTrack& frames, int node_index, const ExactTime& duration) {
  for (size_t k = 0; k < frames.spans.size(); ++k) {
    if (frames.spans[k].node_index != node_index) continue;
    const ExactTime& end = k + 1 < frames.spans.size() ? frames.spans[k + 1].start : duration;
    return "[" + Seconds(frames.spans[k].start) + ", " + Seconds(end) + ") s";
  }
  return "";
}

class DotWriter {
 public:
  DotWriter(const Scene& scene, const Timeline& timeline, const NodeTable& table,
            const DependencyGraph& graph, const Rig* rig)
      : scene_(scene), timeline_(timeline), table_(table), graph_(graph), rig_(rig) {}

  std::string Write() {
    out_ += "digraph " + Quoted(scene_.name) + " {\n";
    // newrank: ranks across clusters; without it Graphviz 2.43 (Debian 12)
    // stops on some scenes' clusters with "trouble in init_rank".
    out_ += "  graph [rankdir=LR, newrank=true, fontname=\"Helvetica\", labelloc=t, label=" +
            Quoted(scene_.name + ": timing relations and attachments") + "];\n";
    out_ += "  node [shape=box, style=rounded, fontname=\"Helvetica\", fontsize=10];\n";
    out_ += "  edge [fontname=\"Helvetica\", fontsize=9];\n";
    CollectAttachTargets();
    int number = 0;
    for (const SceneObject& object : scene_.objects) Cluster(object.name, &number);
    for (const SceneObject& camera : scene_.cameras) Cluster(camera.name, &number);
    Cluster("director", &number);
    for (const DependencyEdge& edge : graph_.edges) Dependency(edge);
    Attachments();
    out_ += "}\n";
    return std::move(out_);
  }

 private:
  void CollectAttachTargets() {
    for (const SceneObject& object : scene_.objects) {
      for (const Node& node : object.nodes) {
        if (!node.rare().attach) continue;
        targets_.emplace(SplitMarkerReference(node.rare().attach->to).owner);
      }
    }
  }

  // The cluster of the owner whose nodes come next in the table.
  void Cluster(const std::string& owner, int* number) {
    const int first = *number;
    while (*number < table_.size() && table_.node(*number).owner == owner) ++*number;
    bool has_owner_box = targets_.count(owner) > 0;
    if (first == *number && !has_owner_box) return;
    out_ += "  subgraph " + Quoted("cluster_" + owner) + " {\n";
    out_ += "    label=" + Quoted(owner) + ";\n";
    if (has_owner_box) {
      out_ += "    " + OwnerNodeId(owner) + " [label=" + Quoted(owner) +
              ", shape=box3d, style=solid];\n";
    }
    for (int k = first; k < *number; ++k) {
      const Node& node = table_.node(k);
      out_ += "    " + Quoted(node.QualifiedName()) +
              " [label=" + Quoted(NodeLabel(node, ResolvedTimeAt(timeline_, table_.place(k))));
      if (graph_.on_cycle[static_cast<size_t>(k)]) out_ += ", color=red, fontcolor=red";
      out_ += "];\n";
    }
    out_ += "  }\n";
  }

  void Dependency(const DependencyEdge& edge) {
    out_ += "  " + Quoted(table_.node(edge.target).QualifiedName()) + " -> " +
            Quoted(table_.node(edge.node).QualifiedName()) + " [label=" + Quoted(EdgeLabel(edge));
    if (edge.chaining) out_ += ", style=dotted";
    if (edge.until) out_ += ", style=bold";
    if (edge.on_cycle) out_ += ", color=red, fontcolor=red, penwidth=2";
    out_ += "];\n";
  }

  void Attachments() {
    for (size_t index = 0; index < scene_.objects.size(); ++index) {
      const SceneObject& object = scene_.objects[index];
      for (size_t k = 0; k < object.nodes.size(); ++k) {
        const Node& node = object.nodes[k];
        if (!node.rare().attach) continue;
        std::string label = node.rare().attach->to;
        if (rig_ != nullptr && index < rig_->objects.size()) {
          std::string span =
              SpanOf(rig_->objects[index].frames, static_cast<int>(k), timeline_.duration);
          if (!span.empty()) label += "\\n" + span;
        }
        out_ += "  " + Quoted(node.QualifiedName()) + " -> " +
                OwnerNodeId(SplitMarkerReference(node.rare().attach->to).owner) +
                " [label=" + Quoted(label) + ", style=dashed, arrowhead=empty];\n";
      }
    }
  }

  const Scene& scene_;
  const Timeline& timeline_;
  const NodeTable& table_;
  const DependencyGraph& graph_;
  const Rig* rig_;
  std::set<std::string, std::less<>> targets_;  // owners that something attaches to
  std::string out_;
};

}  // namespace

std::string DependencyGraphDot(const Scene& scene, const Timeline& timeline, const NodeTable& table,
                               const DependencyGraph& graph, const Rig* rig) {
  return DotWriter(scene, timeline, table, graph, rig).Write();
}

}  // namespace cinc

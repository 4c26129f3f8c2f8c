#include "views/booklet_html.h"

#include <cstddef>
#include <string>
#include <vector>

#include "core/base64.h"
#include "views/svg_text.h"

namespace cinc {
namespace {

std::string Picture(const std::string& png, const std::string& alt, const char* css_class) {
  if (png.empty()) return "";
  return "<img class=\"" + std::string(css_class) + "\" alt=\"" + Escaped(alt) +
         "\" src=\"data:image/png;base64," + Base64Encode(png) + "\">";
}

// "M4 x 12 screw (no. 91290A)", or the model's name.
std::string PartName(const PartCount& part) {
  std::string name = part.name.value_or(part.model);
  if (part.number) name += " (no. " + *part.number + ")";
  return name;
}

std::string PartsTable(const std::vector<PartCount>& parts, const BookletContent& content) {
  if (parts.empty()) return "<p class=\"none\">No new parts.</p>\n";
  std::string html = "<table class=\"parts\">\n";
  for (const PartCount& part : parts) {
    auto picture = content.part_pictures.find(part.model);
    html +=
        "<tr><td class=\"count\">" + std::to_string(part.objects.size()) +
        " ×</td><td class=\"thumb\">" +
        (picture == content.part_pictures.end() ? std::string()
                                                : Picture(picture->second, part.model, "part")) +
        "</td><td>" + Escaped(PartName(part)) + "</td></tr>\n";
  }
  return html + "</table>\n";
}

// The cover's parts list: one table, or two side by side with smaller
// pictures past kCoverPartsInOneColumn parts, so that 14 fit the cover
// below the product's picture on A4 or letter.
constexpr size_t kCoverPartsInOneColumn = 6;

std::string CoverParts(const std::vector<PartCount>& parts, const BookletContent& content) {
  if (parts.size() <= kCoverPartsInOneColumn) return PartsTable(parts, content);
  const auto half = parts.begin() + static_cast<std::ptrdiff_t>((parts.size() + 1) / 2);
  return "<div class=\"columns\">\n" + PartsTable({parts.begin(), half}, content) +
         PartsTable({half, parts.end()}, content) + "</div>\n";
}

constexpr const char* kStyle =
    "body{font:11pt/1.4 'DejaVu Sans',Helvetica,Arial,sans-serif;color:#222;margin:0}\n"
    "section{padding:8mm 0;break-inside:avoid;page-break-inside:avoid}\n"
    ".cover{break-after:page;page-break-after:always}\n"
    "h1{font-size:24pt;margin:0 0 6mm}h2{font-size:15pt;margin:0 0 3mm}\n"
    ".number{color:#777;margin-right:3mm}\n"
    "img.still,img.product{display:block;max-width:100%;margin:0 0 4mm}\n"
    // Two steps to a page, even on letter paper: 70 mm of picture each.
    "img.product{max-height:120mm}img.still{max-height:70mm}\n"
    "img.part{width:18mm;height:auto;vertical-align:middle}\n"
    "table.parts{border-collapse:collapse}td{padding:1mm 3mm 1mm 0}\n"
    "td.count{font-weight:bold;text-align:right;white-space:nowrap}\n"
    ".columns{display:flex;gap:8mm}.columns table{flex:1}.columns img.part{width:12mm}\n"
    ".none{color:#777}\n";

}  // namespace

std::string BookletHtml(const BookletContent& content) {
  const std::string& name = content.parts.scene;
  std::string html =
      "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>" +
      Escaped(name) +
      "</title>\n<style>\n@page{size:" + (content.paper == Paper::kA4 ? "A4" : "letter") +
      ";margin:15mm}\n" + kStyle + "</style>\n</head>\n<body>\n";
  html += "<section class=\"cover\">\n<h1>" + Escaped(name) + "</h1>\n" +
          Picture(content.cover, name, "product") + "\n<h2>Parts</h2>\n" +
          CoverParts(content.parts.total, content) + "</section>\n";
  int number = 0;
  for (size_t k = 0; k < content.parts.chapters.size(); ++k) {
    const ChapterParts& chapter = content.parts.chapters[k];
    const std::string still = k < content.stills.size() ? content.stills[k] : std::string();
    html += "<section class=\"step\">\n<h2>";
    if (chapter.label) {
      html += "<span class=\"number\">" + std::to_string(++number) + "</span>" +
              Escaped(*chapter.label);
    } else {
      html += "Before the steps";
    }
    html += "</h2>\n" + Picture(still, chapter.label.value_or(name), "still") + "\n" +
            PartsTable(chapter.parts, content) + "</section>\n";
  }
  return html + "</body>\n</html>\n";
}

}  // namespace cinc

#include "views/booklet_html.h"

#include <gtest/gtest.h>

namespace cinc {
namespace {

// The whole page for a booklet of one chapter, a part with a name and a
// number, and one picture (its three bytes are "PNG", base64 "UE5H").
TEST(BookletHtmlTest, ACoverThenABlockPerChapter) {
  BookletContent content;
  content.parts.scene = "shelf <1>";
  PartCount screws{"screw", "M4 x 12 screw", "91290A", {"screw-1", "screw-2"}};
  content.parts.chapters.push_back({"Step 1: the \"screws\"", ExactTime(), ExactTime(), {screws}});
  content.parts.total = {screws};
  content.stills = {"PNG"};
  content.paper = Paper::kLetter;
  const std::string html = BookletHtml(content);
  const std::string body = html.substr(html.find("<body>"));
  EXPECT_NE(html.find("<title>shelf &lt;1&gt;</title>"), std::string::npos);
  EXPECT_NE(html.find("@page{size:letter;margin:15mm}"), std::string::npos);
  EXPECT_EQ(body,
            "<body>\n"
            "<section class=\"cover\">\n<h1>shelf &lt;1&gt;</h1>\n\n<h2>Parts</h2>\n"
            "<table class=\"parts\">\n"
            "<tr><td class=\"count\">2 ×</td><td class=\"thumb\"></td><td>M4 x 12 screw (no. "
            "91290A)</td></tr>\n"
            "</table>\n</section>\n"
            "<section class=\"step\">\n<h2><span class=\"number\">1</span>Step 1: the "
            "&quot;screws&quot;</h2>\n"
            "<img class=\"still\" alt=\"Step 1: the &quot;screws&quot;\" "
            "src=\"data:image/png;base64,UE5H\">\n"
            "<table class=\"parts\">\n"
            "<tr><td class=\"count\">2 ×</td><td class=\"thumb\"></td><td>M4 x 12 screw (no. "
            "91290A)</td></tr>\n"
            "</table>\n</section>\n"
            "</body>\n</html>\n");
}

// Seven parts on the cover: two tables side by side, four then three (one
// table of seven would push the last rows off an A4 cover).
TEST(BookletHtmlTest, ACoverOfSevenPartsListsThemInTwoColumns) {
  BookletContent content;
  content.parts.scene = "fan";
  for (const char* model : {"a", "b", "c", "d", "e", "f", "g"}) {
    content.parts.total.push_back({model, std::nullopt, std::nullopt, {std::string(model) + "-1"}});
  }
  const std::string html = BookletHtml(content);
  auto row = [](const char* name) {
    return std::string("<tr><td class=\"count\">1 ×</td><td class=\"thumb\"></td><td>") + name +
           "</td></tr>\n";
  };
  EXPECT_NE(html.find(".columns{display:flex;gap:8mm}"), std::string::npos);
  EXPECT_NE(
      html.find("<h2>Parts</h2>\n<div class=\"columns\">\n<table class=\"parts\">\n" + row("a") +
                row("b") + row("c") + row("d") + "</table>\n<table class=\"parts\">\n" + row("e") +
                row("f") + row("g") + "</table>\n</div>\n</section>\n"),
      std::string::npos);
}

}  // namespace
}  // namespace cinc

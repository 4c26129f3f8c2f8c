// The printable instruction booklet as one offline HTML page.
#ifndef CINC_VIEWS_BOOKLET_HTML_H_
#define CINC_VIEWS_BOOKLET_HTML_H_

#include <map>
#include <string>
#include <vector>

#include "views/parts_list.h"

namespace cinc {

enum class Paper { kA4, kLetter };

// What the booklet shows; pictures are PNG bytes (empty: none).
struct BookletContent {
  PartsList parts;                                   // the chapters, their parts, the total
  std::string cover;                                 // the finished product
  std::vector<std::string> stills;                   // parallel to parts.chapters
  std::map<std::string, std::string> part_pictures;  // model name -> a small picture
  Paper paper = Paper::kA4;
};

// A cover with the scene's name and picture and the whole parts list, then a
// block per chapter (its number, label, still and parts) that a page break
// never cuts. Every picture is inside the page (data: URLs): it needs no
// file and no network.
std::string BookletHtml(const BookletContent& content);

}  // namespace cinc

#endif  // CINC_VIEWS_BOOKLET_HTML_H_

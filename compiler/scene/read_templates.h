// Templates: `templates: {NAME: {node fields, use}}` and `use:` on nodes
// (docs/scene-loading.md, "Templates"). A template's mapping is captured
// once and replayed by the MappingWalker of each node that uses it.
#ifndef CINC_COMPILER_SCENE_READ_TEMPLATES_H_
#define CINC_COMPILER_SCENE_READ_TEMPLATES_H_

#include <string>
#include <vector>

#include "compiler/scene/read_context.h"

namespace cinc::scene_loading {

// The `templates:` section: each mapping captured, its own `use:` read.
void ReadTemplates(ReadContext& context, const YamlEvent& first);

// The templates a `use:` value (just read) names, in list order. Unknown
// names are E_SCENE_NAME (with a suggestion) when `report_unknown` (a
// template's own `use:` is checked by CheckTemplateUses).
std::vector<YamlNodeHandle> TemplatesOfUse(ReadContext& context, const YamlEvent& first,
                                           bool report_unknown);

// Adds a template, or reports that its name is taken (by another file's:
// the walker reports a name written twice in one mapping).
void AddTemplate(ReadContext& context, const std::string& name, Template entry);

// Once the whole scene is read: unknown names in templates' own `use:`, and
// cycles, each reported once at the entry that closes it.
void CheckTemplateUses(ReadContext& context);

}  // namespace cinc::scene_loading

#endif  // CINC_COMPILER_SCENE_READ_TEMPLATES_H_

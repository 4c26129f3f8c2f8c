// The numbers of LSP 3.17's enumerations that the server sends, in one place.
#ifndef CINC_LSP_PROTOCOL_KINDS_H_
#define CINC_LSP_PROTOCOL_KINDS_H_

namespace cinc {

// CompletionItemKind: what a completion item names.
namespace completion_kind {
enum : int { kField = 5, kClass = 7, kModule = 9, kReference = 18, kEnum = 20, kEvent = 23 };
}  // namespace completion_kind

// SymbolKind: what a document symbol is.
namespace symbol_kind {
enum : int { kModule = 2, kNamespace = 3, kClass = 5, kStruct = 23, kEvent = 24 };
}  // namespace symbol_kind

}  // namespace cinc

#endif  // CINC_LSP_PROTOCOL_KINDS_H_

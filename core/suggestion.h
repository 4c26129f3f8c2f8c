// Did-you-mean: the closest name to one that names nothing.
//
// Contract: BoundedLevenshteinDistance is the edit distance (insertions,
// deletions, substitutions of bytes) between a and b when it is at most
// `limit`, else nothing; it costs O(|a| * (2 * limit + 1)) at most and stops
// early. ClosestName is the first candidate that is `written` but for case
// and the separators '-', '_' and ' ' (FoldedName: "easeInOut" and
// "ease-in-out" fold to "easeinout"), else the candidate within
// max(2, |written| / 3) edits of `written`, the smallest distance winning
// and ties going to the first candidate; DidYouMean wraps it as " (did you mean 'NAME'?)", or ""
// when no candidate is close enough. Every did-you-mean of cinc goes through here, so that they all
// suggest alike.
#ifndef CINC_CORE_SUGGESTION_H_
#define CINC_CORE_SUGGESTION_H_

#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace cinc {

std::optional<int> BoundedLevenshteinDistance(std::string_view a, std::string_view b, int limit);

// The most edits a suggestion for a name written with `written_length`
// characters may be away: max(2, written_length / 3).
int SuggestionLimit(size_t written_length);

// " (did you mean 'NAME'?)": how every suggestion is phrased.
std::string DidYouMeanPhrase(std::string_view name);
// " (did you mean 'NAME'? NOTE)": when the reference has the wrong shape,
// the note says the rule.
std::string DidYouMeanPhrase(std::string_view name, std::string_view note);

// Lower case, without '-', '_' and ' '.
std::string FoldedName(std::string_view name);

std::optional<std::string_view> ClosestName(std::string_view written,
                                            std::span<const std::string_view> candidates);

std::string DidYouMean(std::string_view written, std::span<const std::string_view> candidates);

}  // namespace cinc

#endif  // CINC_CORE_SUGGESTION_H_

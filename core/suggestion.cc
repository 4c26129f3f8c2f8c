#include "core/suggestion.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <vector>

namespace cinc {

std::optional<int> BoundedLevenshteinDistance(std::string_view a, std::string_view b, int limit) {
  const int a_length = static_cast<int>(a.size());
  const int b_length = static_cast<int>(b.size());
  if (limit < 0 || std::abs(a_length - b_length) > limit) return std::nullopt;
  // Only cells within `limit` of the diagonal can stay within the limit;
  // everything outside the band counts as "too far" (limit + 1).
  const int too_far = limit + 1;
  std::vector<int> previous(b_length + 1, too_far);
  std::vector<int> current(b_length + 1, too_far);
  for (int j = 0; j <= std::min(b_length, limit); ++j) previous[j] = j;
  for (int i = 1; i <= a_length; ++i) {
    const int low = std::max(1, i - limit);
    const int high = std::min(b_length, i + limit);
    current[low - 1] = (low == 1 && i <= limit) ? i : too_far;
    int row_minimum = current[low - 1];
    for (int j = low; j <= high; ++j) {
      int substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1);
      int value = std::min({previous[j] + 1, current[j - 1] + 1, substitution});
      current[j] = std::min(value, too_far);
      row_minimum = std::min(row_minimum, current[j]);
    }
    if (high < b_length) current[high + 1] = too_far;
    if (row_minimum > limit) return std::nullopt;
    std::swap(previous, current);
  }
  if (previous[b_length] > limit) return std::nullopt;
  return previous[b_length];
}

int SuggestionLimit(size_t written_length) {
  return std::max(2, static_cast<int>(written_length / 3));
}

std::string DidYouMeanPhrase(std::string_view name) {
  return " (did you mean '" + std::string(name) + "'?)";
}

std::string DidYouMeanPhrase(std::string_view name, std::string_view note) {
  return " (did you mean '" + std::string(name) + "'? " + std::string(note) + ")";
}

std::string FoldedName(std::string_view name) {
  std::string folded;
  for (char c : name) {
    if (c == '-' || c == '_' || c == ' ') continue;
    folded += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return folded;
}

std::optional<std::string_view> ClosestName(std::string_view written,
                                            std::span<const std::string_view> candidates) {
  // The same name in another case or with other separators (easeInOut for
  // ease-in-out) before any edit distance.
  const std::string folded = FoldedName(written);
  for (std::string_view candidate : candidates) {
    if (FoldedName(candidate) == folded) return candidate;
  }
  const int limit = SuggestionLimit(written.size());
  int best_distance = limit + 1;
  std::optional<std::string_view> best;
  for (std::string_view candidate : candidates) {
    // Only a strictly smaller distance wins: ties go to the first candidate.
    std::optional<int> distance =
        BoundedLevenshteinDistance(written, candidate, std::min(limit, best_distance - 1));
    if (distance && *distance < best_distance) {
      best_distance = *distance;
      best = candidate;
    }
  }
  return best;
}

std::string DidYouMean(std::string_view written, std::span<const std::string_view> candidates) {
  // Several names that differ only in case or separators are all offered.
  const std::string folded = FoldedName(written);
  std::vector<std::string_view> alike;
  for (std::string_view candidate : candidates) {
    if (FoldedName(candidate) == folded) alike.push_back(candidate);
  }
  if (alike.size() > 1) {
    std::string names = "'" + std::string(alike[0]) + "'";
    for (size_t i = 1; i < alike.size(); ++i) {
      names += (i + 1 == alike.size() ? " or '" : ", '") + std::string(alike[i]) + "'";
    }
    return " (did you mean " + names + "?)";
  }
  std::optional<std::string_view> closest = ClosestName(written, candidates);
  return closest ? DidYouMeanPhrase(*closest) : "";
}

}  // namespace cinc

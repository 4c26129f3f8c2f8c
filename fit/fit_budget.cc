#include "fit/fit_budget.h"

#include <string>
#include <vector>

#include "core/parallel_for.h"
#include "core/scene_limits.h"

namespace cinc {

FitSettings WithFitBudget(const FitSettings& given) {
  FitSettings fit = given;
  fit.budget = std::make_shared<FitBudget>(kMaxFitChecks);
  return fit;
}

size_t FitOwnersInOrder(
    size_t first, size_t last, FitBudget* whole,
    const std::function<void(size_t index, const std::shared_ptr<FitBudget>& part)>& fit_one) {
  // Per owner: the checks its fits made, -1 when they were cut short.
  std::vector<long long> checks(last - first, -1);
  auto fit = [&](size_t index) {
    std::shared_ptr<FitBudget> part;
    if (whole != nullptr) part = std::make_shared<FitBudget>(whole);
    fit_one(index, part);
    if (whole != nullptr && !whole->Spent()) checks[index - first] = part->spent();
  };
  const bool spent_before = whole != nullptr && whole->Spent();
  const long long spent = whole != nullptr ? whole->spent() : 0;
  ParallelFor(first, last, fit);
  if (whole == nullptr || !whole->Spent()) return last;
  if (spent_before) return first;
  long long total = spent;
  for (size_t index = first; index < last; ++index) {
    if (checks[index - first] < 0) {
      whole->Reset(total);
      fit(index);
    } else {
      whole->Reset(total + checks[index - first]);
    }
    if (whole->Spent()) return index;
    total = whole->spent();
  }
  return last;
}

bool ReportFitBudgetSpent(const SceneObject& owner, FitBudget* budget, Diagnostics* diagnostics) {
  if (budget == nullptr || !budget->Spent()) return false;
  if (budget->reported || diagnostics == nullptr) return true;
  budget->reported = true;
  diagnostics->Report(DiagnosticCode::kLimit, owner.origin.location, owner.origin.path(),
                      std::string(owner.is_camera ? "camera '" : "object '") + owner.name +
                          "' brings the work of fitting keys to the tolerance past the " +
                          std::to_string(budget->limit()) +
                          " curve checks one build may make; loosen 'tolerance' or bake fewer "
                          "motions");
  return true;
}

}  // namespace cinc

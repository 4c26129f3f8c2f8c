// One build's fitting work bounded as a whole, the same for every writer of
// keys (docs/emission.md "Fitting is bounded as a whole").
#ifndef CINC_FIT_FIT_BUDGET_H_
#define CINC_FIT_FIT_BUDGET_H_

#include <cstddef>
#include <functional>
#include <memory>

#include "core/diagnostics.h"
#include "core/scene.h"
#include "fit/fit_settings.h"

namespace cinc {

// `given` with a budget of its own of kMaxFitChecks curve checks (each
// emission, of the sequence or of the glTF export, starts with the whole).
FitSettings WithFitBudget(const FitSettings& given);

// Calls fit_one(index, part) for every owner in [first, last) on two threads
// (core/parallel_for.h), `part` counting that owner's checks under `whole`
// (both null without a budget). Returns the first index, in order, whose
// fits spend the budget (owners cut short are fitted again one at a time, so
// it is the same in every run), `first` when it was spent before, else `last`.
size_t FitOwnersInOrder(
    size_t first, size_t last, FitBudget* whole,
    const std::function<void(size_t index, const std::shared_ptr<FitBudget>& part)>& fit_one);

// Reports E_LIMIT at `owner`, once per build, when `budget` is spent; true
// when it is (the fits were cut short and their keys are not to be used).
bool ReportFitBudgetSpent(const SceneObject& owner, FitBudget* budget, Diagnostics* diagnostics);

}  // namespace cinc

#endif  // CINC_FIT_FIT_BUDGET_H_

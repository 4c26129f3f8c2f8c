#include "fit/fit_budget.h"

#include <gtest/gtest.h>

#include <atomic>
#include <vector>

namespace cinc {
namespace {

// Owner k's fits make 10 × (k + 1) checks, one at a time, stopping (as the
// fitter does) once the budget is spent.
void FitOwner(size_t index, const std::shared_ptr<FitBudget>& part) {
  for (size_t check = 0; check < 10 * (index + 1); ++check) {
    if (part != nullptr && part->Spent()) return;
    if (part != nullptr) part->Take(1);
  }
}

TEST(FitBudget, TheOwnerNamedIsTheFirstInOrderPastTheBudgetInEveryRun) {
  // Running totals 10, 30, 60, 100, 150: owner 3 reaches 100, the limit,
  // and owner 4 goes past it, whichever thread fitted which owner first.
  for (int run = 0; run < 50; ++run) {
    FitBudget whole(100);
    EXPECT_EQ(FitOwnersInOrder(0, 40, &whole, FitOwner), 4u) << "run " << run;
    EXPECT_TRUE(whole.Spent());
  }
}

TEST(FitBudget, WithinTheBudgetEveryOwnerIsFittedAndNoneIsNamed) {
  FitBudget whole(10 * (1 + 2 + 3 + 4 + 5 + 6 + 7 + 8 + 9 + 10));
  std::vector<std::atomic<int>> fitted(10);
  size_t named = FitOwnersInOrder(0, 10, &whole, [&](size_t index, const auto& part) {
    ++fitted[index];
    FitOwner(index, part);
  });
  EXPECT_EQ(named, 10u);
  EXPECT_EQ(whole.spent(), 550);
  for (const std::atomic<int>& count : fitted) EXPECT_EQ(count.load(), 1);
}

TEST(FitBudget, ARangeAfterTheBudgetWasSpentNamesItsFirstOwner) {
  FitBudget whole(5);
  whole.Take(6);
  EXPECT_EQ(FitOwnersInOrder(20, 30, &whole, FitOwner), 20u);
}

TEST(FitBudget, WithoutABudgetEveryOwnerIsFittedWithNone) {
  std::atomic<int> without_part = 0;
  std::atomic<int> calls = 0;
  EXPECT_EQ(FitOwnersInOrder(0, 12, nullptr,
                             [&](size_t, const std::shared_ptr<FitBudget>& part) {
                               ++calls;
                               if (part == nullptr) ++without_part;
                             }),
            12u);
  EXPECT_EQ(calls.load(), 12);
  EXPECT_EQ(without_part.load(), 12);
}

TEST(FitBudget, TheBudgetSpentIsReportedOncePerBuildAtTheOwner) {
  SceneObject wheel;
  wheel.name = "wheel-58";
  wheel.origin.location = {5, 3, 0};
  SceneObject camera;
  camera.name = "cam";
  camera.is_camera = true;
  FitBudget whole(100);
  Diagnostics diagnostics("spin.yaml");
  EXPECT_FALSE(ReportFitBudgetSpent(wheel, &whole, &diagnostics));
  whole.Take(101);
  EXPECT_TRUE(ReportFitBudgetSpent(wheel, &whole, &diagnostics));
  EXPECT_TRUE(ReportFitBudgetSpent(camera, &whole, &diagnostics));
  ASSERT_EQ(diagnostics.items().size(), 1u);
  const Diagnostic& reported = diagnostics.items()[0];
  EXPECT_EQ(reported.code, DiagnosticCode::kLimit);
  EXPECT_EQ(reported.location, (SourceLocation{5, 3, 0}));
  EXPECT_EQ(reported.message,
            "object 'wheel-58' brings the work of fitting keys to the tolerance past the 100 "
            "curve checks one build may make; loosen 'tolerance' or bake fewer motions");
}

}  // namespace
}  // namespace cinc

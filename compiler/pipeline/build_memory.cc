#include "compiler/pipeline/build_memory.h"

#include <atomic>
#include <cstdlib>
#include <new>
#include <utility>
#include <vector>

// After a standard header, which defines __GLIBC__ on glibc.
#ifdef __GLIBC__
#include <malloc.h>
#endif

namespace cinc {

BuildMemory::BuildMemory(Compilation* compilation, bool leave_to_exit)
    : compilation_(compilation), leave_to_exit_(leave_to_exit) {}

BuildMemory::~BuildMemory() {
  // Freeing a 100,000-node scene piece by piece takes 50 ms; the operating
  // system takes it back at once when the process exits.
  if (leave_to_exit_) new Compilation(std::move(*compilation_));  // NOLINT: never deleted
}

void BuildMemory::ReleaseCompilingRoom() {
  // Trimmed after the rig is built, not when the relations are freed: the
  // rig is made in the freed heap without faulting it in again.
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}

void BuildMemory::ReleaseRig() {
  // 10 MB of the build's peak at 100,000 nodes: the sequence text is made
  // after the last shard, when the rig and timeline are no longer read.
  compilation_->rig = Rig();
  compilation_->timeline = Timeline();
#ifdef __GLIBC__
  malloc_trim(0);
#endif
}

void FitObjectList(Scene* scene) {
  // A copy of the list (moved objects), while the scene is small beside
  // what the rig and the output add.
  scene->objects.shrink_to_fit();
}

void ReleaseRelations(Scene* scene) {
  // For the rig and emission to use the memory. (Handing the pages back to
  // the system here, malloc_trim, saved 3 MB of fan-in's peak and cost an
  // eighth of its time in page faults, the rig faulting them in again: it is
  // done once the rig is built, BuildMemory::ReleaseCompilingRoom.)
  ForEachNodeList(*scene, [](std::vector<Node>& nodes) {
    for (Node& node : nodes) {
      std::vector<Relation>().swap(node.relations);
      node.until = BoxedList<Relation>();
    }
  });
}

namespace {

std::atomic<void*> unwinding_reserve{nullptr};

void GiveBackReserveAndThrow() {
  std::free(unwinding_reserve.exchange(nullptr));
  throw std::bad_alloc();
}

}  // namespace

void KeepMemoryForUnwinding() {
  // Mapped, not touched: address space, no resident memory.
  void* reserve = std::malloc(32 << 20);
  if (reserve == nullptr) return;
  std::free(unwinding_reserve.exchange(reserve));
  std::set_new_handler(GiveBackReserveAndThrow);
}

void TuneAllocatorForOneCommand() {
  // A fixed threshold: glibc otherwise raises it after the first large free,
  // and a large scene's freed temporaries (the resolver's tables) then stay
  // in the process: 12 MB of peak memory at 100,000 nodes.
#ifdef __GLIBC__
  mallopt(M_MMAP_THRESHOLD, 256 * 1024);
#endif
}

}  // namespace cinc

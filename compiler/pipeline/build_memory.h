// How a build hands memory back, kept apart from the stages that make its
// outputs (docs/performance.md says what each saves). A stage only says when
// it is done with something; these decide how it is let go.
#ifndef CINC_COMPILER_PIPELINE_BUILD_MEMORY_H_
#define CINC_COMPILER_PIPELINE_BUILD_MEMORY_H_

#include "compiler/pipeline/compile_scene.h"
#include "core/scene.h"

namespace cinc {

// One build's compilation, from when it is compiled to the end of the build.
class BuildMemory {
 public:
  // `compilation` outlives this. `leave_to_exit`: the process exits right
  // after the build (BuildSettings::leave_memory_to_exit).
  BuildMemory(Compilation* compilation, bool leave_to_exit);
  BuildMemory(const BuildMemory&) = delete;
  BuildMemory& operator=(const BuildMemory&) = delete;
  // With `leave_to_exit`, the compilation is left to the operating system,
  // which takes it back at once, instead of being freed piece by piece.
  ~BuildMemory();

  // The scene is compiled: the heap that loading and timing freed (the
  // relations, 38 MB on fan-in) is handed back to the system, so that the
  // output's text is not written on top of it.
  void ReleaseCompilingRoom();

  // The rig and timeline will not be read again: they are freed and their
  // pages handed back, so that the output's text does not add to them.
  void ReleaseRig();

 private:
  Compilation* compilation_;
  bool leave_to_exit_;
};

// The scene's objects held at their number once its copies are made: the
// list, grown in doubling steps as the file is read, would otherwise hold up
// to twice its room through the build, and with huge pages its last 2 MB
// page is resident however little of it is used (1 MB at 50,000 objects).
void FitObjectList(Scene* scene);

// Frees every node's relations and `until:` entries once timing is resolved
// (RelationsAfterTiming::kRelease): the timeline holds their result.
void ReleaseRelations(Scene* scene);

// For a process that runs one command (main): blocks of 256 KB and more are
// mapped, and given back to the system when freed.
void TuneAllocatorForOneCommand();

// Sets aside 32 MB of address space, given back the first time an
// allocation fails, which then throws std::bad_alloc: the destructors that
// run as it unwinds (a nlohmann::json tree's allocates) have room, so a
// build out of memory ends as an internal error, never std::terminate.
void KeepMemoryForUnwinding();

}  // namespace cinc

#endif  // CINC_COMPILER_PIPELINE_BUILD_MEMORY_H_

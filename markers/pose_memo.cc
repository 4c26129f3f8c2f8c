#include "markers/pose_memo.h"

#include <bit>

namespace cinc {

PoseMemo::PoseMemo() = default;

PoseMemo::Key PoseMemo::MakeKey(OwnerRef owner, const ExactTime& select, const ExactTime& t) {
  uint64_t who = (static_cast<uint64_t>(static_cast<uint32_t>(owner.index)) << 2) |
                 (owner.is_camera ? 2u : 0u) | 1u;
  return {who, select.numerator(), select.denominator(), static_cast<uint64_t>(t.numerator()),
          t.denominator()};
}

PoseMemo::Key PoseMemo::MakeKey(OwnerRef owner, const ExactTime& select, double t) {
  // Bit 0 is 0 for a double time, and bit 34 keeps the key of an owner
  // indexed 0 from being the empty key.
  uint64_t who = (static_cast<uint64_t>(static_cast<uint32_t>(owner.index)) << 2) |
                 (owner.is_camera ? 2u : 0u) | (uint64_t{1} << 34);
  return {who, select.numerator(), select.denominator(), std::bit_cast<uint64_t>(t), 0};
}

size_t PoseMemo::SlotOf(const Key& key) const {
  uint64_t hash = key.owner * 0x9E3779B97F4A7C15ull;
  for (uint64_t part :
       {static_cast<uint64_t>(key.select_numerator), static_cast<uint64_t>(key.select_denominator),
        key.time_high, static_cast<uint64_t>(key.time_low)}) {
    hash = (hash ^ part) * 0xBF58476D1CE4E5B9ull;
    hash ^= hash >> 31;
  }
  return static_cast<size_t>(hash & (kSlots - 1));
}

const RigidPose* PoseMemo::Find(const Key& key) const {
  if (entries_.empty()) return nullptr;
  const Entry& entry = entries_[SlotOf(key)];
  return entry.key == key ? &entry.pose : nullptr;
}

void PoseMemo::Keep(const Key& key, const RigidPose& pose) {
  if (entries_.empty()) entries_.resize(kSlots);  // on first use: most threads keep nothing
  entries_[SlotOf(key)] = {key, pose};
}

const RigidPose* PoseMemo::Find(OwnerRef owner, const ExactTime& select, const ExactTime& t) const {
  return Find(MakeKey(owner, select, t));
}

const RigidPose* PoseMemo::Find(OwnerRef owner, const ExactTime& select, double t) const {
  return Find(MakeKey(owner, select, t));
}

void PoseMemo::Keep(OwnerRef owner, const ExactTime& select, const ExactTime& t,
                    const RigidPose& pose) {
  Keep(MakeKey(owner, select, t), pose);
}

void PoseMemo::Keep(OwnerRef owner, const ExactTime& select, double t, const RigidPose& pose) {
  Keep(MakeKey(owner, select, t), pose);
}

}  // namespace cinc

// A small memo of a pure function's answers, keyed by the exact bits of its
// inputs (docs/performance.md: what copies share).
#ifndef CINC_CORE_BIT_MEMO_H_
#define CINC_CORE_BIT_MEMO_H_

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>

namespace cinc {

// The key of a BitMemo: N 64-bit words, filled with Put (doubles by their
// bits, so -0 and 0 are different keys and a NaN is equal to itself).
template <size_t N>
class BitKey {
 public:
  // Appends the bits of `value`; at most N values in all.
  BitKey& Put(double value) { return Put(std::bit_cast<uint64_t>(value)); }
  BitKey& Put(uint64_t value) {
    words_[size_++] = value;
    return *this;
  }

  bool operator==(const BitKey& other) const = default;
  // A hash of the words, each mixed in whole (splitmix64's finalizer), so that
  // keys differing in any bit spread over the slots.
  uint64_t Hash() const {
    uint64_t hash = 0;
    for (uint64_t word : words_) {
      hash ^= word;
      hash ^= hash >> 30;
      hash *= 0xBF58476D1CE4E5B9ull;
      hash ^= hash >> 27;
      hash *= 0x94D049BB133111EBull;
      hash ^= hash >> 31;
    }
    return hash;
  }

 private:
  std::array<uint64_t, N> words_{};
  size_t size_ = 0;
};

// Remembers the last answer for each of `Slots` hashes of keys: Find points
// at what Remember was told for the same bits (never an answer for other
// bits; valid until the next Remember), or is nullptr. For a function of its key's bits alone, a
// found answer is the one the function would compute.
template <size_t N, typename Value, size_t Slots = 64>
class BitMemo {
 public:
  const Value* Find(const BitKey<N>& key) const {
    const Slot& slot = slots_[key.Hash() % Slots];
    if (slot.used && slot.key == key) return &slot.value;
    return nullptr;
  }
  // Keeps `value` for `key`, in place of the answer in its slot.
  void Remember(const BitKey<N>& key, const Value& value) {
    Slot& slot = slots_[key.Hash() % Slots];
    slot.used = true;
    slot.key = key;
    slot.value = value;
  }

 private:
  struct Slot {
    bool used = false;
    BitKey<N> key;
    Value value{};
  };
  std::array<Slot, Slots> slots_{};
};

}  // namespace cinc

#endif  // CINC_CORE_BIT_MEMO_H_

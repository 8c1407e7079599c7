// Heap allocator for core tests: owns every buffer it hands out.
#pragma once

#include <memory>
#include <vector>

#include "core.hpp"

namespace probabilistic::testing {

class TestAllocator final : public Allocator {
public:
    std::uint8_t* allocate(std::size_t size) override {
        if (fail_after_ == 0) return nullptr;
        if (fail_after_ > 0) fail_after_--;
        blocks_.emplace_back(new std::uint8_t[size == 0 ? 1 : size]);
        return blocks_.back().get();
    }
    std::size_t allocations() const { return blocks_.size(); }
    // After n more allocations, allocate() returns nullptr.
    void fail_after(long n) { fail_after_ = n; }

private:
    std::vector<std::unique_ptr<std::uint8_t[]>> blocks_;
    long fail_after_ = -1;
};

}  // namespace probabilistic::testing

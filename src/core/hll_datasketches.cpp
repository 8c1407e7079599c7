// The DataSketches HLL family (hash id 5, doc/FORMAT.md 3.15): Apache DataSketches
// HLL images (datasketches-cpp, -java; Spark's hll_sketch_agg, Druid,
// datasketches-postgresql) read, kept and written again, and continued the way
// datasketches-cpp's update() continues them.
//
// The value keeps the producer's updatable state: a LIST's coupons in list order,
// a SET's hash table slot for slot, or the HLL registers (one byte each, the
// value as DataSketches means it, whatever HLL_4/6/8 packing the image had) with
// the HIP accumulator and the two kxq sums as the image had them.
// Header: byte 3 the mode (7 LIST, 8 SET, 9 HLL), byte 4 lgK (4..21, kept as it
// is: a family value never folds), byte 5 the target type (0 HLL_4, 1 HLL_6,
// 2 HLL_8), byte 6 flags (bit 0 out of order, bit 1 full size), byte 7 the SET's
// lgArr, bytes 8-15 the seed.
#include <cmath>
#include <cstring>

#include "hll_family.hpp"

#include <algorithm>

#include "header.hpp"

namespace probabilistic::hll::family::ds {
namespace {

constexpr std::size_t kOffRepr = 3, kOffLgK = 4, kOffTgt = 5, kOffFlags = 6, kOffLgArr = 7, kOffSeed = 8;
constexpr std::uint8_t kList = kReprDsList, kSet = kReprDsSet, kHll = kReprDsHll;
constexpr std::uint8_t kFlagOoo = 1, kFlagFullSize = 2;
// The image (datasketches-cpp hll/include/HllUtil.hpp).
constexpr std::uint8_t kSerVer = 1, kFamily = 7, kListPreInts = 2, kSetPreInts = 3, kHllPreInts = 10;
constexpr std::uint8_t kImgEmpty = 4, kImgCompact = 8, kImgOoo = 16, kImgFullSize = 32, kImgReadOnly = 2;
constexpr int kMinLgK = 4, kMaxLgK = 21, kLgInitList = 3, kLgInitSet = 5;
constexpr std::size_t kHipOff = 8, kKxq0Off = 16, kKxq1Off = 24, kCurMinCountOff = 32, kAuxCountOff = 36,
                      kHllStart = 40;
constexpr std::uint32_t kKeyMask26 = (1u << 26) - 1;
constexpr unsigned kAuxToken = 15;
// The aux table's initial log2 size per lgK (the format's LG_AUX_ARR_INTS).
constexpr std::uint8_t kLgAuxArrInts[22] = {0, 2, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6, 7, 8, 9, 10, 11, 12, 13};
constexpr std::size_t kHllStateHead = 24;  // hip, kxq0, kxq1 before the registers
constexpr std::size_t kHll4Extra = 8;      // HLL_4: cur_min, count at cur_min after the registers

Error image_corrupt(const std::string& what, const std::string& detail = std::string()) {
    return Error(ErrorKind::kCorrupt, "invalid DataSketches HLL image: " + what, detail);
}
Error stored_corrupt(const std::string& what) { return Error(ErrorKind::kCorrupt, "invalid hll value: " + what); }

unsigned coupon_value(std::uint32_t c) { return c >> 26; }

// The probe of a coupon in a SET's table: its index (>= 0) or ~ the empty slot it would take.
long find(const std::vector<std::uint32_t>& table, int lg_arr, std::uint32_t coupon) {
    std::uint32_t mask = (1u << lg_arr) - 1, probe = coupon & mask, start = probe;
    do {
        std::uint32_t at = table[probe];
        if (at == 0) return ~static_cast<long>(probe);
        if (at == coupon) return static_cast<long>(probe);
        probe = (probe + (((coupon & kKeyMask26) >> lg_arr) | 1u)) & mask;
    } while (probe != start);
    return ~static_cast<long>(table.size());  // full: never for a table kept at most 3/4 full
}

// The updatable state, as datasketches-cpp holds it.
struct State {
    std::uint8_t mode = kList;
    int lgk = 12;
    std::uint8_t tgt = 2;
    std::uint8_t flags = 0;
    int lg_arr = 0;
    std::uint64_t seed = kDataSketchesSeed;
    std::vector<std::uint32_t> coupons;  // LIST: in order; SET: the table
    double hip = 0, kxq0 = 0, kxq1 = 0;
    std::vector<std::uint8_t> regs;
    // HLL_4 only: cur_min, how many registers are at it, and the exception table
    // (2^lg_arr slots of value << 26 | register; empty without exceptions).
    std::uint32_t cur_min = 0, at_cur_min = 0;
    std::vector<std::uint32_t> aux;
    bool ooo() const { return (flags & kFlagOoo) != 0; }
    std::size_t count() const {
        std::size_t n = 0;
        for (std::uint32_t c : coupons) n += c != 0;
        return n;
    }
};

State load(const Sketch& s) {
    State st;
    const std::uint8_t* head = s.payload - kHeaderSize;
    st.mode = head[kOffRepr];
    st.lgk = head[kOffLgK];
    st.tgt = head[kOffTgt];
    st.flags = head[kOffFlags];
    st.lg_arr = head[kOffLgArr];
    st.seed = s.header.seed;
    if (st.mode == kHll) {
        st.hip = load_double(s.payload);
        st.kxq0 = load_double(s.payload + 8);
        st.kxq1 = load_double(s.payload + 16);
        std::size_t k = std::size_t(1) << st.lgk;
        st.regs.assign(s.payload + kHllStateHead, s.payload + kHllStateHead + k);
        if (st.tgt == 0) {
            const std::uint8_t* x = s.payload + kHllStateHead + k;
            st.cur_min = load_le32(x);
            st.at_cur_min = load_le32(x + 4);
            st.aux.resize((s.payload_size - kHllStateHead - k - kHll4Extra) / 4);
            for (std::size_t i = 0; i < st.aux.size(); i++) st.aux[i] = load_le32(x + kHll4Extra + 4 * i);
        }
    } else {
        st.coupons.resize(s.payload_size / 4);
        for (std::size_t i = 0; i < st.coupons.size(); i++) st.coupons[i] = load_le32(s.payload + 4 * i);
    }
    return st;
}

Buffer store(const State& st, Allocator& alloc) {
    std::size_t payload = st.mode == kHll ? kHllStateHead + st.regs.size() + (st.tgt == 0 ? kHll4Extra + 4 * st.aux.size() : 0)
                                          : 4 * st.coupons.size();
    std::uint8_t* out = allocate_or_throw(alloc, kHeaderSize + payload);
    std::memset(out, 0, kHeaderSize);
    out[header::kOffTag] = kTypeTag;
    out[header::kOffVersion] = kind::kVersionWithout;
    out[header::kOffHashId] = kDataSketches;
    out[kOffRepr] = st.mode;
    out[kOffLgK] = static_cast<std::uint8_t>(st.lgk);
    out[kOffTgt] = st.tgt;
    out[kOffFlags] = st.flags;
    out[kOffLgArr] = static_cast<std::uint8_t>(st.mode == kSet || (st.mode == kHll && st.tgt == 0) ? st.lg_arr : 0);
    store_le64(out + kOffSeed, st.seed);
    std::uint8_t* p = out + kHeaderSize;
    if (st.mode == kHll) {
        store_double(p, st.hip);
        store_double(p + 8, st.kxq0);
        store_double(p + 16, st.kxq1);
        if (!st.regs.empty()) std::memcpy(p + kHllStateHead, st.regs.data(), st.regs.size());
        if (st.tgt == 0) {
            std::uint8_t* x = p + kHllStateHead + st.regs.size();
            store_le32(x, st.cur_min);
            store_le32(x + 4, st.at_cur_min);
            for (std::size_t i = 0; i < st.aux.size(); i++) store_le32(x + kHll4Extra + 4 * i, st.aux[i]);
        }
    } else {
        for (std::size_t i = 0; i < st.coupons.size(); i++) store_le32(p + 4 * i, st.coupons[i]);
    }
    return {out, kHeaderSize + payload};
}

double inverse_pow2(unsigned v) { return std::ldexp(1.0, -static_cast<int>(v)); }

// The kxq sums are the registers' sums of 2^-value (below 32, and from 32), as
// DataSketches keeps them up to rounding: 0 if they are within 0.1%, else which is not
// (so HIP's K / (kxq0 + kxq1) stays what it was meant to be).
int kxq_off(const std::uint8_t* regs, std::size_t k, double kxq0, double kxq1) {
    double want0 = 0, want1 = 0;
    for (std::size_t i = 0; i < k; i++) (regs[i] < 32 ? want0 : want1) += inverse_pow2(regs[i]);
    if (!(std::fabs(kxq0 - want0) <= 1e-3 * want0)) return 1;
    if (!(std::fabs(kxq1 - want1) <= 1e-3 * want1)) return 2;
    return 0;
}

// HllArray::couponUpdate with hipAndKxQIncrementalUpdate: HIP before kxq.
bool hll_update(std::uint8_t* regs, int lgk, bool ooo, double& hip, double& kxq0, double& kxq1, std::uint32_t coupon) {
    std::size_t slot = (coupon & kKeyMask26) & ((std::uint32_t(1) << lgk) - 1);
    unsigned v = coupon_value(coupon), old = regs[slot];
    if (v <= old) return false;
    regs[slot] = static_cast<std::uint8_t>(v);
    if (!ooo) hip += static_cast<double>(std::uint32_t(1) << lgk) / (kxq0 + kxq1);
    (old < 32 ? kxq0 : kxq1) -= inverse_pow2(old);
    (v < 32 ? kxq0 : kxq1) += inverse_pow2(v);
    return true;
}


void promote_to_hll(State& st);

void set_insert(std::vector<std::uint32_t>& table, int lg_arr, std::uint32_t c) {
    long at = find(table, lg_arr, c);
    if (at >= 0 || static_cast<std::size_t>(~at) >= table.size()) throw stored_corrupt("DataSketches SET table is full");
    table[static_cast<std::size_t>(~at)] = c;
}

// CouponHashSet::couponUpdate with checkGrowOrPromote.
bool set_update(State& st, std::uint32_t c) {
    long at = find(st.coupons, st.lg_arr, c);
    if (at >= 0) return false;
    if (static_cast<std::size_t>(~at) >= st.coupons.size()) throw stored_corrupt("DataSketches SET table is full");
    st.coupons[static_cast<std::size_t>(~at)] = c;
    std::size_t n = st.count();
    if (4 * n > 3 * st.coupons.size()) {
        if (st.lg_arr == st.lgk - 3) {
            promote_to_hll(st);
        } else {
            std::vector<std::uint32_t> grown(std::size_t(1) << (st.lg_arr + 1), 0);
            for (std::uint32_t x : st.coupons)
                if (x != 0) set_insert(grown, st.lg_arr + 1, x);
            st.coupons.swap(grown);
            st.lg_arr++;
        }
    }
    return true;
}

long aux_find(const std::vector<std::uint32_t>& table, int lg_arr, int lgk, std::uint32_t slot) {
    std::uint32_t mask = (1u << lg_arr) - 1, kmask = (1u << lgk) - 1, probe = slot & mask, start = probe;
    do {
        std::uint32_t at = table[probe];
        if (at == 0) return ~static_cast<long>(probe);
        if ((at & kmask) == slot) return static_cast<long>(probe);
        probe = (probe + ((slot >> lg_arr) | 1u)) & mask;
    } while (probe != start);
    return ~static_cast<long>(table.size());
}

// AuxHashMap::mustAdd with checkGrow: the exception table grows when over 3/4 full,
// its entries reinserted in slot order.
void aux_add(State& st, std::uint32_t slot, unsigned value) {
    if (st.aux.empty()) {
        st.lg_arr = kLgAuxArrInts[st.lgk];
        st.aux.assign(std::size_t(1) << st.lg_arr, 0);
    }
    long at = aux_find(st.aux, st.lg_arr, st.lgk, slot);
    if (at >= 0 || static_cast<std::size_t>(~at) >= st.aux.size()) throw stored_corrupt("DataSketches exception table");
    st.aux[static_cast<std::size_t>(~at)] = (static_cast<std::uint32_t>(value) << 26) | slot;
    std::size_t n = 0;
    for (std::uint32_t e : st.aux) n += e != 0;
    if (4 * n > 3 * st.aux.size()) {
        std::vector<std::uint32_t> grown(st.aux.size() * 2, 0);
        for (std::uint32_t e : st.aux)
            if (e != 0) grown[static_cast<std::size_t>(~aux_find(grown, st.lg_arr + 1, st.lgk, e & kKeyMask26))] = e;
        st.aux.swap(grown);
        st.lg_arr++;
    }
}

// Hll4Array::shiftToBiggerCurMin: cur_min up by one; the exceptions still 15 or
// more above it move, in table order, to a new table of the initial size.
void shift_cur_min(State& st) {
    std::uint32_t next = st.cur_min + 1, at = 0;
    for (std::uint8_t r : st.regs) at += r == next;
    std::vector<std::uint32_t> old;
    old.swap(st.aux);
    st.lg_arr = 0;
    for (std::uint32_t e : old)
        if (e != 0 && coupon_value(e) - next >= kAuxToken) aux_add(st, e & kKeyMask26, coupon_value(e));
    st.cur_min = next;
    st.at_cur_min = at;
}

// Hll4Array::internalHll4Update after the register went from old to v (> old).
void hll4_after_raise(State& st, std::uint32_t slot, unsigned old, unsigned v) {
    if (old - st.cur_min >= kAuxToken) {  // an exception already: its value replaced where it is
        st.aux[static_cast<std::size_t>(aux_find(st.aux, st.lg_arr, st.lgk, slot))] =
            (static_cast<std::uint32_t>(v) << 26) | slot;
    } else if (v - st.cur_min >= kAuxToken) {
        aux_add(st, slot, v);
    }
    if (old == st.cur_min) {
        st.at_cur_min--;
        while (st.at_cur_min == 0) shift_cur_min(st);
    }
}

bool hll_state_update(State& st, std::uint32_t c) {
    std::uint32_t slot = (c & kKeyMask26) & ((std::uint32_t(1) << st.lgk) - 1);
    unsigned old = st.regs[slot];
    if (!hll_update(st.regs.data(), st.lgk, st.ooo(), st.hip, st.kxq0, st.kxq1, c)) return false;
    if (st.tgt == 0) hll4_after_raise(st, slot, old, st.regs[slot]);
    return true;
}

// An HLL_4 sketch's cur_min, its count and exceptions as datasketches-cpp makes them
// when it converts registers to HLL_4 (Hll4Array's converting constructor): each
// non-zero register, in register order, raised from 0 on an empty HLL_4.
void hll4_rebuild(State& st) {
    st.aux.clear();
    st.lg_arr = 0;
    if (st.tgt != 0) return;
    std::vector<std::uint8_t> regs(st.regs.size(), 0);
    regs.swap(st.regs);
    st.cur_min = 0;
    st.at_cur_min = static_cast<std::uint32_t>(st.regs.size());
    for (std::size_t i = 0; i < regs.size(); i++)
        if (regs[i] != 0) {
            st.regs[i] = regs[i];
            hll4_after_raise(st, static_cast<std::uint32_t>(i), 0, regs[i]);
        }
}

// promoteListOrSetToHll: the coupons in iteration order, then HIP set to the
// coupon estimate (DataSketches interpolates it; this is the coupon count).
void promote_to_hll(State& st) {
    std::vector<std::uint32_t> coupons;
    for (std::uint32_t c : st.coupons)
        if (c != 0) coupons.push_back(c);
    st.mode = kHll;
    st.regs.assign(std::size_t(1) << st.lgk, 0);
    st.kxq0 = static_cast<double>(std::uint32_t(1) << st.lgk);
    st.kxq1 = 0;
    st.hip = 0;
    st.flags &= static_cast<std::uint8_t>(~kFlagOoo);
    st.coupons.clear();
    st.lg_arr = 0;
    st.aux.clear();
    st.cur_min = 0;
    st.at_cur_min = static_cast<std::uint32_t>(st.regs.size());
    for (std::uint32_t c : coupons) hll_state_update(st, c);
    st.hip = static_cast<double>(coupons.size());
}

// hll_sketch::coupon_update on any mode; false when nothing changed.
bool update(State& st, std::uint32_t c) {
    if (st.mode == kHll) return hll_state_update(st, c);
    if (st.mode == kSet) return set_update(st, c);
    for (std::uint32_t x : st.coupons)
        if (x == c) return false;
    st.coupons.push_back(c);
    if (st.coupons.size() == (std::size_t(1) << kLgInitList)) {
        if (st.lgk < 8) {
            promote_to_hll(st);
        } else {  // promoteListToSet: a table of 2^5 slots, the list's coupons in order
            std::vector<std::uint32_t> list = st.coupons;
            st.mode = kSet;
            st.lg_arr = kLgInitSet;
            st.coupons.assign(std::size_t(1) << kLgInitSet, 0);
            for (std::uint32_t x : list) set_update(st, x);
        }
    }
    return true;
}

void check_coupon(std::uint32_t c, const std::string& where) {
    if (c == 0) throw image_corrupt(where + " is 0 (an empty slot where a coupon belongs)");
    if (coupon_value(c) < 1 || coupon_value(c) > 63)
        throw image_corrupt(where + " has the value " + std::to_string(coupon_value(c)) + ", outside 1..63");
}

std::size_t hll_array_bytes(std::uint8_t tgt, int lgk) {
    std::size_t k = std::size_t(1) << lgk;
    return tgt == 0 ? k / 2 : tgt == 1 ? (k * 3) / 4 + 1 : k;
}

unsigned get6(const std::uint8_t* a, std::size_t slot) {
    std::size_t bit = slot * 6, byte = bit >> 3;
    unsigned two = static_cast<unsigned>(a[byte]) | (static_cast<unsigned>(a[byte + 1]) << 8);
    return (two >> (bit & 7)) & 0x3fu;
}

void put6(std::uint8_t* a, std::size_t slot, unsigned v) {
    std::size_t bit = slot * 6, byte = bit >> 3;
    unsigned two = static_cast<unsigned>(a[byte]) | (static_cast<unsigned>(a[byte + 1]) << 8);
    two = (two & ~(0x3fu << (bit & 7))) | (v << (bit & 7));
    a[byte] = static_cast<std::uint8_t>(two);
    a[byte + 1] = static_cast<std::uint8_t>(two >> 8);
}

// HllUtil::computeLgArrInts for SET and HLL (an aux table).
int lg_arr_for(std::size_t count, int floor_lg) {
    std::size_t pow2 = 1;
    while (pow2 < count) pow2 <<= 1;
    if (4 * count > 3 * pow2) pow2 <<= 1;
    int lg = 0;
    while ((std::size_t(1) << lg) < pow2) lg++;
    return std::max(floor_lg, lg);
}


std::uint8_t mode_byte(const State& st) {
    return static_cast<std::uint8_t>((st.tgt << 2) | (st.mode == kList ? 0 : st.mode == kSet ? 1 : 2));
}

Buffer import_hll(const std::uint8_t* d, std::size_t size, State& st, bool compact, bool is_empty, Allocator& alloc) {
    std::size_t k = std::size_t(1) << st.lgk, arr = hll_array_bytes(st.tgt, st.lgk);
    if (size < kHllStart + arr)
        throw image_corrupt("it is " + std::to_string(size) + " bytes long, an HLL image of lgK " +
                            std::to_string(st.lgk) + " needs " + std::to_string(kHllStart + arr) + " or more");
    if (d[0] != kHllPreInts) throw image_corrupt("preamble ints " + std::to_string(d[0]) + " is not 10 for HLL mode");
    double hip = load_double(d + kHipOff), kxq0 = load_double(d + kKxq0Off), kxq1 = load_double(d + kKxq1Off);
    if (!std::isfinite(hip) || hip < 0) throw image_corrupt("HIP accumulator is not a finite non-negative number");
    if (!std::isfinite(kxq0) || kxq0 < 0 || kxq0 > static_cast<double>(k))
        throw image_corrupt("kxq0 is not a finite number in 0..k");
    if (!std::isfinite(kxq1) || kxq1 < 0 || kxq1 > static_cast<double>(k))
        throw image_corrupt("kxq1 is not a finite number in 0..k");
    if (!(kxq0 + kxq1 > 0)) throw image_corrupt("kxq0 and kxq1 are both 0 (every register counts in one of them)");
    unsigned cur_min = d[6];
    std::uint32_t at_cur_min = load_le32(d + kCurMinCountOff), aux_count = load_le32(d + kAuxCountOff);
    if (st.tgt != 0 && cur_min != 0) throw image_corrupt("cur_min is " + std::to_string(cur_min) + ", not 0 for HLL_6/HLL_8");
    if (st.tgt != 0 && aux_count != 0) throw image_corrupt("aux count is " + std::to_string(aux_count) + ", not 0 for HLL_6/HLL_8");
    if (cur_min > 63) throw image_corrupt("cur_min " + std::to_string(cur_min) + " is above 63");
    const std::uint8_t* a = d + kHllStart;
    st.regs.assign(k, 0);
    std::size_t tokens = 0;
    for (std::size_t i = 0; i < k; i++) {
        unsigned v = st.tgt == 2 ? a[i] : st.tgt == 1 ? get6(a, i) : ((i & 1) ? a[i >> 1] >> 4 : a[i >> 1] & 0x0fu);
        if (st.tgt == 0) {
            if (v == kAuxToken) {
                tokens++;
                v = 0xff;  // filled from the aux table below
            } else {
                v += cur_min;
                if (v > 63) throw image_corrupt("register " + std::to_string(i) + " is " + std::to_string(v) + ", above 63");
            }
        } else if (v > 63) {
            throw image_corrupt("register " + std::to_string(i) + " is " + std::to_string(v) + ", above 63");
        }
        st.regs[i] = static_cast<std::uint8_t>(v);
    }
    if (st.tgt == 2 && arr != k) throw image_corrupt("register array length");
    if (st.tgt == 1) {  // the packing's spare bits past the last register
        std::vector<std::uint8_t> clean(arr, 0);
        for (std::size_t i = 0; i < k; i++) put6(clean.data(), i, st.regs[i]);
        if (std::memcmp(clean.data(), a, arr) != 0) throw image_corrupt("HLL_6 padding bits after the last register are not 0");
    }
    if (aux_count != tokens)
        throw image_corrupt("aux count " + std::to_string(aux_count) + " is not the " + std::to_string(tokens) +
                            " registers marked as exceptions");
    std::size_t aux_slots = 0;
    // An updatable HLL_4 image always has room for its exceptions: the table of
    // lgArr (byte 4), or of the initial size when it has none (byte 4 is 0).
    if (st.tgt == 0 && !compact && (tokens > 0 || d[4] != 0) && (d[4] < kLgAuxArrInts[st.lgk] || d[4] > st.lgk))
        throw image_corrupt("aux table size lgArr " + std::to_string(d[4]) + " is outside " +
                            std::to_string(kLgAuxArrInts[st.lgk]) + ".." + std::to_string(st.lgk));
    if (st.tgt == 0)
        aux_slots = compact ? aux_count : std::size_t(1) << (d[4] != 0 ? d[4] : kLgAuxArrInts[st.lgk]);
    if (size != kHllStart + arr + 4 * aux_slots)
        throw image_corrupt("it is " + std::to_string(size) + " bytes long, not " + std::to_string(kHllStart + arr + 4 * aux_slots));
    const std::uint8_t* aux = a + arr;
    std::size_t seen = 0;
    for (std::size_t j = 0; j < aux_slots; j++) {
        std::uint32_t pair = load_le32(aux + 4 * j);
        if (pair == 0 && !compact) continue;
        std::string where = "aux entry " + std::to_string(j);
        check_coupon(pair, where);
        std::uint32_t slot = pair & kKeyMask26;
        unsigned v = coupon_value(pair);
        if (slot >= k) throw image_corrupt(where + " names register " + std::to_string(slot) + ", past k");
        if (st.regs[slot] != 0xff) throw image_corrupt(where + " is for register " + std::to_string(slot) + ", which is not an exception (or has two)");
        if (v < cur_min + kAuxToken) throw image_corrupt(where + " holds " + std::to_string(v) + ", below cur_min + 15");
        st.regs[slot] = static_cast<std::uint8_t>(v);
        seen++;
    }
    if (seen != tokens) throw image_corrupt("aux table holds " + std::to_string(seen) + " entries, not the aux count " + std::to_string(aux_count));
    std::size_t at_min = 0;
    unsigned lowest = 63;
    for (std::uint8_t r : st.regs) {
        at_min += r == cur_min;
        lowest = std::min<unsigned>(lowest, r);
    }
    // HLL_6 and HLL_8 keep cur_min at 0 and count the zero registers.
    if (st.tgt == 0 && lowest != cur_min) throw image_corrupt("cur_min " + std::to_string(cur_min) + " is not the smallest register, " + std::to_string(lowest));
    if (at_cur_min != at_min)
        throw image_corrupt("cur_min count " + std::to_string(at_cur_min) + " is not the " + std::to_string(at_min) +
                            " registers at cur_min " + std::to_string(cur_min));
    int off = kxq_off(st.regs.data(), k, kxq0, kxq1);
    if (off != 0)
        throw image_corrupt(std::string(off == 1 ? "kxq0" : "kxq1") + " is not the registers' sum of 2^-value " +
                            (off == 1 ? "below 32" : "from 32") + " (within 0.1%)");
    // A sketch made full size starts in HLL mode: empty while every register is 0.
    if (is_empty != (cur_min == 0 && at_min == k))
        throw image_corrupt(std::string("the empty flag is ") + (is_empty ? "set" : "not set") + " with " +
                            std::to_string(k - (cur_min == 0 ? at_min : 0)) + " non-zero registers");
    if (st.tgt == 0) {
        // The exception table as datasketches-cpp reads it: a compact image's entries
        // go in image order into a table sized for their count, an updatable image's
        // (in slot order) into a table of its lgArr; none, no table.
        st.cur_min = cur_min;
        st.at_cur_min = at_cur_min;
        if (aux_count > 0) {
            st.lg_arr = compact ? lg_arr_for(aux_count, kLgAuxArrInts[st.lgk]) : d[4];
            st.aux.assign(std::size_t(1) << st.lg_arr, 0);
            for (std::size_t j = 0; j < aux_slots; j++) {
                std::uint32_t pair = load_le32(aux + 4 * j);
                if (pair != 0) aux_add(st, pair & kKeyMask26, coupon_value(pair));
            }
        }
    }
    // datasketches-cpp drops the HIP accumulator of an out-of-order sketch when it reads one.
    st.hip = st.ooo() ? 0 : hip;
    st.kxq0 = kxq0;
    st.kxq1 = kxq1;
    return store(st, alloc);
}

}  // namespace

std::uint32_t coupon(const void* data, std::size_t size, std::uint64_t seed) {
    Hash128 h = murmur3_x64_128(data, size, static_cast<std::uint32_t>(seed));
    unsigned lz = h.h2 == 0 ? 64 : static_cast<unsigned>(__builtin_clzll(h.h2));
    return (static_cast<std::uint32_t>(std::min(lz, 62u) + 1) << 26) | static_cast<std::uint32_t>(h.h1 & kKeyMask26);
}

std::uint64_t check_seed(std::int64_t seed) {
    if (seed < 0 || seed > 0xffffffffLL)
        throw Error(ErrorKind::kInvalidParameter, "DataSketches seeds here are 0 to 4294967295, not " + std::to_string(seed),
                    "DataSketches HLL sketches hash with seed 9001 unless their producer was changed.");
    return static_cast<std::uint64_t>(seed);
}

Buffer empty(int lgk, Allocator& alloc) {
    if (lgk < kMinLgK || lgk > kMaxLgK)
        throw Error(ErrorKind::kInvalidParameter, "DataSketches HLL sketches have lgK 4 to 21, not " + std::to_string(lgk));
    State st;
    st.lgk = lgk;
    st.tgt = 2;  // hll_sketch's default is HLL_4; HLL_8 is what Spark's and this default write fastest
    return store(st, alloc);
}

Sketch parse(const std::uint8_t* data, std::size_t size, bool full) {
    std::uint8_t mode = data[kOffRepr];
    int lgk = data[kOffLgK];
    if (mode != kList && mode != kSet && mode != kHll)
        throw stored_corrupt("unknown representation " + std::to_string(mode) + " for a datasketches value");
    if (lgk < kMinLgK || lgk > kMaxLgK) throw stored_corrupt("lgK " + std::to_string(lgk) + " is outside 4..21");
    if (data[kOffTgt] > 2) throw stored_corrupt("DataSketches target type " + std::to_string(data[kOffTgt]) + " is not 0, 1 or 2");
    if (data[kOffFlags] & ~(kFlagOoo | kFlagFullSize)) throw stored_corrupt("unknown DataSketches flag bits");
    std::uint64_t seed = load_le64(data + kOffSeed);
    if (seed > 0xffffffffu) throw stored_corrupt("DataSketches seed " + std::to_string(seed) + " is above 2^32 - 1");
    Header h{mode, static_cast<std::uint8_t>(lgk), kDataSketches, seed, kind::kNone, data[kOffTgt], data[kOffFlags]};
    Sketch s{h, data + kHeaderSize, size - kHeaderSize};
    std::size_t need;
    if (mode == kList) {
        if (s.payload_size % 4 != 0 || s.payload_size / 4 >= 8)
            throw stored_corrupt("a DataSketches LIST holds 0 to 7 four-byte coupons, not " + std::to_string(s.payload_size) + " bytes");
        need = s.payload_size;
    } else if (mode == kSet) {
        int lg = data[kOffLgArr];
        if (lg < kLgInitSet || lg > lgk - 3) throw stored_corrupt("DataSketches SET table lgArr " + std::to_string(lg) + " is out of range");
        need = 4 * (std::size_t(1) << lg);
    } else {
        need = kHllStateHead + (std::size_t(1) << lgk);
        if (data[kOffTgt] == 0) {
            int lg = data[kOffLgArr];
            if (lg != 0 && (lg < kLgAuxArrInts[lgk] || lg > lgk))
                throw stored_corrupt("DataSketches exception table lgArr " + std::to_string(lg) + " is out of range");
            need += kHll4Extra + (lg == 0 ? 0 : 4 * (std::size_t(1) << lg));
        } else if (data[kOffLgArr] != 0) {
            throw stored_corrupt("byte 7 of a DataSketches HLL_6/HLL_8 value is not 0");
        }
    }
    if (s.payload_size != need)
        throw stored_corrupt("datasketches payload is " + std::to_string(s.payload_size) + " bytes, not " + std::to_string(need));
    if (!full) return s;
    if (mode == kHll) {
        double hip = load_double(s.payload), kxq0 = load_double(s.payload + 8), kxq1 = load_double(s.payload + 16);
        if (!std::isfinite(hip) || hip < 0 || !std::isfinite(kxq0) || kxq0 < 0 || !std::isfinite(kxq1) || kxq1 < 0 ||
            !(kxq0 + kxq1 > 0))
            throw stored_corrupt("DataSketches HIP accumulator or kxq sums are not finite and positive");
        std::size_t k = std::size_t(1) << lgk;
        // The registers only: HLL_4's cur_min count and exception table follow them.
        for (std::size_t i = kHllStateHead; i < kHllStateHead + k; i++)
            if (s.payload[i] > 63) throw stored_corrupt("DataSketches register above 63");
        if (kxq_off(s.payload + kHllStateHead, k, kxq0, kxq1) != 0)
            throw stored_corrupt("DataSketches kxq sums are not the registers' sums of 2^-value");
        if (data[kOffTgt] == 0) {
            State st = load(s);
            std::uint32_t lowest = 63, at = 0;
            std::size_t exceptions = 0, entries = 0;
            for (std::uint8_t r : st.regs) lowest = std::min<std::uint32_t>(lowest, r);
            for (std::uint8_t r : st.regs) at += r == st.cur_min, exceptions += r - st.cur_min >= kAuxToken;
            if (lowest != st.cur_min || at != st.at_cur_min)
                throw stored_corrupt("DataSketches HLL_4 cur_min or its count is not the registers'");
            for (std::size_t i = 0; i < st.aux.size(); i++) {
                std::uint32_t e = st.aux[i];
                if (e == 0) continue;
                entries++;
                std::uint32_t slot = e & kKeyMask26;
                if (slot >= k || st.regs[slot] != coupon_value(e) || coupon_value(e) - st.cur_min < kAuxToken ||
                    aux_find(st.aux, st.lg_arr, lgk, slot) != static_cast<long>(i))
                    throw stored_corrupt("DataSketches exception " + std::to_string(i) + " is not its register's or out of place");
            }
            if (entries != exceptions || (st.aux.empty() != (exceptions == 0)) || 4 * entries > 3 * st.aux.size())
                throw stored_corrupt("DataSketches exception table does not hold the exceptions");
        }
        return s;
    }
    State st = load(s);
    std::size_t filled = 0;
    for (std::size_t i = 0; i < st.coupons.size(); i++) {
        std::uint32_t c = st.coupons[i];
        if ((c != 0 || mode == kList) && (coupon_value(c) < 1 || coupon_value(c) > 63))
            throw stored_corrupt("DataSketches coupon " + std::to_string(i) + " is invalid");
        if (c == 0) continue;
        filled++;
        // Every coupon where its probe finds it, once: the table stays a table.
        bool found = mode == kSet ? find(st.coupons, st.lg_arr, c) == static_cast<long>(i)
                                  : std::find(st.coupons.begin(), st.coupons.end(), c) == st.coupons.begin() + static_cast<long>(i);
        if (!found) throw stored_corrupt("DataSketches coupon " + std::to_string(i) + " repeats or is out of place");
    }
    if (mode == kSet && (filled < 8 || 4 * filled > 3 * st.coupons.size()))
        throw stored_corrupt("DataSketches SET holds " + std::to_string(filled) + " coupons in " +
                             std::to_string(st.coupons.size()) + " slots");
    return s;
}

Buffer import(const std::uint8_t* d, std::size_t size, std::uint64_t seed, Allocator& alloc) {
    if (size < 8) throw image_corrupt("it is " + std::to_string(size) + " bytes long, shorter than the 8-byte preamble");
    if (d[1] != kSerVer) throw image_corrupt("serialization version " + std::to_string(d[1]) + " is not 1");
    if (d[2] != kFamily)
        throw image_corrupt("family id " + std::to_string(d[2]) + " is not 7 (HLL)",
                            "CPC, theta and other DataSketches families are different sketches.");
    State st;
    st.seed = seed;
    st.lgk = d[3];
    if (st.lgk < kMinLgK || st.lgk > kMaxLgK) throw image_corrupt("lgK " + std::to_string(st.lgk) + " is outside 4..21");
    std::uint8_t flags = d[5];
    if (flags & 1) throw image_corrupt("flags byte has the big-endian bit set", "Only little-endian images exist in practice.");
    if (flags & 0xc0) throw image_corrupt("flags byte " + std::to_string(flags) + " has unknown bits 6-7 set");
    bool compact = (flags & kImgCompact) != 0, is_empty = (flags & kImgEmpty) != 0;
    (void) kImgReadOnly;  // datasketches-java's read-only bit says nothing about the contents
    std::uint8_t mb = d[7];
    if (mb & 0xf0) throw image_corrupt("mode byte " + std::to_string(mb) + " has unknown bits 4-7 set");
    unsigned cur = mb & 3u;
    st.tgt = static_cast<std::uint8_t>((mb >> 2) & 3u);
    if (cur == 3) throw image_corrupt("current mode 3 is unknown (0 LIST, 1 SET, 2 HLL)");
    if (st.tgt == 3) throw image_corrupt("target type 3 is unknown (0 HLL_4, 1 HLL_6, 2 HLL_8)");
    st.flags = static_cast<std::uint8_t>(((flags & kImgOoo) ? kFlagOoo : 0) | ((flags & kImgFullSize) ? kFlagFullSize : 0));
    if (cur == 2) {
        st.mode = kHll;
        return import_hll(d, size, st, compact, is_empty, alloc);
    }
    if (cur == 0) {
        if (d[0] != kListPreInts) throw image_corrupt("preamble ints " + std::to_string(d[0]) + " is not 2 for LIST mode");
        std::size_t n = d[6];
        if (is_empty && n != 0) throw image_corrupt("the empty flag is set with a list count of " + std::to_string(n));
        if (!is_empty && n == 0) throw image_corrupt("list count is 0 without the empty flag");
        if (n >= 8) throw image_corrupt("list count " + std::to_string(n) + " is above 7 (a LIST of 8 turns into a SET or HLL)");
        std::size_t slots = compact ? n : 8;
        if (is_empty && size == 8) slots = 0;  // datasketches-cpp writes an empty sketch as its 8-byte preamble
        if (d[4] != kLgInitList) throw image_corrupt("LIST array size lgArr " + std::to_string(d[4]) + " is not 3");
        if (size != 8 + 4 * slots)
            throw image_corrupt("it is " + std::to_string(size) + " bytes long, a " + (compact ? "compact" : "updatable") +
                                " LIST of " + std::to_string(n) + " coupons is " + std::to_string(8 + 4 * slots));
        st.mode = kList;
        for (std::size_t i = 0; i < slots; i++) {
            std::uint32_t c = load_le32(d + 8 + 4 * i);
            if (i >= n) {
                if (c != 0) throw image_corrupt("LIST slot " + std::to_string(i) + " past the count is not empty");
                continue;
            }
            check_coupon(c, "LIST coupon " + std::to_string(i));
            for (std::uint32_t x : st.coupons)
                if (x == c) throw image_corrupt("LIST coupon " + std::to_string(i) + " repeats an earlier one");
            st.coupons.push_back(c);
        }
        return store(st, alloc);
    }
    if (d[0] != kSetPreInts) throw image_corrupt("preamble ints " + std::to_string(d[0]) + " is not 3 for SET mode");
    if (is_empty) throw image_corrupt("a SET-mode image has the empty flag set");
    if (st.lgk < 8) throw image_corrupt("SET mode at lgK " + std::to_string(st.lgk) + " (below 8 a LIST turns into HLL)");
    if (size < 12) throw image_corrupt("it is " + std::to_string(size) + " bytes long, shorter than a SET preamble (12)");
    if (d[6] != 0) throw image_corrupt("byte 6 of a SET image is " + std::to_string(d[6]) + ", not 0");
    std::size_t n = load_le32(d + 8);
    int max_lg = st.lgk - 3;
    if (n < 8 || 4 * n > 3 * (std::size_t(1) << max_lg))
        throw image_corrupt("coupon count " + std::to_string(n) + " is outside 8.." + std::to_string(3 * (std::size_t(1) << max_lg) / 4) +
                            " for a SET at lgK " + std::to_string(st.lgk));
    st.mode = kSet;
    if (compact) {
        if (size != 12 + 4 * n)
            throw image_corrupt("it is " + std::to_string(size) + " bytes long, a compact SET of " + std::to_string(n) +
                                " coupons is " + std::to_string(12 + 4 * n));
        // As datasketches-cpp reads it: a table of 2^5 slots, each coupon inserted in image order.
        st.lg_arr = kLgInitSet;
        st.coupons.assign(std::size_t(1) << kLgInitSet, 0);
        for (std::size_t i = 0; i < n; i++) {
            std::uint32_t c = load_le32(d + 12 + 4 * i);
            check_coupon(c, "SET coupon " + std::to_string(i));
            if (!set_update(st, c)) throw image_corrupt("SET coupon " + std::to_string(i) + " repeats an earlier one");
        }
        return store(st, alloc);
    }
    int lg = d[4];
    if (lg < kLgInitSet || lg > max_lg)
        throw image_corrupt("SET table size lgArr " + std::to_string(lg) + " is outside 5.." + std::to_string(max_lg));
    if (4 * n > 3 * (std::size_t(1) << lg))
        throw image_corrupt("coupon count " + std::to_string(n) + " overfills a table of 2^" + std::to_string(lg));
    if (size != 12 + 4 * (std::size_t(1) << lg))
        throw image_corrupt("it is " + std::to_string(size) + " bytes long, an updatable SET of lgArr " + std::to_string(lg) +
                            " is " + std::to_string(12 + 4 * (std::size_t(1) << lg)));
    st.lg_arr = lg;
    st.coupons.assign(std::size_t(1) << lg, 0);
    for (std::size_t i = 0; i < st.coupons.size(); i++) st.coupons[i] = load_le32(d + 12 + 4 * i);
    std::size_t filled = 0;
    for (std::size_t i = 0; i < st.coupons.size(); i++) {
        std::uint32_t c = st.coupons[i];
        if (c == 0) continue;
        check_coupon(c, "SET slot " + std::to_string(i));
        if (find(st.coupons, lg, c) != static_cast<long>(i))
            throw image_corrupt("SET slot " + std::to_string(i) + " holds a coupon its probe does not reach (or a repeat)");
        filled++;
    }
    if (filled != n) throw image_corrupt("coupon count " + std::to_string(n) + " is not the " + std::to_string(filled) + " filled slots");
    return store(st, alloc);
}

Buffer export_image(const Sketch& s, Allocator& alloc) {
    State st = load(s);
    std::vector<std::uint8_t> img(8, 0);
    auto put32 = [&](std::uint32_t v) {
        std::size_t at = img.size();
        img.resize(at + 4);
        store_le32(img.data() + at, v);
    };
    std::size_t n = st.count();
    bool is_empty = st.mode == kList && n == 0;
    if (st.mode == kHll) {
        is_empty = true;
        for (std::uint8_t r : st.regs) is_empty = is_empty && r == 0;
    }
    img[1] = kSerVer;
    img[2] = kFamily;
    img[3] = static_cast<std::uint8_t>(st.lgk);
    img[5] = static_cast<std::uint8_t>((is_empty ? kImgEmpty : 0) | kImgCompact | (st.ooo() ? kImgOoo : 0) |
                                       ((st.flags & kFlagFullSize) ? kImgFullSize : 0));
    img[7] = mode_byte(st);
    if (st.mode == kList) {
        img[0] = kListPreInts;
        img[4] = kLgInitList;
        img[6] = static_cast<std::uint8_t>(n);
        for (std::uint32_t c : st.coupons) put32(c);
    } else if (st.mode == kSet) {
        img[0] = kSetPreInts;
        img[4] = static_cast<std::uint8_t>(st.lg_arr);
        put32(static_cast<std::uint32_t>(n));
        for (std::uint32_t c : st.coupons)
            if (c != 0) put32(c);
    } else {
        std::size_t k = st.regs.size(), arr = hll_array_bytes(st.tgt, st.lgk);
        unsigned cur_min = st.tgt == 0 ? st.cur_min : 0;
        std::size_t at_min = 0;
        if (st.tgt == 0) at_min = st.at_cur_min;
        else for (std::uint8_t r : st.regs) at_min += r == 0;
        std::vector<std::uint32_t> exceptions;
        std::vector<std::uint8_t> a(arr, 0);
        for (std::size_t i = 0; i < k; i++) {
            unsigned r = st.regs[i];
            if (st.tgt == 2) a[i] = static_cast<std::uint8_t>(r);
            else if (st.tgt == 1) put6(a.data(), i, r);
            else {
                unsigned v = r - cur_min;
                if (v >= kAuxToken) {
                    v = kAuxToken;
                    exceptions.push_back((static_cast<std::uint32_t>(r) << 26) | static_cast<std::uint32_t>(i));
                }
                a[i >> 1] = static_cast<std::uint8_t>((i & 1) ? (a[i >> 1] | (v << 4)) : (a[i >> 1] | v));
            }
        }
        img[0] = kHllPreInts;
        img[6] = static_cast<std::uint8_t>(cur_min);
        img.resize(kHllStart, 0);
        store_double(img.data() + kHipOff, st.hip);
        store_double(img.data() + kKxq0Off, st.kxq0);
        store_double(img.data() + kKxq1Off, st.kxq1);
        store_le32(img.data() + kCurMinCountOff, static_cast<std::uint32_t>(at_min));
        store_le32(img.data() + kAuxCountOff, static_cast<std::uint32_t>(exceptions.size()));
        img.insert(img.end(), a.begin(), a.end());
        // The exception table as the sketch holds it, written in slot order.
        if (!st.aux.empty()) {
            img[4] = static_cast<std::uint8_t>(st.lg_arr);
            for (std::uint32_t e : st.aux)
                if (e != 0) put32(e);
        }
    }
    std::uint8_t* out = allocate_or_throw(alloc, img.size());
    std::memcpy(out, img.data(), img.size());
    return {out, img.size()};
}

Buffer add_coupon(std::uint8_t* data, std::size_t size, const Sketch& s, std::uint32_t c, bool in_place,
                  Allocator& alloc) {
    if (s.header.repr == kHll) {
        std::uint8_t* base = const_cast<std::uint8_t*>(s.payload);
        std::size_t slot = (c & kKeyMask26) & ((std::uint32_t(1) << s.header.precision) - 1);
        if (coupon_value(c) <= base[kHllStateHead + slot]) return {data, size};
        std::size_t k = std::size_t(1) << s.header.precision;
        unsigned old = base[kHllStateHead + slot], v = coupon_value(c);
        std::uint32_t cur_min = 0, at_min = 0;
        if (s.header.family_byte5 == 0) {
            cur_min = load_le32(base + kHllStateHead + k);
            at_min = load_le32(base + kHllStateHead + k + 4);
            // An exception to add or change, or cur_min to move: the table may grow.
            if (old - cur_min >= kAuxToken || v - cur_min >= kAuxToken || (old == cur_min && at_min == 1)) {
                State st = load(s);
                update(st, c);
                return store(st, alloc);
            }
        }
        std::uint8_t* out = in_place ? data : copy(alloc, data, size).data;
        std::uint8_t* p = out + kHeaderSize;
        if (s.header.family_byte5 == 0 && old == cur_min) store_le32(p + kHllStateHead + k + 4, at_min - 1);
        double hip = load_double(p), kxq0 = load_double(p + 8), kxq1 = load_double(p + 16);
        hll_update(p + kHllStateHead, s.header.precision, (s.header.family_byte6 & kFlagOoo) != 0, hip, kxq0, kxq1, c);
        store_double(p, hip);
        store_double(p + 8, kxq0);
        store_double(p + 16, kxq1);
        return {out, size};
    }
    State st = load(s);
    if (!update(st, c)) return {data, size};
    return store(st, alloc);
}

Buffer union_of(std::uint8_t* left, std::size_t left_size, const Sketch& a, const Sketch& b, Allocator& alloc) {
    State sa = load(a), sb = load(b);
    bool changed = false;
    if (sb.mode != kHll) {
        for (std::uint32_t c : sb.coupons)
            if (c != 0) changed |= update(sa, c);
    } else {
        if (sa.mode != kHll) {
            promote_to_hll(sa);
            changed = true;
        }
        for (std::size_t i = 0; i < sa.regs.size(); i++)
            if (sb.regs[i] > sa.regs[i]) {
                sa.regs[i] = sb.regs[i];
                changed = true;
            }
        if (changed) {
            // Registers from another sketch: HIP no longer holds (DataSketches' union
            // marks its result out of order the same way); the kxq sums are recomputed.
            // A union that raises no register leaves the sketch as it is (so a union
            // with itself, or with a sketch it contains, is the sketch).
            sa.flags |= kFlagOoo;
            sa.hip = 0;
            sa.kxq0 = sa.kxq1 = 0;
            for (std::uint8_t r : sa.regs) (r < 32 ? sa.kxq0 : sa.kxq1) += inverse_pow2(r);
            hll4_rebuild(sa);
        }
    }
    if (!changed) return {left, left_size};
    return store(sa, alloc);
}

double estimate(const Sketch& s) {
    State st = load(s);
    if (st.mode != kHll) return static_cast<double>(st.count());
    if (!st.ooo()) return st.hip;
    // Values are the leading zeros of a 64-bit word plus 1, at most 63: Ertl's q = 62.
    std::uint64_t hist[66] = {};
    for (std::uint8_t r : st.regs) hist[r]++;
    return ertl_estimate(hist, 62, static_cast<double>(st.regs.size()), 62);
}

std::vector<std::uint8_t> registers(const Sketch& s) {
    State st = load(s);
    if (st.mode == kHll) return st.regs;
    std::vector<std::uint8_t> regs(std::size_t(1) << st.lgk, 0);
    double hip = 0, kxq0 = 1, kxq1 = 0;
    for (std::uint32_t c : st.coupons)
        if (c != 0) hll_update(regs.data(), st.lgk, true, hip, kxq0, kxq1, c);
    return regs;
}

}  // namespace probabilistic::hll::family::ds

// The DataSketches side of imports_datasketches.sh: datasketches-cpp (vendored,
// header-only) builds, reads and writes HLL images. Lines in and out are
// tab-separated, images in hex.
//   gen                  writes "name lgK type n hex estimate reserialized-hex" for a grid of
//                        sketches (every mode, type, compact and updatable, a union)
//   read                 reads hex images, writes "estimate hll8-hex" (the image read,
//                        turned into HLL_8: its registers, or its coupons, a SET's sorted)
//   stream lgK type      reads "L <int64>", "D <double>", "S <string>" lines, writes the
//                        compact image and estimate of a sketch updated with them
//   union lgK type       reads hex images, writes the compact image (of that type) and
//                        estimate of hll_union(lgK) over them
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "hll.hpp"

using datasketches::hll_sketch;
using datasketches::hll_union;
using datasketches::target_hll_type;

static std::string hex(const std::vector<uint8_t>& b) {
    static const char* d = "0123456789abcdef";
    std::string s;
    for (uint8_t c : b) s += d[c >> 4], s += d[c & 15];
    return s;
}
static std::vector<uint8_t> unhex(const std::string& s) {
    std::vector<uint8_t> b;
    for (size_t i = 0; i + 1 < s.size(); i += 2) b.push_back(static_cast<uint8_t>(std::stoi(s.substr(i, 2), nullptr, 16)));
    return b;
}
static target_hll_type type_of(int t) {
    return t == 4 ? datasketches::HLL_4 : t == 6 ? datasketches::HLL_6 : datasketches::HLL_8;
}
static void emit(const std::string& name, int lgk, int t, long n, const std::vector<uint8_t>& img) {
    auto back = hll_sketch::deserialize(img.data(), img.size());
    std::printf("%s\t%d\t%d\t%ld\t%s\t%.17g\t%s\n", name.c_str(), lgk, t, n, hex(img).c_str(), back.get_estimate(),
                hex(back.serialize_compact()).c_str());
}

int main(int argc, char** argv) {
    std::string mode = argc > 1 ? argv[1] : "";
    if (mode == "gen") {
        const int lgks[] = {4, 5, 7, 8, 10, 12, 16, 21};
        const long sizes[] = {0, 1, 5, 7, 8, 30, 200, 3000, 100000};
        const int types[] = {4, 6, 8};
        long v = 1;
        for (int lgk : lgks)
            for (int t : types)
                for (long n : sizes) {
                    if (lgk == 21 && n > 3000) continue;
                    hll_sketch s(lgk, type_of(t));
                    for (long i = 0; i < n; i++) s.update(static_cast<int64_t>(v++ * 2654435761LL));
                    emit("compact", lgk, t, n, s.serialize_compact());
                    emit("updatable", lgk, t, n, s.serialize_updatable());
                }
        // HLL_4 with many exceptions (registers 15 or more above cur_min), and
        // unions of them, whose exception tables are rebuilt.
        for (int lgk : {12, 16, 21}) {
            hll_sketch s(lgk, datasketches::HLL_4), o(lgk, datasketches::HLL_4);
            for (long i = 0; i < 1000000; i++) s.update(static_cast<int64_t>(v++));
            for (long i = 0; i < 300000; i++) o.update(static_cast<int64_t>(v++));
            emit("compact", lgk, 4, 2000000, s.serialize_compact());
            emit("updatable", lgk, 4, 2000000, s.serialize_updatable());
            hll_union u(lgk);
            u.update(s);
            u.update(o);
            emit("union", lgk, 4, 1300000, u.get_result(datasketches::HLL_4).serialize_compact());
        }
        // Made full size: HLL mode from the start, empty until a value comes.
        for (int t : types)
            for (long n : {0L, 5L}) {
                hll_sketch s(10, type_of(t), true);
                for (long i = 0; i < n; i++) s.update(static_cast<int64_t>(i));
                emit("compact", 10, t, n + 1000000, s.serialize_compact());
                emit("updatable", 10, t, n + 1000000, s.serialize_updatable());
            }
        // Out of order: a union of two HLL-mode sketches, and a union's sketch of a small one.
        for (int t : types)
            for (int lgk : {8, 12}) {
                hll_sketch a(lgk, type_of(t)), b(lgk, type_of(t));
                for (long i = 0; i < 20000; i++) a.update(i), b.update(i + 15000);
                hll_union u(lgk);
                u.update(a);
                u.update(b);
                emit("union", lgk, t, 35000, u.get_result(type_of(t)).serialize_compact());
                emit("union-updatable", lgk, t, 35000, u.get_result(type_of(t)).serialize_updatable());
            }
        return 0;
    }
    if (mode == "read") {
        std::string line;
        while (std::getline(std::cin, line)) {
            std::vector<uint8_t> b = unhex(line);
            auto s = hll_sketch::deserialize(b.data(), b.size());
            hll_sketch s8(s, datasketches::HLL_8);
            std::vector<uint8_t> img = s8.serialize_compact();
            // A SET's coupons in table order depend on the order they were inserted
            // in: sorted here, so that equal sets compare equal.
            if ((img[7] & 3) == 1) {
                std::vector<uint32_t> c((img.size() - 12) / 4);
                std::memcpy(c.data(), img.data() + 12, 4 * c.size());
                std::sort(c.begin(), c.end());
                std::memcpy(img.data() + 12, c.data(), 4 * c.size());
            }
            std::printf("%.17g\t%s\n", s.get_estimate(), hex(img).c_str());
        }
        return 0;
    }
    if (mode == "union" && argc == 4) {
        hll_union u(static_cast<uint8_t>(std::stoi(argv[2])));
        std::string line;
        while (std::getline(std::cin, line)) {
            std::vector<uint8_t> b = unhex(line);
            u.update(hll_sketch::deserialize(b.data(), b.size()));
        }
        hll_sketch r = u.get_result(type_of(std::stoi(argv[3])));
        std::printf("%s\t%.17g\n", hex(r.serialize_compact()).c_str(), r.get_estimate());
        return 0;
    }
    if (mode == "stream" && argc == 4) {
        hll_sketch s(std::stoi(argv[2]), type_of(std::stoi(argv[3])));
        std::string line;
        while (std::getline(std::cin, line)) {
            if (line.size() < 2) continue;
            std::string arg = line.substr(2);
            if (line[0] == 'L') s.update(static_cast<int64_t>(std::stoll(arg)));
            else if (line[0] == 'D') s.update(std::stod(arg));
            else s.update(arg);
        }
        std::printf("%s\t%.17g\n", hex(s.serialize_compact()).c_str(), s.get_estimate());
        return 0;
    }
    std::fprintf(stderr, "usage: gen | read | stream lgK type\n");
    return 2;
}

// The core's shared helpers (core.hpp).
#include "core.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace probabilistic {

std::string hex_byte(unsigned v) {
    static const char digits[] = "0123456789abcdef";
    std::string s = "0x";
    s += digits[(v >> 4) & 15];
    s += digits[v & 15];
    return s;
}

std::string number_text(double v) {
    char text[32];
    // A whole number of up to 2^53 in full ("535822400 bytes", not "5.358224e+08 bytes").
    if (std::fabs(v) <= 9007199254740992.0 && std::trunc(v) == v) {
        std::snprintf(text, sizeof text, "%.0f", v);
        return text;
    }
    for (int precision = 1; precision <= 17; precision++) {
        std::snprintf(text, sizeof text, "%.*g", precision, v);
        if (std::strtod(text, nullptr) == v) break;
    }
    return text;
}

Error too_large(const std::string& what, double bytes) {
    return Error(ErrorKind::kTooLarge, what + " would not fit in one value",
                 "It would take " + number_text(bytes) + " bytes; a value holds at most " +
                     std::to_string(kMaxCreatedValueBytes) + " bytes.",
                 Reason::kValueLimit, number_text(bytes), std::to_string(kMaxCreatedValueBytes));
}

Error parameters_changed(const std::string& what, const std::string& first, const std::string& now) {
    return Error(ErrorKind::kMismatch, what + " parameters changed while building one value",
                 "It was started with " + first + ", then given " + now + ".", Reason::kParametersChanged, first, now);
}

}  // namespace probabilistic

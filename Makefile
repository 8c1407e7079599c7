# PGXS build of the probabilistic extension, plus the C++ core's own tests.
#   make && make install           build and install into the pg_config on PATH
#   make installcheck              pg_regress against a running server (PGHOST/PGPORT)
#   make unittest stattest         C++ core tests, no server needed
#   make unittest-asan             the unit tests under AddressSanitizer and UBSan
#   make fuzz [FUZZ_SECONDS=60]    libFuzzer targets (clang), each run for a bounded time
#   make WERROR=1 ...              warnings are errors (what CI does)
EXTENSION = probabilistic
MODULE_big = probabilistic

PG_SOURCES = $(wildcard src/*.c)
CORE_SOURCES = $(wildcard src/core/*.cpp)
OBJS = $(PG_SOURCES:.c=.o) $(CORE_SOURCES:.cpp=.o)

# Install and upgrade scripts are found on disk, never listed by hand.
DATA = $(wildcard sql/$(EXTENSION)--*.sql)

# Every sql/*.sql that is not an install script is a regression test.
REGRESS = $(sort $(patsubst sql/%.sql,%,$(filter-out sql/$(EXTENSION)--%,$(wildcard sql/*.sql))))
REGRESS_OPTS = --load-extension=$(EXTENSION)

WARNINGS = -Wall -Wextra -Wno-unused-parameter -Wno-sign-compare -Wno-missing-field-initializers
ifeq ($(WERROR),1)
WARNINGS += -Werror
endif
PG_CPPFLAGS = -Isrc
PG_CFLAGS = $(WARNINGS)
# No fused multiply-add: estimates must be bit-identical on every platform (doc/FORMAT.md).
PG_CXXFLAGS = -std=c++17 -ffp-contract=off $(WARNINGS)
SHLIB_LINK = -lxxhash -lstdc++

EXTRA_CLEAN = build results regression.diffs regression.out

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# Debian's PGXS builds LLVM bitcode for JIT inlining; the core is C++17.
override BITCODE_CXXFLAGS += -std=c++17 -ffp-contract=off

# ---- C++ core tests (GoogleTest), no PostgreSQL involved ----
TEST_CXX ?= g++
TEST_CXXFLAGS ?= -std=c++17 -ffp-contract=off -O2 -g -Wall -Wextra -Werror $(SANITIZE)
TEST_LIBS = -lgtest -lgtest_main -lxxhash -pthread
UNIT_SOURCES = $(wildcard test/unit/*.cpp)
STAT_SOURCES = $(wildcard test/stat/*.cpp)

build/unit_tests: $(CORE_SOURCES) $(UNIT_SOURCES) $(wildcard src/core/*.hpp src/core/*.h)
	@mkdir -p build
	$(TEST_CXX) $(TEST_CXXFLAGS) -Isrc/core -o $@ $(CORE_SOURCES) $(UNIT_SOURCES) $(TEST_LIBS)

build/stat_tests: $(CORE_SOURCES) $(STAT_SOURCES) $(wildcard src/core/*.hpp src/core/*.h)
	@mkdir -p build
	$(TEST_CXX) $(TEST_CXXFLAGS) -Isrc/core -o $@ $(CORE_SOURCES) $(STAT_SOURCES) $(TEST_LIBS)

unittest: build/unit_tests
	build/unit_tests

stattest: build/stat_tests
	build/stat_tests

# The unit tests again, built with sanitizers under another name; any finding aborts.
build/unit_tests_asan: SANITIZE = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
build/unit_tests_asan: $(CORE_SOURCES) $(UNIT_SOURCES) $(wildcard src/core/*.hpp src/core/*.h)
	@mkdir -p build
	$(TEST_CXX) $(TEST_CXXFLAGS) -Isrc/core -o $@ $(CORE_SOURCES) $(UNIT_SOURCES) $(TEST_LIBS)

unittest-asan: build/unit_tests_asan
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 build/unit_tests_asan

.PHONY: unittest stattest unittest-asan

# ---- Fuzzing: libFuzzer targets test/fuzz/*_fuzz.cpp over the core (test/fuzz/README.md) ----
# Each runs FUZZ_SECONDS from the seeds make_seeds writes, the inputs of past
# findings in test/fuzz/regressions/<target>, and the corpus kept in
# build/fuzz/corpus; any crash, sanitizer finding, leak or timeout fails, and
# the input is left in build/fuzz/artifacts. Inputs are at most FUZZ_MAX_LEN
# bytes (dense values up to p = 12) for speed; raise it for the larger ones.
FUZZ_MAX_LEN ?= 4096
FUZZ_CXX ?= clang++-14
FUZZ_SECONDS ?= 60
FUZZ_OPTIONS ?=
FUZZ_SANITIZE = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
FUZZ_CXXFLAGS = -std=c++17 -O2 -g -Wall -Wextra -Werror -Isrc/core
FUZZ_TARGETS = $(patsubst test/fuzz/%_fuzz.cpp,%,$(wildcard test/fuzz/*_fuzz.cpp))
FUZZ_DEPS = $(CORE_SOURCES) $(wildcard src/core/*.hpp src/core/*.h test/fuzz/*.hpp)

build/fuzz/%_fuzz: test/fuzz/%_fuzz.cpp $(FUZZ_DEPS)
	@mkdir -p build/fuzz
	$(FUZZ_CXX) $(FUZZ_CXXFLAGS) $(FUZZ_SANITIZE) -fsanitize=fuzzer -o $@ $< $(CORE_SOURCES) -lxxhash

build/fuzz/make_seeds: test/fuzz/make_seeds.cpp $(FUZZ_DEPS)
	@mkdir -p build/fuzz
	$(FUZZ_CXX) $(FUZZ_CXXFLAGS) $(FUZZ_SANITIZE) -o $@ $< $(CORE_SOURCES) -lxxhash

build/fuzz/seeds/.stamp: build/fuzz/make_seeds
	rm -rf build/fuzz/seeds
	build/fuzz/make_seeds build/fuzz/seeds
	@touch $@

fuzz-build: $(FUZZ_TARGETS:%=build/fuzz/%_fuzz) build/fuzz/seeds/.stamp

fuzz: fuzz-build
	@set -e; for t in $(FUZZ_TARGETS); do \
		mkdir -p build/fuzz/corpus/$$t build/fuzz/artifacts; \
		echo "fuzzing $$t for $(FUZZ_SECONDS)s (log: build/fuzz/$$t.log)"; \
		if ! build/fuzz/$${t}_fuzz -max_total_time=$(FUZZ_SECONDS) -timeout=60 -rss_limit_mb=2048 -max_len=$(FUZZ_MAX_LEN) \
				-print_final_stats=1 -artifact_prefix=build/fuzz/artifacts/$$t- $(FUZZ_OPTIONS) \
				build/fuzz/corpus/$$t build/fuzz/seeds/$$t $$(ls -d test/fuzz/regressions/$$t 2>/dev/null) \
				>build/fuzz/$$t.log 2>&1; then \
			tail -n 80 build/fuzz/$$t.log; echo "fuzz target $$t failed (a finding leaves its input in build/fuzz/artifacts/)"; exit 1; \
		fi; \
		grep -E '^stat::number_of_executed_units|^Done ' build/fuzz/$$t.log; \
	done

.PHONY: fuzz fuzz-build

# PGXS tracks no header dependencies; every object depends on every header.
$(OBJS): $(wildcard src/*.h src/core/*.h src/core/*.hpp)

# ---- The C++ core as an installable library (examples/README.md) ----
#   make install-core [PREFIX=/usr/local] [DESTDIR=...]
# installs libprobabilistic-core.a, the C++ headers (#include <probabilistic/bloom.hpp>)
# and probabilistic-core.pc, so an application can read and check values it
# fetched from PostgreSQL. The C face (capi*.h) belongs to the PostgreSQL layer
# and is not installed. PREFIX, not PGXS's prefix: the library is not the server's.
PREFIX ?= /usr/local
CORE_LIBDIR ?= $(PREFIX)/lib
CORE_INCLUDEDIR ?= $(PREFIX)/include
CORE_CXX ?= g++
CORE_CXXFLAGS ?= -O2
CORE_LIB_SOURCES = $(filter-out %capi.cpp,$(CORE_SOURCES))
CORE_LIB_OBJS = $(patsubst src/core/%.cpp,build/core/%.o,$(CORE_LIB_SOURCES))
CORE_PUBLIC_HEADERS = src/core/core.hpp src/core/hash.hpp src/core/bloom.hpp src/core/hll.hpp
CORE_VERSION = $(shell sed -n "s/^default_version = '\(.*\)'/\1/p" $(EXTENSION).control)

build/core/%.o: src/core/%.cpp $(wildcard src/core/*.hpp)
	@mkdir -p build/core
	$(CORE_CXX) -std=c++17 -fPIC -ffp-contract=off $(CORE_CXXFLAGS) $(WARNINGS) -c -o $@ $<

build/core/libprobabilistic-core.a: $(CORE_LIB_OBJS)
	rm -f $@
	ar rcs $@ $^

core-lib: build/core/libprobabilistic-core.a

# The .pc file is written at install time: it records this install's paths.
install-core: build/core/libprobabilistic-core.a
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(CORE_LIBDIR)' 'includedir=$(CORE_INCLUDEDIR)' '' \
		'Name: probabilistic-core' \
		'Description: C++17 core of the probabilistic PostgreSQL extension: hll and bloom formats, canonical hashing' \
		'Version: $(CORE_VERSION)' \
		'Cflags: -I$${includedir}' \
		'Libs: -L$${libdir} -lprobabilistic-core -lxxhash' >build/core/probabilistic-core.pc
	install -d '$(DESTDIR)$(CORE_INCLUDEDIR)/probabilistic' '$(DESTDIR)$(CORE_LIBDIR)/pkgconfig'
	install -m 644 $(CORE_PUBLIC_HEADERS) '$(DESTDIR)$(CORE_INCLUDEDIR)/probabilistic/'
	install -m 644 build/core/libprobabilistic-core.a '$(DESTDIR)$(CORE_LIBDIR)/'
	install -m 644 build/core/probabilistic-core.pc '$(DESTDIR)$(CORE_LIBDIR)/pkgconfig/'

uninstall-core:
	rm -f $(addprefix '$(DESTDIR)$(CORE_INCLUDEDIR)/probabilistic/',$(notdir $(CORE_PUBLIC_HEADERS)))
	rm -f '$(DESTDIR)$(CORE_LIBDIR)/libprobabilistic-core.a' '$(DESTDIR)$(CORE_LIBDIR)/pkgconfig/probabilistic-core.pc'
	-rmdir '$(DESTDIR)$(CORE_INCLUDEDIR)/probabilistic'

.PHONY: core-lib install-core uninstall-core

# ---- PGXN distribution ----
#   make dist [DIST_OUT=...]   probabilistic-<version>.zip of the committed tree (git archive
#                              of HEAD), which builds and installs on its own (test/stages/package.sh)
DIST_OUT ?= $(EXTENSION)-$(CORE_VERSION).zip

dist:
	git archive --format=zip --prefix=$(EXTENSION)-$(CORE_VERSION)/ -o $(DIST_OUT) HEAD

.PHONY: dist

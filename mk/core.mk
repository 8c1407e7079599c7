# The C++ core without PostgreSQL: its tests and its installable library.
#   make unittest stattest     GoogleTest unit and statistical tests
#   make unittest-asan         the unit tests under AddressSanitizer and UBSan
#   make install-core [PREFIX=/usr/local] [DESTDIR=...]
#                              libprobabilistic-core.a, its headers
#                              (#include <probabilistic/bloom.hpp>) and probabilistic-core.pc

CORE_HEADERS = $(wildcard src/core/*.hpp src/core/*.h src/capi/*.h src/capi/*.hpp)

# ---- tests; the unit tests also reach the C face (src/capi) ----
TEST_CXX ?= g++
TEST_CXXFLAGS ?= -std=c++17 -ffp-contract=off -O2 -g -Wall -Wextra -Werror
# -lxxhash: test/unit/xxhash_shared.cpp checks the inline hash against the shared library.
TEST_LIBS = -lgtest -lgtest_main -lxxhash -pthread
SANITIZE = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer

# Objects, one per source and build flavour (plain or sanitized), so that `make -j2` uses
# both cores and the unit and statistical tests share the core's objects.
TEST_OBJ = build/obj/test
ASAN_OBJ = build/obj/asan
TEST_CORE_SOURCES = $(CORE_SOURCES) $(CAPI_SOURCES)
UNIT_SOURCES = $(wildcard test/unit/*.cpp)
STAT_SOURCES = $(wildcard test/stat/*.cpp)

$(TEST_OBJ)/%.o: %.cpp $(CORE_HEADERS) $(wildcard test/unit/*.hpp test/unit/*.h test/stat/*.hpp test/stat/*.h)
	@mkdir -p $(dir $@)
	$(TEST_CXX) $(TEST_CXXFLAGS) -Isrc -Isrc/core -c -o $@ $<

$(ASAN_OBJ)/%.o: %.cpp $(CORE_HEADERS) $(wildcard test/unit/*.hpp test/unit/*.h)
	@mkdir -p $(dir $@)
	$(TEST_CXX) $(TEST_CXXFLAGS) $(SANITIZE) -Isrc -Isrc/core -c -o $@ $<

build/unit_tests: $(patsubst %.cpp,$(TEST_OBJ)/%.o,$(TEST_CORE_SOURCES) $(UNIT_SOURCES))
	$(TEST_CXX) $(TEST_CXXFLAGS) -o $@ $^ $(TEST_LIBS)

build/unit_tests_asan: $(patsubst %.cpp,$(ASAN_OBJ)/%.o,$(TEST_CORE_SOURCES) $(UNIT_SOURCES))
	$(TEST_CXX) $(TEST_CXXFLAGS) $(SANITIZE) -o $@ $^ $(TEST_LIBS)

build/stat_tests: $(patsubst %.cpp,$(TEST_OBJ)/%.o,$(TEST_CORE_SOURCES) $(STAT_SOURCES))
	$(TEST_CXX) $(TEST_CXXFLAGS) -o $@ $^ $(TEST_LIBS)

unittest: build/unit_tests
	build/unit_tests

unittest-asan: build/unit_tests_asan
	ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1 build/unit_tests_asan

# Two shards at once (GoogleTest's GTEST_TOTAL_SHARDS), one per core; their outputs follow
# one another once both have ended, and either failing fails the target.
STAT_SHARDS ?= 2
stattest: build/stat_tests
	@for i in $$(seq 0 $$(($(STAT_SHARDS) - 1))); do \
		(GTEST_TOTAL_SHARDS=$(STAT_SHARDS) GTEST_SHARD_INDEX=$$i build/stat_tests >build/stat_shard$$i.log 2>&1; \
		 echo $$? >build/stat_shard$$i.rc) & \
	done; wait; rc=0; \
	for i in $$(seq 0 $$(($(STAT_SHARDS) - 1))); do \
		echo "== statistical tests, shard $$i of $(STAT_SHARDS)"; cat build/stat_shard$$i.log; \
		[ "$$(cat build/stat_shard$$i.rc)" = 0 ] || rc=1; \
	done; exit $$rc

.PHONY: unittest unittest-asan stattest

# ---- the core as a library for applications (examples/) ----
# PREFIX, not PGXS's prefix: the library is not the server's. The C face
# belongs to the PostgreSQL layer and is not installed.
PREFIX ?= /usr/local
CORE_LIBDIR ?= $(PREFIX)/lib
CORE_INCLUDEDIR ?= $(PREFIX)/include
CORE_CXX ?= g++
CORE_CXXFLAGS ?= -O2
CORE_LIB_OBJS = $(patsubst src/core/%.cpp,build/core/%.o,$(CORE_SOURCES))
CORE_PUBLIC_HEADERS = $(wildcard src/core/*.hpp src/core/*.h)
CORE_VERSION = $(shell sed -n "s/^default_version = '\(.*\)'/\1/p" $(EXTENSION).control)

build/core/%.o: src/core/%.cpp $(CORE_PUBLIC_HEADERS)
	@mkdir -p build/core
	$(CORE_CXX) -std=c++17 -fPIC -ffp-contract=off $(CORE_CXXFLAGS) $(WARNINGS) -c -o $@ $<

build/core/libprobabilistic-core.a: $(CORE_LIB_OBJS)
	rm -f $@
	ar rcs $@ $^

# The .pc file records this install's paths. No -lxxhash: hash.hpp inlines xxHash's header.
build/core/probabilistic-core.pc: $(EXTENSION).control FORCE
	@mkdir -p build/core
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(CORE_LIBDIR)' 'includedir=$(CORE_INCLUDEDIR)' '' \
		'Name: probabilistic-core' \
		'Description: C++17 core of the probabilistic PostgreSQL extension: formats, sketches, canonical hashing' \
		'Version: $(CORE_VERSION)' \
		'Cflags: -I$${includedir}' \
		'Libs: -L$${libdir} -lprobabilistic-core' >$@

core-lib: build/core/libprobabilistic-core.a

install-core: build/core/libprobabilistic-core.a build/core/probabilistic-core.pc
	install -d '$(DESTDIR)$(CORE_INCLUDEDIR)/probabilistic' '$(DESTDIR)$(CORE_LIBDIR)/pkgconfig'
	install -m 644 $(CORE_PUBLIC_HEADERS) '$(DESTDIR)$(CORE_INCLUDEDIR)/probabilistic/'
	install -m 644 build/core/libprobabilistic-core.a '$(DESTDIR)$(CORE_LIBDIR)/'
	install -m 644 build/core/probabilistic-core.pc '$(DESTDIR)$(CORE_LIBDIR)/pkgconfig/'

uninstall-core:
	rm -f $(addprefix '$(DESTDIR)$(CORE_INCLUDEDIR)/probabilistic/',$(notdir $(CORE_PUBLIC_HEADERS)))
	rm -f '$(DESTDIR)$(CORE_LIBDIR)/libprobabilistic-core.a' '$(DESTDIR)$(CORE_LIBDIR)/pkgconfig/probabilistic-core.pc'
	-rmdir '$(DESTDIR)$(CORE_INCLUDEDIR)/probabilistic'

FORCE:
.PHONY: core-lib install-core uninstall-core FORCE

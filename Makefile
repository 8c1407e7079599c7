# PGXS build of the probabilistic extension, plus the C++ core's own tests.
#   make && make install           build and install into the pg_config on PATH
#   make installcheck              pg_regress against a running server (PGHOST/PGPORT)
#   make unittest stattest         C++ core tests, no server needed
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
PG_CXXFLAGS = -std=c++17 $(WARNINGS)
SHLIB_LINK = -lxxhash -lstdc++

EXTRA_CLEAN = build results regression.diffs regression.out

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# Debian's PGXS builds LLVM bitcode for JIT inlining; the core is C++17.
override BITCODE_CXXFLAGS += -std=c++17

# ---- C++ core tests (GoogleTest), no PostgreSQL involved ----
TEST_CXX ?= g++
TEST_CXXFLAGS ?= -std=c++17 -O2 -g -Wall -Wextra -Werror $(SANITIZE)
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

.PHONY: unittest stattest

# PGXS tracks no header dependencies; every object depends on every header.
$(OBJS): $(wildcard src/*.h src/core/*.h src/core/*.hpp)

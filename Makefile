# PGXS build of the probabilistic extension.
#   make && make install     build and install into the server of the pg_config on PATH
#   make installcheck        pg_regress against a running server (PGHOST/PGPORT)
#   make WERROR=1 ...        warnings are errors (what the tests do)
# The C++ core's own jobs (unit, statistical and sanitizer tests, fuzzing,
# install-core) are in mk/core.mk and mk/fuzz.mk.
EXTENSION = probabilistic
MODULE_big = probabilistic

# src/core: the pure C++17 core; src/capi: its C face; src/pg: the PostgreSQL layer.
CORE_SOURCES = $(wildcard src/core/*.cpp)
CAPI_SOURCES = $(wildcard src/capi/*.cpp)
PG_SOURCES = $(wildcard src/pg/*.c)
OBJS = $(PG_SOURCES:.c=.o) $(CAPI_SOURCES:.cpp=.o) $(CORE_SOURCES:.cpp=.o)

# sql/probabilistic.sql is the whole SQL API of the current version (default_version
# in the control file): it is installed as that version's install script, which
# CREATE EXTENSION runs. Earlier versions' install script and the update scripts
# (sql/probabilistic--*.sql, hand-written) are found on disk, never listed by hand.
EXTVERSION = $(shell sed -n "s/^default_version = '\(.*\)'/\1/p" $(EXTENSION).control)
DATA_built = build/$(EXTENSION)--$(EXTVERSION).sql
DATA = $(wildcard sql/$(EXTENSION)--*.sql)
ifneq ($(wildcard sql/$(EXTENSION)--$(EXTVERSION).sql),)
$(error sql/$(EXTENSION)--$(EXTVERSION).sql: the current version's install script is sql/$(EXTENSION).sql)
endif

# Every other sql/*.sql is a regression test (sql/include/ holds the files tests \i).
REGRESS = $(sort $(patsubst sql/%.sql,%,$(filter-out sql/$(EXTENSION)--% sql/$(EXTENSION).sql,$(wildcard sql/*.sql))))
REGRESS_OPTS = --load-extension=$(EXTENSION)

WARNINGS = -Wall -Wextra -Wno-unused-parameter -Wno-sign-compare -Wno-missing-field-initializers
# PostgreSQL 17 and 18 build extensions with -Wshadow=compatible-local; 15 does not: the same here.
WARNINGS += -Wshadow=compatible-local
ifeq ($(WERROR),1)
WARNINGS += -Werror
endif
PG_CPPFLAGS = -Isrc
PG_CFLAGS = $(WARNINGS)
# No fused multiply-add: estimates must be bit-identical on every platform (doc/FORMAT.md).
PG_CXXFLAGS = -std=c++17 -ffp-contract=off $(WARNINGS)
# No -lxxhash: the core compiles xxHash's header in inline mode (src/core/hash.hpp).
SHLIB_LINK = -lstdc++

EXTRA_CLEAN = build results regression.diffs regression.out

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# Debian's PGXS builds LLVM bitcode for JIT inlining; the core is C++17.
override BITCODE_CXXFLAGS += -std=c++17 -ffp-contract=off

# PGXS tracks no header dependencies; every object depends on every header.
$(OBJS): $(wildcard src/*/*.h src/*/*.hpp)

$(DATA_built): sql/$(EXTENSION).sql
	@mkdir -p $(@D)
	cp $< $@

include mk/core.mk mk/fuzz.mk

# ---- PGXN distribution ----
#   make dist [DIST_OUT=...]   probabilistic-<version>.zip of the committed tree (git archive
#                              of HEAD); it builds and installs on its own (test/stages/package.sh)
DIST_OUT ?= $(EXTENSION)-$(EXTVERSION).zip

dist:
	git archive --format=zip --prefix=$(EXTENSION)-$(EXTVERSION)/ -o $(DIST_OUT) HEAD

.PHONY: dist

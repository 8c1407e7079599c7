# libFuzzer targets test/fuzz/*_fuzz.cpp over the core (test/fuzz/README.md).
#   make [-j2] fuzz [FUZZ_SECONDS=60]   every target ([-j2]: two at a time)
#   make fuzz-parse               one target
# Each runs FUZZ_SECONDS from the seeds make_seeds writes, the inputs of past
# findings in test/fuzz/regressions/<target>, and the corpus kept in
# build/fuzz/corpus; any crash, sanitizer finding, leak or timeout fails, and
# the input is left in build/fuzz/artifacts. Inputs are at most FUZZ_MAX_LEN
# bytes (dense values up to p = 12) for speed; raise it for the larger ones.
FUZZ_MAX_LEN ?= 4096
FUZZ_CXX ?= clang++-14
FUZZ_SECONDS ?= 60
FUZZ_OPTIONS ?=
FUZZ_CXXFLAGS = -std=c++17 -O2 -g -Wall -Wextra -Werror -Isrc -Isrc/core $(SANITIZE)
FUZZ_TARGETS = $(patsubst test/fuzz/%_fuzz.cpp,%,$(wildcard test/fuzz/*_fuzz.cpp))
FUZZ_DEPS = $(CORE_SOURCES) $(CORE_HEADERS) $(wildcard test/fuzz/*.hpp)

# The core is compiled once (instrumented for coverage, sanitized) and linked into each target.
FUZZ_OBJ = build/obj/fuzz
FUZZ_CORE_OBJS = $(patsubst %.cpp,$(FUZZ_OBJ)/%.o,$(CORE_SOURCES))
# Kept, not deleted as intermediate files, so the next target links them again.
.SECONDARY: $(FUZZ_CORE_OBJS) $(FUZZ_TARGETS:%=$(FUZZ_OBJ)/test/fuzz/%_fuzz.o) $(FUZZ_OBJ)/test/fuzz/make_seeds.o

$(FUZZ_OBJ)/%.o: %.cpp $(CORE_HEADERS) $(wildcard test/fuzz/*.hpp)
	@mkdir -p $(dir $@)
	$(FUZZ_CXX) $(FUZZ_CXXFLAGS) -fsanitize=fuzzer-no-link -c -o $@ $<

build/fuzz/%_fuzz: $(FUZZ_OBJ)/test/fuzz/%_fuzz.o $(FUZZ_CORE_OBJS)
	@mkdir -p build/fuzz
	$(FUZZ_CXX) $(FUZZ_CXXFLAGS) -fsanitize=fuzzer -o $@ $^

build/fuzz/make_seeds: $(FUZZ_OBJ)/test/fuzz/make_seeds.o $(FUZZ_CORE_OBJS)
	@mkdir -p build/fuzz
	$(FUZZ_CXX) $(FUZZ_CXXFLAGS) -o $@ $^

build/fuzz/seeds/.stamp: build/fuzz/make_seeds
	rm -rf build/fuzz/seeds
	build/fuzz/make_seeds build/fuzz/seeds
	@touch $@

fuzz-build: $(FUZZ_TARGETS:%=build/fuzz/%_fuzz) build/fuzz/seeds/.stamp

fuzz-%: build/fuzz/%_fuzz build/fuzz/seeds/.stamp
	@mkdir -p build/fuzz/corpus/$* build/fuzz/artifacts
	@echo "fuzzing $* for $(FUZZ_SECONDS)s (log: build/fuzz/$*.log)"
	@build/fuzz/$*_fuzz -max_total_time=$(FUZZ_SECONDS) -timeout=60 -rss_limit_mb=2048 \
		-max_len=$(FUZZ_MAX_LEN) -print_final_stats=1 -artifact_prefix=build/fuzz/artifacts/$*- $(FUZZ_OPTIONS) \
		build/fuzz/corpus/$* build/fuzz/seeds/$* $(wildcard test/fuzz/regressions/$*) >build/fuzz/$*.log 2>&1 \
		|| { tail -n 80 build/fuzz/$*.log; echo "not ok - fuzz target $* (input in build/fuzz/artifacts/)"; exit 1; }
	@grep -E '^stat::number_of_executed_units|^Done ' build/fuzz/$*.log
	@echo "ok - fuzz target $*: no finding in $(FUZZ_SECONDS) s"

# Every target; with make -j2, two at a time (each uses one core); with make -k, a
# failing target does not stop the others.
fuzz: $(FUZZ_TARGETS:%=fuzz-%)

.PHONY: fuzz fuzz-build

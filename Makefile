# tracedec - streaming, allocation-free trace decoders.
#
#   make                    build/libtracedec.a and build/tracedec
#   make run                build, then decode the sample traces (written
#                           from the golden case files into build/data)
#   make test               unit, golden, sweep, fuzz-replay and oracle tests
#   make asan               the same tests on an ASan+UBSan build (build/asan)
#   make check-freestanding the library for host, Cortex-M4 and wasm32, with
#                           an `nm -u` allowlist and code sizes
#   make check-stack        no stack frame over 512 bytes, no recursion (part
#                           of every build), worst case per entry point
#   make fuzz FUZZER=xray SECONDS=60     libFuzzer campaign
#   make fuzz-smoke         every harness for SMOKE_SECONDS (5) under libFuzzer
#   make fuzz-afl FUZZER=xray SECONDS=60 AFL++ campaign
#   make fuzz-coverage FUZZER=xray CORPUS=dir  line coverage per src/ folder
#                           of the seeds plus CORPUS (an AFL++ queue, ...)
#   make rss-check          peak RSS of `validate` on a 300 MB FDR trace
#                           and 256 MB UMT and REVEN traces (RSS_MB=)
#   make bench              speed and memory against llvm-xray, zlib, lz4,
#                           sqlite3 and cat, as ratios (tests/bench)
#   make lib                the static library alone (cross builds:
#                           docs/building.md); make shared: libtracedec.so
#   make install PREFIX=/usr/local DESTDIR=     make uninstall (pkg/install.mk)
#   make clean

# The version is written once, in include/tracedec/common.h.
VERSION := $(shell awk '/^\#define TD_VERSION_(MAJOR|MINOR|PATCH) /{ \
             printf "%s%s", sep, $$3; sep = "." }' include/tracedec/common.h)
CC ?= cc
BUILD ?= build
OPT ?= -O2 -g
WARN := -std=c99 -pedantic -Wall -Wextra -Werror
SANITIZE ?=
ifeq ($(SANITIZE),1)
SANFLAGS := -fsanitize=address,undefined -fno-sanitize-recover=all \
            -fno-omit-frame-pointer
endif
CFLAGS_LIB := $(WARN) $(OPT) $(SANFLAGS) -Iinclude
# The POSIX host code (the CLI): main.c, and a folder per layer and per
# format (ports/posix/README.md). Every folder is on the include path, so
# headers are named by their basename, unique across the folders.
HOST_DIRS := $(sort $(patsubst %/,%,$(dir $(wildcard ports/posix/*/*.c))))
HOST_HEADERS := $(wildcard $(HOST_DIRS:%=%/*.h))
CFLAGS_HOST := $(WARN) $(OPT) $(SANFLAGS) -Iinclude $(HOST_DIRS:%=-I%) \
               -D_POSIX_C_SOURCE=200809L -pthread
LDFLAGS_HOST := $(SANFLAGS) -pthread

# Every folder under src/ is a module of the library.
LIB_SRC := $(wildcard src/*/*.c)
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/%.o)
LIB := $(BUILD)/libtracedec.a

# Everything but main() is shared with the tests.
HOST_SRC := $(wildcard $(HOST_DIRS:%=%/*.c))
HOST_OBJ := $(HOST_SRC:%.c=$(BUILD)/%.o)
HOST_LIB := $(BUILD)/libhost.a
CLI := $(BUILD)/tracedec

# The tests: one folder per format (tests/xray, tests/drmem, ...), the CLI
# (tests/cli) and the shared framework (tests/framework); tests/tools and
# tests/bench hold programs of their own. Test files register themselves:
# each tests/*/test_*.c defines a table `const test_case NAME_tests[]`,
# collected into tables.c. A test includes any test header by its name and
# the library's internal headers by their path under src/.
TEST_SRC := $(filter-out tests/tools/% tests/bench/%,$(wildcard tests/*/*.c))
TEST_DIRS := $(sort $(dir $(TEST_SRC)))
TEST_INC := $(TEST_DIRS:%/=-I%) -Itests -Isrc
TEST_OBJ := $(TEST_SRC:%.c=$(BUILD)/%.o) $(BUILD)/tests/tables.o
TEST_BIN := $(BUILD)/tests/run

# The sample inputs: the golden case files (tests/FORMAT/cases/*.md) hold
# every committed input as hex beside its expected log; tests/tools/
# case_inputs.c writes them as files into $(BUILD)/data/FORMAT/ for the CLI
# tests, `make run`, the benchmarks and the CLI snapshot.
CASE_FILES := $(sort $(wildcard tests/*/cases/*.md))
CASE_INPUTS := $(BUILD)/tests/case_inputs
SAMPLES := $(BUILD)/data.ok

# Each fuzz/NAME_fuzzer.c gets a replay binary for its corpus fuzz/corpus/NAME.
FUZZ_SRC := $(wildcard fuzz/*_fuzzer.c)
# What every harness links besides its own file (fuzz_main.c is the replay
# driver's main; libFuzzer and AFL++ bring their own).
FUZZ_SHARED := $(filter-out fuzz/fuzz_main.c,$(wildcard fuzz/fuzz_*.c))
FUZZ_REPLAY := $(FUZZ_SRC:fuzz/%_fuzzer.c=$(BUILD)/fuzz/%_replay)

.PHONY: all run test tests asan check-freestanding check-stack fuzz \
        fuzz-smoke fuzz-afl fuzz-coverage bench rss-check install uninstall \
        clean

all: $(LIB) $(CLI) $(BUILD)/stack.ok

# Objects built through pattern chains (the fuzz replay drivers, the
# libFuzzer library) are kept, not deleted as intermediates: rebuilding is
# avoided and `make test` ends with the test runner's summary line.
.SECONDARY:

# The stack bound fails the build: gcc's call graphs of the library.
$(BUILD)/stack.ok: $(LIB_SRC) $(wildcard include/*.h include/tracedec/*.h \
                   src/*/*.h) tests/tools/stack_check.sh tests/tools/stack_check.py
	@mkdir -p $(BUILD)
	@sh tests/tools/stack_check.sh $(BUILD)/stack $(LIB_SRC) > $(BUILD)/stack.txt \
	  || { cat $(BUILD)/stack.txt; exit 1; }
	@head -n 1 $(BUILD)/stack.txt
	@touch $@

check-stack: $(BUILD)/stack.ok
	@cat $(BUILD)/stack.txt

$(BUILD)/src/%.o: src/%.c $(wildcard include/*.h include/tracedec/*.h \
                  src/*/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_LIB) -c $< -o $@

$(BUILD)/ports/%.o: ports/%.c $(wildcard include/*.h include/tracedec/*.h) \
                    $(HOST_HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -c $< -o $@

$(BUILD)/tests/%.o: tests/%.c $(wildcard include/*.h include/tracedec/*.h \
                    tests/*.h tests/*/*.h) $(HOST_HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) $(TEST_INC) -c $< -o $@

$(BUILD)/fuzz/%.o: fuzz/%.c $(wildcard include/*.h include/tracedec/*.h \
                   fuzz/*.h) $(HOST_HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -Ifuzz -c $< -o $@

$(LIB): $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(HOST_LIB): $(HOST_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(CLI): $(BUILD)/ports/posix/main.o $(HOST_LIB) $(LIB)
	$(CC) $(LDFLAGS_HOST) $^ -o $@

TEST_TABLE_SRC := $(sort $(wildcard tests/*/test_*.c))
$(BUILD)/tests/tables.c: $(TEST_TABLE_SRC) tests/framework/collect_tables.sh
	@mkdir -p $(dir $@)
	@sh tests/framework/collect_tables.sh $(TEST_TABLE_SRC) > $@

$(BUILD)/tests/tables.o: $(BUILD)/tests/tables.c tests/framework/harness.h
	$(CC) $(CFLAGS_HOST) -Itests/framework -c $< -o $@

$(TEST_BIN): $(TEST_OBJ) $(HOST_LIB) $(LIB)
	$(CC) $(LDFLAGS_HOST) $^ -o $@

$(BUILD)/fuzz/%_replay: $(BUILD)/fuzz/fuzz_main.o \
                        $(FUZZ_SHARED:%.c=$(BUILD)/%.o) \
                        $(BUILD)/fuzz/%_fuzzer.o \
                        $(HOST_LIB) $(LIB)
	$(CC) $(LDFLAGS_HOST) $^ -o $@

$(CASE_INPUTS): tests/tools/case_inputs.c $(BUILD)/tests/framework/case_file.o \
                $(BUILD)/tests/framework/harness.o
	$(CC) $(CFLAGS_HOST) -Itests/framework $^ -o $@

$(SAMPLES): $(CASE_INPUTS) $(CASE_FILES)
	@rm -rf $(BUILD)/data
	$(CASE_INPUTS) $(BUILD)/data $(CASE_FILES)
	@touch $@

# The failing-I/O shim (tests/cli/test_hosts.c), preloaded into the CLI.
$(BUILD)/tests/fail_io.so: tests/cli/shim/fail_io.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -fPIC -shared $< -o $@ -ldl

tests: $(TEST_BIN) $(CLI) $(FUZZ_REPLAY) $(BUILD)/tests/fail_io.so \
       $(SAMPLES) $(BUILD)/stack.ok

run: all $(SAMPLES)
	@sh tests/cli/samples.sh $(CLI) $(BUILD)/data $(BUILD)/samples

test: tests
	$(TEST_BIN) --tracedec $(CLI) --root .

asan:
	$(MAKE) BUILD=build/asan SANITIZE=1 CC=clang tests
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  build/asan/tests/run --tracedec build/asan/tracedec --root .

check-freestanding:
	@sh tests/tools/freestanding.sh $(LIB_SRC)

# libFuzzer: the library instrumented once, each harness linked to it.
FUZZER ?= xray
SECONDS ?= 60
SMOKE_SECONDS ?= 5
FUZZ_NAMES := $(FUZZ_SRC:fuzz/%_fuzzer.c=%)
LF := $(BUILD)/libfuzzer
LF_FLAGS := -g -O1 -Iinclude -Ifuzz
LF_OBJ := $(LIB_SRC:%.c=$(LF)/%.o)

$(LF)/src/%.o: src/%.c $(wildcard include/*.h include/tracedec/*.h \
               src/*/*.h)
	@mkdir -p $(dir $@)
	clang $(LF_FLAGS) -fsanitize=fuzzer-no-link,address,undefined -c $< -o $@


$(LF)/%_fuzzer: fuzz/%_fuzzer.c $(FUZZ_SHARED) $(wildcard fuzz/*.h) $(LF_OBJ)
	@echo "clang -fsanitize=fuzzer,address,undefined $< -o $@"
	@clang $(LF_FLAGS) -fsanitize=fuzzer,address,undefined $< \
	  $(FUZZ_SHARED) $(LF_OBJ) -o $@

fuzz: $(LF)/$(FUZZER)_fuzzer
	@mkdir -p $(BUILD)/fuzz/corpus-$(FUZZER)
	$(LF)/$(FUZZER)_fuzzer -max_total_time=$(SECONDS) \
	  -dict=fuzz/$(FUZZER).dict $(BUILD)/fuzz/corpus-$(FUZZER) \
	  fuzz/corpus/$(FUZZER)

# Every harness for SMOKE_SECONDS from its seeds (new inputs go to a
# scratch corpus, not fuzz/corpus); any finding fails.
fuzz-smoke: $(FUZZ_NAMES:%=$(LF)/%_fuzzer)
	@for h in $(FUZZ_NAMES); do \
	  rm -rf $(LF)/smoke-$$h; mkdir -p $(LF)/smoke-$$h; \
	  $(LF)/$${h}_fuzzer -max_total_time=$(SMOKE_SECONDS) -print_final_stats=1 \
	    -dict=fuzz/$$h.dict -artifact_prefix=$(LF)/smoke-$$h/ \
	    $(LF)/smoke-$$h fuzz/corpus/$$h > $(LF)/smoke-$$h.log 2>&1 \
	  || { tail -n 30 $(LF)/smoke-$$h.log; echo "fuzz-smoke: $$h failed"; \
	       exit 1; }; \
	  echo "fuzz-smoke: $$h $$(grep -o 'stat::number_of_executed_units: [0-9]*' \
	    $(LF)/smoke-$$h.log | grep -o '[0-9]*$$') runs, no findings"; \
	done

fuzz-afl:
	@mkdir -p $(BUILD)/fuzz/afl-$(FUZZER)
	AFL_USE_ASAN=1 AFL_USE_UBSAN=1 afl-clang-fast -g -O1 -fsanitize=fuzzer \
	  -Iinclude -Ifuzz fuzz/$(FUZZER)_fuzzer.c $(FUZZ_SHARED) $(LIB_SRC) \
	  -o $(BUILD)/fuzz/$(FUZZER)_afl
	AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 \
	  AFL_NO_AFFINITY=1 AFL_AUTORESUME=1 afl-fuzz -V $(SECONDS) \
	  -i fuzz/corpus/$(FUZZER) -o $(BUILD)/fuzz/afl-$(FUZZER) \
	  -x fuzz/$(FUZZER).dict -- $(BUILD)/fuzz/$(FUZZER)_afl

# Line coverage (gcov) of the library reached by the seeds and CORPUS.
CORPUS ?=
fuzz-coverage:
	@sh fuzz/coverage.sh $(FUZZER) $(BUILD) fuzz/corpus/$(FUZZER) $(CORPUS)

# make bench: tracedec against llvm-xray, zlib, lz4, sqlite3 and cat on big
# inputs it builds (tests/bench/bench.sh), as one table of ratios.
BENCH_TOOLS := $(BUILD)/bench
$(BENCH_TOOLS)/zlib_inflate: tests/bench/zlib_inflate.c
	@mkdir -p $(dir $@)
	$(CC) -O2 $< -o $@ -lz

$(BENCH_TOOLS)/td_decompress: tests/bench/td_decompress.c $(LIB)
	@mkdir -p $(dir $@)
	$(CC) -O2 -Iinclude $< $(LIB) -o $@

bench: all $(BENCH_TOOLS)/zlib_inflate $(BENCH_TOOLS)/td_decompress
	@sh tests/bench/bench.sh $(CLI) $(BENCH_TOOLS)

# RSS_MB: the size of the UMT and REVEN traces (make bench uses 1024).
RSS_MB ?= 256
rss-check: all
	@sh tests/xray/xray_rss.sh $(CLI)
	@sh tests/umt/umt_rss.sh $(CLI) $(RSS_MB)
	@sh tests/rvn/rvn_rss.sh $(CLI) $(RSS_MB)

include pkg/install.mk

clean:
	rm -rf build

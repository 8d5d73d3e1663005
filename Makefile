# tracedec - streaming, allocation-free trace decoders.
#
#   make                    build/libtracedec.a and build/tracedec
#   make run                build, then decode the bundled sample traces
#   make test               unit, golden, sweep, fuzz-replay and oracle tests
#   make asan               the same tests on an ASan+UBSan build (build/asan)
#   make check-freestanding the library for host, Cortex-M4 and wasm32, with
#                           an `nm -u` allowlist and code sizes
#   make fuzz FUZZER=xray SECONDS=60     libFuzzer campaign
#   make fuzz-afl FUZZER=xray SECONDS=60 AFL++ campaign
#   make rss-check          peak RSS of `validate` on a 300 MB FDR trace
#   make install PREFIX=/usr/local DESTDIR=
#   make clean

VERSION := 0.1.0
PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
BINDIR ?= $(PREFIX)/bin
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
DESTDIR ?=

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
CFLAGS_HOST := $(WARN) $(OPT) $(SANFLAGS) -Iinclude -Iports/posix \
               -D_POSIX_C_SOURCE=200809L
LDFLAGS_HOST := $(SANFLAGS)

LIB_SRC := $(wildcard src/common/*.c) $(wildcard src/xray/*.c)
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/%.o)
LIB := $(BUILD)/libtracedec.a

# Host code shared by the CLI and the tests (printers, escapes).
PRINT_SRC := ports/posix/escape.c ports/posix/xray_print.c
CLI_SRC := $(filter-out $(PRINT_SRC),$(wildcard ports/posix/*.c))
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/%.o) $(PRINT_SRC:%.c=$(BUILD)/%.o)
CLI := $(BUILD)/tracedec

TEST_SRC := $(wildcard tests/*.c)
TEST_OBJ := $(TEST_SRC:%.c=$(BUILD)/%.o) $(PRINT_SRC:%.c=$(BUILD)/%.o) \
            $(BUILD)/fuzz/xray_fuzzer.o
TEST_BIN := $(BUILD)/tests/run

.PHONY: all run test tests asan check-freestanding fuzz fuzz-afl \
        rss-check install uninstall clean

all: $(LIB) $(CLI)

$(BUILD)/src/%.o: src/%.c $(wildcard include/*.h include/tracedec/*.h \
                  src/*/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_LIB) -c $< -o $@

$(BUILD)/ports/%.o: ports/%.c $(wildcard include/*.h include/tracedec/*.h \
                    ports/posix/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -c $< -o $@

$(BUILD)/tests/%.o: tests/%.c $(wildcard include/*.h include/tracedec/*.h \
                    tests/*.h ports/posix/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -Itests -Ifuzz -c $< -o $@

$(BUILD)/fuzz/%.o: fuzz/%.c $(wildcard include/*.h include/tracedec/*.h \
                   fuzz/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -Ifuzz -c $< -o $@

$(LIB): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(CLI): $(CLI_OBJ) $(LIB)
	$(CC) $(LDFLAGS_HOST) $(CLI_OBJ) $(LIB) -o $@

$(TEST_BIN): $(TEST_OBJ) $(LIB)
	$(CC) $(LDFLAGS_HOST) $(TEST_OBJ) $(LIB) -o $@

tests: $(TEST_BIN) $(CLI)

SAMPLES := $(wildcard tests/data/xray/fdr-*.xray tests/data/xray/basic-*.xray)
run: all
	@for f in $(SAMPLES); do \
	  echo "== $(CLI) info --recover-typed-extents $$f"; \
	  $(CLI) info --recover-typed-extents $$f || exit 1; \
	done
	@echo "== $(CLI) dump --style=llvm tests/data/xray/fdr-v5-threads.xray | head"
	@$(CLI) dump --style=llvm tests/data/xray/fdr-v5-threads.xray | head -n 12
	@echo "== $(CLI) validate tests/data/xray/fdr-v5-typed-bug.xray (exits 1)"
	@! $(CLI) validate tests/data/xray/fdr-v5-typed-bug.xray

test: tests
	$(TEST_BIN) --tracedec $(CLI) --root .

asan:
	$(MAKE) BUILD=build/asan SANITIZE=1 CC=clang tests
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	  build/asan/tests/run --tracedec build/asan/tracedec --root .

check-freestanding:
	@sh tests/freestanding.sh $(LIB_SRC)

FUZZER ?= xray
SECONDS ?= 60
fuzz:
	@mkdir -p $(BUILD)/fuzz/corpus-$(FUZZER)
	clang -g -O1 -fsanitize=fuzzer,address,undefined -Iinclude -Ifuzz \
	  fuzz/$(FUZZER)_fuzzer.c $(LIB_SRC) -o $(BUILD)/fuzz/$(FUZZER)_libfuzzer
	$(BUILD)/fuzz/$(FUZZER)_libfuzzer -max_total_time=$(SECONDS) \
	  -dict=fuzz/$(FUZZER).dict $(BUILD)/fuzz/corpus-$(FUZZER) \
	  fuzz/corpus/$(FUZZER)

fuzz-afl:
	@mkdir -p $(BUILD)/fuzz/afl-$(FUZZER)
	AFL_USE_ASAN=1 AFL_USE_UBSAN=1 afl-clang-fast -g -O1 -fsanitize=fuzzer \
	  -Iinclude -Ifuzz fuzz/$(FUZZER)_fuzzer.c $(LIB_SRC) \
	  -o $(BUILD)/fuzz/$(FUZZER)_afl
	AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 \
	  AFL_NO_AFFINITY=1 afl-fuzz -V $(SECONDS) -i fuzz/corpus/$(FUZZER) \
	  -o $(BUILD)/fuzz/afl-$(FUZZER) -x fuzz/$(FUZZER).dict \
	  -- $(BUILD)/fuzz/$(FUZZER)_afl

rss-check: all
	@sh tests/rss_check.sh $(CLI)

$(BUILD)/tracedec.pc: Makefile
	@printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' \
	  'includedir=$(INCLUDEDIR)' '' 'Name: tracedec' \
	  'Description: Streaming, allocation-free trace decoders' \
	  'Version: $(VERSION)' 'Libs: -L$${libdir} -ltracedec' \
	  'Cflags: -I$${includedir}' > $(BUILD)/tracedec.pc

install: all $(BUILD)/tracedec.pc
	install -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR)/tracedec \
	  $(DESTDIR)$(BINDIR) $(DESTDIR)$(PKGCONFIGDIR)
	install -m 644 $(LIB) $(DESTDIR)$(LIBDIR)/
	install -m 644 include/tracedec.h $(DESTDIR)$(INCLUDEDIR)/
	install -m 644 include/tracedec/*.h $(DESTDIR)$(INCLUDEDIR)/tracedec/
	install -m 755 $(CLI) $(DESTDIR)$(BINDIR)/
	install -m 644 $(BUILD)/tracedec.pc $(DESTDIR)$(PKGCONFIGDIR)/

uninstall:
	rm -f $(DESTDIR)$(LIBDIR)/libtracedec.a $(DESTDIR)$(BINDIR)/tracedec \
	  $(DESTDIR)$(PKGCONFIGDIR)/tracedec.pc $(DESTDIR)$(INCLUDEDIR)/tracedec.h
	rm -rf $(DESTDIR)$(INCLUDEDIR)/tracedec

clean:
	rm -rf build

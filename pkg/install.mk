# install.mk - the libraries people ship and what `make install` puts
# where; included by the Makefile after the build rules.
#
#   make lib                the static library, build/libtracedec.a (for
#                           any compiler: docs/building.md shows cross builds)
#   make shared             build/libtracedec.so.VERSION, soname
#                           libtracedec.so.MAJOR, exporting only td_*
#   make install PREFIX=/usr/local DESTDIR=
#   make uninstall PREFIX=/usr/local DESTDIR=
#
# tracedec.pc is written at install time, so each install names its own
# PREFIX.

PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
BINDIR ?= $(PREFIX)/bin
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
MANDIR ?= $(PREFIX)/share/man
BASHCOMPDIR ?= $(PREFIX)/share/bash-completion/completions
ZSHCOMPDIR ?= $(PREFIX)/share/zsh/site-functions
DESTDIR ?=
AR ?= ar

MAJOR := $(firstword $(subst ., ,$(VERSION)))
SONAME := libtracedec.so.$(MAJOR)
SHLIB := $(BUILD)/libtracedec.so.$(VERSION)
# The shared library's objects: the library's sources again, with -fPIC.
PIC_OBJ := $(LIB_SRC:%.c=$(BUILD)/pic/%.o)

.PHONY: lib shared

lib: $(LIB)

shared: $(SHLIB)

# The packaging tests (tests/package) install the shared library.
all tests: $(SHLIB)

$(BUILD)/pic/src/%.o: src/%.c $(wildcard include/*.h include/tracedec/*.h \
                      src/*/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_LIB) -fPIC -c $< -o $@

$(SHLIB): $(PIC_OBJ) pkg/libtracedec.ver
	$(CC) $(SANFLAGS) -shared -Wl,-soname,$(SONAME) \
	  -Wl,--version-script=pkg/libtracedec.ver $(PIC_OBJ) -o $@
	ln -sf libtracedec.so.$(VERSION) $(BUILD)/$(SONAME)
	ln -sf $(SONAME) $(BUILD)/libtracedec.so

install: all
	install -d $(DESTDIR)$(LIBDIR) $(DESTDIR)$(INCLUDEDIR)/tracedec \
	  $(DESTDIR)$(BINDIR) $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(MANDIR)/man1 \
	  $(DESTDIR)$(BASHCOMPDIR) $(DESTDIR)$(ZSHCOMPDIR)
	install -m 644 $(LIB) $(DESTDIR)$(LIBDIR)/
	install -m 755 $(SHLIB) $(DESTDIR)$(LIBDIR)/
	ln -sf libtracedec.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(LIBDIR)/libtracedec.so
	install -m 644 include/tracedec.h $(DESTDIR)$(INCLUDEDIR)/
	install -m 644 include/tracedec/*.h $(DESTDIR)$(INCLUDEDIR)/tracedec/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	  -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	  pkg/tracedec.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/tracedec.pc
	install -m 755 $(CLI) $(DESTDIR)$(BINDIR)/
	install -m 644 pkg/tracedec.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 pkg/tracedec.bash $(DESTDIR)$(BASHCOMPDIR)/tracedec
	install -m 644 pkg/_tracedec $(DESTDIR)$(ZSHCOMPDIR)/

uninstall:
	rm -f $(DESTDIR)$(LIBDIR)/libtracedec.a \
	  $(DESTDIR)$(LIBDIR)/libtracedec.so.$(VERSION) \
	  $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libtracedec.so \
	  $(DESTDIR)$(INCLUDEDIR)/tracedec.h $(DESTDIR)$(PKGCONFIGDIR)/tracedec.pc \
	  $(DESTDIR)$(BINDIR)/tracedec $(DESTDIR)$(MANDIR)/man1/tracedec.1 \
	  $(DESTDIR)$(BASHCOMPDIR)/tracedec $(DESTDIR)$(ZSHCOMPDIR)/_tracedec
	rm -rf $(DESTDIR)$(INCLUDEDIR)/tracedec

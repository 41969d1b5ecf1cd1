# SPDX-License-Identifier: GPL-2.0
#
# build/bin/irqconv: the converter, one object per source file.

LLVM_CONFIG ?= llvm-config-16

CONVERTER_SRCS := $(sort $(wildcard converter/*.c converter/*/*.c))
CONVERTER_OBJS := $(patsubst converter/%.c,$(BUILD)/converter/%.o,$(CONVERTER_SRCS))
IRQCONV := $(BUILD)/bin/irqconv
IRQCONV_VERSION := 0.1-$(shell git describe --always --dirty 2>/dev/null || echo unknown)

# Evaluated on use, so a missing llvm-config only matters when building.
LLVM_INCDIR = $(shell $(LLVM_CONFIG) --includedir)
LLVM_LIBDIR = $(shell $(LLVM_CONFIG) --libdir)
# jansson writes and reads the JSON records (converter/jsonl.c).
JANSSON_CFLAGS = $(shell pkg-config --cflags jansson)
JANSSON_LIBS = $(shell pkg-config --libs jansson)

CONVERTER_CFLAGS = -std=gnu11 -O2 -g -Wall -Wextra -Werror \
	-Wno-missing-field-initializers -Iconverter -I$(LLVM_INCDIR) \
	$(JANSSON_CFLAGS) \
	-DIRQCONV_VERSION='"$(IRQCONV_VERSION)"' \
	-DIRQCONV_BUILD_DIR='"$(abspath $(BUILD))"' \
	-DIRQCONV_COCCI_DIR='"$(abspath semantic-patches)"' -MMD -MP
CONVERTER_LDFLAGS = -L$(LLVM_LIBDIR) -Wl,-rpath,$(LLVM_LIBDIR)
CONVERTER_LIBS = -lclang -lpthread $(JANSSON_LIBS)

.PHONY: irqconv
irqconv: $(IRQCONV)

$(IRQCONV): $(CONVERTER_OBJS)
	@mkdir -p $(@D)
	$(call quiet,LD,$@)$(CC) $(CONVERTER_LDFLAGS) -o $@.tmp $^ $(CONVERTER_LIBS) && mv $@.tmp $@

$(BUILD)/converter/%.o: converter/%.c
	@mkdir -p $(@D)
	$(call quiet,CC,$@)$(CC) $(CONVERTER_CFLAGS) -c -o $@ $<

-include $(CONVERTER_OBJS:.o=.d)

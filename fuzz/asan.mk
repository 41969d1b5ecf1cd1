# SPDX-License-Identifier: GPL-2.0
#
# make check-asan: irqconv built with clang-16, AddressSanitizer (leaks on
# request) and UBSan as build/asan/bin/irqconv, and the convert and scan
# tiers run with it (IRQCONV=...).  Every sanitizer report goes to a file
# under build/asan/reports/; the target fails when a tier fails or any
# report was written.  libclang itself is not instrumented, and nothing is
# suppressed (docs/testing.md).

ASAN_DIR := $(BUILD)/asan
ASAN_IRQCONV := $(ASAN_DIR)/bin/irqconv
ASAN_OBJS := $(patsubst converter/%.c,$(ASAN_DIR)/converter/%.o,$(CONVERTER_SRCS))
ASAN_SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all \
	-fno-omit-frame-pointer
ASAN_TIERS ?= testsuite/scan testsuite/convert
# Leaks at exit are not checked unless ASAN_LEAKS=1 (docs/testing.md): a
# command's state lives until exit by design.  Then exitcode=0 keeps a leak
# from changing the exit status the tests check; the report still counts.
ASAN_LEAKS ?= 0
ASAN_LEAK_OPTIONS := $(if $(filter 1,$(ASAN_LEAKS)),detect_leaks=1:exitcode=0,detect_leaks=0)

$(ASAN_DIR)/converter/%.o: converter/%.c
	@mkdir -p $(@D)
	$(call quiet,ASANCC,$@)$(FUZZ_CC) $(CONVERTER_CFLAGS) -O1 $(ASAN_SANITIZE) -c -o $@ $<

$(ASAN_IRQCONV): $(ASAN_OBJS)
	@mkdir -p $(@D)
	$(call quiet,ASANLD,$@)$(FUZZ_CC) $(ASAN_SANITIZE) $(CONVERTER_LDFLAGS) \
		-o $@.tmp $^ $(CONVERTER_LIBS) && mv $@.tmp $@

.PHONY: check-asan irqconv-asan
irqconv-asan: $(ASAN_IRQCONV)

check-asan: $(ASAN_IRQCONV)
	@scripts/deps.sh
	@$(MAKE) --no-print-directory -s all workspaces
	@rm -rf $(ASAN_DIR)/reports && mkdir -p $(ASAN_DIR)/reports
	@status=0; for t in $(ASAN_TIERS); do \
		IRQCONV=$(abspath $(ASAN_IRQCONV)) \
		ASAN_OPTIONS=log_path=$(abspath $(ASAN_DIR))/reports/san:$(ASAN_LEAK_OPTIONS) \
		UBSAN_OPTIONS=log_path=$(abspath $(ASAN_DIR))/reports/san:print_stacktrace=1:halt_on_error=1 \
		testsuite/run.sh $$t || status=1; \
	done; \
	reports=$$(ls $(ASAN_DIR)/reports | wc -l); \
	echo "# check-asan: $$reports sanitizer reports in $(ASAN_DIR)/reports"; \
	for r in $(ASAN_DIR)/reports/*; do [ -f "$$r" ] && head -n 30 "$$r"; done; \
	[ $$status = 0 ] && [ $$reports = 0 ]

-include $(ASAN_OBJS:.o=.d)

# SPDX-License-Identifier: GPL-2.0
#
# libFuzzer targets for irqconv's own parsers (docs/testing.md, "Fuzzing"):
# build/fuzz/NAME, built with clang-16 and ASan+UBSan from fuzz/NAME.c and
# the converter sources it parses with.  `make fuzz` runs each for
# FUZZ_SECONDS from its checked-in corpus fuzz/corpus/NAME; new inputs go
# to build/fuzz/corpus/NAME, crashes to build/fuzz/crash-NAME-*.

FUZZ_CC ?= clang-16
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := decisions json kbuild series shell-words
FUZZ_DIR := $(BUILD)/fuzz
FUZZ_BINS := $(addprefix $(FUZZ_DIR)/,$(FUZZ_TARGETS))

# The sanitizers report and stop at the first error, UBSan's included.
FUZZ_SANITIZE := -fsanitize=address,undefined -fno-sanitize-recover=all
FUZZ_CFLAGS = -std=gnu11 -O1 -g $(FUZZ_SANITIZE) -fsanitize=fuzzer-no-link \
	-Wall -Wextra -Werror -Wno-missing-field-initializers \
	-Iconverter -Ifuzz $(JANSSON_CFLAGS) -MMD -MP

# What the parsers need of the converter, and nothing that needs libclang.
FUZZ_LIB_SRCS := converter/util.c converter/shell-words.c converter/kbuild.c \
	converter/kbuild-make.c converter/jsonl.c converter/review/json.c \
	converter/review/decisions.c \
	converter/review/outdir.c converter/review/series-apply.c \
	converter/review/html.c fuzz/fuzz-lib.c
FUZZ_LIB_OBJS := $(patsubst %.c,$(FUZZ_DIR)/obj/%.o,$(FUZZ_LIB_SRCS))

.PHONY: fuzz fuzz-targets
fuzz-targets: $(FUZZ_BINS)

$(FUZZ_DIR)/obj/%.o: %.c
	@mkdir -p $(@D)
	$(call quiet,FUZZCC,$@)$(FUZZ_CC) $(FUZZ_CFLAGS) -c -o $@ $<

$(FUZZ_DIR)/%: $(FUZZ_DIR)/obj/fuzz/%.o $(FUZZ_LIB_OBJS)
	$(call quiet,FUZZLD,$@)$(FUZZ_CC) $(FUZZ_SANITIZE) -fsanitize=fuzzer \
		-o $@.tmp $^ $(JANSSON_LIBS) && mv $@.tmp $@

# libFuzzer leaves without running atexit() handlers, so the targets'
# scratch directories go to build/fuzz/tmp, removed here.  -close_fd_mask=2
# keeps the parsers' error messages out of the way; run build/fuzz/NAME on a
# crash file to see its message.
fuzz: $(FUZZ_BINS)
	@set -e; for t in $(FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_DIR)/corpus/$$t $(FUZZ_DIR)/tmp; \
		echo "  FUZZ    $$t ($(FUZZ_SECONDS) s)"; \
		TMPDIR=$(abspath $(FUZZ_DIR))/tmp $(FUZZ_DIR)/$$t -max_total_time=$(FUZZ_SECONDS) -close_fd_mask=2 \
			-print_final_stats=1 -artifact_prefix=$(FUZZ_DIR)/crash-$$t- \
			$(FUZZ_DIR)/corpus/$$t fuzz/corpus/$$t 2>&1 | \
			grep -E '^(stat::number_of_executed_units|stat::new_units_added|==|SUMMARY|artifact_prefix|Test unit written)' || true; \
		status=$${PIPESTATUS[0]}; rm -rf $(FUZZ_DIR)/tmp; \
		test $$status = 0; \
	done

-include $(FUZZ_LIB_OBJS:.o=.d) $(patsubst %,$(FUZZ_DIR)/obj/fuzz/%.d,$(FUZZ_TARGETS))

include fuzz/asan.mk

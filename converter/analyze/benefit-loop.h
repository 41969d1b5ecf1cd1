/* SPDX-License-Identifier: GPL-2.0 */
#ifndef IRQCONV_ANALYZE_BENEFIT_LOOP_H
#define IRQCONV_ANALYZE_BENEFIT_LOOP_H

#include <stdbool.h>

#include <clang-c/Index.h>

#include "analyze/device-access.h"

struct lock_module;

/*
 * The parts of the benefit judgement that read one loop or one call
 * (analyze/benefit-loop.c): whether a loop's trip count is driven by the
 * device or the data, and how long a busy-wait delay spins.
 */
struct loop_env {
	const struct access_preds *ap;
	CXFile file;		/* the handler's: its functions are followed */
	int depth;		/* calls already followed to get here */
	CXCursor fn;		/* the function the loop is written in */
	CXCursor handler;	/* the handler the walk started from */
	/* the module, whose other files may set a configuration, or NULL */
	const struct lock_module *lm;
	/* structures the device writes: rings from dma_alloc_coherent() */
	const struct strvec *coherent;
};

/*
 * How many calls deep the benefit walks follow the functions of the
 * handler's file: its helpers and theirs.
 */
#define BENEFIT_CALLEE_DEPTH 2

/* Does @c call @pred's functions, itself or through @file's functions? */
bool benefit_reaches(CXCursor c, CXFile file, int depth,
		     bool (*pred)(const char *callee, const void *data),
		     const void *data);
bool benefit_is_access(const char *callee, const void *ap);
/* serio_interrupt(), input_event(), input_report_key(), input_sync(), ... */
bool benefit_is_event_report(const char *callee, const void *unused);

/*
 * What bounds a loop over device registers (docs/convert.md, "Which loops
 * and delays count"); only LOOP_DRIVEN counts as work worth a thread.
 */
enum loop_kind {
	/* a poll, a data length */
	LOOP_DRIVEN,
	/* local counters from constants towards constants (MAXFLOW) */
	LOOP_CONSTANT,
	/* a configuration count set at probe, the bits of a status word */
	LOOP_WIDTH,
	/*
	 * ended by the device alone and moving a datum or acknowledging an
	 * event each round (a FIFO drain, a loop until no event is left), or
	 * a constant of at most BENEFIT_FIFO_DEPTH rounds ended by the device
	 */
	LOOP_DRAIN,
	/*
	 * one chunk of a transfer: bounded by a FIFO's depth or ended when
	 * the device says its FIFO is full or empty, one datum a round
	 * (analyze/benefit-fifo.c)
	 */
	LOOP_FIFO,
	/*
	 * a bank of registers, one its counter picks each round: as many
	 * rounds as the bank has registers (analyze/benefit-bank.c)
	 */
	LOOP_BANK,
};

/*
 * A loop the device ends whose counter runs to at most this many rounds
 * drains a FIFO (a 16-byte UART FIFO, 4 report words); beyond it, it is
 * a poll with a retry limit (nicpf's 65535 reads) unless a round moves
 * data or writes the device: an event loop's safety cap (sun4i_can's 20).
 */
#define BENEFIT_FIFO_DEPTH 16

enum loop_kind benefit_loop_kind(CXCursor loop, const struct loop_env *e);

/*
 * analyze/benefit-bound.c.  Does @loop index an array of at most
 * BENEFIT_FIFO_DEPTH elements with one of @counters (`isr[i]`, `u32
 * isr[4]`)?  It runs no more rounds than the array has elements, whatever
 * its condition names: kmb_platform.c's `i < config->chan_nr / 2`.
 */
bool benefit_small_array(CXCursor loop, const struct cursor_kids *counters);

/*
 * analyze/benefit-expr.c.  The operator of @op, written in the file, after
 * its operand @first; a local variable of a function (not a parameter, not
 * static), its declaration in @decl; an integer constant expression.
 */
char *benefit_op_token(CXCursor op, CXCursor first);
bool benefit_local_var(CXCursor ref, CXCursor *decl);
bool benefit_evaluates(CXCursor e);
/* Does @e evaluate to the integer 0? */
bool benefit_is_zero(CXCursor e);
/*
 * A counter: a local of @fn that starts from a constant and is only ever
 * set to constants or stepped by constants (i = 0, i++, timeout--); @max
 * takes the largest constant it is set to, as benefit_note_value() takes
 * the value of a constant expression @e when it is larger.
 */
bool benefit_counter(CXCursor decl, CXCursor fn, long long *max);
void benefit_note_value(long long *max, CXCursor e);
/* regmap_read(), regmap_write(): accesses through a regmap. */
bool benefit_is_regmap(const char *callee, const void *unused);

/*
 * analyze/benefit-bound.c.  A field only functions that run at probe write
 * (`cqdma->dma_channels`, set by device_property_read_u32() in probe).
 */
bool benefit_config_field(CXCursor member, const struct loop_env *e);
/*
 * find_next_bit(&status, ...), __ffs(status): a search of a status word,
 * or of a configuration mask (for_each_set_bit() over rcar_canfd's
 * `gpriv->channels_mask`, set at probe).
 */
bool benefit_bit_search(CXCursor call, const struct loop_env *e);
/* A local that @loop only clears bits of (`status &= ~BIT(bit)`). */
bool benefit_status_word(CXCursor decl, CXCursor loop);
/*
 * Is every store to the local @decl in @e->fn a bounded bit search's
 * result, a constant or a configuration count?
 */
bool benefit_found_bit(CXCursor decl, const struct loop_env *e);
/* The device accesses of one round of @loop, its callees in the file too. */
unsigned int benefit_round_accesses(CXCursor loop, const struct loop_env *e);

/*
 * Does @expr take an element of an array at an index the header of @loop
 * names (&ctrl->queues[i] in `for (i = 0; i < n; i++)`)?
 */
bool benefit_loop_indexes(CXCursor loop, CXCursor expr);

/*
 * analyze/benefit-bank.c: is every register @loop reads or writes one that
 * one of @counters picks (a bank of registers, walked one a round)?
 */
bool benefit_register_bank(CXCursor loop, const struct cursor_kids *counters,
			   const struct loop_env *e);

/*
 * analyze/benefit-coherent.c: the structures the functions of @lm (or of
 * @handler's file) point at memory from dma_alloc_coherent() with, "struct
 * rocker_desc"; does @c read a member of one, itself or through the
 * functions of @e->file it calls?
 */
void benefit_coherent_types(CXCursor handler, const struct lock_module *lm,
			    struct strvec *out);
bool benefit_reads_coherent(CXCursor c, const struct loop_env *e);

/*
 * analyze/benefit-fifo.c: is @loop one chunk of a transfer, bounded by a
 * FIFO (LOOP_FIFO)?  Does a round of it move data (a device write, more
 * than one access, a store to memory, a call through a pointer), rather
 * than only wait?
 */
bool benefit_fifo_chunk(CXCursor loop, const struct loop_env *e);
bool benefit_loop_moves(CXCursor loop, const struct loop_env *e);
/*
 * analyze/benefit-wait.c: the time-out, in microseconds, of the poll macro
 * (readl_poll_timeout() and kin) @loop is written in, in @fn; -1 for a
 * constant 0, which polls with no time-out; 0 when @loop is in no such
 * macro or the time-out is not a constant.
 */
long long benefit_poll_timeout_us(CXCursor loop, CXCursor fn);
/*
 * analyze/benefit-settle.c: is @loop a poll that normally ends at once,
 * on a register written just before it (read back) or just after it (the
 * acknowledge of the event the interrupt reports)?
 */
bool benefit_poll_settles(CXCursor loop, const struct loop_env *e);
/* Is @part the initialisation or the step of the for loop @loop? */
bool benefit_for_step_or_init(CXCursor loop, CXCursor part);

/*
 * analyze/benefit-fifo-value.c, benefit-fifo-flow.c: is a value bounded
 * by a FIFO's depth, read where @at says (the extent of @at->loop, the
 * loop it bounds, or of a statement)?
 */
struct fifo_at {
	const struct loop_env *e;
	CXCursor fn;		/* the function it is read in */
	CXCursor loop;		/* the loop it bounds, or null */
	unsigned int at, end;	/* file offsets of where it is read */
	int depth;		/* locals and fields followed to get here */
	/* stored in a variable named for a FIFO (`wr_fifo_bytes = readl(...)`) */
	bool fifo_named;
	/*
	 * How an operand is followed: benefit_fifo_value(), called back by
	 * the files that follow a local, a field, a macro or a read-back.
	 */
	bool (*value)(CXCursor ex, const struct fifo_at *at);
	/* 1 + the offset of the macro expansion whose operator is read */
	unsigned int macro_read;
};

bool benefit_fifo_value(CXCursor ex, const struct fifo_at *at);
bool benefit_var_value(CXCursor decl, const struct fifo_at *at);
bool benefit_field_value(CXCursor member, const struct fifo_at *at);
/* Is the local @decl set from a device read in @at->loop, each round? */
bool benefit_reads_into(CXCursor decl, const struct fifo_at *at);
/*
 * Is @name named for a FIFO?  Does the device read @call read a FIFO's
 * level or room (its tokens name a FIFO, or @named: the variable it is
 * stored in does)?
 */
bool benefit_names_fifo(const char *name);
bool benefit_fifo_read(CXCursor call, bool named);
/* The operator of a binary operator, where it is spelled (a macro too). */
char *benefit_binop(CXCursor op);
/* `a > b`, `b < a`: @big is a, @small b. */
bool benefit_relation(CXCursor cmp, CXCursor *big, CXCursor *small);
bool benefit_same_tokens(CXCursor a, CXCursor b);
/* File offsets of where @c starts and ends (a macro's argument: there). */
unsigned int benefit_start(CXCursor c);
unsigned int benefit_end(CXCursor c);
bool benefit_in_file(CXCursor c, CXFile file);
/*
 * analyze/benefit-fifo-macro.c.  A macro that bounds its value written
 * where @ex starts (min(), DIV_ROUND_UP(), FIELD_GET()): true, and in
 * @hit whether its value is bounded.  Does the macro expanded where @ex
 * starts only mask and shift (a register field)?
 */
bool benefit_macro_value(CXCursor ex, const struct fifo_at *at, bool *hit);
bool benefit_macro_masks(CXCursor ex);
/*
 * The operator of the expression a macro expands to where @ex starts, read
 * from its body (a body that is another macro's call: from that one's):
 * its one binary operator outside parentheses (`((x) >> (i)) & MASK`), or
 * NULL.  Only for the expansion's outermost operator, whose operands
 * libclang-16 gives no offsets of their own.
 */
char *benefit_macro_top_op(CXCursor ex);

/*
 * analyze/benefit-sleep.c.  Does @call, to @callee, sleep (msleep(),
 * mutex_lock(), usleep_range(), fsleep() of more than 10 us)?  Is @cond
 * false whatever runs (0, a macro's copy of its constant 0 argument,
 * `false && x`)?  Does @cond ask what context it runs in (in_interrupt(),
 * irqs_disabled())?
 */
bool benefit_is_sleep(CXCursor call, const char *callee);
bool benefit_dead_cond(CXCursor cond);
bool benefit_tests_context(CXCursor cond);

/* udelay(), ndelay(), mdelay() and what they expand to. */
bool benefit_is_delay(const char *callee);
/*
 * How long the delay @call spins, in microseconds, rounded up; -1 when its
 * length is not a compile-time constant.  0 for __const_udelay(), the
 * constant half of the udelay() and ndelay() macros, whose other half
 * (__udelay(), __ndelay()) is counted.
 */
long benefit_delay_us(CXCursor call, const char *callee);

/*
 * analyze/benefit-error.c.  Does the arm @arm of an if (a block or one
 * statement) handle an error: log at error or warning level or record a
 * negative errno?  Of the statements @body of a switch, which belong to a
 * case that does (an array of @body->nr, free() it).
 */
bool benefit_error_arm(CXCursor arm);
/*
 * Does the condition @cond name a reset, a quirk or only failures, not
 * negated?  Is @callee i2c_slave_event(), the I2C target role's report?
 */
bool benefit_names_rare(CXCursor cond);
/*
 * The tokens @c is written with, in the file: from where its expansion
 * starts (`readl_relaxed`, `FIELD_GET`, a macro) to its end.
 */
void benefit_file_tokens(CXCursor c, struct strvec *out);
bool benefit_is_slave_event(const char *callee, const void *unused);
/* An identifier of capitals, digits and `_`: a constant or a macro's. */
bool benefit_is_constant(const char *t);
/*
 * analyze/benefit-readback.c.  Is the MMIO read @call of a register the
 * file only ever writes bounded values to?
 */
bool benefit_read_back(CXCursor call, const struct fifo_at *at);
bool *benefit_error_cases(const struct cursor_kids *body);

/*
 * analyze/benefit-elsewhere.c.  The function of @file that calls @fn with
 * interrupts off (an irq-disabling lock held, local_irq_save()), or NULL.
 */
char *benefit_irqs_off_caller(CXCursor fn, CXFile file);
/*
 * analyze/benefit-atomic-ops.c.  The functions of @file, among @fns, the
 * kernel calls with interrupts off: an ALSA PCM's trigger and pointer.
 */
struct strvec;
void benefit_atomic_callbacks(CXCursor fn, CXFile file,
			      const struct cursor_kids *fns, struct strvec *out);

#endif

// SPDX-License-Identifier: GPL-2.0
/*
 * What a conversion gains, told: the members "benefit" and "moved" of a
 * site's record (docs/scan-json.md), and the words of reason no-gain and
 * of the patch text, from the judgement of analyze/benefit.c.
 */
#include <stdlib.h>
#include <string.h>

#include "analyze/benefit.h"
#include "tu.h"

/* Figures added later, present when not 0 (docs/scan-json.md). */
static void set_if(json_t *o, const char *key, unsigned int n)
{
	if (n)
		jsonl_set_uint(o, key, n);
}

/* "kept": the tasklets and work items the thread still ends by starting. */
static void add_kept(json_t *members, const struct benefit *b)
{
	json_t *kept;
	size_t i;

	if (!b->tasklets.nr && !b->works.nr)
		return;
	kept = jsonl_array();
	/* a tasklet the handler also runs directly is folded all the same */
	if (!b->code[BENEFIT_TASKLET_FOLDED] && !b->direct.nr)
		for (i = 0; i < b->tasklets.nr; i++)
			jsonl_push(kept, jsonl_string(b->tasklets.v[i]));
	if (!b->code[BENEFIT_WORK_FOLDED])
		for (i = 0; i < b->works.nr; i++)
			jsonl_push(kept, jsonl_string(b->works.v[i]));
	if (json_array_size(kept))
		jsonl_set(members, "kept", kept);
	else
		json_decref(kept);
}

/* "where": the lines of the loops and delays that count. */
static void add_where(json_t *moved, const struct benefit *b)
{
	json_t *where;
	size_t i;

	if (!b->where.nr)
		return;
	where = jsonl_array();
	for (i = 0; i < b->where.nr; i++)
		jsonl_push(where, jsonl_string(b->where.v[i]));
	jsonl_set(moved, "where", where);
}

json_t *benefit_json(const struct benefit *b)
{
	json_t *members = jsonl_object(), *codes = jsonl_array();
	json_t *moved = jsonl_object();
	int i;

	for (i = 0; i < BENEFIT_NR; i++)
		if (b->code[i])
			jsonl_push(codes, jsonl_string(benefit_code_name(i)));
	if (!json_array_size(codes))
		jsonl_push(codes, jsonl_string("no-gain"));
	jsonl_set(members, "benefit", codes);
	jsonl_set_uint(moved, "statements", b->statements);
	jsonl_set_uint(moved, "loops", b->loops);
	jsonl_set_uint(moved, "device_loops", b->device_loops);
	jsonl_set_uint(moved, "device_loops_constant", b->constant_loops);
	jsonl_set_uint(moved, "device_loops_events", b->event_loops);
	set_if(moved, "device_loops_width", b->width_loops);
	set_if(moved, "device_loops_drain", b->drain_loops);
	set_if(moved, "device_loops_tty", b->tty_loops);
	set_if(moved, "device_loops_fifo", b->fifo_loops);
	set_if(moved, "device_loops_bank", b->bank_loops);
	set_if(moved, "device_loops_bus", b->bus_loops);
	set_if(moved, "device_loops_error", b->error_loops);
	jsonl_set_uint(moved, "device_accesses", b->accesses);
	jsonl_set_uint(moved, "delays", b->delays);
	jsonl_set_uint(moved, "delays_in_polls", b->poll_delays);
	jsonl_set_uint(moved, "delay_us", b->delay_us);
	jsonl_set_uint(moved, "device_loops_irqs_off", b->irqs_off_loops);
	jsonl_set_uint(moved, "delays_irqs_off", b->irqs_off_delays);
	set_if(moved, "delays_error", b->error_delays);
	set_if(moved, "device_loops_irqs_off_elsewhere", b->elsewhere_loops);
	set_if(moved, "delays_irqs_off_elsewhere", b->elsewhere_delays);
	set_if(moved, "device_loops_settle", b->settle_loops);
	set_if(moved, "delays_settle", b->settle_delays);
	set_if(moved, "delays_bus", b->bus_delays);
	set_if(moved, "sleeping_calls", b->sleeps);
	add_where(moved, b);
	jsonl_set(members, "moved", moved);
	add_kept(members, b);
	return members;
}

/* ", 1 bounded by a constant" */
static void add_loop_kind(struct strbuf *sb, bool *first, unsigned int n,
			  const char *what)
{
	if (!n)
		return;
	strbuf_addf(sb, "%s%u %s", *first ? " (" : ", ", n, what);
	*first = false;
}

/*
 * "12 statements, 2 loops (1 over device registers driven by the device
 * or the data, 1 bounded by a constant) and 5 device accesses; 2
 * busy-wait delays, 4 us per run (a delay counts in a poll or from 10
 * us)"
 */
static void add_figures(struct strbuf *sb, const struct benefit *b)
{
	bool first = true;

	strbuf_addf(sb, "%u statement%s, %u loop%s", b->statements,
		    plural(b->statements, "", "s"), b->loops,
		    plural(b->loops, "", "s"));
	add_loop_kind(sb, &first, b->device_loops,
		      "over device registers driven by the device or the data");
	add_loop_kind(sb, &first, b->constant_loops,
		      "over device registers bounded by a constant");
	add_loop_kind(sb, &first, b->width_loops,
		      "over device registers bounded by a configuration count or a status word's bits");
	add_loop_kind(sb, &first, b->bank_loops,
		      "walking a bank of registers one register a round");
	add_loop_kind(sb, &first, b->drain_loops,
		      "draining a FIFO or handling events until the device reports none");
	add_loop_kind(sb, &first, b->tty_loops,
		      "moving characters between a UART FIFO and the tty layer");
	add_loop_kind(sb, &first, b->event_loops,
		      "handing each datum to a subsystem that processes it later");
	add_loop_kind(sb, &first, b->fifo_loops,
		      "moving one FIFO's worth of a transfer per interrupt");
	add_loop_kind(sb, &first, b->bus_loops,
		      "moving the bytes of a transfer an SPI or I2C controller clocks itself, a FIFO's worth per interrupt");
	add_loop_kind(sb, &first, b->error_loops,
		      "over device registers only where an error is handled");
	add_loop_kind(sb, &first, b->elsewhere_loops,
		      "over device registers in functions the driver also calls with interrupts off");
	add_loop_kind(sb, &first, b->settle_loops,
		      "polling a register written just before or after it, which normally ends at once");
	strbuf_addf(sb, "%s and %u device access%s", first ? "" : ")",
		    b->accesses, plural(b->accesses, "", "es"));
	if (!b->delays)
		return;
	strbuf_addf(sb, "; %u busy-wait delay%s", b->delays,
		    plural(b->delays, "", "s"));
	if (b->poll_delays)
		strbuf_addf(sb, ", %u in a poll", b->poll_delays);
	if (b->error_delays)
		strbuf_addf(sb, ", %u only where an error is handled",
			    b->error_delays);
	if (b->settle_delays)
		strbuf_addf(sb, ", %u in polls that normally end at once",
			    b->settle_delays);
	if (b->elsewhere_delays)
		strbuf_addf(sb, ", %u in functions the driver also calls with interrupts off",
			    b->elsewhere_delays);
	if (b->bus_delays)
		strbuf_addf(sb, ", %u between the bytes of such a transfer",
			    b->bus_delays);
	strbuf_addf(sb, ", %lu us per run%s (a delay counts in a poll or from %u us)",
		    b->delay_us, b->poll_delays ? " besides" : "",
		    BENEFIT_DELAY_US);
}

/* "run 1 loop over device registers with interrupts still off" */
static void add_irqs_off(struct strbuf *sb, const struct benefit *b)
{
	strbuf_addstr(sb, "run ");
	if (b->irqs_off_loops)
		strbuf_addf(sb, "%u loop%s over device registers",
			    b->irqs_off_loops,
			    plural(b->irqs_off_loops, "", "s"));
	if (b->irqs_off_loops && b->irqs_off_delays)
		strbuf_addstr(sb, " and ");
	if (b->irqs_off_delays)
		strbuf_addf(sb, "%u busy-wait delay%s", b->irqs_off_delays,
			    plural(b->irqs_off_delays, "", "s"));
	strbuf_addstr(sb, " with interrupts still off, under a lock it takes with them disabled");
}

/*
 * "wait in rtc_delayed_write(), which armada38x_rtc_set_time() also calls
 * with interrupts off, so no worst case gets shorter"
 */
static char *elsewhere_phrase(const struct benefit *b)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i;

	strbuf_addstr(&sb, "wait or loop in ");
	for (i = 0; i < b->elsewhere.nr; i++)
		strbuf_addf(&sb, "%s%s", i == 0 ? "" :
			    i + 1 == b->elsewhere.nr ? " and " : ", ",
			    b->elsewhere.v[i]);
	strbuf_addstr(&sb, ", so no worst case with interrupts off gets shorter");
	return strbuf_detach(&sb);
}

char *benefit_deferrals(const struct benefit *b)
{
	struct strbuf sb = STRBUF_INIT;
	bool irqs_off = b->irqs_off_loops || b->irqs_off_delays;
	char *chain = benefit_chain(b);
	struct strvec items = STRVEC_INIT;
	size_t i, nr;

	/* The chain, last, names the work items the thread would queue. */
	for (i = 0; i < b->only.nr; i++)
		if (!chain || !starts_with(b->only.v[i], "schedule work"))
			strvec_push(&items, b->only.v[i]);
	if (chain)
		strvec_push_nodup(&items, xasprintf("end by %s", chain));
	if (b->elsewhere.nr)
		strvec_push_nodup(&items, elsewhere_phrase(b));
	nr = items.nr + irqs_off;
	for (i = 0; i < items.nr; i++)
		strbuf_addf(&sb, "%s%s", i == 0 ? "" :
			    i + 1 == nr ? " and " : ", ", items.v[i]);
	if (irqs_off) {
		strbuf_addstr(&sb, i == 0 ? "" : " and ");
		add_irqs_off(&sb, b);
	}
	strvec_clear(&items);
	free(chain);
	if (!nr)
		strbuf_addstr(&sb, "run code that costs little in hard-irq context");
	return strbuf_detach(&sb);
}

char *benefit_figures(const struct benefit *b)
{
	struct strbuf sb = STRBUF_INIT;

	add_figures(&sb, b);
	return strbuf_detach(&sb);
}

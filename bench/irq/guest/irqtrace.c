// SPDX-License-Identifier: GPL-2.0
/*
 * irqtrace: turns the text of /sys/kernel/tracing/trace into interrupt
 * cost samples, in ns, appended one per line to files in OUTDIR.
 *
 * usage: irqtrace -H TSC_HZ -i IRQ [-i IRQ]... [-v VEC] [-t COMM_PREFIX]
 *                 [-f INDEX] [-P PID] -o OUTDIR < trace
 *
 * The trace must use trace_clock x86-tsc (timestamps are TSC counts, so
 * they resolve far below the microsecond the ns clocks are printed with)
 * and hold the events preemptirq:irq_disable, preemptirq:irq_enable,
 * irq:irq_handler_entry, irq:irq_handler_exit, and for latencies
 * irq:softirq_exit and sched:sched_switch.
 *
 * OUTDIR/handler  irq_handler_entry -> irq_handler_exit of an action of
 *                 IRQ: the handler alone (under threadirqs the forced
 *                 primary, irq_default_primary_handler)
 * OUTDIR/section  the interrupts-off section that contains such an action:
 *                 from the entry code's irq_disable to the next irq_enable
 *                 on that CPU (return from the interrupt, or the start of
 *                 softirq processing), so it includes the flow handler's
 *                 masking and EOI
 * OUTDIR/latency  from the start of that section to the end of the work:
 *                 the first softirq_exit of VEC (tasklet, NAPI) or switch
 *                 out of a task whose name starts with COMM_PREFIX (the
 *                 irq thread), whichever comes first
 * OUTDIR/foreign  with -f: the handler time of the action at INDEX (0 =
 *                 first requested) of each interrupt, the device that did
 *                 not interrupt; those are then left out of OUTDIR/handler
 * OUTDIR/fthread  with -P: each run of the task PID (the irq thread of
 *                 that device), switch in to switch out
 *
 * Prints a line of counts; lost=N when the ring buffer overflowed.
 */

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_CPUS	64
#define MAX_IRQS	8

struct cpu_state {
	bool off_known;		/* seen the irq_disable that began this section */
	unsigned long long off_ts;
	bool ours;		/* an action of IRQ ran in this section */
	int nact;		/* actions of IRQ entered in this section */
	int ent_idx;
	unsigned long long ent_ts;
};

struct trace_opts {
	double ns_per_tick;
	int irqs[MAX_IRQS];
	int nirqs;
	int vec;		/* -1: none */
	const char *prefix;	/* NULL: none */
	int foreign_idx;	/* -1: none */
	long fpid;		/* -1: none */
};

struct outputs {
	FILE *handler, *section, *latency, *foreign, *fthread;
	unsigned long nhandler, nsection, nlatency, nforeign, nfthread;
	unsigned long unhandled;
};

static struct cpu_state cpus[MAX_CPUS];
static bool pending;
static unsigned long long pending_ts;
static bool frun;
static unsigned long long frun_ts;

static FILE *open_out(const char *dir, const char *name)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "a");
	if (!f) {
		fprintf(stderr, "irqtrace: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	return f;
}

static void put(FILE *f, unsigned long *count, const struct trace_opts *o,
		unsigned long long ticks)
{
	fprintf(f, "%.0f\n", ticks * o->ns_per_tick);
	(*count)++;
}

static bool our_irq(const struct trace_opts *o, int irq)
{
	int i;

	for (i = 0; i < o->nirqs; i++)
		if (o->irqs[i] == irq)
			return true;
	return false;
}

static long field_long(const char *s, const char *key, long dflt)
{
	const char *p = strstr(s, key);

	return p ? strtol(p + strlen(key), NULL, 10) : dflt;
}

/* The value of KEY (up to the next space) starts with PREFIX. */
static bool field_starts(const char *s, const char *key, const char *prefix)
{
	const char *p = strstr(s, key);

	return p && !strncmp(p + strlen(key), prefix, strlen(prefix));
}

static void work_done(const struct trace_opts *o, struct outputs *out,
		      unsigned long long ts)
{
	if (pending) {
		put(out->latency, &out->nlatency, o, ts - pending_ts);
		pending = false;
	}
}

static void event(const struct trace_opts *o, struct outputs *out, int cpu,
		  unsigned long long ts, const char *name, const char *args)
{
	struct cpu_state *c = &cpus[cpu];

	if (!strcmp(name, "irq_disable")) {
		c->off_known = true;
		c->off_ts = ts;
		c->ours = false;
		c->nact = 0;
	} else if (!strcmp(name, "irq_enable")) {
		if (c->off_known && c->ours)
			put(out->section, &out->nsection, o, ts - c->off_ts);
		c->off_known = false;
		c->ours = false;
	} else if (!strcmp(name, "irq_handler_entry")) {
		if (!our_irq(o, field_long(args, "irq=", -1)))
			return;
		if (!c->ours && !pending) {
			pending = true;
			pending_ts = c->off_known ? c->off_ts : ts;
		}
		c->ours = true;
		c->ent_idx = c->nact++;
		c->ent_ts = ts;
	} else if (!strcmp(name, "irq_handler_exit")) {
		if (!our_irq(o, field_long(args, "irq=", -1)) || !c->nact)
			return;
		if (strstr(args, "ret=unhandled"))
			out->unhandled++;
		if (c->ent_idx == o->foreign_idx)
			put(out->foreign, &out->nforeign, o, ts - c->ent_ts);
		else
			put(out->handler, &out->nhandler, o, ts - c->ent_ts);
	} else if (!strcmp(name, "softirq_exit")) {
		if (field_long(args, "vec=", -1) == o->vec)
			work_done(o, out, ts);
	} else if (!strcmp(name, "sched_switch")) {
		if (o->prefix && field_starts(args, "prev_comm=", o->prefix))
			work_done(o, out, ts);
		if (frun && field_long(args, "prev_pid=", -2) == o->fpid) {
			put(out->fthread, &out->nfthread, o, ts - frun_ts);
			frun = false;
		}
		if (field_long(args, "next_pid=", -2) == o->fpid) {
			frun = true;
			frun_ts = ts;
		}
	}
}

/*
 * "  comm-pid  [001] d.h1.  123456789: name: args": the CPU is the first
 * bracketed three-digit number, the time follows the flags.
 */
static void parse_line(const struct trace_opts *o, struct outputs *out,
		       char *line)
{
	char *p = line, *end, *name;
	unsigned long long ts;
	int cpu;

	for (;;) {
		p = strchr(p, '[');
		if (!p)
			return;
		if (p[1] >= '0' && p[1] <= '9' && p[4] == ']')
			break;
		p++;
	}
	cpu = atoi(p + 1);
	if (cpu < 0 || cpu >= MAX_CPUS)
		return;
	p += 5;
	p += strspn(p, " ");
	p += strcspn(p, " ");		/* the flags */
	ts = strtoull(p, &end, 10);
	if (end == p || *end != ':')
		return;
	name = end + 1;
	name += strspn(name, " ");
	end = strchr(name, ':');
	if (!end)
		return;
	*end = '\0';
	line[strcspn(line, "\n")] = '\0';
	event(o, out, cpu, ts, name, end + 1);
}

static void usage(void)
{
	fprintf(stderr, "usage: irqtrace -H TSC_HZ -i IRQ [-i IRQ]... [-v VEC] [-t COMM_PREFIX]\n"
			"                [-f INDEX] [-P PID] -o OUTDIR < trace\n");
	exit(2);
}

int main(int argc, char **argv)
{
	struct trace_opts o = { .vec = -1, .foreign_idx = -1, .fpid = -1 };
	struct outputs out = { 0 };
	unsigned long long inbuf = 0, written = 0;
	const char *dir = NULL;
	double hz = 0;
	char line[1024];
	int opt;

	while ((opt = getopt(argc, argv, "H:i:v:t:f:P:o:")) != -1) {
		switch (opt) {
		case 'H':
			hz = strtod(optarg, NULL);
			break;
		case 'i':
			if (o.nirqs == MAX_IRQS)
				usage();
			o.irqs[o.nirqs++] = atoi(optarg);
			break;
		case 'v':
			o.vec = atoi(optarg);
			break;
		case 't':
			o.prefix = optarg;
			break;
		case 'f':
			o.foreign_idx = atoi(optarg);
			break;
		case 'P':
			o.fpid = atol(optarg);
			break;
		case 'o':
			dir = optarg;
			break;
		default:
			usage();
		}
	}
	if (hz <= 0 || !o.nirqs || !dir || optind != argc)
		usage();
	o.ns_per_tick = 1e9 / hz;

	out.handler = open_out(dir, "handler");
	out.section = open_out(dir, "section");
	out.latency = open_out(dir, "latency");
	out.foreign = open_out(dir, "foreign");
	out.fthread = open_out(dir, "fthread");

	while (fgets(line, sizeof(line), stdin)) {
		if (line[0] == '#') {
			sscanf(line, "# entries-in-buffer/entries-written: %llu/%llu",
			       &inbuf, &written);
			continue;
		}
		parse_line(&o, &out, line);
	}
	printf("handler=%lu section=%lu latency=%lu foreign=%lu fthread=%lu unhandled=%lu lost=%llu\n",
	       out.nhandler, out.nsection, out.nlatency, out.nforeign,
	       out.nfthread, out.unhandled,
	       written > inbuf ? written - inbuf : 0);
	fclose(out.handler);
	fclose(out.section);
	fclose(out.latency);
	fclose(out.foreign);
	fclose(out.fthread);
	return 0;
}

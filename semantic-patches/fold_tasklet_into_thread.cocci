// SPDX-License-Identifier: GPL-2.0-only
/// A threaded interrupt handler does not need a tasklet to finish its
/// work: it runs in a kernel thread already.  Call the tasklet function
/// directly where the thread function scheduled the tasklet.  When nothing
/// else in the file schedules that tasklet, its tasklet_setup() and
/// tasklet_kill() go too (free_irq() now waits for the work).
///
// Confidence: Moderate
// Copyright: (C) 2026 The irqconv authors
// Comments: The thread function comes from the caller:
//  spatch -D patch -D thread=foo_thread
//  Only tasklets set up with tasklet_setup(&e->field, fn) in the same file
//  are folded; the tasklet_struct field itself stays.  The folded
//  function runs with bottom halves enabled: review its locks (see
//  threaded_irq_hazards.cocci).
// Options: --no-includes --include-headers

virtual patch
virtual context
virtual org
virtual report

// The tasklets of the file and their functions.
@ts@
expression e;
identifier fld, fn;
@@
tasklet_setup(&e->fld, fn);

// Where the thread function schedules one of them.
@sched@
identifier virtual.thread;
identifier ts.fld;
expression e;
position p;
@@
thread(...)
{
<...
\(tasklet_schedule@p\|tasklet_hi_schedule@p\)(&e->fld);
...>
}

// Anybody else scheduling the same tasklet keeps it alive.
@other@
identifier ts.fld;
expression e;
position p != sched.p;
@@
\(tasklet_schedule@p\|tasklet_hi_schedule@p\)(&e->fld)

@depends on patch@
identifier ts.fld, ts.fn;
expression e;
position sched.p;
@@
(
- tasklet_schedule@p(&e->fld);
+ fn(&e->fld);
|
- tasklet_hi_schedule@p(&e->fld);
+ fn(&e->fld);
)

@depends on patch && !other@
identifier ts.fld, ts.fn;
expression e;
@@
(
- tasklet_setup(&e->fld, fn);
|
- tasklet_kill(&e->fld);
)

@depends on context@
identifier f;
position sched.p;
@@
* f@p(...);

@script:ocaml depends on report@
p << sched.p;
fn << ts.fn;
t << virtual.thread;
@@
let p = List.hd p in
Printf.printf "%s:%d:%d-%d: %s schedules the tasklet of %s: call it directly\n"
  p.Coccilib.file p.Coccilib.line p.Coccilib.col p.Coccilib.col_end t fn

@script:ocaml depends on org@
p << sched.p;
fn << ts.fn;
t << virtual.thread;
@@
let msg = Printf.sprintf "%s schedules the tasklet of %s: call it directly" t fn in
Coccilib.print_todo ~msg (List.hd p)

// SPDX-License-Identifier: GPL-2.0-only
/// Find code that is wrong for the context a threaded interrupt handler
/// runs in.  A thread function (thread_fn of request_threaded_irq()) runs
/// in a kernel thread with interrupts and bottom halves enabled: the
/// *_irqoff helpers assume interrupts are off, softirqs raised there
/// (napi_schedule(), raise_softirq(), tasklet_schedule()) only run at the
/// next bottom-half boundary unless the call sits between
/// local_bh_disable() and local_bh_enable() (or in a spin_lock_bh() region),
/// a plain spin_lock() on a lock that is elsewhere taken with
/// spin_lock_irqsave() can deadlock against the hard-irq user, and
/// in_interrupt() / in_irq() no longer say what the old handler meant.
/// A primary handler runs in hard-irq context: it must not sleep or wait
/// for its own thread (disable_irq(), synchronize_irq(), msleep(),
/// mutex_lock(), GFP_KERNEL), and returns IRQ_WAKE_THREAD only when a
/// thread function exists.  A request without a primary handler
/// needs IRQF_ONESHOT.
///
/// The patch mode replaces the *_irqoff NAPI helpers of thread functions
/// by the plain ones inside local_bh_disable()/local_bh_enable(), and adds
/// IRQF_ONESHOT to requests without a primary handler.
///
// Confidence: Moderate
// Copyright: (C) 2026 The irqconv authors
// Comments: Lock matching is by the name of the lock's structure field or
//  global variable, not by alias analysis.  Handlers are found through
//  the requests in the same file.
// Options: --no-includes --include-headers

virtual patch
virtual context
virtual org
virtual report

@initialize:ocaml@
@@

(* Whether the text of a flags expression names IRQF_ONESHOT. *)
let mentions_oneshot flags =
  let word = "IRQF_ONESHOT" in
  let n = String.length word and len = String.length flags in
  let rec at i = i + n <= len && (String.sub flags i n = word || at (i + 1)) in
  at 0

let hazard p msg =
  let p = List.hd p in
  if List.mem "org" !Flag.defined_virtual_rules then
    Coccilib.print_todo ~msg p
  else
    Printf.printf "%s:%d:%d-%d: WARNING: %s\n"
      p.Coccilib.file p.Coccilib.line p.Coccilib.col p.Coccilib.col_end msg

// Functions run by an irq thread.
@tf@
identifier t;
expression irq, h, d;
@@
(
request_threaded_irq(irq, h, \(t\|&t\), ...)
|
devm_request_threaded_irq(d, irq, h, \(t\|&t\), ...)
|
request_irq_quickcheck(irq, h, \(t\|&t\), ...)
|
devm_request_irq_quickcheck(d, irq, h, \(t\|&t\), ...)
)

// Functions run in hard-irq context: primary handlers and quick checks.
@pf@
identifier p;
expression irq, t, d;
@@
(
request_threaded_irq(irq, \(p\|&p\), t, ...)
|
devm_request_threaded_irq(d, irq, \(p\|&p\), t, ...)
|
request_irq(irq, \(p\|&p\), ...)
|
devm_request_irq(d, irq, \(p\|&p\), ...)
|
request_irq_quickcheck(irq, \(p\|&p\), ...)
|
devm_request_irq_quickcheck(d, irq, \(p\|&p\), ...)
)

// Primary handlers registered without a thread function.
@nothread@
identifier p;
expression irq, d;
@@
(
request_threaded_irq(irq, \(p\|&p\), NULL, ...)
|
devm_request_threaded_irq(d, irq, \(p\|&p\), NULL, ...)
|
request_irq(irq, \(p\|&p\), ...)
|
devm_request_irq(d, irq, \(p\|&p\), ...)
)

//
// Thread functions: *_irqoff helpers.
//

@depends on patch@
identifier tf.t;
expression n;
@@
t(...)
{
<...
(
- napi_schedule_irqoff(n);
+ local_bh_disable();
+ napi_schedule(n);
+ local_bh_enable();
|
- __napi_schedule_irqoff(n);
+ local_bh_disable();
+ __napi_schedule(n);
+ local_bh_enable();
)
...>
}

@irqoff depends on !patch@
identifier tf.t;
identifier f = {napi_schedule_irqoff, __napi_schedule_irqoff};
position p;
@@
t(...)
{
<...
f@p(...)
...>
}

@depends on context@
identifier f;
position irqoff.p;
@@
* f@p(...)

@script:ocaml depends on org || report@
p << irqoff.p;
f << irqoff.f;
@@
hazard p (f ^ "() in a thread function: interrupts are on there, use the plain helper inside local_bh_disable()/local_bh_enable()")

//
// Thread functions: softirqs raised outside a bottom-half-disabled section.
//

@bh depends on !patch@
identifier tf.t;
identifier f = {napi_schedule, __napi_schedule, raise_softirq,
		raise_softirq_irqoff, __raise_softirq_irqoff,
		tasklet_schedule, tasklet_hi_schedule};
position p;
@@
t(...)
{
<...
local_bh_disable();
... when != local_bh_enable();
    when exists
f@p(...);
...>
}

// spin_unlock_bh() is a bottom-half boundary too.
@bh_region depends on !patch@
identifier tf.t;
identifier f = {napi_schedule, __napi_schedule, raise_softirq,
		raise_softirq_irqoff, __raise_softirq_irqoff,
		tasklet_schedule, tasklet_hi_schedule};
expression l;
position p;
@@
t(...)
{
<...
spin_lock_bh(l);
... when != spin_unlock_bh(l);
    when exists
f@p(...);
...>
}

@softirq depends on !patch@
identifier tf.t;
identifier f = {napi_schedule, __napi_schedule, raise_softirq,
		raise_softirq_irqoff, __raise_softirq_irqoff,
		tasklet_schedule, tasklet_hi_schedule};
position p != {bh.p, bh_region.p};
@@
t(...)
{
<...
f@p(...)
...>
}

@depends on context@
identifier f;
position softirq.p;
@@
* f@p(...)

@script:ocaml depends on org || report@
p << softirq.p;
f << softirq.f;
@@
hazard p (f ^ "() in a thread function outside local_bh_disable()/local_bh_enable(): the softirq only runs at the next bottom-half boundary")

//
// Thread functions: plain spin_lock() on a lock hard-irq code takes.  The
// file's hard-irq code is its primary handlers and the functions they call.
// A lock only process context takes is fine with spin_lock() in a thread,
// even when others take it with interrupts off.  But a thread whose primary
// handler is not in the file may share its locks with code the rule cannot
// see: there a lock taken elsewhere with interrupts off counts as one.
//

@hardirq_lock@
identifier pf.p;
expression e;
identifier l;
@@
p(...)
{
<...
(
spin_lock(&e->l)
|
spin_lock(&l)
|
spin_lock_irqsave(&e->l, ...)
|
spin_lock_irqsave(&l, ...)
)
...>
}

// A spin_lock() taken while the thread holds another lock with interrupts
// off (thunderbolt's nhi_interrupt_work(): ring->lock under
// spin_lock_irq(&nhi->lock)) keeps hard-irq code out already.
@irqoff_nested depends on !patch exists@
identifier tf.t;
expression E, F, G;
position p;
@@
t(...)
{
<...
(
spin_lock_irq(E);
... when != spin_unlock_irq(E);
spin_lock@p(G);
|
spin_lock_irqsave(E, F);
... when != spin_unlock_irqrestore(E, F);
spin_lock@p(G);
)
...>
}

@plainlock depends on !patch@
identifier tf.t;
identifier hardirq_lock.l;
expression e;
position p != irqoff_nested.p;
@@
t(...)
{
<...
(
spin_lock@p(&e->l)
|
spin_lock@p(&l)
)
...>
}

@depends on context@
position plainlock.p;
@@
* spin_lock@p(...)

@script:ocaml depends on org || report@
p << plainlock.p;
l << hardirq_lock.l;
@@
hazard p ("spin_lock() on " ^ l ^ " in a thread function, also taken by a primary handler in hard-irq context: use spin_lock_irqsave()")

// ... or by a function a primary handler calls.
@hardirq_callee@
identifier pf.p, f;
@@
p(...)
{
<...
f(...)
...>
}

@callee_lock@
identifier hardirq_callee.f;
expression e;
identifier l;
@@
f(...)
{
<...
(
spin_lock(&e->l)
|
spin_lock(&l)
|
spin_lock_irqsave(&e->l, ...)
|
spin_lock_irqsave(&l, ...)
)
...>
}

@plainlock2 depends on !patch@
identifier tf.t;
identifier callee_lock.l;
expression e;
position p != plainlock.p;
@@
t(...)
{
<...
(
spin_lock@p(&e->l)
|
spin_lock@p(&l)
)
...>
}

@depends on context@
position plainlock2.p;
@@
* spin_lock@p(...)

@script:ocaml depends on org || report@
p << plainlock2.p;
l << callee_lock.l;
f << hardirq_callee.f;
@@
hazard p ("spin_lock() on " ^ l ^ " in a thread function, also taken in hard-irq context by " ^ f ^ "(), which a primary handler calls: use spin_lock_irqsave()")

// Threads requested with a primary handler the file does not define.
@blind@
identifier t, h != NULL;
expression irq, d;
@@
(
request_threaded_irq(irq, \(h\|&h\), \(t\|&t\), ...)
|
devm_request_threaded_irq(d, irq, \(h\|&h\), \(t\|&t\), ...)
|
request_irq_quickcheck(irq, \(h\|&h\), \(t\|&t\), ...)
|
devm_request_irq_quickcheck(d, irq, \(h\|&h\), \(t\|&t\), ...)
)

@seen_primary@
identifier blind.h;
@@
h(...) { ... }

@irqsafe_lock@
expression e;
identifier l;
@@
(
spin_lock_irqsave(&e->l, ...)
|
spin_lock_irqsave(&l, ...)
|
spin_lock_irq(&e->l)
|
spin_lock_irq(&l)
)

@plainlock3 depends on !patch && !seen_primary@
identifier blind.t;
identifier irqsafe_lock.l;
expression e;
position p != {plainlock.p, plainlock2.p};
@@
t(...)
{
<...
(
spin_lock@p(&e->l)
|
spin_lock@p(&l)
)
...>
}

@depends on context@
position plainlock3.p;
@@
* spin_lock@p(...)

@script:ocaml depends on org || report@
p << plainlock3.p;
l << irqsafe_lock.l;
h << blind.h;
@@
hazard p ("spin_lock() on " ^ l ^ " in a thread function, elsewhere taken with interrupts off, and primary handler " ^ h ^ "() is not in this file: use spin_lock_irqsave()")

// ... or on a lock softirq code takes (a tasklet, a timer, a NAPI poll):
// it can run on the thread's CPU while the thread holds the lock, unless
// the thread took it with bottom halves off.
@softirq_fn@
identifier f;
expression a, b;
@@
(
tasklet_setup(a, f)
|
tasklet_init(a, f, ...)
|
timer_setup(a, f, ...)
|
netif_napi_add(a, b, f, ...)
|
netif_napi_add_weight(a, b, f, ...)
)

@softirq_lock@
identifier softirq_fn.f;
expression e;
identifier l;
@@
f(...)
{
<...
(
spin_lock(&e->l)
|
spin_lock(&l)
|
spin_lock_irqsave(&e->l, ...)
|
spin_lock_irqsave(&l, ...)
|
spin_lock_irq(&e->l)
|
spin_lock_irq(&l)
|
spin_lock_bh(&e->l)
|
spin_lock_bh(&l)
)
...>
}

@bh_lock@
identifier tf.t;
expression e;
identifier l;
position p;
@@
t(...)
{
<...
local_bh_disable();
... when != local_bh_enable();
    when exists
\(spin_lock@p(&e->l);\|spin_lock@p(&l);\)
...>
}

@plainlock4 depends on !patch@
identifier tf.t;
identifier softirq_lock.l;
expression e;
position p != {plainlock.p, plainlock2.p, plainlock3.p, bh_lock.p};
@@
t(...)
{
<...
(
spin_lock@p(&e->l)
|
spin_lock@p(&l)
)
...>
}

@depends on context@
position plainlock4.p;
@@
* spin_lock@p(...)

@script:ocaml depends on org || report@
p << plainlock4.p;
l << softirq_lock.l;
f << softirq_fn.f;
@@
hazard p ("spin_lock() on " ^ l ^ " in a thread function, also taken by softirq code " ^ f ^ "(): use spin_lock_bh()")

//
// Thread functions: context tests that meant "in the interrupt handler".
//

@ctx depends on !patch@
identifier tf.t;
identifier f = {in_interrupt, in_irq, in_hardirq};
position p;
@@
t(...)
{
<...
f@p()
...>
}

@depends on context@
identifier f;
position ctx.p;
@@
* f@p()

@script:ocaml depends on org || report@
p << ctx.p;
f << ctx.f;
@@
hazard p (f ^ "() in a thread function is false there")

//
// Primary handlers: sleeping or waiting for the own thread.
//

@sleep depends on !patch@
identifier pf.p;
identifier f = {disable_irq, synchronize_irq, msleep, msleep_interruptible,
		ssleep, usleep_range, mutex_lock, mutex_lock_interruptible,
		wait_for_completion, might_sleep};
position q;
@@
p(...)
{
<...
f@q(...)
...>
}

@depends on context@
identifier f;
position sleep.q;
@@
* f@q(...)

@script:ocaml depends on org || report@
q << sleep.q;
f << sleep.f;
@@
hazard q (f ^ "() in a primary interrupt handler: it runs in hard-irq context")

@gfp depends on !patch@
identifier pf.p;
position q;
@@
p(...)
{
<...
GFP_KERNEL@q
...>
}

@depends on context@
position gfp.q;
@@
* GFP_KERNEL@q

@script:ocaml depends on org || report@
q << gfp.q;
@@
hazard q "GFP_KERNEL in a primary interrupt handler: it runs in hard-irq context, use GFP_ATOMIC"

//
// Primary handlers that wake a thread that does not exist.
//

@wake depends on !patch@
identifier nothread.p;
position q;
@@
p(...)
{
<...
return IRQ_WAKE_THREAD@q;
...>
}

@depends on context@
position wake.q;
@@
* return IRQ_WAKE_THREAD@q;

@script:ocaml depends on org || report@
q << wake.q;
p << nothread.p;
@@
hazard q (p ^ " returns IRQ_WAKE_THREAD but is requested without a thread function")

//
// Requests without a primary handler need IRQF_ONESHOT.
//

// IRQF_ONESHOT anywhere in the flags: IRQF_SHARED | IRQF_ONESHOT | ...
@has_oneshot@
expression irq, t, d;
expression flags : script:ocaml () { mentions_oneshot flags };
position p;
@@
(
request_threaded_irq@p(irq, NULL, t, flags, ...)
|
devm_request_threaded_irq@p(d, irq, NULL, t, flags, ...)
)

// ... or pass a variable that was given IRQF_ONESHOT on the way.
@var_oneshot exists@
expression irq, t, d, e, e2;
identifier flags;
type T;
position p != has_oneshot.p;
@@
(
T flags = \(IRQF_ONESHOT\|IRQF_ONESHOT | e\);
|
flags = \(IRQF_ONESHOT\|IRQF_ONESHOT | e\);
|
flags |= \(IRQF_ONESHOT\|IRQF_ONESHOT | e\);
)
... when != flags = e2
(
request_threaded_irq@p(irq, NULL, t, flags, ...)
|
devm_request_threaded_irq@p(d, irq, NULL, t, flags, ...)
)

@depends on patch@
expression irq, t, d, flags;
position p != {has_oneshot.p, var_oneshot.p};
@@
(
request_threaded_irq@p(irq, NULL, t,
(
- 0
+ IRQF_ONESHOT
|
- flags
+ flags | IRQF_ONESHOT
)
, ...)
|
devm_request_threaded_irq@p(d, irq, NULL, t,
(
- 0
+ IRQF_ONESHOT
|
- flags
+ flags | IRQF_ONESHOT
)
, ...)
)

@nooneshot depends on !patch@
expression irq, d;
position p != {has_oneshot.p, var_oneshot.p};
@@
(
request_threaded_irq@p(irq, NULL, ...)
|
devm_request_threaded_irq@p(d, irq, NULL, ...)
)

@depends on context@
identifier f;
position nooneshot.p;
@@
* f@p(...)

@script:ocaml depends on org || report@
p << nooneshot.p;
@@
hazard p "threaded irq requested without a primary handler and without IRQF_ONESHOT: the request fails unless the irq is nested (a regmap-irq or MFD child)"

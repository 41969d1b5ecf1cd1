// SPDX-License-Identifier: GPL-2.0-only
/// Split a hard interrupt handler into a quick check that runs in hard-irq
/// context and a thread function: request_irq() and devm_request_irq()
/// calls that register the given handler become request_threaded_irq() and
/// devm_request_threaded_irq() calls registering the quick check as the
/// primary handler and the thread function as thread_fn.
///
/// With -D oneshot the request also gets IRQF_ONESHOT, so the line stays
/// masked until the thread has run (split-oneshot strategy).  All sharers of
/// a line must agree on IRQF_ONESHOT, so a request that passes IRQF_SHARED
/// is left alone unless -D sharers_agree says every sharer was converted.
///
// Confidence: High
// Copyright: (C) 2026 The irqconv authors
// Comments: The names come from the caller, one call site per run:
//  spatch -D patch -D handler=foo_intr -D quick=foo_quick_check
//         -D thread=foo_thread [-D oneshot [-D sharers_agree]] [-D at_line=N]
//  With -D at_line=N only the request on line N is rewritten (a file that
//  requests the handler more than once converts one site per run).
//  Without the three names no rule applies.
// Options: --no-includes --include-headers

virtual patch
virtual context
virtual org
virtual report
virtual oneshot
virtual sharers_agree

@initialize:ocaml@
@@
(* -D at_line=N: the one request to rewrite, where the file has several. *)
let elsewhere p =
  match List.assoc_opt "at_line" !Flag.defined_virtual_env with
  | Some l -> (List.hd p).Coccilib.line <> int_of_string l
  | None -> false

// Requests of the handler on other lines than -D at_line.
@other@
identifier virtual.handler;
expression irq, flags, name, dev, d;
position p : script:ocaml() { elsewhere p };
@@
(
request_irq@p(irq, \(handler\|&handler\), flags, name, dev)
|
devm_request_irq@p(d, irq, \(handler\|&handler\), flags, name, dev)
)

// Requests of the handler that already pass IRQF_ONESHOT.
@has_oneshot@
identifier virtual.handler;
expression irq, flags, name, dev, d;
position p != other.p;
@@
(
request_irq@p(irq, \(handler\|&handler\), \(IRQF_ONESHOT\|IRQF_ONESHOT|flags\),
	      name, dev)
|
devm_request_irq@p(d, irq, \(handler\|&handler\),
		   \(IRQF_ONESHOT\|IRQF_ONESHOT|flags\), name, dev)
)

// Requests of the handler on a shared line: IRQF_ONESHOT needs every sharer.
@shared depends on oneshot && !sharers_agree@
identifier virtual.handler;
expression irq, flags, name, dev, d;
position p != {has_oneshot.p, other.p};
@@
(
request_irq@p(irq, \(handler\|&handler\), \(IRQF_SHARED\|IRQF_SHARED|flags\),
	      name, dev)
|
devm_request_irq@p(d, irq, \(handler\|&handler\),
		   \(IRQF_SHARED\|IRQF_SHARED|flags\), name, dev)
)

@depends on patch && !oneshot@
identifier virtual.handler, virtual.quick, virtual.thread;
expression irq, flags, name, dev, d;
position p != other.p;
@@
(
- request_irq@p
+ request_threaded_irq
  (irq,
- \(handler\|&handler\)
+ quick, thread
  , flags, name, dev)
|
- devm_request_irq@p
+ devm_request_threaded_irq
  (d, irq,
- \(handler\|&handler\)
+ quick, thread
  , flags, name, dev)
)

// Already IRQF_ONESHOT: only the handlers change.
@depends on patch && oneshot@
identifier virtual.handler, virtual.quick, virtual.thread;
expression irq, flags, name, dev, d;
position has_oneshot.p;
@@
(
- request_irq@p
+ request_threaded_irq
  (irq,
- \(handler\|&handler\)
+ quick, thread
  , flags, name, dev)
|
- devm_request_irq@p
+ devm_request_threaded_irq
  (d, irq,
- \(handler\|&handler\)
+ quick, thread
  , flags, name, dev)
)

@depends on patch && oneshot@
identifier virtual.handler, virtual.quick, virtual.thread;
expression irq, flags, name, dev, d;
position p != {shared.p, has_oneshot.p, other.p};
@@
(
- request_irq@p
+ request_threaded_irq
  (irq,
- \(handler\|&handler\)
+ quick, thread
  ,
(
- 0
+ IRQF_ONESHOT
|
- flags
+ flags | IRQF_ONESHOT
)
  , name, dev)
|
- devm_request_irq@p
+ devm_request_threaded_irq
  (d, irq,
- \(handler\|&handler\)
+ quick, thread
  ,
(
- 0
+ IRQF_ONESHOT
|
- flags
+ flags | IRQF_ONESHOT
)
  , name, dev)
)

@script:ocaml depends on patch && oneshot && !sharers_agree@
p << shared.p;
@@
let p = List.hd p in
Printf.eprintf
  "%s:%d:%d-%d: refused: IRQF_ONESHOT on a shared line needs every sharer to agree (-D sharers_agree)\n%!"
  p.Coccilib.file p.Coccilib.line p.Coccilib.col p.Coccilib.col_end

@depends on context@
identifier virtual.handler;
expression irq, d;
@@
(
* request_irq(irq, \(handler\|&handler\), ...)
|
* devm_request_irq(d, irq, \(handler\|&handler\), ...)
)

@site depends on org || report@
identifier virtual.handler;
expression irq, d;
position p;
@@
(
request_irq@p(irq, \(handler\|&handler\), ...)
|
devm_request_irq@p(d, irq, \(handler\|&handler\), ...)
)

@script:ocaml depends on report@
p << site.p;
h << virtual.handler;
q << virtual.quick;
t << virtual.thread;
@@
let p = List.hd p in
Printf.printf "%s:%d:%d-%d: %s can become a threaded request: primary %s, thread %s\n"
  p.Coccilib.file p.Coccilib.line p.Coccilib.col p.Coccilib.col_end h q t

@script:ocaml depends on org@
p << site.p;
h << virtual.handler;
q << virtual.quick;
t << virtual.thread;
@@
let msg = Printf.sprintf "%s can become a threaded request: primary %s, thread %s"
  h q t in
Coccilib.print_todo ~msg (List.hd p)

@script:ocaml depends on (report || org) && oneshot && !sharers_agree@
p << shared.p;
@@
let p = List.hd p in
Printf.printf "%s:%d:%d-%d: WARNING: IRQF_ONESHOT on a shared line needs every sharer to agree\n"
  p.Coccilib.file p.Coccilib.line p.Coccilib.col p.Coccilib.col_end

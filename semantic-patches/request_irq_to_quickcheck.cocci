// SPDX-License-Identifier: GPL-2.0-only
/// Give an interrupt handler a quick check, the staged way of the 2008
/// genirq RFC: request_irq() and devm_request_irq() calls that register the
/// given handler become request_irq_quickcheck() and
/// devm_request_irq_quickcheck() calls, the quick check after the handler
/// as their prototypes have it.  The quick check runs first in hard-irq
/// context and returns IRQ_NONE, IRQ_HANDLED or IRQ_NEEDS_HANDLING; the
/// handler is kept as the main handler, run in hard-irq context when the
/// quick check asks for it.
/// The flags are kept as they are.
///
// Confidence: High
// Copyright: (C) 2026 The irqconv authors
// Comments: Needs the request_irq_quickcheck() patch of kernel-patches/.
//  The names come from the caller, one call site per run:
//  spatch -D patch -D handler=foo_intr -D quick=foo_quick_check
//  Without both names no rule applies.
// Options: --no-includes --include-headers

virtual patch
virtual context
virtual org
virtual report

@depends on patch@
identifier virtual.handler, virtual.quick;
expression irq, flags, name, dev, d;
@@
(
- request_irq
+ request_irq_quickcheck
  (irq,
(
- handler
+ handler, quick
|
- &handler
+ &handler, quick
)
  , flags, name, dev)
|
- devm_request_irq
+ devm_request_irq_quickcheck
  (d, irq,
(
- handler
+ handler, quick
|
- &handler
+ &handler, quick
)
  , flags, name, dev)
)

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
@@
let p = List.hd p in
Printf.printf "%s:%d:%d-%d: %s can get the quick check %s\n"
  p.Coccilib.file p.Coccilib.line p.Coccilib.col p.Coccilib.col_end h q

@script:ocaml depends on org@
p << site.p;
h << virtual.handler;
q << virtual.quick;
@@
let msg = Printf.sprintf "%s can get the quick check %s" h q in
Coccilib.print_todo ~msg (List.hd p)

// SPDX-License-Identifier: GPL-2.0-only
/// The request_irq-family call sites, for make bench-scan: what spatch
/// takes to find the sites irqconv scan finds (file:line: function).
//
// Confidence: High
// Options: --no-includes

virtual report

@site depends on report@
identifier fn =~ "^((devm_)?request_(threaded_|any_context_)?irq|request_percpu_irq|request_nmi)$";
position p;
@@

fn@p(...)

@script:ocaml depends on site@
p << site.p;
fn << site.fn;
@@

let pos = List.hd p in
Printf.printf "%s:%d: %s\n" pos.Coccilib.file pos.Coccilib.line fn

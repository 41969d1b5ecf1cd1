// SPDX-License-Identifier: GPL-2.0
/*
 * An SPI or I2C controller's driver (a function of its module, or of a
 * library module it links, registers an spi_controller or an i2c_adapter).
 * The controller clocks the bus: it receives only as many bytes as it has
 * sent or asked for, and it sends only what the driver put in its
 * transmit FIFO.  So whatever bounds a loop of its handler as written
 * (spi-cadence's `rx_bytes - tx_bytes`, spi-qup's "the next block is
 * available", sp7021's wait for the last bytes of a transfer), one
 * interrupt moves at most a FIFO's worth of a transfer, and the delays in
 * such a loop wait for the bus to take a byte.  A thread would add a
 * wake-up to every chunk of every transfer.
 */
#include <stdlib.h>

#include "analyze/benefit-loop.h"
#include "analyze/benefit.h"
#include "analyze/lock-graph.h"
#include "util.h"

static bool registers_bus(const char *callee)
{
	static const char *const names[] = {
		"spi_register_controller", "devm_spi_register_controller",
		"i2c_add_adapter", "i2c_add_numbered_adapter",
		"devm_i2c_add_adapter", NULL
	};

	return name_in(callee, names);
}

static void registration(CXCursor call, void *data)
{
	bool *found = data;
	char *callee;

	if (*found)
		return;
	callee = da_callee(call);
	*found = registers_bus(callee);
	free(callee);
}

static bool any_registers(const CXCursor *defs, size_t nr)
{
	bool found = false;
	size_t i;

	for (i = 0; i < nr && !found; i++)
		da_for_each_call(defs[i], registration, &found);
	return found;
}

bool benefit_bus_controller(CXCursor handler, const struct lock_module *lm)
{
	struct cursor_kids fns;
	bool found;

	if (lm)
		return any_registers(lm->defs.v, lm->defs.nr);
	da_file_functions(handler, &fns);
	found = any_registers(fns.v, fns.nr);
	free(fns.v);
	return found;
}

struct waits {
	const struct loop_env *e;
	bool hit;
};

static enum CXChildVisitResult waits_visit(CXCursor c, CXCursor parent,
					   CXClientData data)
{
	struct waits *w = data;

	(void)parent;
	if (da_is_loop(c) && !benefit_loop_moves(c, w->e) &&
	    benefit_reaches(c, w->e->file, w->e->depth, benefit_is_access,
			    w->e->ap))
		w->hit = true;
	return w->hit ? CXChildVisit_Break : CXChildVisit_Recurse;
}

/*
 * A loop that polls the device inside, for each datum, waits for the bus
 * to bring it: it moves a whole transfer per interrupt, however long that
 * takes (spi-microchip-core-qspi's `while (qspi->rx_len--)` around a spin
 * on RXFIFOEMPTY), and its poll counts.
 */
bool benefit_bus_waits(CXCursor loop, const struct loop_env *e)
{
	struct waits w = { e, false };

	clang_visitChildren(loop, waits_visit, &w);
	return w.hit;
}

/*
 * Locks and bottom halves in thread functions: each hazard next to the
 * correct form irqconv's own conversions produce (edu, e1000).
 */
struct foo {
	spinlock_t ack_lock;	/* taken in hard-irq code, by a callee */
	spinlock_t lock;	/* irqsave in process context only */
	struct napi_struct napi;
};

static void foo_ack(struct foo *fp)
{
	unsigned long flags;

	spin_lock_irqsave(&fp->ack_lock, flags);
	fp->acked++;
	spin_unlock_irqrestore(&fp->ack_lock, flags);
}

static irqreturn_t foo_quick_check(int irq, void *dev_id)
{
	struct foo *fp = dev_id;

	if (!foo_pending(fp))
		return IRQ_NONE;
	foo_ack(fp);
	return IRQ_WAKE_THREAD;
}

/* Hazard: ack_lock is taken by foo_ack(), in hard-irq context. */
static irqreturn_t foo_thread(int irq, void *dev_id)
{
	struct foo *fp = dev_id;

	spin_lock(&fp->ack_lock);
	fp->acked = 0;
	spin_unlock(&fp->ack_lock);
	return IRQ_HANDLED;
}

/* Correct (edu): no hard-irq code takes lock; process context does, irqsave. */
static irqreturn_t edu_thread(int irq, void *dev_id)
{
	struct foo *fp = dev_id;

	spin_lock(&fp->lock);
	fp->count++;
	spin_unlock(&fp->lock);
	return IRQ_HANDLED;
}

/* Hazard: the primary handler is elsewhere and may take lock. */
static irqreturn_t blind_thread(int irq, void *dev_id)
{
	struct foo *fp = dev_id;

	spin_lock(&fp->lock);
	fp->count++;
	spin_unlock(&fp->lock);
	return IRQ_HANDLED;
}

/* Correct: no primary handler at all, so no hard-irq code. */
static irqreturn_t nullprim_thread(int irq, void *dev_id)
{
	struct foo *fp = dev_id;

	spin_lock(&fp->lock);
	fp->count++;
	spin_unlock(&fp->lock);
	return IRQ_HANDLED;
}

/* Correct (e1000): the raise sits in a branch inside the bracket. */
static irqreturn_t e1000_thread(int irq, void *dev_id)
{
	struct foo *fp = dev_id;

	local_bh_disable();
	if (likely(napi_schedule_prep(&fp->napi))) {
		fp->count = 0;
		__napi_schedule(&fp->napi);
	} else {
		foo_enable(fp);
	}
	local_bh_enable();
	return IRQ_HANDLED;
}

/* Hazard: the raise in a branch before the bracket. */
static irqreturn_t early_thread(int irq, void *dev_id)
{
	struct foo *fp = dev_id;

	if (napi_schedule_prep(&fp->napi))
		__napi_schedule(&fp->napi);
	local_bh_disable();
	fp->count = 0;
	local_bh_enable();
	return IRQ_HANDLED;
}

static void foo_stats(struct foo *fp)
{
	unsigned long flags;

	spin_lock_irqsave(&fp->lock, flags);
	fp->count = 0;
	spin_unlock_irqrestore(&fp->lock, flags);
}

static int foo_probe(struct foo *fp)
{
	int err;

	err = request_threaded_irq(fp->irq, foo_quick_check, foo_thread,
				   IRQF_SHARED, "foo", fp);
	if (err)
		return err;
	err = request_threaded_irq(fp->irq2, foo_quick_check, edu_thread,
				   IRQF_SHARED, "edu", fp);
	if (err)
		return err;
	err = request_threaded_irq(fp->irq3, other_quick_check, blind_thread,
				   IRQF_SHARED, "blind", fp);
	if (err)
		return err;
	err = request_threaded_irq(fp->irq4, NULL, nullprim_thread,
				   IRQF_ONESHOT, "nullprim", fp);
	if (err)
		return err;
	err = request_threaded_irq(fp->irq5, foo_quick_check, e1000_thread,
				   IRQF_SHARED, "e1000", fp);
	if (err)
		return err;
	return request_threaded_irq(fp->irq6, foo_quick_check, early_thread,
				    IRQF_SHARED, "early", fp);
}

/* timer_lock is shared with a timer, which runs in softirq context. */
static void bar_timer(struct timer_list *t)
{
	struct bar *bp = from_timer(bp, t, timer);

	spin_lock(&bp->timer_lock);
	bp->ticks++;
	spin_unlock(&bp->timer_lock);
}

/* Hazard: the timer can run on this CPU while the thread holds the lock. */
static irqreturn_t bar_thread(int irq, void *dev_id)
{
	struct bar *bp = dev_id;

	spin_lock(&bp->timer_lock);
	bp->ticks = 0;
	spin_unlock(&bp->timer_lock);
	return IRQ_HANDLED;
}

/* Correct: bottom halves are off while the thread holds it. */
static irqreturn_t bar_bh_thread(int irq, void *dev_id)
{
	struct bar *bp = dev_id;

	local_bh_disable();
	spin_lock(&bp->timer_lock);
	bp->ticks = 0;
	spin_unlock(&bp->timer_lock);
	local_bh_enable();
	return IRQ_HANDLED;
}

static int bar_probe(struct bar *bp)
{
	int err;

	timer_setup(&bp->timer, bar_timer, 0);
	err = request_threaded_irq(bp->irq, NULL, bar_thread, IRQF_ONESHOT,
				   "bar", bp);
	if (err)
		return err;
	return request_threaded_irq(bp->irq2, NULL, bar_bh_thread,
				    IRQF_ONESHOT, "bar", bp);
}

struct foo {
	spinlock_t lock;
	spinlock_t stats_lock;
	struct napi_struct napi;
	struct mutex mutex;
	struct tasklet_struct tasklet;
};

static DEFINE_SPINLOCK(global_lock);

static irqreturn_t foo_quick_check(int irq, void *dev_id)
{
	struct foo *fp = dev_id;
	void *buf;

	if (!foo_pending(fp))
		return IRQ_NONE;
	spin_lock(&fp->lock);
	spin_lock(&fp->stats_lock);
	fp->events++;
	spin_unlock(&fp->stats_lock);
	spin_unlock(&fp->lock);
	disable_irq_nosync(irq);
	synchronize_irq(irq);
	buf = kmalloc(64, GFP_KERNEL);
	mutex_lock(&fp->mutex);
	msleep(1);
	mutex_unlock(&fp->mutex);
	return IRQ_WAKE_THREAD;
}

static irqreturn_t foo_thread(int irq, void *dev_id)
{
	struct foo *fp = dev_id;

	spin_lock(&fp->lock);
	spin_lock(&fp->stats_lock);
	spin_lock(&global_lock);
	napi_schedule_irqoff(&fp->napi);
	if (napi_schedule_prep(&fp->napi))
		__napi_schedule_irqoff(&fp->napi);
	spin_unlock(&global_lock);
	spin_unlock(&fp->stats_lock);
	spin_unlock(&fp->lock);
	napi_schedule(&fp->napi);
	tasklet_schedule(&fp->tasklet);
	local_bh_disable();
	napi_schedule(&fp->napi);
	raise_softirq(NET_RX_SOFTIRQ);
	local_bh_enable();
	spin_lock_bh(&fp->stats_lock);
	tasklet_schedule(&fp->tasklet);
	spin_unlock_bh(&fp->stats_lock);
	if (in_interrupt() || in_irq())
		return IRQ_NONE;
	return IRQ_HANDLED;
}

static irqreturn_t bar_intr(int irq, void *dev_id)
{
	if (!bar_pending(dev_id))
		return IRQ_NONE;
	return IRQ_WAKE_THREAD;
}

static irqreturn_t baz_thread(int irq, void *dev_id)
{
	msleep(10);
	return IRQ_HANDLED;
}

static void foo_poll(struct foo *fp)
{
	unsigned long flags;

	spin_lock_irqsave(&fp->lock, flags);
	spin_unlock_irqrestore(&fp->lock, flags);
	spin_lock_irq(&global_lock);
	spin_unlock_irq(&global_lock);
	napi_schedule_irqoff(&fp->napi);
}

static int foo_probe(struct device *dev, struct foo *fp)
{
	int err;

	err = devm_request_threaded_irq(dev, fp->irq, foo_quick_check,
					foo_thread, IRQF_SHARED, "foo", fp);
	if (err)
		return err;
	err = request_irq(fp->irq2, bar_intr, 0, "bar", fp);
	if (err)
		return err;
	err = request_threaded_irq(fp->irq3, NULL, baz_thread, 0, "baz", fp);
	if (err)
		return err;
	err = request_threaded_irq(fp->irq4, NULL, baz_thread,
				   IRQF_TRIGGER_LOW, "baz", fp);
	if (err)
		return err;
	return request_threaded_irq(fp->irq5, NULL, &baz_thread,
				    IRQF_ONESHOT | IRQF_TRIGGER_LOW, "baz", fp);
}

static int baz_open(struct foo *fp, bool low)
{
	unsigned long flags = IRQF_ONESHOT | IRQF_TRIGGER_HIGH;
	unsigned long flags2;
	int err;

	err = request_threaded_irq(fp->irq6, NULL, baz_thread, flags, "baz", fp);
	if (err)
		return err;
	flags2 = low ? IRQF_TRIGGER_LOW : IRQF_TRIGGER_HIGH;
	return request_threaded_irq(fp->irq7, NULL, baz_thread, flags2, "baz", fp);
}

/* IRQF_ONESHOT inside the flags, and in a variable past an early return. */
static int qux_open(struct foo *fp, bool share)
{
	int flags = IRQF_ONESHOT;
	int err;

	if (!fp->irq8)
		return -EINVAL;
	if (share)
		flags |= IRQF_SHARED;
	err = request_threaded_irq(fp->irq8, NULL, baz_thread, flags, "qux", fp);
	if (err)
		return err;
	return request_threaded_irq(fp->irq9, NULL, baz_thread,
				    IRQF_SHARED | IRQF_ONESHOT | IRQF_TRIGGER_LOW,
				    "qux", fp);
}

/*
 * A spin_lock() under another lock taken with interrupts off: hard-irq
 * code is kept out already, no warning (thunderbolt's nhi_interrupt_work()).
 */
static irqreturn_t quux_thread(int irq, void *dev_id)
{
	struct foo *fp = dev_id;
	int i;

	spin_lock_irq(&global_lock);
	for (i = 0; i < 4; i++) {
		if (!foo_pending(fp))
			continue;
		spin_lock(&fp->lock);
		fp->events++;
		spin_unlock(&fp->lock);
	}
	spin_unlock_irq(&global_lock);
	return IRQ_HANDLED;
}

static int quux_open(struct foo *fp)
{
	return request_threaded_irq(fp->irq10, foo_quick_check, quux_thread,
				    IRQF_SHARED, "quux", fp);
}

struct foo {
	spinlock_t lock;
	struct tasklet_struct tasklet;
	struct tasklet_struct tx_tasklet;
};

static void foo_tasklet(struct tasklet_struct *t)
{
	struct foo *fp = from_tasklet(fp, t, tasklet);

	foo_work(fp);
}

static void foo_tx_tasklet(struct tasklet_struct *t)
{
	struct foo *fp = from_tasklet(fp, t, tx_tasklet);

	foo_tx_work(fp);
}

static irqreturn_t foo_quick_check(int irq, void *dev_id)
{
	struct foo *fp = dev_id;

	if (!foo_pending(fp))
		return IRQ_NONE;
	foo_mask(fp);
	return IRQ_WAKE_THREAD;
}

static irqreturn_t foo_thread(int irq, void *dev_id)
{
	struct foo *fp = dev_id;

	tasklet_schedule(&fp->tasklet);
	tasklet_hi_schedule(&fp->tx_tasklet);
	foo_unmask(fp);
	return IRQ_HANDLED;
}

static void foo_timer(struct timer_list *t)
{
	struct foo *fp = from_timer(fp, t, timer);

	tasklet_schedule(&fp->tx_tasklet);
}

static int foo_probe(struct device *dev, struct foo *fp)
{
	tasklet_setup(&fp->tasklet, foo_tasklet);
	tasklet_setup(&fp->tx_tasklet, foo_tx_tasklet);
	return devm_request_threaded_irq(dev, fp->irq, foo_quick_check,
					 foo_thread, IRQF_SHARED, "foo", fp);
}

static void foo_remove(struct foo *fp)
{
	free_irq(fp->irq, fp);
	tasklet_kill(&fp->tasklet);
	tasklet_kill(&fp->tx_tasklet);
}


static irqreturn_t foo_intr(int irq, void *dev_id);
static irqreturn_t bar_intr(int irq, void *dev_id);

static int foo_open(struct foo *fp)
{
	int err;

	err = request_irq(fp->irq, foo_intr, IRQF_SHARED, "foo", fp);
	if (err)
		return err;
	return request_irq(fp->irq2, bar_intr, 0, "bar", fp);
}

static int foo_open_exclusive(struct foo *fp)
{
	return request_irq(fp->irq, &foo_intr, 0, fp->name, fp);
}

static int foo_open_trigger(struct foo *fp, unsigned long flags)
{
	return request_irq(fp->irq, foo_intr, flags | IRQF_TRIGGER_LOW,
			   "foo", fp);
}

static int foo_probe(struct device *dev, struct foo *fp)
{
	return devm_request_irq(dev, fp->irq, foo_intr, IRQF_ONESHOT,
				dev_name(dev), fp);
}

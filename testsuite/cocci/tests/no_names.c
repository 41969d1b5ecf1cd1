// Without the handler names no rule applies: the file stays as it is.
static int foo_open(struct foo *fp)
{
	return request_irq(fp->irq, foo_intr, 0, "foo", fp);
}

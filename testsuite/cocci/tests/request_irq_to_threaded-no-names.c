// spatch: request_irq_to_threaded.cocci -D patch
// spatch-stderr: No rules apply
// Without the handler names no rule applies: the file stays as it is.
static int foo_open(struct foo *fp)
{
	return request_irq(fp->irq, foo_intr, 0, "foo", fp);
}

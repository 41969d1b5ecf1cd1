// SPDX-License-Identifier: GPL-2.0
/*
 * Driver for QEMU's educational PCI device (edu, 1234:11e8), written the
 * way drivers were written before threaded interrupts: a hard interrupt
 * handler that claims and acknowledges the interrupt, and a tasklet that
 * does the work.  It is the test subject of irqconv's conversions.
 *
 * Each device gets a misc device /dev/eduN:
 *  - write() at offset off copies the data by DMA into the device's 4 KiB
 *    buffer at off, read() copies it back by DMA (4095 bytes, see
 *    EDU_DMA_SIZE);
 *  - /sys/class/misc/eduN/factorial: write n, the device computes n! and
 *    interrupts; read gives the last result;
 *  - /sys/class/misc/eduN/raise: write a value, the device raises it as
 *    interrupt status; returns once the interrupt was handled;
 *  - irq_count, raise_count, fact_count, dma_count: read-only counters.
 */

#include <linux/completion.h>
#include <linux/device.h>
#include <linux/dma-mapping.h>
#include <linux/fs.h>
#include <linux/idr.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/kref.h>
#include <linux/miscdevice.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/uaccess.h>

#define EDU_VENDOR_ID		0x1234
#define EDU_DEVICE_ID		0x11e8

/* Registers of BAR0, all accessed 32 bits wide */
#define EDU_REG_ID		0x00	/* 0xRRrr00ed: major, minor, 0xed */
#define EDU_REG_LIVENESS	0x04	/* reads back the inverse of a write */
#define EDU_REG_FACT		0x08	/* write n, read n! when not busy */
#define EDU_REG_STATUS		0x20
#define  EDU_STATUS_BUSY	0x01	/* factorial being computed */
#define  EDU_STATUS_IRQFACT	0x80	/* interrupt when n! is ready */
#define EDU_REG_IRQ_STATUS	0x24
#define EDU_REG_IRQ_RAISE	0x60	/* ORed into the interrupt status */
#define EDU_REG_IRQ_ACK		0x64	/* clears interrupt status bits */
#define EDU_REG_DMA_SRC		0x80
#define EDU_REG_DMA_DST		0x88
#define EDU_REG_DMA_COUNT	0x90
#define EDU_REG_DMA_CMD		0x98
#define  EDU_DMA_START		0x01
#define  EDU_DMA_TO_RAM		0x02	/* direction: device buffer to RAM */
#define  EDU_DMA_IRQ		0x04	/* interrupt when done */

#define EDU_IRQ_FACT		0x00000001
#define EDU_IRQ_DMA		0x00000100
#define EDU_IRQ_OWN		(EDU_IRQ_FACT | EDU_IRQ_DMA)

#define EDU_DMA_BUF_ADDR	0x40000	/* the buffer in the device */
#define EDU_DMA_BUF_SIZE	4096
/*
 * QEMU before 8.0 aborts on a transfer that ends at the end of the buffer
 * (QEMU issue 1254): leave the last byte out.
 */
#define EDU_DMA_SIZE		(EDU_DMA_BUF_SIZE - 1)
#define EDU_DMA_BITS		28
#define EDU_TIMEOUT_MS		5000

static bool use_msi;
module_param(use_msi, bool, 0444);
MODULE_PARM_DESC(use_msi, "Use MSI instead of the INTx line (default: no)");

static DEFINE_IDA(edu_ida);

struct edu_dev {
	struct pci_dev *pdev;
	void __iomem *regs;
	int irq;
	int id;
	char name[16];
	struct miscdevice misc;
	struct kref kref;
	bool gone;		/* removed; under cmd_mutex */

	/* Between the interrupt handler, the tasklet and process context */
	spinlock_t lock;
	u32 pending;		/* interrupt status bits for the tasklet */
	unsigned long irq_count;

	/* Between the tasklet and process context */
	spinlock_t stats_lock;
	unsigned long raise_count;
	unsigned long fact_count;
	unsigned long dma_count;
	u32 fact_result;

	struct tasklet_struct tasklet;
	struct completion raise_done;
	struct completion fact_done;
	struct completion dma_done;

	/* One command at a time: the device has one unit of each kind */
	struct mutex cmd_mutex;
	void *dma_buf;
	dma_addr_t dma_handle;
};

static void edu_free(struct kref *kref)
{
	struct edu_dev *edu = container_of(kref, struct edu_dev, kref);

	kfree(edu);
}

static u32 edu_read(struct edu_dev *edu, unsigned int reg)
{
	return readl(edu->regs + reg);
}

static void edu_write(struct edu_dev *edu, unsigned int reg, u32 val)
{
	writel(val, edu->regs + reg);
}

/**
 * edu_irq_handler() - hard interrupt handler of the edu device
 * @irq: the interrupt number
 * @dev_id: the &struct edu_dev of the device
 *
 * The line may be shared: the interrupt status register tells whether
 * this device interrupted.  The status is acknowledged here, so that the
 * level-triggered INTx line goes down, and handed to the tasklet, which
 * does the rest.
 *
 * Return: IRQ_NONE if the device did not interrupt, IRQ_HANDLED otherwise.
 */
static irqreturn_t edu_irq_handler(int irq, void *dev_id)
{
	struct edu_dev *edu = dev_id;
	u32 status;

	status = edu_read(edu, EDU_REG_IRQ_STATUS);
	if (!status)
		return IRQ_NONE;
	edu_write(edu, EDU_REG_IRQ_ACK, status);

	spin_lock(&edu->lock);
	edu->pending |= status;
	edu->irq_count++;
	spin_unlock(&edu->lock);

	tasklet_schedule(&edu->tasklet);
	return IRQ_HANDLED;
}

static void edu_tasklet(struct tasklet_struct *t)
{
	struct edu_dev *edu = from_tasklet(edu, t, tasklet);
	unsigned long flags;
	u32 status;

	spin_lock_irqsave(&edu->lock, flags);
	status = edu->pending;
	edu->pending = 0;
	spin_unlock_irqrestore(&edu->lock, flags);

	spin_lock(&edu->stats_lock);
	if (status & EDU_IRQ_FACT) {
		edu->fact_result = edu_read(edu, EDU_REG_FACT);
		edu->fact_count++;
	}
	if (status & EDU_IRQ_DMA)
		edu->dma_count++;
	if (status & ~EDU_IRQ_OWN)
		edu->raise_count++;
	spin_unlock(&edu->stats_lock);

	if (status & EDU_IRQ_FACT)
		complete(&edu->fact_done);
	if (status & EDU_IRQ_DMA)
		complete(&edu->dma_done);
	if (status & ~EDU_IRQ_OWN)
		complete(&edu->raise_done);
}

static int edu_wait(struct completion *done)
{
	if (!wait_for_completion_timeout(done,
					 msecs_to_jiffies(EDU_TIMEOUT_MS)))
		return -ETIMEDOUT;
	return 0;
}

/* Called with cmd_mutex held. */
static int edu_dma(struct edu_dev *edu, loff_t pos, size_t count, bool to_ram)
{
	u32 cmd = EDU_DMA_START | EDU_DMA_IRQ;
	u32 buf = EDU_DMA_BUF_ADDR + (u32)pos;

	reinit_completion(&edu->dma_done);
	if (to_ram) {
		edu_write(edu, EDU_REG_DMA_SRC, buf);
		edu_write(edu, EDU_REG_DMA_DST, lower_32_bits(edu->dma_handle));
		cmd |= EDU_DMA_TO_RAM;
	} else {
		edu_write(edu, EDU_REG_DMA_SRC, lower_32_bits(edu->dma_handle));
		edu_write(edu, EDU_REG_DMA_DST, buf);
	}
	edu_write(edu, EDU_REG_DMA_COUNT, count);
	edu_write(edu, EDU_REG_DMA_CMD, cmd);
	return edu_wait(&edu->dma_done);
}

static struct edu_dev *file_edu(struct file *file)
{
	return container_of(file->private_data, struct edu_dev, misc);
}

static int edu_open(struct inode *inode, struct file *file)
{
	kref_get(&file_edu(file)->kref);
	return 0;
}

static int edu_release(struct inode *inode, struct file *file)
{
	kref_put(&file_edu(file)->kref, edu_free);
	return 0;
}

static loff_t edu_llseek(struct file *file, loff_t offset, int whence)
{
	return fixed_size_llseek(file, offset, whence, EDU_DMA_SIZE);
}

static ssize_t edu_read_buf(struct file *file, char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	struct edu_dev *edu = file_edu(file);
	loff_t pos = *ppos;
	ssize_t ret;

	if (!edu->dma_buf)
		return -EOPNOTSUPP;
	if (pos < 0)
		return -EINVAL;
	if (pos >= EDU_DMA_SIZE)
		return 0;
	count = min_t(size_t, count, EDU_DMA_SIZE - pos);

	if (mutex_lock_interruptible(&edu->cmd_mutex))
		return -ERESTARTSYS;
	ret = edu->gone ? -ENODEV : edu_dma(edu, pos, count, true);
	if (!ret && copy_to_user(ubuf, edu->dma_buf, count))
		ret = -EFAULT;
	mutex_unlock(&edu->cmd_mutex);
	if (ret)
		return ret;
	*ppos = pos + count;
	return count;
}

static ssize_t edu_write_buf(struct file *file, const char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	struct edu_dev *edu = file_edu(file);
	loff_t pos = *ppos;
	ssize_t ret;

	if (!edu->dma_buf)
		return -EOPNOTSUPP;
	if (pos < 0)
		return -EINVAL;
	if (pos >= EDU_DMA_SIZE)
		return count ? -ENOSPC : 0;
	count = min_t(size_t, count, EDU_DMA_SIZE - pos);

	if (mutex_lock_interruptible(&edu->cmd_mutex))
		return -ERESTARTSYS;
	if (edu->gone)
		ret = -ENODEV;
	else if (copy_from_user(edu->dma_buf, ubuf, count))
		ret = -EFAULT;
	else
		ret = edu_dma(edu, pos, count, false);
	mutex_unlock(&edu->cmd_mutex);
	if (ret)
		return ret;
	*ppos = pos + count;
	return count;
}

static const struct file_operations edu_fops = {
	.owner = THIS_MODULE,
	.open = edu_open,
	.release = edu_release,
	.llseek = edu_llseek,
	.read = edu_read_buf,
	.write = edu_write_buf,
};

static struct edu_dev *attr_edu(struct device *dev)
{
	struct miscdevice *misc = dev_get_drvdata(dev);

	return container_of(misc, struct edu_dev, misc);
}

static ssize_t factorial_show(struct device *dev,
			      struct device_attribute *attr, char *buf)
{
	struct edu_dev *edu = attr_edu(dev);
	u32 result;

	spin_lock_bh(&edu->stats_lock);
	result = edu->fact_result;
	spin_unlock_bh(&edu->stats_lock);
	return sysfs_emit(buf, "%u\n", result);
}

static ssize_t factorial_store(struct device *dev,
			       struct device_attribute *attr,
			       const char *buf, size_t count)
{
	struct edu_dev *edu = attr_edu(dev);
	u32 n;
	int ret;

	ret = kstrtou32(buf, 0, &n);
	if (ret)
		return ret;

	mutex_lock(&edu->cmd_mutex);
	reinit_completion(&edu->fact_done);
	edu_write(edu, EDU_REG_STATUS, EDU_STATUS_IRQFACT);
	edu_write(edu, EDU_REG_FACT, n);
	ret = edu_wait(&edu->fact_done);
	mutex_unlock(&edu->cmd_mutex);
	return ret ? ret : count;
}
static DEVICE_ATTR_RW(factorial);

static ssize_t raise_store(struct device *dev, struct device_attribute *attr,
			   const char *buf, size_t count)
{
	struct edu_dev *edu = attr_edu(dev);
	u32 val;
	int ret;

	ret = kstrtou32(buf, 0, &val);
	if (ret)
		return ret;
	/* The factorial and DMA bits belong to those commands */
	if (!val || (val & EDU_IRQ_OWN))
		return -EINVAL;

	mutex_lock(&edu->cmd_mutex);
	reinit_completion(&edu->raise_done);
	edu_write(edu, EDU_REG_IRQ_RAISE, val);
	ret = edu_wait(&edu->raise_done);
	mutex_unlock(&edu->cmd_mutex);
	return ret ? ret : count;
}
static DEVICE_ATTR_WO(raise);

static ssize_t irq_count_show(struct device *dev,
			      struct device_attribute *attr, char *buf)
{
	struct edu_dev *edu = attr_edu(dev);
	unsigned long flags, n;

	spin_lock_irqsave(&edu->lock, flags);
	n = edu->irq_count;
	spin_unlock_irqrestore(&edu->lock, flags);
	return sysfs_emit(buf, "%lu\n", n);
}
static DEVICE_ATTR_RO(irq_count);

/* The counters the tasklet keeps */
static ssize_t edu_stat_show(struct edu_dev *edu, char *buf,
			     const unsigned long *counter)
{
	unsigned long n;

	spin_lock_bh(&edu->stats_lock);
	n = *counter;
	spin_unlock_bh(&edu->stats_lock);
	return sysfs_emit(buf, "%lu\n", n);
}

static ssize_t raise_count_show(struct device *dev,
				struct device_attribute *attr, char *buf)
{
	struct edu_dev *edu = attr_edu(dev);

	return edu_stat_show(edu, buf, &edu->raise_count);
}
static DEVICE_ATTR_RO(raise_count);

static ssize_t fact_count_show(struct device *dev,
			       struct device_attribute *attr, char *buf)
{
	struct edu_dev *edu = attr_edu(dev);

	return edu_stat_show(edu, buf, &edu->fact_count);
}
static DEVICE_ATTR_RO(fact_count);

static ssize_t dma_count_show(struct device *dev,
			      struct device_attribute *attr, char *buf)
{
	struct edu_dev *edu = attr_edu(dev);

	return edu_stat_show(edu, buf, &edu->dma_count);
}
static DEVICE_ATTR_RO(dma_count);

static struct attribute *edu_attrs[] = {
	&dev_attr_factorial.attr,
	&dev_attr_raise.attr,
	&dev_attr_irq_count.attr,
	&dev_attr_raise_count.attr,
	&dev_attr_fact_count.attr,
	&dev_attr_dma_count.attr,
	NULL,
};
ATTRIBUTE_GROUPS(edu);

/*
 * The device masks DMA addresses to 28 bits.  Without CONFIG_ZONE_DMA an
 * x86 kernel cannot allocate that low; the device still computes and
 * interrupts, only read() and write() fail.
 */
static void edu_setup_dma(struct edu_dev *edu)
{
	struct device *dev = &edu->pdev->dev;

	if (dma_set_mask_and_coherent(dev, DMA_BIT_MASK(EDU_DMA_BITS))) {
		dev_warn(dev, "no %d-bit DMA (CONFIG_ZONE_DMA?): read and write disabled\n",
			 EDU_DMA_BITS);
		return;
	}
	edu->dma_buf = dmam_alloc_coherent(dev, EDU_DMA_BUF_SIZE,
					   &edu->dma_handle, GFP_KERNEL);
	if (!edu->dma_buf)
		dev_warn(dev, "no DMA buffer: read and write disabled\n");
}

static int edu_setup_irq(struct edu_dev *edu)
{
	struct pci_dev *pdev = edu->pdev;
	int ret;

	ret = pci_alloc_irq_vectors(pdev, 1, 1,
				    use_msi ? PCI_IRQ_MSI : PCI_IRQ_LEGACY);
	if (ret < 0)
		return ret;
	edu->irq = pci_irq_vector(pdev, 0);

	/* Nothing may be pending from before */
	edu_write(edu, EDU_REG_IRQ_ACK, ~0U);
	return request_irq(edu->irq, edu_irq_handler, IRQF_SHARED, "edu", edu);
}

static int edu_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct edu_dev *edu;
	u32 ident;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), KBUILD_MODNAME);
	if (ret)
		return ret;
	pci_set_master(pdev);

	edu = kzalloc(sizeof(*edu), GFP_KERNEL);
	if (!edu)
		return -ENOMEM;
	kref_init(&edu->kref);
	edu->pdev = pdev;
	edu->regs = pcim_iomap_table(pdev)[0];
	spin_lock_init(&edu->lock);
	spin_lock_init(&edu->stats_lock);
	mutex_init(&edu->cmd_mutex);
	init_completion(&edu->raise_done);
	init_completion(&edu->fact_done);
	init_completion(&edu->dma_done);
	tasklet_setup(&edu->tasklet, edu_tasklet);

	ident = edu_read(edu, EDU_REG_ID);
	if ((ident & 0xff) != 0xed) {
		dev_err(&pdev->dev, "unexpected id 0x%08x\n", ident);
		ret = -ENODEV;
		goto err_put;
	}

	edu_setup_dma(edu);

	edu->id = ida_alloc(&edu_ida, GFP_KERNEL);
	if (edu->id < 0) {
		ret = edu->id;
		goto err_put;
	}
	snprintf(edu->name, sizeof(edu->name), "edu%d", edu->id);

	ret = edu_setup_irq(edu);
	if (ret)
		goto err_ida;

	edu->misc.minor = MISC_DYNAMIC_MINOR;
	edu->misc.name = edu->name;
	edu->misc.fops = &edu_fops;
	edu->misc.parent = &pdev->dev;
	edu->misc.groups = edu_groups;
	ret = misc_register(&edu->misc);
	if (ret)
		goto err_irq;

	pci_set_drvdata(pdev, edu);
	dev_info(&pdev->dev, "%s: version %u.%u, irq %d%s\n", edu->name,
		 ident >> 24, (ident >> 16) & 0xff, edu->irq,
		 use_msi ? " (MSI)" : "");
	return 0;

err_irq:
	free_irq(edu->irq, edu);
	tasklet_kill(&edu->tasklet);
err_ida:
	ida_free(&edu_ida, edu->id);
err_put:
	kref_put(&edu->kref, edu_free);
	return ret;
}

static void edu_remove(struct pci_dev *pdev)
{
	struct edu_dev *edu = pci_get_drvdata(pdev);

	misc_deregister(&edu->misc);

	/* Open files may outlive the device: they get -ENODEV from now on */
	mutex_lock(&edu->cmd_mutex);
	edu->gone = true;
	mutex_unlock(&edu->cmd_mutex);

	free_irq(edu->irq, edu);
	tasklet_kill(&edu->tasklet);
	ida_free(&edu_ida, edu->id);
	kref_put(&edu->kref, edu_free);
}

static const struct pci_device_id edu_ids[] = {
	{ PCI_DEVICE(EDU_VENDOR_ID, EDU_DEVICE_ID) },
	{ }
};
MODULE_DEVICE_TABLE(pci, edu_ids);

static struct pci_driver edu_driver = {
	.name = KBUILD_MODNAME,
	.id_table = edu_ids,
	.probe = edu_probe,
	.remove = edu_remove,
};
module_pci_driver(edu_driver);

MODULE_DESCRIPTION("QEMU edu device, hard-irq handler and tasklet");
MODULE_AUTHOR("The irqconv authors");
MODULE_LICENSE("GPL");

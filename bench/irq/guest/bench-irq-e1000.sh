# SPDX-License-Identifier: GPL-2.0
#
# e1000 under the benchmark (bench-irq-nic.sh): two e1000 on a hub. The
# work of an interrupt is NAPI: e1000_intr() reads ICR, masks the device
# and schedules it.
DRIVER=e1000
NIC_MODULE=e1000
. /tests/bench-irq-nic.sh

# SPDX-License-Identifier: GPL-2.0
#
# ne2k-pci under the benchmark (bench-irq-nic.sh): two NE2000 on a hub.
# The 8390 library's ei_interrupt() copies every received frame out of
# the card by port I/O in hard-irq context and hands it to netif_rx().
DRIVER=ne2k-pci
NIC_MODULE=ne2k-pci
. /tests/bench-irq-nic.sh

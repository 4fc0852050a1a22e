# ldpolicy: per-reason, tighten-only kernel lockdown.
#
#   make demo        build everything, boot it, show lockdown at work
#   make check       everything CI runs: unit tests and every VM scenario
#   make test-unit   the fast part alone (no kernel, no VM)
#   make kernel      the test kernel (build/obj-test/arch/x86/boot/bzImage)
#   make vm-test     boot every VM scenario (SCENARIOS="a b" for some)
#   make kernel-series  export kernel/ as a git format-patch series
#
# Everything built goes under $(BUILD). See README.md.

BUILD    ?= build
JOBS     ?= $(shell nproc)
VM_JOBS  ?= 2
SCENARIOS ?=

CC       ?= gcc
HOST_CFLAGS := -std=gnu11 -O2 -Wall -Wextra -Werror

# Build output must never depend on the user's locale or a stray config.
export LC_ALL := C
unexport KCONFIG_CONFIG

KTREE    := $(BUILD)/linux
KSCRIPTS := scripts/kernel-tree.sh scripts/kernel-config.sh scripts/cache-key.sh
KIMAGE_test := $(BUILD)/obj-test/arch/x86/boot/bzImage

.PHONY: all deps kernel initramfs vm-test test-unit check demo clean \
	kernel-series FORCE
all: kernel initramfs

deps:
	@scripts/deps.sh

# --- kernel ------------------------------------------------------------
# The tree is re-synced when anything under kernel/ changes content; each
# configuration is rebuilt when the tree or its fragment does. Kbuild then
# rebuilds only what the synced files touch.

$(BUILD)/tree.key: FORCE | deps
	@scripts/cache-key.sh $@ kernel $(KSCRIPTS)

$(BUILD)/tree.stamp: $(BUILD)/tree.key
	@scripts/kernel-tree.sh $(BUILD)
	@touch $@

$(BUILD)/test.key: FORCE | deps
	@scripts/cache-key.sh $@ kernel/configs/test.config $(KSCRIPTS)

$(KIMAGE_test): $(BUILD)/tree.stamp $(BUILD)/test.key
	@scripts/kernel-config.sh $(KTREE) $(BUILD)/obj-test kernel/configs/test.config
	+$(MAKE) -s -C $(KTREE) O=$(abspath $(BUILD)/obj-test) ARCH=x86_64 \
		-j$(JOBS) bzImage
	@touch $@

kernel: $(KIMAGE_test)

kernel-series: $(BUILD)/tree.stamp
	@scripts/kernel-series.sh $(BUILD)

# --- VM test bed -------------------------------------------------------

VM_TOOLS := ldprobe ldwrite ldblob ldas
VM_BIN   := $(BUILD)/vm/bin
ldprobe_SRCS := tests/vm/tools/ldprobe.c tests/vm/tools/probes.c tests/vm/tools/errname.c
ldwrite_SRCS := tests/vm/tools/ldwrite.c tests/vm/tools/errname.c
ldblob_SRCS  := tests/vm/tools/ldblob.c
ldas_SRCS    := tests/vm/tools/ldas.c

$(VM_BIN)/%: | deps
	@mkdir -p $(@D)
	$(CC) $(HOST_CFLAGS) -Ikernel/include/uapi -static -o $@ $($*_SRCS)

$(foreach t,$(VM_TOOLS),$(eval $(VM_BIN)/$(t): $($(t)_SRCS) \
	$(wildcard tests/vm/tools/*.h) kernel/include/uapi/linux/lockdown_policy.h))

# The kernel's LSM selftests, against the uapi headers of our tree.
LSM_SELFTESTS := lsm_list_modules_test lsm_get_self_attr_test lsm_set_self_attr_test
KHDR := $(BUILD)/obj-test/usr/include

$(KHDR)/linux/lsm.h: $(KIMAGE_test)
	+$(MAKE) -s -C $(KTREE) O=$(abspath $(BUILD)/obj-test) ARCH=x86_64 headers
	@touch $@

$(addprefix $(VM_BIN)/,$(LSM_SELFTESTS)): $(VM_BIN)/%: $(KHDR)/linux/lsm.h
	@mkdir -p $(@D)
	$(CC) -O2 -Wall -static -I$(KHDR) -I$(KTREE)/tools/testing/selftests \
		-o $@ $(KTREE)/tools/testing/selftests/lsm/$*.c \
		$(KTREE)/tools/testing/selftests/lsm/common.c

$(BUILD)/vm/gen_init_cpio: $(BUILD)/tree.stamp
	@mkdir -p $(@D)
	$(CC) -O2 -o $@ $(KTREE)/usr/gen_init_cpio.c

INITRAMFS := $(BUILD)/vm/initramfs.cpio
INITRAMFS_BINS := $(VM_TOOLS) $(LSM_SELFTESTS)
INITRAMFS_FILES := $(foreach t,$(INITRAMFS_BINS),/bin/$(t)=$(VM_BIN)/$(t))

$(INITRAMFS): $(BUILD)/vm/gen_init_cpio $(addprefix $(VM_BIN)/,$(INITRAMFS_BINS)) \
		tests/vm/mkinitramfs.sh $(wildcard tests/vm/guest/* tests/vm/scenarios/* tests/vm/demo/*)
	@tests/vm/mkinitramfs.sh $@ $(BUILD)/vm/gen_init_cpio $(INITRAMFS_FILES)
	@echo "  CPIO    $@"

initramfs: $(INITRAMFS)

VM_RUN := tests/vm/run.sh -k test=$(KIMAGE_test) -i $(INITRAMFS) \
	-o $(BUILD)/vm/logs -j $(VM_JOBS)

vm-test: $(KIMAGE_test) $(INITRAMFS)
	@$(VM_RUN) $(SCENARIOS)

# --- unit tests --------------------------------------------------------

test-unit:
	@tests/unit/run.sh

# --- the README's commands ---------------------------------------------

check: deps
	@$(MAKE) --no-print-directory test-unit
	@$(MAKE) --no-print-directory vm-test

demo: deps
	@$(MAKE) --no-print-directory -s $(KIMAGE_test) $(INITRAMFS)
	@tests/vm/demo.sh $(KIMAGE_test) $(INITRAMFS)

clean:
	rm -rf $(BUILD)/vm $(BUILD)/obj-*

distclean:
	rm -rf $(BUILD)

# ldpolicy: per-reason, tighten-only kernel lockdown.
#
#   make demo        build everything, boot it, show lockdown at work
#   make check       unit tests and every VM scenario (CI runs it, then check-arm64)
#   make check-arm64 the BPF backend on Debian's arm64 kernels, under
#                    qemu-system-aarch64 (too slow under TCG for make check)
#   make test-unit   the fast part alone (no kernel, no VM)
#   make kernel      the test kernels (build/obj-*/arch/x86/boot/bzImage)
#   make ldpolicy    the tool (build/ldpolicy/ldpolicy)
#   make vm-test     boot every VM scenario (SCENARIOS="a b" for some)
#   make coverage    run the per-reason matrix, write docs/coverage.md
#   make edges       run the attack suite, write docs/edges.md
#   make fuzz        fuzz every harness for FUZZ_TIME seconds (default 600),
#                    from FUZZ_SEED if given (the report names the seed)
#   make bench       the speed targets: compile and load vs cat, the hook (in the VM)
#   make kernel-series  export kernel/ as a git format-patch series, each
#                    patch checkpatch --strict and kernel-doc clean
#   make kernel-series-build  the same, and build the kernel at every patch
#   make deb         the Debian package (build/deb/ldpolicy_VERSION_ARCH.deb),
#                    lintian-clean
#   make install     install ldpolicy (DESTDIR, PREFIX)
#
# Everything built goes under $(BUILD). See README.md.

BUILD    ?= build
# one job more than cores: the kernels' builds keep both cores busy while
# a job waits on ccache or the disk
JOBS     ?= $(shell echo $$(( $$(nproc) + 1 )))
VM_JOBS  ?= 2
SCENARIOS ?=

CC       ?= gcc
HOST_CFLAGS := -std=gnu11 -O2 -Wall -Wextra -Werror

# Build output must never depend on the user's locale or a stray config.
export LC_ALL := C
unexport KCONFIG_CONFIG

.PHONY: all deps kernel ldpolicy initramfs vm-test test-unit model-check check demo \
	clean distclean kernel-series kernel-series-build install coverage coverage-check \
	edges edges-check fuzz fuzz-check check-arm64 \
	bench deb FORCE
all: kernel ldpolicy initramfs

# Each target asks scripts/deps.sh for its own package groups only: a
# packager building the tool gets no QEMU and no kernel source.
# deps-a+b installs groups a and b.
deps:
	@scripts/deps.sh
deps-%:
	@scripts/deps.sh $(subst +, ,$*)

# --- ldpolicy ----------------------------------------------------------

LDP_DIR     := $(BUILD)/ldpolicy
LDPOLICY    := $(LDP_DIR)/ldpolicy
LDPOLICY_STATIC := $(LDP_DIR)/ldpolicy.static
LDP_SRCS    := $(wildcard userspace/ldpolicy/src/* userspace/ldpolicy/bpf/* \
	userspace/ldpolicy/static/* userspace/ldpolicy/model/*.model) \
	userspace/ldpolicy/Makefile VERSION \
	kernel/include/uapi/linux/lockdown_policy.h

$(LDPOLICY): $(LDP_SRCS) | deps-ldpolicy+bpf
	+@$(MAKE) -s -C userspace/ldpolicy O=$(abspath $(LDP_DIR)) $(abspath $@)
$(LDPOLICY_STATIC): $(LDP_SRCS) | deps-ldpolicy+bpf
	+@$(MAKE) -s -C userspace/ldpolicy O=$(abspath $(LDP_DIR)) $(abspath $@)

# the bash completion, generated from the command table of the tool
LDP_COMPLETION := $(LDP_DIR)/ldpolicy.bash
$(LDP_COMPLETION): $(LDPOLICY) $(wildcard userspace/ldpolicy/completion/*)
	+@$(MAKE) -s -C userspace/ldpolicy O=$(abspath $(LDP_DIR)) $(abspath $@)

ldpolicy: $(LDPOLICY) $(LDP_COMPLETION)

install: $(LDPOLICY)
	+$(MAKE) -C userspace/ldpolicy O=$(abspath $(LDP_DIR)) install

# The Debian package: debian/, built by dpkg-buildpackage -b from a staged
# copy (scripts/deb.sh), its version from VERSION.
DEB := $(BUILD)/deb/ldpolicy.deb
$(DEB): $(LDP_SRCS) $(wildcard debian/* debian/*/* policies/*.ldp \
		userspace/ldpolicy/boot/* userspace/ldpolicy/boot/*/*/* \
		userspace/ldpolicy/man/* userspace/ldpolicy/completion/* \
		userspace/ldpolicy/tables/*) scripts/deb.sh | deps-ldpolicy+bpf+deb
	@scripts/deb.sh $(BUILD)

# make deb DEB_ARCH=arm64: cross-built (dpkg-buildpackage -a), into
# $(BUILD)/deb-arm64
ifeq ($(DEB_ARCH),)
deb: $(DEB)
else
deb: $(BUILD)/deb-$(DEB_ARCH)/ldpolicy.deb
$(BUILD)/deb-$(DEB_ARCH)/ldpolicy.deb: $(LDP_SRCS) $(wildcard debian/* debian/*/* policies/*.ldp \
		userspace/ldpolicy/boot/* userspace/ldpolicy/boot/*/*/* \
		userspace/ldpolicy/man/* userspace/ldpolicy/completion/* \
		userspace/ldpolicy/tables/*) scripts/deb.sh | deps-ldpolicy+bpf+deb+$(DEB_ARCH)
	@scripts/deb.sh $(BUILD) $(DEB_ARCH)
endif

# --- kernels -----------------------------------------------------------
# One source tree, build/linux, re-synced when anything under kernel/
# changes content; one object directory per configuration, rebuilt when
# the tree or its inputs do. Kbuild then rebuilds only what changed.
#
#   test    the kernel most scenarios boot: lockdown_policy loadable,
#           the per-reason matrix's paths, KUnit, BTF
#   static  static mode: policies/coco-devmem.ldp built in, sealed at boot;
#           the test kernel's paths, without KUnit
#   debug   KASAN, lockdep, atomic-sleep checks, two CPUs: the stress
#           scenario, the KUnit suites, audit and IMA beside concurrent loads
#   kcsan   KCSAN, two CPUs: the stress scenario under the data-race
#           detector (it cannot share a kernel with KASAN); base.config
#           only, to keep it cheap
#   bpf     no lockdown_policy, the BPF LSM: ldpolicy's BPF backend, and
#           the matrix's paths
# Besides these, the scenarios boot Debian's own kernels (stock, below).

KTREE    := $(BUILD)/linux
# The kernels share a compiler cache (build/ccache), so that an object
# directory removed (make clean) or a change undone costs little. It runs
# in depend mode: it hashes the headers gcc reports it read, where its
# default preprocesses every file once more before gcc does, about 15% of
# a kernel's compile time, cold (measured on five files of the test
# kernel: user and system time 10.8 s against 9.2 s with no cache, 9.4 s
# in depend mode). Configurations that differ in a few options share
# objects through seeds (below), not through the cache. Objects are
# hashed without the build directory (the kernels' debug info is for
# pahole and gdb, which do not need it to be the kernel's own).
KCC      := ccache gcc
KCCACHE  := CCACHE_DIR=$(abspath $(BUILD)/ccache) CCACHE_NOHASHDIR=1 CCACHE_DEPEND=1
KSCRIPTS := scripts/kernel-tree.sh scripts/series-lib.sh scripts/kernel-config.sh \
	scripts/cache-key.sh
KCONFIGS := test static debug bpf kcsan
kimage    = $(BUILD)/obj-$(1)/arch/x86/boot/bzImage

KFRAGS_test   := kernel/configs/base.config kernel/configs/matrix.config \
	kernel/configs/test.config
KFRAGS_bpf    := kernel/configs/base.config kernel/configs/matrix.config \
	kernel/configs/bpf.config
KFRAGS_static := kernel/configs/base.config kernel/configs/matrix.config \
	kernel/configs/static.config $(BUILD)/static-boot.config
KFRAGS_debug  := kernel/configs/base.config kernel/configs/debug.config
KFRAGS_kcsan  := kernel/configs/base.config kernel/configs/kcsan.config
# A configuration that differs from another in a few options starts, the
# first time, as a copy of that one's object directory (its seed,
# scripts/kernel-seed.sh): Kbuild then recompiles only the files that read
# an option that differs, and the kernel costs a link, not a compile.
# Built after its seed. The static kernel has the test kernel's
# matrix.config for that: the two differ in nine options, which four files
# read (security/lockdown/lockdown.c, lockdown_policy's policy.c, kexec.c
# and boot.c).
KSEED_bpf    := test
KSEED_static := test
# what else goes into a configuration's image
KINPUTS_static := policies $(LDP_SRCS)
KTARGETS_test  := modules
KTARGETS_bpf   := modules

BOOT_POLICY := $(abspath policies/coco-devmem.ldp)

$(BUILD)/static-boot.config: FORCE
	@mkdir -p $(@D)
	@echo 'CONFIG_SECURITY_LOCKDOWN_POLICY_BOOT="$(BOOT_POLICY)"' > $@.tmp
	@cmp -s $@.tmp $@ && rm $@.tmp || mv $@.tmp $@

$(BUILD)/tree.key: FORCE | deps-kernel
	@scripts/cache-key.sh $@ kernel $(KSCRIPTS)

$(BUILD)/tree.stamp: $(BUILD)/tree.key
	@scripts/kernel-tree.sh $(BUILD)
	@touch $@

define kernel_rules
$(BUILD)/$(1).key: FORCE $(filter $(BUILD)/%,$(KFRAGS_$(1))) | deps-kernel
	@scripts/cache-key.sh $$@ $(KFRAGS_$(1)) $(KINPUTS_$(1)) $(KSCRIPTS)

$(call kimage,$(1)): $(BUILD)/tree.stamp $(BUILD)/$(1).key \
		$(if $(KINPUTS_$(1)),$(LDPOLICY)) $(if $(KSEED_$(1)),| $(call kimage,$(KSEED_$(1))))
	$(if $(KSEED_$(1)),@scripts/kernel-seed.sh $(BUILD)/obj-$(KSEED_$(1)) $(BUILD)/obj-$(1))
	+@scripts/kernel-config.sh $(KTREE) $(BUILD)/obj-$(1) $(KFRAGS_$(1))
	+$(KCCACHE) $(MAKE) -s -C $(KTREE) \
		O=$(abspath $(BUILD)/obj-$(1)) ARCH=x86_64 CC="$(KCC)" \
		LDPOLICY=$(abspath $(LDPOLICY)) $(KJOBS) bzImage $(KTARGETS_$(1))
	@touch $$@
endef
$(foreach k,$(KCONFIGS),$(eval $(call kernel_rules,$(k))))

# A kernel's build takes the jobs of the make that runs it when that one
# runs in parallel (check builds the kernels side by side, so that one's
# link, BTF and configuration, each on one core, overlap another's
# compiles), or $(JOBS) of its own.
KJOBS = $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(JOBS))
KIMAGES := $(foreach k,$(KCONFIGS),$(call kimage,$(k)))
kernel: $(KIMAGES)

# The series as git format-patch files (build/series/), each patch checked
# with checkpatch --strict and kernel-doc; kernel-series-build also builds
# the test kernel's configuration at every patch (a kernel build each).
kernel-series: $(BUILD)/tree.stamp
	@scripts/kernel-series.sh --check $(BUILD)

kernel-series-build: $(BUILD)/tree.stamp
	@scripts/kernel-series.sh --check --build $(BUILD)

# --- VM test bed -------------------------------------------------------

VM_TOOLS := ldprobe ldwrite ldblob ldas ldstress ldtime ldbpfdoor ldsysbench ldaudit ldattack
VM_BIN   := $(BUILD)/vm/bin
ldprobe_SRCS := tests/vm/tools/ldprobe.c tests/vm/tools/probes.c tests/vm/tools/probes_bpf.c \
	tests/vm/tools/probes_xfrm.c tests/vm/tools/probes_kdb.c tests/vm/tools/errname.c \
	tests/vm/tools/nlxfrm.c
ldwrite_SRCS := tests/vm/tools/ldwrite.c tests/vm/tools/errname.c
ldblob_SRCS  := tests/vm/tools/ldblob.c
ldas_SRCS    := tests/vm/tools/ldas.c
ldstress_SRCS := tests/vm/tools/ldstress.c tests/vm/tools/errname.c
ldtime_SRCS  := tests/vm/tools/ldtime.c
ldaudit_SRCS := tests/vm/tools/ldaudit.c
ldsysbench_SRCS := tests/vm/tools/ldsysbench.c tests/vm/tools/errname.c
# libbpf linked statically: with what Debian 13's libelf.a lacks
STATIC_ELF_SRCS := userspace/ldpolicy/static/eu_search.c
ldbpfdoor_SRCS := tests/vm/tools/ldbpfdoor.c tests/vm/tools/ldbpfdoor_setup.c \
	tests/vm/tools/ldbpfdoor_genl.c tests/vm/tools/ldbpfdoor_copy.c tests/vm/tools/errname.c \
	$(STATIC_ELF_SRCS)
ldbpfdoor_LIBS := -lbpf -lelf -lz -lzstd
ldattack_SRCS := tests/vm/tools/ldattack.c tests/vm/tools/attack_dma.c \
	tests/vm/tools/attack_kernel.c tests/vm/tools/attack_trace.c tests/vm/tools/attack_bpf.c \
	tests/vm/tools/attack_kexec.c tests/vm/tools/attack_kexec_inflight.c \
	tests/vm/tools/attack_pfkey.c tests/vm/tools/attack_skb.c tests/vm/tools/attack_libbpf.c \
	tests/vm/tools/attack_pkt.c \
	tests/vm/tools/attack_nlmon.c tests/vm/tools/attack_keys.c \
	$(filter-out %/ldprobe.c,$(ldprobe_SRCS)) \
	$(STATIC_ELF_SRCS)
ldattack_LIBS := -lbpf -lelf -lz -lzstd

$(addprefix $(VM_BIN)/,$(VM_TOOLS)): $(VM_BIN)/%: | deps-vm+ldpolicy+bpf
	@mkdir -p $(@D)
	$(CC) $(HOST_CFLAGS) -Ikernel/include/uapi -I$(VM_BIN) -I$(LDP_DIR)/bpf -static -o $@ \
		$($*_SRCS) $($*_LIBS)

$(foreach t,$(VM_TOOLS),$(eval $(VM_BIN)/$(t): $($(t)_SRCS) \
	$(wildcard tests/vm/tools/*.h) kernel/include/uapi/linux/lockdown_policy.h))

# What ldbpfdoor loads to get around the BPF backend: a BPF object of its
# own (clang -target bpf, a libbpf skeleton), built against the backend's
# headers.
BPF_CFLAGS := -g -O2 -target bpf -mcpu=v3 -Wall -Werror -Ikernel/include/uapi \
	-idirafter /usr/include/$(shell $(CC) -dumpmachine)

$(VM_BIN)/rogue.bpf.o: tests/vm/tools/rogue.bpf.c $(wildcard userspace/ldpolicy/bpf/*.h) \
		| deps-bpf
	@mkdir -p $(@D)
	clang $(BPF_CFLAGS) -c -o $@ $<

$(VM_BIN)/rogue.skel.h: $(VM_BIN)/rogue.bpf.o
	bpftool gen skeleton $< name rogue > $@.tmp
	@mv $@.tmp $@

# ldbpfdoor's steal-copy loads a copy of the backend's own code
$(VM_BIN)/ldbpfdoor: $(VM_BIN)/rogue.skel.h $(wildcard userspace/ldpolicy/bpf/*.h) \
	$(LDPOLICY_STATIC)

# The BPF programs of ldattack's bpf-* attacks (the attack suite): those
# without kernel types, and the BTF ones (CO-RE).
$(VM_BIN)/attack%bpf.o: tests/vm/tools/attack%bpf.c | deps-bpf
	@mkdir -p $(@D)
	clang $(BPF_CFLAGS) -c -o $@ $<

$(VM_BIN)/attack.skel.h: $(VM_BIN)/attack.bpf.o
	bpftool gen skeleton $< name attack_bpf > $@.tmp
	@mv $@.tmp $@

$(VM_BIN)/attack_btf.skel.h: $(VM_BIN)/attack_btf.bpf.o
	bpftool gen skeleton $< name attack_btf > $@.tmp
	@mv $@.tmp $@

$(VM_BIN)/attack_skb.skel.h: $(VM_BIN)/attack_skb.bpf.o
	bpftool gen skeleton $< name attack_skb > $@.tmp
	@mv $@.tmp $@

$(VM_BIN)/attack_pkt.skel.h: $(VM_BIN)/attack_pkt.bpf.o
	bpftool gen skeleton $< name attack_pkt > $@.tmp
	@mv $@.tmp $@

$(VM_BIN)/attack_frep.skel.h: $(VM_BIN)/attack_frep.bpf.o
	bpftool gen skeleton $< name attack_frep > $@.tmp
	@mv $@.tmp $@

$(VM_BIN)/ldattack: $(VM_BIN)/attack.skel.h $(VM_BIN)/attack_btf.skel.h $(VM_BIN)/attack_skb.skel.h \
	$(VM_BIN)/attack_pkt.skel.h $(VM_BIN)/attack_frep.skel.h

# The kernel's LSM selftests, against the uapi headers of our tree.
LSM_SELFTESTS := lsm_list_modules_test lsm_get_self_attr_test lsm_set_self_attr_test
KHDR := $(BUILD)/obj-test/usr/include

$(KHDR)/linux/lsm.h: $(call kimage,test)
	+$(MAKE) -s -C $(KTREE) O=$(abspath $(BUILD)/obj-test) ARCH=x86_64 headers
	@touch $@

$(addprefix $(VM_BIN)/,$(LSM_SELFTESTS)): $(VM_BIN)/%: $(KHDR)/linux/lsm.h
	@mkdir -p $(@D)
	$(CC) -O2 -Wall -static -I$(KHDR) -I$(KTREE)/tools/testing/selftests \
		-o $@ $(KTREE)/tools/testing/selftests/lsm/$*.c \
		$(KTREE)/tools/testing/selftests/lsm/common.c

# The VM's modules (/modules in the initramfs, see tests/vm/tools/probes.c),
# one set per kernel. For a kernel built here: our module (tests/vm/modules)
# unsigned, and signed with the build's own key with a hardware parameter,
# the kernel's mmiotrace test module, signed, and the kernel's own image
# signed (Authenticode, sbsign) with the same key, which its builtin
# keyring trusts: what a distribution's signed kernels are to
# kexec_file_load(2) (ldattack kexec-file-signed). For Debian's kernel:
# modules from its package (scripts/stock-kernel.sh).
MOD_KERNELS := test bpf
sign = $(BUILD)/obj-$(1)/scripts/sign-file sha256 $(BUILD)/obj-$(1)/certs/signing_key.pem \
	$(BUILD)/obj-$(1)/certs/signing_key.x509

define modules_rules
$(BUILD)/vm/modules-$(1)/.stamp: $(call kimage,$(1)) $(wildcard tests/vm/modules/*) | deps-vm
	@rm -rf $$(@D) && mkdir -p $$(@D)/src
	@cp tests/vm/modules/* $$(@D)/src/
	+@$$(MAKE) -s -C $(KTREE) O=$(abspath $(BUILD)/obj-$(1)) ARCH=x86_64 \
		M=$$(abspath $$(@D)/src) modules
	@cp $$(@D)/src/ldtest.ko $$(@D)/unsigned.ko
	@$(call sign,$(1)) $$(@D)/src/ldtest.ko $$(@D)/hwparam.ko
	@$(call sign,$(1)) $$(@D)/src/ldbench.ko $$(@D)/ldbench.ko
	@echo io=0x300 > $$(@D)/hwparam.param
	@$(call sign,$(1)) $(BUILD)/obj-$(1)/arch/x86/mm/testmmiotrace.ko \
		$$(@D)/testmmiotrace.ko
	@openssl x509 -inform der -in $(BUILD)/obj-$(1)/certs/signing_key.x509 \
		-out $$(@D)/src/signing_key.crt
	@sbsign --key $(BUILD)/obj-$(1)/certs/signing_key.pem --cert $$(@D)/src/signing_key.crt \
		--output $$(@D)/kexec-signed.bzImage $(call kimage,$(1)) 2>$$(@D)/src/sbsign.log || \
		{ cat $$(@D)/src/sbsign.log >&2; exit 1; }
	@rm -rf $$(@D)/src
	@mkdir -p $$(@D)/boot
	@cp $(BUILD)/obj-$(1)/.config \
		$$(@D)/boot/config-$$$$(cat $(BUILD)/obj-$(1)/include/config/kernel.release)
	@touch $$@
endef
$(foreach k,$(MOD_KERNELS),$(eval $(call modules_rules,$(k))))

# Debian's own kernels, unmodified, whichever release the host runs:
# Debian 12's 6.1 and Debian 13's 6.12, fetched with apt-get download and
# cached by package version (scripts/stock-kernel.sh). The kernel of the
# scenarios' "# kernel: debian12" is $(BUILD)/stock/debian12/vmlinuz.
STOCK_KERNELS := debian12 debian13
stock = $(BUILD)/stock/$(1)

define stock_rules
$(BUILD)/stock-$(1).stamp: FORCE | deps-stock
	@scripts/stock-kernel.sh $(BUILD) $(1)
	@readlink $(call stock,$(1)) > $$@.tmp
	@cmp -s $$@.tmp $$@ && rm $$@.tmp || mv $$@.tmp $$@

$(BUILD)/vm/modules-$(1)/.stamp: $(BUILD)/stock-$(1).stamp
	@rm -rf $$(@D) && mkdir -p $$(@D)/boot
	@cp -r $(call stock,$(1))/modules/. $$(@D)/
	@cp $(call stock,$(1))/config $$(@D)/boot/config-$$$$(awk \
		'{ sub(/^linux-image-/, "", $$$$1); print $$$$1 }' $(call stock,$(1))/package)
	@touch $$@
endef
$(foreach k,$(STOCK_KERNELS),$(eval $(call stock_rules,$(k))))

# The attack suite's IDE disk (tests/vm/tools/attack_dma.c): sectors 0..3
# begin with "Linux", "Pwned", "Owned" and "Taken".
ATTACK_IDE := $(BUILD)/vm/attack-ide.img
$(ATTACK_IDE):
	@mkdir -p $(@D)
	@for w in Linux Pwned Owned Taken; do printf '%-512s' "$$w" | tr ' ' '\0'; done > $@.tmp
	@mv $@.tmp $@

$(BUILD)/vm/gen_init_cpio: $(BUILD)/tree.stamp
	@mkdir -p $(@D)
	$(CC) -O2 -o $@ $(KTREE)/usr/gen_init_cpio.c

# Blobs compiled on the host against the VM kernel's own table (its
# include/linux/security.h), and one against another table, for the
# wrong-fingerprint tests.
BLOBS := $(patsubst policies/%.ldp,$(BUILD)/vm/blobs/%.blob,$(wildcard policies/*.ldp)) \
	$(BUILD)/vm/blobs/wrong-fingerprint.blob
KTABLE := $(KTREE)/include/linux/security.h

$(BUILD)/vm/blobs/%.blob: policies/%.ldp $(LDPOLICY) $(BUILD)/tree.stamp
	@mkdir -p $(@D)
	@$(LDPOLICY) compile --table $(KTABLE) -o $@ $<

# another kernel's table: one reason renamed, same count
$(BUILD)/vm/blobs/other.table: $(LDPOLICY) $(BUILD)/tree.stamp
	@mkdir -p $(@D)
	@$(LDPOLICY) reasons --table $(KTABLE) | sed 's/ LOCKDOWN_XFRM_SECRET / LOCKDOWN_XFRM_SECRETS /' > $@

$(BUILD)/vm/blobs/wrong-fingerprint.blob: $(BUILD)/vm/blobs/other.table policies/integrity.ldp
	@$(LDPOLICY) compile --table $< -o $@ policies/integrity.ldp 2>/dev/null

LDP_BOOT := userspace/ldpolicy/boot
# the shipped tables where the default build (PREFIX=/usr/local) looks
LDP_TABLES := $(wildcard userspace/ldpolicy/tables/*.table)
LDP_SHARE := /usr/local/share/ldpolicy
INITRAMFS := $(BUILD)/vm/initramfs.cpio
INITRAMFS_BINS := $(VM_TOOLS) $(LSM_SELFTESTS)
# what every initramfs holds, whatever its architecture
INITRAMFS_DATA := \
	$(foreach p,$(wildcard policies/*.ldp),/policies/$(notdir $(p))=$(p)) \
	$(foreach t,$(LDP_TABLES),$(LDP_SHARE)/tables/$(notdir $(t))=$(t)) \
	$(foreach b,$(BLOBS),/blobs/$(notdir $(b))=$(b)) \
	/usr/sbin/lockdown-policy-load=$(LDP_BOOT)/lockdown-policy-load \
	/scripts/init-top/lockdown-policy=$(LDP_BOOT)/initramfs-tools/scripts/init-top/lockdown-policy \
	$(foreach p,$(wildcard tests/vm/boot-policies/*),/boot-test/lockdown-policy.d/$(notdir $(p))=$(p)) \
	$(foreach p,$(wildcard tests/vm/demo-etc/*),/etc/lockdown-policy.d/$(notdir $(p))=$(p))
INITRAMFS_FILES := $(foreach t,$(INITRAMFS_BINS),/bin/$(t)=$(VM_BIN)/$(t)) \
	/bin/ldpolicy=$(LDPOLICY_STATIC) $(INITRAMFS_DATA)
INITRAMFS_INPUTS := $(BUILD)/vm/gen_init_cpio $(wildcard policies/*.ldp) $(LDP_TABLES) $(BLOBS) \
	tests/vm/mkinitramfs.sh \
	$(wildcard $(LDP_BOOT)/* $(LDP_BOOT)/initramfs-tools/*/* tests/vm/boot-policies/*) \
	$(wildcard tests/vm/demo-etc/*) $(wildcard tests/bench/scenarios/*) \
	$(wildcard tests/vm/guest/* tests/vm/scenarios/* tests/vm/scenarios-arm64/* tests/vm/demo/*)

# The initramfs every kernel shares; each kernel with modules boots it with
# an archive of its modules appended (the kernel unpacks both).
$(INITRAMFS): $(INITRAMFS_INPUTS) $(addprefix $(VM_BIN)/,$(INITRAMFS_BINS)) $(LDPOLICY_STATIC)
	@tests/vm/mkinitramfs.sh $@ $(BUILD)/vm/gen_init_cpio $(INITRAMFS_FILES)
	@echo "  CPIO    $@"

$(BUILD)/vm/modules-%.cpio: $(BUILD)/vm/modules-%/.stamp $(BUILD)/vm/gen_init_cpio \
		tests/vm/mkinitramfs.sh
	@tests/vm/mkinitramfs.sh --only $@ $(BUILD)/vm/gen_init_cpio \
		$$(cd $(BUILD)/vm/modules-$* && find . -type f ! -name .stamp | \
		   sed -e 's|^\./boot/\(.*\)|/boot/\1=$(BUILD)/vm/modules-$*/boot/\1|;t' \
		       -e 's|^\./\(.*\)|/modules/\1=$(BUILD)/vm/modules-$*/\1|')

$(BUILD)/vm/initramfs-%.cpio: $(INITRAMFS) $(BUILD)/vm/modules-%.cpio
	@cat $^ > $@.tmp
	@mv $@.tmp $@

INITRAMFSES := $(INITRAMFS) \
	$(foreach k,$(MOD_KERNELS) $(STOCK_KERNELS),$(BUILD)/vm/initramfs-$(k).cpio)
.SECONDARY: $(foreach k,$(MOD_KERNELS) $(STOCK_KERNELS),$(BUILD)/vm/modules-$(k).cpio \
	$(BUILD)/vm/modules-$(k)/.stamp)
initramfs: $(INITRAMFSES)

# The Debian systems the boot scenarios boot ("# disk: NAME"): a root
# filesystem debootstrapped once per release and cached by its package
# list (scripts/debian-rootfs.sh), then, whenever the package, the kernel
# or the harness changes, an image with the package and the kernel
# installed and the initramfs update-initramfs built in it
# (tests/vm/mkdebian.sh):
#   debian    the host's release, with the test kernel (systemd-boot,
#             initramfs-tools-boot)
#   debian13  Debian 13 with its own kernel package, whose postinst runs
#             update-initramfs (debian13-boot)
DISKS := debian debian13
disk_suite_debian   := host
disk_suite_debian13 := trixie
disk_kernel_debian   := $(KTREE):$(BUILD)/obj-test
disk_kernel_debian13 := $(call stock,debian13)/package.deb
disk_deps_debian     := $(call kimage,test)
disk_deps_debian13   := $(BUILD)/stock-debian13.stamp
disk_img   = $(BUILD)/vm/$(1).img
disk_initrd = $(BUILD)/vm/$(1)-initrd.img
disk_scenarios = $(shell grep -lx '\# disk: $(1)' tests/vm/scenarios/*.sh)

define disk_rules
$(BUILD)/debian/rootfs-$(1).key: FORCE | deps-debian
	@d=$$$$(scripts/debian-rootfs.sh $(BUILD) $(disk_suite_$(1))) && \
		echo "$$$$d $$$$(readlink $$$$d)" > $$@.tmp
	@cmp -s $$@.tmp $$@ && rm $$@.tmp || mv $$@.tmp $$@

$(call disk_img,$(1)): $(BUILD)/debian/rootfs-$(1).key $(DEB) $(disk_deps_$(1)) \
		tests/vm/mkdebian.sh \
		$(wildcard tests/vm/debian/* tests/vm/debian/*/* tests/vm/debian/*/*/*/*) \
		tests/vm/guest/ldtest.sh $(VM_BIN)/ldprobe $(VM_BIN)/ldwrite \
		$(call disk_scenarios,$(1))
	@tests/vm/mkdebian.sh $(BUILD) $$$$(cut -d' ' -f1 $$<) $(disk_kernel_$(1)) $(DEB) \
		$$@ $(call disk_initrd,$(1)) $(call disk_scenarios,$(1))
$(call disk_initrd,$(1)): $(call disk_img,$(1))
endef
$(foreach d,$(DISKS),$(eval $(call disk_rules,$(d))))
DISK_IMGS := $(foreach d,$(DISKS),$(call disk_img,$(d)))

VM_RUN := tests/vm/run.sh $(foreach k,$(KCONFIGS),-k $(k)=$(call kimage,$(k))) \
	$(foreach k,$(STOCK_KERNELS),-k $(k)=$(call stock,$(k))/vmlinuz -m $(k)=1024) \
	$(foreach k,$(MOD_KERNELS) $(STOCK_KERNELS),-I $(k)=$(BUILD)/vm/initramfs-$(k).cpio) \
	-i $(INITRAMFS) $(foreach d,$(DISKS),-d $(d)=$(call disk_img,$(d)) \
		-r $(d)=$(call disk_initrd,$(d))) \
	-d attack=$(ATTACK_IDE) \
	-o $(BUILD)/vm/logs -j $(VM_JOBS)

vm-test: $(KIMAGES) $(INITRAMFSES) $(DISK_IMGS) $(ATTACK_IDE)
	@$(VM_RUN) $(SCENARIOS)

# --- arm64 (make check-arm64) -----------------------------------------
# The BPF backend on Debian's arm64 kernels, under qemu-system-aarch64
# -M virt (TCG): ldpolicy and the test tools cross-built for arm64
# (gcc-aarch64-linux-gnu, the :arm64 libraries through multiarch; the BPF
# objects are CO-RE and the same for both), an arm64 initramfs with
# Debian's busybox-static:arm64, Debian's kernel packages fetched as for
# amd64 (scripts/stock-kernel.sh). Debian 13's runs the backend's
# scenarios; Debian 12's 6.1 cannot attach BPF LSM programs (arm64 has
# ftrace direct calls from 6.4 on), and ldpolicy must say so. Too slow
# under TCG for make check's budget: CI runs it after make check.
A64 := $(BUILD)/arm64
A64_CC := aarch64-linux-gnu-gcc
A64_BIN := $(A64)/bin
A64_TOOLS := ldprobe ldwrite ldblob ldas ldtime ldaudit ldbpfdoor
A64_KERNELS := debian13-arm64 debian12-arm64
A64_INITRAMFS := $(A64)/initramfs.cpio
A64_LDPOLICY := $(A64)/ldpolicy/ldpolicy.static

$(A64_LDPOLICY): $(LDP_SRCS) | deps-ldpolicy+bpf+arm64
	+@$(MAKE) -s -C userspace/ldpolicy O=$(abspath $(A64)/ldpolicy) CC=$(A64_CC) $(abspath $@)

$(addprefix $(A64_BIN)/,$(A64_TOOLS)): $(A64_BIN)/%: | deps-arm64
	@mkdir -p $(@D)
	$(A64_CC) $(HOST_CFLAGS) -Ikernel/include/uapi -I$(VM_BIN) -I$(A64)/ldpolicy/bpf -static \
		-o $@ $($*_SRCS) $($*_LIBS)
$(foreach t,$(A64_TOOLS),$(eval $(A64_BIN)/$(t): $($(t)_SRCS) \
	$(wildcard tests/vm/tools/*.h) kernel/include/uapi/linux/lockdown_policy.h))
$(A64_BIN)/ldbpfdoor: $(VM_BIN)/rogue.skel.h $(wildcard userspace/ldpolicy/bpf/*.h) \
	$(A64_LDPOLICY)

# busybox-static:arm64, unpacked: installing it would replace the host's
$(A64)/busybox: | deps-vm+arm64
	@rm -rf $(A64)/bb && mkdir -p $(A64)/bb
	@cd $(A64)/bb && apt-get download -q -o APT::Sandbox::User=root \
		busybox-static:arm64=$$(dpkg-query -W -f='$${Version}' busybox-static) > /dev/null
	@dpkg-deb -x $(A64)/bb/*.deb $(A64)/bb/x
	@cp $$(find $(A64)/bb/x -path "*bin/busybox" -type f) $@
	@rm -rf $(A64)/bb

$(A64_INITRAMFS): $(INITRAMFS_INPUTS) $(addprefix $(A64_BIN)/,$(A64_TOOLS)) $(A64_LDPOLICY) \
		$(A64)/busybox
	@tests/vm/mkinitramfs.sh --busybox $(A64)/busybox $@ $(BUILD)/vm/gen_init_cpio \
		$(foreach t,$(A64_TOOLS),/bin/$(t)=$(A64_BIN)/$(t)) \
		/bin/ldpolicy=$(A64_LDPOLICY) $(INITRAMFS_DATA)
	@echo "  CPIO    $@"

$(foreach k,$(A64_KERNELS),$(eval $(call stock_rules,$(k))))
$(foreach k,$(A64_KERNELS),$(eval $(BUILD)/vm/initramfs-$(k).cpio: $(A64_INITRAMFS) \
	$(BUILD)/vm/modules-$(k).cpio ; @cat $$^ > $$@.tmp && mv $$@.tmp $$@))
A64_INITRAMFSES := $(foreach k,$(A64_KERNELS),$(BUILD)/vm/initramfs-$(k).cpio)
.SECONDARY: $(foreach k,$(A64_KERNELS),$(BUILD)/vm/modules-$(k).cpio \
	$(BUILD)/vm/modules-$(k)/.stamp)

A64_RUN := tests/vm/run.sh -S tests/vm/scenarios-arm64 \
	$(foreach k,$(A64_KERNELS),-k $(k)=$(call stock,$(k))/vmlinuz -a $(k)=arm64 -m $(k)=1024 \
		-I $(k)=$(BUILD)/vm/initramfs-$(k).cpio) \
	-i $(A64_INITRAMFS) -o $(BUILD)/vm/logs-arm64 -j $(VM_JOBS)

check-arm64: deps-ldpolicy+bpf+stock+vm+arm64
	@$(MAKE) --no-print-directory $(A64_INITRAMFSES)
	@$(A64_RUN) $(SCENARIOS)

# --- coverage of the per-reason matrix ---------------------------------
# make coverage runs the matrix scenarios and writes docs/coverage.md from
# what they reported; make check regenerates it from its own run and fails
# if the checked-in table is not what actually ran.

COVERAGE_TABLE := userspace/ldpolicy/tables/linux-6.12.table
MATRIX := matrix-none matrix-policy matrix-static-integrity \
	matrix-static-confidentiality matrix-shipped \
	bpf-matrix bpf-matrix-612 bpf-matrix-deb13 bpf-shipped bpf-shipped-612 bpf-shipped-deb13

$(BUILD)/coverage.md: FORCE
	@{ sed -n '1,/^<!-- table -->$$/p' docs/coverage.md; \
	   scripts/coverage.sh $(BUILD)/vm/logs $(COVERAGE_TABLE); } > $@.tmp
	@mv $@.tmp $@

coverage: $(KIMAGES) $(INITRAMFSES)
	@$(VM_RUN) $(MATRIX)
	@$(MAKE) --no-print-directory $(BUILD)/coverage.md
	@cp $(BUILD)/coverage.md docs/coverage.md
	@echo "  COVER   docs/coverage.md: $$(grep 'Triggered for real' docs/coverage.md)"

# Debian's kernels change version under it: the line that names the
# kernels measured is left out of the comparison, and printed.
coverage-check: $(BUILD)/coverage.md
	@grep -v '^Kernels measured:' docs/coverage.md > $(BUILD)/coverage.want
	@grep -v '^Kernels measured:' $(BUILD)/coverage.md > $(BUILD)/coverage.got
	@diff -u $(BUILD)/coverage.want $(BUILD)/coverage.got || \
		{ echo "docs/coverage.md is not what ran: make coverage, and commit it" >&2; exit 1; }
	@echo "  COVER   $$(grep 'Triggered for real' $(BUILD)/coverage.md) (docs/coverage.md matches)"
	@echo "  COVER   $$(grep '^Kernels measured:' $(BUILD)/coverage.md)"

# --- the reason models against the trees they claim --------------------
# Each userspace/ldpolicy/model/linux-X.Y.model is checked against Linux
# X.Y's source (check-sites.sh): every call site of security_locked_down()
# in the model and every one in the model in the tree, every function it
# cites defined there. 6.12's tree is the one the kernels are built from,
# unpacked by the kernel build (build/pristine); the others are Debian's
# linux-source-X.Y, fetched and cached by version (scripts/kernel-source.sh).

LDP_MODELS := $(sort $(wildcard userspace/ldpolicy/model/linux-*.model))
KERNEL_SERIES := 6.12

model-check: $(BUILD)/tree.stamp | deps-source
	@for m in $(LDP_MODELS); do \
		v=$$(awk '/^kernel / { print $$2; exit }' $$m); \
		if [ "$$v" = $(KERNEL_SERIES) ]; then tree=$(BUILD)/pristine; \
		else scripts/kernel-source.sh $(BUILD) $$v $$m || exit 1; \
			tree=$(BUILD)/src/linux-source-$$v/current; fi; \
		userspace/ldpolicy/model/check-sites.sh $$tree $$m || exit 1; \
	done

# --- the edge table: the reason models proved by attack -----------------
# make edges runs the attack suite's scenarios and writes docs/edges.md
# (scripts/edges.sh): every grant of every model, shown by which attack
# on which kernel and backend, or argued from which source; make check
# regenerates it from its own run and fails if the checked-in table is
# not what actually ran.

# unasked-fixes: the evidence, on our kernels, for the grants a fix of the
# kernel series takes away (fixed-in)
ATTACKS := attack bpf-attack-612 bpf-attack unasked-fixes

$(BUILD)/edges.md: FORCE
	@scripts/edges.sh $(BUILD)/vm/logs > $@.tmp
	@mv $@.tmp $@

edges: $(KIMAGES) $(INITRAMFSES) $(ATTACK_IDE)
	@$(VM_RUN) $(ATTACKS)
	@$(MAKE) --no-print-directory $(BUILD)/edges.md
	@cp $(BUILD)/edges.md docs/edges.md
	@echo "  EDGES   docs/edges.md"

edges-check: $(BUILD)/edges.md
	@diff -u docs/edges.md $(BUILD)/edges.md || \
		{ echo "docs/edges.md is not what ran: make edges, and commit it" >&2; exit 1; }
	@echo "  EDGES   docs/edges.md matches the attack suite's run"

# --- unit tests --------------------------------------------------------
# ldpolicy built again with ASan and UBSan (any finding aborts the test),
# and the cmocka suites linked against it. The BTF and kernel-tree tests
# use build/ when a kernel was built, and SKIP otherwise.

UNIT := $(BUILD)/unit
SAN  := -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
UNIT_TESTS := $(patsubst tests/unit/ldpolicy/%.c,$(UNIT)/%,$(wildcard tests/unit/ldpolicy/test_*.c))
UNIT_DEFS := -DTABLE_612='"$(abspath userspace/ldpolicy/tables/linux-6.12.table)"' \
	-DKERNEL_TREE='"$(abspath $(KTREE))"' -DVMLINUX='"$(abspath $(BUILD)/obj-test/vmlinux)"' \
	-DLDPOLICY_BIN='"$(abspath $(UNIT)/ldpolicy)"' -DPOLICIES='"$(abspath policies)"' \
	-DFIXTURES='"$(abspath tests/unit/fixtures)"' \
	-DREGRESSIONS='"$(abspath tests/fuzz/regressions)"' \
	-DSCHEMAS='"$(abspath userspace/ldpolicy/schemas)"' \
	-DVALIDATE='"$(abspath tests/unit/schemas/validate.py)"'

# the tool's objects but its command layer (tested through the binary)
UNIT_OBJS := $(patsubst userspace/ldpolicy/src/%.c,$(UNIT)/obj/%.o,$(filter-out \
	%/main.c $(wildcard userspace/ldpolicy/src/cmd_*.c),$(wildcard userspace/ldpolicy/src/*.c))) \
	$(UNIT)/obj/model_data.o

$(UNIT)/ldpolicy: $(LDP_SRCS) | deps-ldpolicy+bpf+unit
	+@$(MAKE) -s -C userspace/ldpolicy O=$(abspath $(UNIT)) CFLAGS="-g -O1 $(SAN)" \
		LDFLAGS="$(SAN)" $(abspath $@)

$(UNIT)/test_%: tests/unit/ldpolicy/test_%.c tests/unit/ldpolicy/test.h tests/unit/ldpolicy/model_612.h $(UNIT)/ldpolicy \
		$(wildcard tests/unit/fixtures/*) $(wildcard userspace/ldpolicy/schemas/*)
	$(CC) -std=gnu11 -g -O1 -Wall -Wextra -Werror $(SAN) -Ikernel/include/uapi \
		-Iuserspace/ldpolicy/src -Iuserspace/ldpolicy/bpf -I$(UNIT)/bpf $(UNIT_DEFS) -o $@ $< \
		$(UNIT_OBJS) -lcmocka -lbpf -lelf -lz -lcrypto -ljansson

test-unit: $(UNIT_TESTS) $(LDPOLICY) $(LDP_COMPLETION) | deps-ldpolicy+bpf+unit
	@tests/unit/run.sh tests/unit/ktap/run.sh tests/unit/model/run.sh \
		"tests/unit/install/run.sh $(LDP_DIR)" tests/unit/deps/run.sh \
		"tests/unit/docs/run.sh $(UNIT)/ldpolicy $(LDP_COMPLETION)" \
		$(UNIT_TESTS)

# --- benchmarks (make bench; never part of make check) ----------------

# The hook, one boot per configuration, one at a time (a second VM on the
# other core would be in the figures): static lockdown alone, lockdown_policy
# empty and with 20 reasons, the BPF backend with the same 20. The report
# (docs/performance.md, docs/performance.svg) sets them side by side.
BENCH_HOOK := hook-static hook-lsm-empty hook-lsm-20 hook-bpf-20

bench: $(LDPOLICY_STATIC) $(call kimage,test) $(call kimage,bpf) \
		$(BUILD)/vm/initramfs-test.cpio $(BUILD)/vm/initramfs-bpf.cpio
	@tests/bench/compile.sh $(LDPOLICY_STATIC) $(COVERAGE_TABLE) $(BUILD)/bench
	@$(VM_RUN) -S tests/bench/scenarios -v bench-load
	@$(VM_RUN) -S tests/bench/scenarios -j 1 -v $(BENCH_HOOK)
	@tests/bench/hook-report.sh $(BUILD)/vm/logs $(BUILD) docs

# --- fuzzing -----------------------------------------------------------
# libFuzzer harnesses (clang, ASan, UBSan): the kernel's blob validation
# compiled unchanged, differentially against ldpolicy's reader; the .ldp
# front end; the text, header and model readers; BTF through libbpf; the
# reader of recorded states (suggest --from).
# make check replays the corpora and regressions and fuzzes briefly;
# make fuzz fuzzes FUZZ_TIME seconds per harness (FUZZ_SEED: a seed of your
# choosing; each report names the seed it ran with).

FUZZ := $(BUILD)/fuzz
FUZZ_TIME ?= 600
FUZZ_CHECK_TIME ?= 8
FUZZ_HARNESSES := blob ldp table btf state
FUZZ_FLAGS := -g -O1 -Wall -Werror -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	-Itests/fuzz/shim -Ikernel/include -Ikernel/include/uapi \
	-Ikernel/security/lockdown_policy -Iuserspace/ldpolicy/src \
	-Iuserspace/ldpolicy/bpf -I$(UNIT)/bpf -I$(UNIT)/obj \
	-DFUZZ_TABLE='"$(abspath $(COVERAGE_TABLE))"'
FUZZ_LIB := $(filter-out %/main.c $(wildcard userspace/ldpolicy/src/cmd_*.c), \
	$(wildcard userspace/ldpolicy/src/*.c)) $(UNIT)/obj/model_data.c
fuzz_blob_SRCS := tests/fuzz/fuzz_blob.c kernel/security/lockdown_policy/blob.c

$(UNIT)/obj/model_data.c: $(UNIT)/ldpolicy

$(FUZZ)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_LIB) $(wildcard tests/fuzz/shim/*/*.h) \
		kernel/security/lockdown_policy/blob.c | deps-ldpolicy+bpf+fuzz
	@mkdir -p $(@D)
	@echo "  FUZZCC  $@"
	@clang $(FUZZ_FLAGS) -o $@ $(or $(fuzz_$*_SRCS),$<) $(FUZZ_LIB) -lbpf -lelf -lz -lcrypto -ljansson

FUZZ_BINS := $(addprefix $(FUZZ)/fuzz_,$(FUZZ_HARNESSES))

fuzz: $(FUZZ_BINS)
	@tests/unit/run.sh "tests/fuzz/run.sh $(FUZZ) $(FUZZ_TIME)"

fuzz-check: $(FUZZ_BINS)
	@tests/unit/run.sh "tests/fuzz/run.sh $(FUZZ) $(FUZZ_CHECK_TIME)"

# --- the README's commands ---------------------------------------------

check: deps
	@$(MAKE) --no-print-directory -j$(JOBS) kernel
	@$(MAKE) --no-print-directory ldpolicy initramfs $(DISK_IMGS)
	@$(MAKE) --no-print-directory test-unit
	@$(MAKE) --no-print-directory model-check
	@$(MAKE) --no-print-directory fuzz-check
	@$(MAKE) --no-print-directory vm-test
	@$(MAKE) --no-print-directory coverage-check
	@$(MAKE) --no-print-directory edges-check

# the demo's last boot: Debian's stable release's own kernel
DEMO_STOCK := debian13
demo: deps
	@$(MAKE) --no-print-directory -s $(call kimage,test) $(BUILD)/vm/initramfs-test.cpio \
		$(BUILD)/vm/initramfs-$(DEMO_STOCK).cpio
	@tests/vm/demo.sh $(call kimage,test) $(BUILD)/vm/initramfs-test.cpio \
		$(call stock,$(DEMO_STOCK))/vmlinuz $(BUILD)/vm/initramfs-$(DEMO_STOCK).cpio

clean:
	rm -rf $(BUILD)/vm $(BUILD)/obj-* $(BUILD)/ldpolicy

distclean:
	rm -rf $(BUILD)

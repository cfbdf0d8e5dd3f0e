#!/usr/bin/env bash
# The arm64 check: build a Debian arm64 root with debootstrap, run it through qemu-user-static,
# install Getaway there from this checkout and run the test suite in it.
#
#   sudo ./scripts/arm64-check.sh                   on bookworm (Python 3.11)
#   sudo ./scripts/arm64-check.sh --suite trixie    on trixie (Python 3.13)
#
# Root only (debootstrap, mounts, chroot); optional in CI because it takes long: on 2 cores the
# trixie root took 19 minutes to build and Getaway 39 minutes to install in it, before a test.
# Each suite's root is kept in $ARM64_ROOT (default /var/tmp/getaway-arm64-<suite>) and reused
# by the next run; delete that folder to start from scratch. Further arguments go to pytest.
# `./scripts/arm64-check.sh --mirror` prints the Debian archive it would build the root from.
# The root is Debian, not Raspberry Pi OS: the pins stay mocked and the screen headless, and
# the browser tests are left out (Debian's Chromium is not installed there).
set -euo pipefail
cd "$(dirname "$0")/.."
CHECKOUT=$PWD
SUITE=bookworm
SOURCES=${APT_SOURCES:-/etc/apt}
# swig, gcc and python3-dev build lgpio where PyPI has no wheel of it (trixie's Python 3.13),
# as the installer does, and RPi.GPIO for the installer's --rpigpio.
PACKAGES=python3,python3-venv,python3-pip,ca-certificates,systemd,swig,gcc,python3-dev

say() { printf 'arm64-check: %s\n' "$*" >&2; }
phase_start=$SECONDS
took() { say "$1 took $((SECONDS - phase_start)) s"; phase_start=$SECONDS; }

# The Debian archive this machine's apt uses (behind a proxy or on a local mirror too): the
# first source of the release's own suite, from deb822 .sources or one-line .list files.
apt_mirror() {
    local release
    release=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
    {
        { cat "$SOURCES"/sources.list.d/*.sources 2>/dev/null || true; } | awk -v release="$release" '
            BEGIN { RS = ""; FS = "\n" }
            { uri = ""; deb = 0; suite = 0
              for (i = 1; i <= NF; i++) {
                  line = " " $i " "
                  if ($i ~ /^URIs:/) { split($i, f, " "); uri = f[2] }
                  if ($i ~ /^Types:/ && line ~ / deb /) deb = 1
                  if ($i ~ /^Suites:/ && index(line, " " release " ")) suite = 1 }
              if (deb && suite && uri != "") print uri }'
        { cat "$SOURCES"/sources.list "$SOURCES"/sources.list.d/*.list 2>/dev/null || true; } |
            awk -v release="$release" '$1 == "deb" { sub(/\[[^]]*\] */, ""); if ($3 == release) print $2 }'
    } | head -n 1
}

while [ $# -gt 0 ]; do
    case "$1" in
        --mirror) apt_mirror; exit 0 ;;
        --suite)
            case "${2:-}" in
                bookworm|trixie) SUITE=$2 ;;
                *) say "--suite takes bookworm or trixie"; exit 2 ;;
            esac
            shift 2 ;;
        *) break ;;
    esac
done
ROOT=${ARM64_ROOT:-/var/tmp/getaway-arm64-$SUITE}
[ "$(id -u)" -eq 0 ] || { say "run me as root (sudo $0)"; exit 1; }

host_tools() {
    local missing=()
    command -v debootstrap >/dev/null || missing+=(debootstrap)
    [ -x /usr/bin/qemu-aarch64-static ] || missing+=(qemu-user-static)
    command -v update-binfmts >/dev/null || missing+=(binfmt-support)
    if [ ${#missing[@]} -gt 0 ]; then
        say "installing ${missing[*]}"
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
    mountpoint -q /proc/sys/fs/binfmt_misc ||
        mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc
    # The F (fix-binary) flag lets the host's qemu run arm64 programs inside the chroot.
    [ -e /proc/sys/fs/binfmt_misc/qemu-aarch64 ] || update-binfmts --enable qemu-aarch64
}

build_root() {
    if [ -f "$ROOT/.getaway-root" ]; then
        [ "$(cat "$ROOT/.getaway-root")" = "$SUITE" ] ||
            { say "$ROOT is not a $SUITE root: delete it, or set ARM64_ROOT"; exit 1; }
        say "reusing the $SUITE arm64 root in $ROOT"
        return
    fi
    local mirror
    mirror=$(apt_mirror)
    [ -n "$mirror" ] || { say "found no Debian archive in $SOURCES's sources"; exit 1; }
    say "building a Debian $SUITE arm64 root in $ROOT from $mirror (up to 20 minutes)"
    rm -rf "$ROOT"
    debootstrap --arch=arm64 --variant=minbase \
        --include="$PACKAGES" \
        "$SUITE" "$ROOT" "$mirror" \
        >"$ROOT.debootstrap.log" 2>&1 || { tail -20 "$ROOT.debootstrap.log"; exit 1; }
    echo "$SUITE" >"$ROOT/.getaway-root"
}

mounts=()
# shellcheck disable=SC2317  # called by the EXIT trap
unmount_all() {
    local i
    for ((i = ${#mounts[@]} - 1; i >= 0; i--)); do umount -l "${mounts[i]}" 2>/dev/null || true; done
}
bind() {
    mkdir -p "$2"
    mount --bind "$1" "$2"
    mounts+=("$2")
}

copy_checkout() {
    # A copy, not a bind mount: installing must not write into the checkout.
    rm -rf "$ROOT/src"
    mkdir -p "$ROOT/src"
    tar -C "$CHECKOUT" --exclude=./.venv --exclude=./.git --exclude=./artifacts \
        --exclude='*.egg-info' --exclude=__pycache__ --exclude=.mypy_cache \
        --exclude=.pytest_cache --exclude=.ruff_cache -cf - . | tar -C "$ROOT/src" -xf -
}

in_root() {
    chroot "$ROOT" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
        PIP_CERT=/etc/ssl/certs/ca-certificates.crt PIP_DISABLE_PIP_VERSION_CHECK=1 "$@"
}

host_tools
build_root
took "the arm64 root"
trap unmount_all EXIT
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
# debootstrap's minimal root has no /etc/hosts: the tests open http://localhost.
grep -qs localhost "$ROOT/etc/hosts" || printf '127.0.0.1 localhost\n::1 localhost\n' >>"$ROOT/etc/hosts"
# The host's certificates, so pip trusts what the host trusts (a proxy's own CA, say).
cp /etc/ssl/certs/ca-certificates.crt "$ROOT/etc/ssl/certs/ca-certificates.crt"
# The root as a mount point of its own: inside, "/" then is one, as on a real system
# (unshare --propagation, which tests/test_install_pi.py uses, needs that).
bind "$ROOT" "$ROOT"
bind /proc "$ROOT/proc"
bind /dev "$ROOT/dev"
bind /dev/pts "$ROOT/dev/pts"
copy_checkout
in_root uname -m
# systemd: systemd-analyze checks the unit, systemctl enables it in the install test.
in_root sh -c 'command -v systemctl >/dev/null ||
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq systemd; }' \
    >/dev/null
in_root sh -c '[ -x /opt/venv/bin/python ] || python3 -m venv /opt/venv'
# PYPI=1: lgpio built from its source is linked statically, as PyPI's own wheels are.
in_root env PYPI=1 /opt/venv/bin/python -m pip install -q -e '/src[test]'
took "installing Getaway"
status=0
in_root sh -c 'cd /src && GPIOZERO_PIN_FACTORY=mock SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy \
    LG_WD=/tmp /opt/venv/bin/python -m pytest -q -p no:cacheprovider -m "not browser" "$@"' \
    pytest "$@" || status=$?
took "the test suite"
exit "$status"

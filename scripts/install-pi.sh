#!/usr/bin/env bash
# Install Getaway on a Raspberry Pi (Raspberry Pi OS Bookworm or newer) from this folder:
#
#   sudo ./scripts/install-pi.sh               install, enable and start the box
#   sudo ./scripts/install-pi.sh --upgrade     a new version's folder: same games and settings
#   sudo ./scripts/install-pi.sh --uninstall   remove Getaway but keep the games (/var/lib/getaway)
#   sudo ./scripts/install-pi.sh --uninstall --purge    remove the games too
#
# Options: --rpigpio  use RPi.GPIO instead of lgpio (older Pis only; never on a Pi 5)
#          --no-apt   do not install Debian packages (they must be there already)
#          --no-start enable the service but do not start it now
#
# It checks first that this is a 64-bit Debian-like system (Raspberry Pi OS 64-bit: pygame-ce,
# the screen's library, has no 32-bit ARM build). What it makes: the system user `getaway`
# (groups gpio video render), a virtual environment /opt/getaway/venv-<random>, which the
# link /opt/getaway/venv names (built from a clean copy of this folder, a checkout or the
# release archive unpacked, which is left untouched; an upgrade builds the new one beside the
# old and switches the link in one step), the pin map /etc/getaway/pins.toml
# (yours is kept on upgrade; when the default changed, the new one is put beside it as
# pins.toml.new), the unit /etc/systemd/system/getaway.service, enabled, and /var/lib/getaway
# for the games. lgpio comes from PyPI built; for a Python it has no real build for (Trixie's
# 3.13) it is built from PyPI's source, with swig, gcc and python3-dev from Debian.
set -euo pipefail
cd "$(dirname "$0")/.."
CHECKOUT=$PWD
USER_NAME=getaway
GROUPS_NEEDED=(gpio video render)
PREFIX=/opt/getaway
CONFIG=/etc/getaway
UNIT=/etc/systemd/system/getaway.service
DROPIN=/etc/systemd/system/getaway.service.d
DATA=/var/lib/getaway
# kmsdrm (the screen without a desktop) needs these libraries beside pygame-ce's own SDL.
SCREEN_LIBS=(libdrm.so.2:libdrm2 libgbm.so.1:libgbm1 libEGL.so.1:libegl1 libGLESv2.so.2:libgles2)

say() { printf 'install-pi: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }

usage() { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit "$1"; }

# A wheel built from a copy: nothing root-owned lands in the checkout, and nothing left over
# from an earlier build (a module deleted upstream) can slip into the install.
build_wheel() {
    local work=$1
    mkdir -p "$work/src"
    tar -C "$CHECKOUT" --exclude=./.git --exclude=./.venv --exclude=./build \
        --exclude='*.egg-info' --exclude=__pycache__ -cf - . | tar -C "$work/src" -xf -
    python3 -m pip wheel -q --disable-pip-version-check --no-deps -w "$work/dist" "$work/src"
}

mode=install purge=no apt=yes start=yes rpigpio=no
while [ $# -gt 0 ]; do
    case "$1" in
        --upgrade) mode=upgrade ;;
        --uninstall) mode=uninstall ;;
        --purge) purge=yes ;;
        --rpigpio) rpigpio=yes ;;
        --no-apt) apt=no ;;
        --no-start) start=no ;;
        -h|--help) usage 0 ;;
        *) say "unknown option $1"; usage 2 >&2 ;;
    esac
    shift
done
[ "$purge" = no ] || [ "$mode" = uninstall ] || die "--purge goes with --uninstall"

# Before anything else: is this a system Getaway installs on? (OS_RELEASE: for the tests.)
check_system() {
    local os arch name like
    os=$(uname -s) arch=$(uname -m)
    [ "$os" = Linux ] || die "this is $os: Getaway installs on Raspberry Pi OS (Linux)"
    name=$(. "${OS_RELEASE:-/etc/os-release}" 2>/dev/null && echo "${PRETTY_NAME:-${ID:-}}") ||
        true
    like=$(. "${OS_RELEASE:-/etc/os-release}" 2>/dev/null && echo " ${ID:-} ${ID_LIKE:-} ") ||
        true
    case $arch in
        aarch64) ;;
        x86_64) say "this is not a Raspberry Pi ($arch): Getaway installs, but needs --sim" ;;
        armv6l|armv7l|armv8l|arm*)
            die "this is a 32-bit ARM system ($arch, ${name:-unknown}): Getaway needs" \
                "Raspberry Pi OS 64-bit (pygame-ce has no 32-bit ARM build); a Pi Zero 2 W," \
                "3, 4 or 5 runs it" ;;
        *) die "this is a $arch machine: Getaway installs on Raspberry Pi OS 64-bit (aarch64)" ;;
    esac
    case $like in
        *" debian "*) ;;
        *) die "this is ${name:-a system without /etc/os-release}: the installer needs" \
               "Debian's apt and systemd (Raspberry Pi OS Bookworm or Trixie)" ;;
    esac
    say "installing on ${name} ($arch)"
}

[ "$mode" = uninstall ] || check_system
[ "$(id -u)" -eq 0 ] || die "run me as root: sudo $0 $*"

in_chroot() { command -v systemd-detect-virt >/dev/null && systemd-detect-virt -q --chroot; }

systemd_up() { [ -d /run/systemd/system ] && ! in_chroot; }

# Installs the Debian packages named; with --no-apt it only names them.
debs() {
    [ $# -gt 0 ] || return 0
    if [ "$apt" = no ]; then
        say "missing $* (--no-apt: not installing them)"
        return 0
    fi
    say "installing $* (Debian packages)"
    apt-get update -qq &&
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# Adds what C extensions are built with, gcc and Python's headers, to the caller's `missing`.
compiler() {
    command -v gcc >/dev/null || missing+=(gcc)
    python3 -c 'import sysconfig, os, sys; sys.exit(not os.path.exists(
        os.path.join(sysconfig.get_paths()["include"], "Python.h")))' || missing+=(python3-dev)
}

system_packages() {
    local missing=() lib
    python3 -c 'import sys; sys.exit(sys.version_info < (3, 11))' ||
        die "Getaway needs Python 3.11 or newer (Raspberry Pi OS Bookworm has it)"
    python3 -c 'import ensurepip, venv' 2>/dev/null || missing+=(python3-venv)
    for lib in "${SCREEN_LIBS[@]}"; do
        ldconfig -p | grep -q "${lib%%:*}" || missing+=("${lib##*:}")
    done
    [ "$rpigpio" = no ] || compiler
    debs "${missing[@]}" || die "could not install ${missing[*]}"
}

# lgpio, which pyproject.toml asks for on ARM, goes in first. companion/pi_install.py decides
# from what PyPI offers this Python: its build where there is one, or else (Trixie's 3.13,
# for which PyPI's only wheel is an empty placeholder, 0.0.0.2) a pinned version built from
# its source and linked statically like PyPI's (PYPI=1), so that no liblgpio is needed.
install_lgpio() {
    local python=$1/bin/python work plan version machine deb missing=() step=()
    machine=$("$python" -c 'import platform; print(platform.machine())')
    case $machine in
        aarch64|armv7l) ;;
        *) return 0 ;;
    esac
    version=$("$python" -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    work=$(mktemp -d)
    "$python" -m pip index versions lgpio >"$work/versions" 2>/dev/null || true
    "$python" -m pip download -q --disable-pip-version-check --no-deps --only-binary=:all: \
        -d "$work/wheels" lgpio >/dev/null 2>&1 || true
    plan=$(python3 "$CHECKOUT/companion/pi_install.py" lgpio "$version" "$machine" \
        "$work/versions" "$work"/wheels/*.whl) || { rm -rf "$work"; return 1; }
    read -r -a step <<<"$plan"
    if [ "${step[0]}" = wheel ]; then
        "$python" -m pip install -q --disable-pip-version-check --no-deps "$work/wheels/${step[1]}"
    else
        say "PyPI has no lgpio built for Python $version: building lgpio ${step[1]} from its source"
        for deb in "${step[@]:2}"; do
            dpkg-query -W -f='${Status}' "$deb" 2>/dev/null | grep -q 'ok installed' ||
                missing+=("$deb")
        done
        debs "${missing[@]}" && PYPI=1 "$python" -m pip install -q \
            --disable-pip-version-check --no-binary=lgpio "lgpio==${step[1]}"
    fi || { rm -rf "$work"; return 1; }
    rm -rf "$work"
}

make_user() {
    local group
    for group in "${GROUPS_NEEDED[@]}"; do
        # Raspberry Pi OS has them all; elsewhere the unit still needs them to exist.
        getent group "$group" >/dev/null || groupadd --system "$group"
    done
    if ! getent passwd "$USER_NAME" >/dev/null; then
        useradd --system --user-group --home-dir "$DATA" --no-create-home \
            --shell /usr/sbin/nologin --comment "Getaway table companion" "$USER_NAME"
    fi
    usermod --append --groups "$(IFS=,; echo "${GROUPS_NEEDED[*]}")" "$USER_NAME"
    install -d -m 0750 -o "$USER_NAME" -g "$USER_NAME" "$DATA"
    # Games kept from an earlier install belong to the (maybe new) user id.
    chown -R "$USER_NAME:$USER_NAME" "$DATA"
}

# The new environment is built beside the running one, then the link $PREFIX/venv is
# switched to it in one rename: the service never starts into a half-built one, and a failed
# install leaves the box as it was. The old environment is removed once the service restarted.
make_venv() {
    local link=$PREFIX/venv new work extra=""
    [ "$rpigpio" = no ] || extra="[rpigpio]"
    install -d -m 0755 "$PREFIX"
    new=$(mktemp -d "$PREFIX/venv-XXXXXX")
    chmod 0755 "$new"
    say "installing Getaway into $new (a minute or two)"
    work=$(mktemp -d)
    if ! { python3 -m venv "$new" &&
           install_lgpio "$new" &&
           PATH="$new/bin:$PATH" build_wheel "$work" &&
           "$new/bin/python" -m pip install -q --disable-pip-version-check \
               "$(echo "$work"/dist/getaway-*.whl)$extra" &&
           "$new/bin/getaway" --help >/dev/null; }; then
        rm -rf "$new" "$work"
        die "could not install Getaway (see pip's message above); nothing was changed"
    fi
    rm -rf "$work"
    ln -sfn "${new##*/}" "$PREFIX/venv.next"
    # An install from before the link: its environment is a folder of that name.
    [ -L "$link" ] || [ ! -d "$link" ] || { rm -rf "$link.old"; mv "$link" "$link.old"; }
    mv -T "$PREFIX/venv.next" "$link"
}

# Every environment but the one the link names (the service restarted into that one).
drop_old_venvs() {
    local current old
    current=$(readlink "$PREFIX/venv")
    for old in "$PREFIX"/venv-* "$PREFIX/venv.old"; do
        [ ! -e "$old" ] || [ "${old##*/}" = "$current" ] || rm -rf "$old"
    done
}

# The default map the last install shipped is kept as pins.toml.default: a map nobody edited
# follows the new default; an edited one is kept, with pins.toml.new only if the default changed.
install_pins() {
    local default=$CHECKOUT/hardware/pins.toml pins=$CONFIG/pins.toml shipped=$CONFIG/pins.toml.default
    install -d -m 0755 "$CONFIG"
    if [ ! -f "$pins" ] || { [ -f "$shipped" ] && cmp -s "$shipped" "$pins"; }; then
        install -m 0644 "$default" "$pins"
    elif ! cmp -s "$default" "$pins" && ! { [ -f "$shipped" ] && cmp -s "$shipped" "$default"; }; then
        install -m 0644 "$default" "$CONFIG/pins.toml.new"
        say "kept your $pins; the new default is beside it as pins.toml.new"
    fi
    install -m 0644 "$default" "$shipped"
}

install_unit() {
    install -m 0644 "$CHECKOUT/systemd/getaway.service" "$UNIT"
    rm -f "$DROPIN/pin-factory.conf"
    if [ "$rpigpio" = yes ]; then
        install -d -m 0755 "$DROPIN"
        printf '%s\n' "# Written by install-pi.sh --rpigpio: RPi.GPIO instead of lgpio." \
            "[Service]" "Environment=GPIOZERO_PIN_FACTORY=rpigpio" \
            "DeviceAllow=/dev/gpiomem rw" >"$DROPIN/pin-factory.conf"
    fi
    rmdir --ignore-fail-on-non-empty "$DROPIN" 2>/dev/null || true
    systemd_up && systemctl daemon-reload
    systemctl enable --quiet getaway.service
    if [ "$start" = yes ] && systemd_up; then
        systemctl restart getaway.service
        say "started; watch it with: journalctl -u getaway -f"
    fi
}

installed() { [ -x "$PREFIX/venv/bin/getaway" ]; }

install_all() {
    system_packages
    make_user
    make_venv
    install_pins
    install_unit
    drop_old_venvs
    say "done: Getaway $("$PREFIX/venv/bin/python" -c \
        'import importlib.metadata as m; print(m.version("getaway"))') is installed"
}

uninstall() {
    if systemd_up; then
        systemctl disable --now --quiet getaway.service 2>/dev/null || true
    else
        systemctl disable --quiet getaway.service 2>/dev/null || true
    fi
    rm -rf "$UNIT" "$DROPIN" "$PREFIX" "$CONFIG"
    systemd_up && systemctl daemon-reload
    if getent passwd "$USER_NAME" >/dev/null; then
        userdel "$USER_NAME"
    fi
    getent group "$USER_NAME" >/dev/null && groupdel "$USER_NAME"
    if [ "$purge" = yes ]; then
        rm -rf "$DATA"
        say "removed Getaway and its games"
    else
        say "removed Getaway; the games stay in $DATA (--uninstall --purge removes them)"
    fi
}

case "$mode" in
    install)
        ! installed || die "Getaway is already installed: use --upgrade (games and pins are kept)"
        install_all ;;
    upgrade)
        installed || die "Getaway is not installed yet: run me without --upgrade"
        # An earlier --rpigpio stays chosen.
        [ ! -f "$DROPIN/pin-factory.conf" ] || rpigpio=yes
        install_all ;;
    uninstall)
        uninstall ;;
esac

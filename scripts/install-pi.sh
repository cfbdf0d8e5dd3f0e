#!/usr/bin/env bash
# Install Getaway on Raspberry Pi OS (Bookworm or newer) as a service that starts at boot:
#
#   sudo ./scripts/install-pi.sh                 install, or upgrade in place (same command)
#   sudo ./scripts/install-pi.sh --uninstall     remove Getaway, keep the games and the pin map
#   sudo ./scripts/install-pi.sh --uninstall --purge   remove the games and the pin map too
#
# What it does: creates the system user `getaway` (groups gpio, spi, video, render, input,
# audio), installs Getaway from this checkout into /opt/getaway/venv (with lgpio on the Pi),
# puts the pin map at /etc/getaway/pins.toml (an existing one is kept), installs
# /etc/systemd/system/getaway.service and starts it. The games live in /var/lib/getaway.
#
# --root DIR does all of it inside DIR instead of / (nothing is started there): to check the
# installer, or to prepare a mounted Pi OS root from an arm64 machine.
set -euo pipefail
cd "$(dirname "$0")/.."
CHECKOUT=$PWD
ROOT=/
MODE=install
PURGE=no
GROUPS_WANTED=(gpio spi video render input audio)

say() { printf 'getaway-install: %s\n' "$*" >&2; }
die() { say "$*"; exit 1; }
usage() { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }

while [ $# -gt 0 ]; do
    case "$1" in
        --uninstall) MODE=uninstall ;;
        --purge) PURGE=yes ;;
        --root) [ $# -ge 2 ] || usage; ROOT=$(realpath "$2"); shift ;;
        -h|--help) usage ;;
        *) say "unknown option $1"; usage ;;
    esac
    shift
done
[ "$(id -u)" -eq 0 ] || die "run me as root: sudo $0 $*"
[ "$PURGE" = no ] || [ "$MODE" = uninstall ] || die "--purge goes with --uninstall"

R=${ROOT%/}
VENV=$R/opt/getaway/venv
UNIT=$R/etc/systemd/system/getaway.service
PINS=$R/etc/getaway/pins.toml
DATA=$R/var/lib/getaway
live() { [ "$ROOT" = / ]; }

system_packages() {
    live && command -v apt-get >/dev/null || return 0
    # venv for the install; the screen's KMS/DRM libraries for pygame on Pi OS Lite.
    say "installing Debian packages (python3-venv, the screen's libraries)"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv python3-pip \
        libgbm1 libdrm2 libegl1 fonts-dejavu-core >/dev/null
}

user_and_groups() {
    local group
    for group in "${GROUPS_WANTED[@]}"; do
        # Pi OS has them all; a plain Debian lacks gpio and spi, which the unit still names.
        getent_in group "$group" || groupadd --root "$ROOT" --system "$group"
    done
    if ! getent_in passwd getaway; then
        say "creating the system user getaway"
        useradd --root "$ROOT" --system --user-group --home-dir /var/lib/getaway \
            --no-create-home --shell /usr/sbin/nologin getaway 2>/dev/null
    fi
    usermod --root "$ROOT" --append --groups "$(IFS=,; echo "${GROUPS_WANTED[*]}")" getaway
}

getent_in() {
    grep -q "^$2:" "$R/etc/$1" 2>/dev/null
}

install_getaway() {
    say "installing Getaway into /opt/getaway/venv"
    mkdir -p "$(dirname "$VENV")"
    [ -x "$VENV/bin/python" ] || python3 -m venv "$VENV"
    "$VENV/bin/python" -m pip install -q --upgrade pip
    "$VENV/bin/python" -m pip install -q --upgrade "$CHECKOUT"
    "$VENV/bin/getaway" --help >/dev/null
}

configuration() {
    mkdir -p "$(dirname "$PINS")"
    if [ -f "$PINS" ]; then
        say "keeping your pin map $PINS"
    else
        install -m 0644 hardware/pins.toml "$PINS"
    fi
    mkdir -p "$(dirname "$UNIT")"
    install -m 0644 systemd/getaway.service "$UNIT"
}

start() {
    if live; then
        systemctl daemon-reload
        systemctl enable getaway.service
        systemctl restart getaway.service
        say "Getaway is running: systemctl status getaway; journalctl -u getaway"
    else
        systemctl --root="$ROOT" enable getaway.service 2>/dev/null
    fi
}

uninstall() {
    if live; then
        systemctl disable --now getaway.service 2>/dev/null || true
    else
        systemctl --root="$ROOT" disable getaway.service 2>/dev/null || true
    fi
    rm -f "$UNIT"
    live && systemctl daemon-reload
    rm -rf "$R/opt/getaway"
    if [ "$PURGE" = yes ]; then
        rm -rf "$DATA" "$R/etc/getaway"
        userdel --root "$ROOT" getaway 2>/dev/null || true
        say "removed Getaway, its games, its pin map and its user"
    else
        say "removed Getaway; kept the games in /var/lib/getaway and the pin map in /etc/getaway"
    fi
}

if [ "$MODE" = uninstall ]; then
    uninstall
    exit 0
fi
system_packages
user_and_groups
install_getaway
configuration
start

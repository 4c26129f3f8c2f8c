# A bare Debian 12 root for scripts/fresh-root and scripts/package-test:
# sourced, not run. Needs root and Debian's mirror.
#   bare_root_create NAME     debootstrap bookworm (minbase, plus git and
#                             ca-certificates) into a new folder; sets $root
#                             and removes it on exit (CINC_FRESH_ROOT_KEEP=1
#                             keeps it)
#   in_root COMMAND           runs COMMAND with bash in the root, in
#                             $root_workdir (default /root), with the machine's
#                             network settings and nothing else of its
#                             environment
#   step MESSAGE              a progress line on stderr, with the seconds so far
#                             (also appended to the file CINC_STEPS names, if
#                             set: .ci/run prints them at the end)
mirror="${CINC_DEBIAN_MIRROR:-http://deb.debian.org/debian}"
root_workdir=/root
step() {
  echo "$bare_root_name: [${SECONDS}s] $*" >&2
  if [ -n "${CINC_STEPS:-}" ]; then echo "    $bare_root_name: [${SECONDS}s] $*" >>"$CINC_STEPS"; fi
}

bare_root_cleanup() {
  for mount in dev/shm dev/pts dev sys proc; do
    if mountpoint -q "$root/$mount"; then umount -l "$root/$mount" || true; fi
  done
  if [ -z "${CINC_FRESH_ROOT_KEEP:-}" ]; then rm -rf --one-file-system "$root"; fi
}

bare_root_create() {
  bare_root_name="$1"
  if [ "$(id -u)" != 0 ]; then
    echo "$bare_root_name: needs root (debootstrap and chroot)" >&2
    exit 2
  fi
  if ! command -v debootstrap >/dev/null; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >&2
  fi
  root="$(mktemp -d "/var/tmp/cinc-$bare_root_name.XXXXXX")"
  trap bare_root_cleanup EXIT
  step "debootstrap bookworm into $root"
  debootstrap --variant=minbase --include=git,ca-certificates bookworm "$root" "$mirror" \
    >"$root.debootstrap.log" 2>&1 || {
    tail -20 "$root.debootstrap.log" >&2
    rm -f "$root.debootstrap.log"
    exit 1
  }
  rm -f "$root.debootstrap.log"
  bare_root_mount
}

bare_root_mount() {
  # The root's own proc, sys and dev, kept from propagating back to the host's
  # (systemd mounts / shared: without --make-rslave the devpts and tmpfs below
  # would also cover the host's /dev/pts and /dev/shm while this runs).
  mount -t proc proc "$root/proc"
  mount --bind /sys "$root/sys"
  mount --make-rslave "$root/sys"
  mount --bind /dev "$root/dev"
  mount --make-rslave "$root/dev"
  mount -t devpts -o newinstance,ptmxmode=0666 devpts "$root/dev/pts"
  mount -t tmpfs tmpfs "$root/dev/shm"
  # The machine's network, as any machine on it has: its name servers, and the
  # certificate authorities it adds (a network that inspects TLS signs with its
  # own; Node.js then needs NODE_EXTRA_CA_CERTS). Nothing of the project's.
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
    chroot "$root" update-ca-certificates >/dev/null 2>&1
  fi
  network_environment=()
  for name in http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY; do
    if [ -n "${!name:-}" ]; then network_environment+=("$name=${!name}"); fi
  done
  if compgen -G "/usr/local/share/ca-certificates/*.crt" >/dev/null; then
    network_environment+=("NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt")
  fi
}

in_root() {
  step "in the fresh root: $*"
  chroot "$root" /usr/bin/env -i HOME=/root TERM="${TERM:-dumb}" "${network_environment[@]}" \
    PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    /bin/bash -c "cd $root_workdir && $*"
}


#!/usr/bin/env bash
# What `npm test` needs besides the npm packages: Debian's Chromium (E2E and the H5 benchmarks), a
# CJK font (readable screenshots), PostgreSQL answering on 127.0.0.1:5432 with trust auth, a role
# `root` and a database `test` (the server suite on PostgreSQL), and Redis answering on
# 127.0.0.1:6379 (the chat delivery test across two server processes). Run first by scripts/test-all.sh
# (step `prereqs`) and so by `.ci/run`.
#
# All present: checks only (no apt-get update), well under a second. Something missing: as root or
# with passwordless sudo it installs, starts and configures what is missing; otherwise it stops at
# once and prints the exact commands to run. Never prompts.
#
#   PREREQS_DRY_RUN=1   print what would be installed or changed, change nothing (exit 1 if anything is)
#   CHROMIUM_PATH       the browser the tests launch (default /usr/bin/chromium)
#   PG_ADMIN_URL        the tests' PostgreSQL admin URL: when set, only checked, no local set-up
#   PG_PORT, PG_CLUSTER the local cluster (default 5432, main)
#   REDIS_PORT          the local Redis (default 6379)
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
FONT=/usr/share/fonts/truetype/wqy/wqy-microhei.ttc
EMOJI_FONT=/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf
PG_PORT=${PG_PORT:-5432}
PG_CLUSTER=${PG_CLUSTER:-main}
REDIS_PORT=${REDIS_PORT:-6379}
DRY_RUN=${PREREQS_DRY_RUN:-}

say() { printf 'prereqs: %s\n' "$*"; }

# How privileged commands run: directly as root, through passwordless sudo, or not at all.
if [[ $EUID -eq 0 ]]; then
  sudo_prefix=()
elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  sudo_prefix=(sudo -n env DEBIAN_FRONTEND=noninteractive)
else
  sudo_prefix=(none)
fi
acting=true
[[ -z $DRY_RUN && ${sudo_prefix[0]:-} != none ]] || acting=false
# Commands that were not run (dry run, or no privilege), printed at the end.
planned=()
# What no command of ours can put right, printed at the end.
problems=()
# A command as a person would type it: arguments quoted only where the shell needs it.
shown() {
  local out=() a
  for a in "$@"; do
    if [[ $a =~ ^[A-Za-z0-9_./:=@%+,-]+$ ]]; then out+=("$a"); else out+=("'${a//\'/\'\\\'\'}'"); fi
  done
  printf '%s' "${out[*]}"
}

# Runs a privileged command, or records it when not acting.
as_root() {
  if $acting; then
    say "+ $(shown "$@")"
    "${sudo_prefix[@]}" "$@"
  else
    planned+=("$(shown "$@")")
  fi
}
# Runs an SQL statement as the `postgres` role over TCP (trust auth: no OS privilege needed).
as_pg() {
  if $acting; then
    say "+ psql -U postgres: $1"
    psql -w -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -v ON_ERROR_STOP=1 -Atqc "$1" >/dev/null
  else
    planned+=("psql -h 127.0.0.1 -p $PG_PORT -U postgres -d postgres -c \"$1\"")
  fi
}
redis_answers() {
  [[ $(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null) == PONG ]]
}
pg_answers() {
  psql -w -h 127.0.0.1 -p "$PG_PORT" -U postgres -d postgres -Atc "$1" 2>/dev/null
}

# --- system packages ----------------------------------------------------------------------------
packages=()
[[ -x $CHROMIUM ]] || packages+=(chromium)
# Without a CJK font the screenshots show boxes instead of Chinese text (the tests still pass).
[[ -e $FONT ]] || packages+=(fonts-wqy-microhei)
# Chat shows emoji: without a colour emoji font the chat screenshots show boxes.
[[ -e $EMOJI_FONT ]] || packages+=(fonts-noto-color-emoji)
if [[ -z ${PG_ADMIN_URL:-} ]]; then
  { command -v pg_ctlcluster >/dev/null && compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null; } ||
    packages+=(postgresql)
fi
command -v redis-server >/dev/null && command -v redis-cli >/dev/null || packages+=(redis-server)
if ((${#packages[@]})); then
  say "missing: ${packages[*]}"
  if command -v apt-get >/dev/null; then
    # The lock timeout waits for another apt/dpkg run to finish instead of failing on its lock.
    as_root apt-get update -q -o DPkg::Lock::Timeout=300
    as_root apt-get install -y -q --no-install-recommends -o DPkg::Lock::Timeout=300 "${packages[@]}"
    if $acting && [[ ! -x $CHROMIUM ]]; then
      problems+=("chromium is installed, but $CHROMIUM is missing: point CHROMIUM_PATH at the browser")
    fi
  else
    problems+=("no apt-get on this machine: install ${packages[*]} (Debian's names) by hand")
  fi
fi

# --- PostgreSQL on 127.0.0.1:$PG_PORT, trust auth, role root, database test --------------------
if [[ -n ${PG_ADMIN_URL:-} ]]; then
  psql -w "$PG_ADMIN_URL" -Atc 'select 1' >/dev/null 2>&1 ||
    problems+=("PG_ADMIN_URL does not answer without a password: psql -w \"\$PG_ADMIN_URL\" -c 'select 1'")
elif [[ $(pg_answers "select count(*) from pg_roles where rolname = 'root'
    union all select count(*) from pg_database where datname = 'test'" | tr -d '\n') != 11 ]]; then
  pg_version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -1)
  [[ -n $pg_version ]] || pg_version=$(ls /usr/lib/postgresql 2>/dev/null | sort -V | tail -1)
  [[ -n $pg_version ]] || pg_version='<version>' # only when planning: postgresql is not installed yet
  hba=/etc/postgresql/$pg_version/$PG_CLUSTER/pg_hba.conf
  # True while planning steps whose need cannot be seen yet (the server is not up).
  unseen=false
  if ! pg_isready -q -h 127.0.0.1 -p "$PG_PORT" 2>/dev/null; then
    say "PostgreSQL does not answer on 127.0.0.1:$PG_PORT"
    [[ -d /etc/postgresql/$pg_version/$PG_CLUSTER ]] ||
      as_root pg_createcluster "$pg_version" "$PG_CLUSTER" --port "$PG_PORT"
    # Debian's package may have started the new cluster itself: "already running" is no failure.
    as_root pg_ctlcluster --skip-systemctl-redirect "$pg_version" "$PG_CLUSTER" start || true
    if $acting; then
      for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p "$PG_PORT" && break; sleep 1; done
      pg_isready -h 127.0.0.1 -p "$PG_PORT"
    else
      unseen=true
    fi
  fi
  # A fresh Debian cluster asks for passwords (scram-sha-256) on TCP: put trust lines first, reload.
  if $unseen || [[ -z $(pg_answers 'select 1') ]]; then
    $unseen || say "no trust auth for 127.0.0.1 and ::1 in $hba"
    as_root sed -i '1i host all all 127.0.0.1/32 trust\nhost all all ::1/128 trust' "$hba"
    as_root runuser -u postgres -- psql -p "$PG_PORT" -d postgres -o /dev/null -Atqc 'select pg_reload_conf()'
    $acting && sleep 1
    $acting || unseen=true
  fi
  if $unseen || [[ -z $(pg_answers "select 1 from pg_roles where rolname = 'root'") ]]; then
    as_pg 'create role root login superuser'
  fi
  if $unseen || [[ -z $(pg_answers "select 1 from pg_database where datname = 'test'") ]]; then
    as_pg 'create database test'
  fi
  if $acting; then
    psql -w -h 127.0.0.1 -p "$PG_PORT" -U root -d test -Atc "select 'prereqs: ' || version()"
  fi
fi

# --- Redis on 127.0.0.1:$REDIS_PORT ----------------------------------------------------------------
if ! redis_answers; then
  say "Redis does not answer on 127.0.0.1:$REDIS_PORT"
  # Debian's service when there is an init system; otherwise the server itself, as user redis.
  as_root service redis-server start || true
  if ! $acting || ! redis_answers; then
    as_root runuser -u redis -- redis-server --daemonize yes --bind 127.0.0.1 --port "$REDIS_PORT" \
      --dir /tmp --save '' --appendonly no
  fi
  if $acting; then
    for _ in $(seq 1 20); do redis_answers && break; sleep 0.5; done
    redis_answers || problems+=("Redis still does not answer on 127.0.0.1:$REDIS_PORT")
  fi
fi

# --- outcome ------------------------------------------------------------------------------------
for p in "${problems[@]}"; do say "$p"; done
if ((${#planned[@]})); then
  if [[ -n $DRY_RUN ]]; then
    say "PREREQS_DRY_RUN: would run:"
  else
    say "this machine lacks what npm test needs, and installing it needs root. Run:"
    say "  sudo bash $0"
    say "which runs, as root:"
  fi
  printf '  %s\n' "${planned[@]}"
  exit 1
fi
((${#problems[@]} == 0)) || exit 1
if [[ -n ${PG_ADMIN_URL:-} ]]; then pg_where='PG_ADMIN_URL'; else
  pg_where="127.0.0.1:$PG_PORT (trust, role root, database test)"
fi
say "ok: $CHROMIUM, the CJK font, PostgreSQL on $pg_where, Redis on 127.0.0.1:$REDIS_PORT"

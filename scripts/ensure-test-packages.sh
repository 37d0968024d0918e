#!/usr/bin/env bash
# What the tests run besides Node, from Debian's packages, installed when missing: Chromium (the
# browser tests drive it through playwright-core) and redis-sentinel (the Sentinel test starts its
# own sentinels, and is skipped without them).
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/redis-sentinel ] || missing+=(redis-sentinel)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null; then
  echo "Installing ${missing[*]} for the tests..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
elif [ ! -x /usr/bin/chromium ]; then
  echo "Chromium is missing: install it with 'sudo apt-get install -y ${missing[*]}' to run the tests." >&2
  exit 1
else
  echo "redis-sentinel is missing: the Sentinel test is skipped ('sudo apt-get install -y redis-sentinel')." >&2
fi

#!/usr/bin/env bash
# Installs, from Debian's packages, whatever the high-availability topology needs and this machine
# lacks. Services are not started by the packages: deploy/ha/ha.ts starts its own.
set -euo pipefail
wanted=(etcd-server patroni haproxy redis-server redis-sentinel pgbackrest postgresql python3-psycopg2)
missing=()
for package in "${wanted[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "Installing ${missing[*]}..."
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
# Packages must not start their own services (Debian's packages would start etcd, Redis, PostgreSQL).
policy=/usr/sbin/policy-rc.d
added_policy=""
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null
  $sudo chmod +x "$policy"
  added_policy=1
fi
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}" ||
  { $sudo apt-get update && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${missing[@]}"; }
[ -n "$added_policy" ] && $sudo rm -f "$policy"
exit 0

#!/usr/bin/env bash
# supervise.sh PIDFILE COMMAND...: runs COMMAND again RESTART_DELAY seconds (default 1) after it
# exits, as systemd's Restart=always with RestartSec would, writing the running command's pid to
# PIDFILE. SIGTERM stops both.
pidfile=$1
shift
child=""
trap '[ -n "$child" ] && kill -TERM "$child" 2>/dev/null; wait "$child" 2>/dev/null; rm -f "$pidfile"; exit 0' TERM INT
while true; do
  "$@" &
  child=$!
  echo "$child" >"$pidfile"
  wait "$child"
  sleep "${RESTART_DELAY:-1}"
done

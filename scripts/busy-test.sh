#!/usr/bin/env bash
# `npm test` on a busy machine (issue 64): busy loops spin on the cores
# beside the suite (three by default: with the suite's own work, about 4×
# oversubscribed on 2 cores), so that a test whose verdict depends on how
# fast the machine is fails here rather than on a contributor's laptop in a
# video call or a shared CI runner. The loops stop when the suite ends, on
# Ctrl-C and on SIGTERM. Arguments go to `npm test`; BUSY_LOOPS sets the count.
#   npm run test:busy                   # the whole suite
#   npm run test:busy -- src/serve      # some files
set -u
set -m # each job its own process group, stopped as a whole
loops=${BUSY_LOOPS:-3}
groups=()

stop() {
  for g in "${groups[@]}"; do kill -TERM -- "-$g" 2>/dev/null; done
  for g in "${groups[@]}"; do wait "$g" 2>/dev/null; done
  groups=()
}
trap stop EXIT
trap 'echo "busy-test: interrupted" >&2; exit 130' INT
trap 'exit 143' TERM

for _ in $(seq "$loops"); do
  bash -c 'while :; do :; done' &
  groups+=("$!")
done
echo "busy-test: $loops busy loops beside npm test on $(nproc) cores" >&2

TIMEFORMAT='busy-test: npm test took %R s of wall time and %U s user + %S s system of CPU (the loops not counted)'
(time npm test -- "$@") &
suite=$!
groups+=("$suite")
wait "$suite"
status=$?
echo "busy-test: npm test exited with $status; load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
exit "$status"

#!/usr/bin/env bash
# Start-up of the installed app, a benchmark to run and read (not a test):
#   packaging/measure-startup.sh [IMAGE] [RUNS]
# IMAGE is the app image (default target/installer/image/idempotency-lab, from mvn -Dinstaller package). Under one
# Xvfb display, RUNS rounds (default 5) each start the window once per variant, alternating, and print the time
# from just before the launcher starts to the first frame (the lab's -Dlab.timing=true line), and the wall time
# of "table --jobs 1000":
#   shipped   the image as built: its runtime's class-data-sharing archive from the build's training run
#   jdk-list  an archive of the JDK's own default class list (what jlink's --generate-cds-archive gives)
#   no-cds    no archive at all (-Xshare:off)
# "window" is when the title card was handed to the renderer, "lab frame" when the first frame of the lab's own
# content (the tab it opens on) was, "duplicate on screen" when the frame showing the opening scene's second
# welcome email was (the lab then closes). Needs xvfb-run (apt-get install xvfb xauth). The load average is printed, since other work on the machine
# lengthens every figure.
set -euo pipefail
image=${1:-target/installer/image/idempotency-lab}
runs=${2:-5}
[[ -x $image/bin/idempotency-lab ]] || { echo "no launcher in $image (run mvn -Dinstaller package)" >&2; exit 2; }
image=$(realpath "$image")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$image/lib/runtime/bin/java" -Xshare:dump -XX:SharedArchiveFile="$work/jdk-list.jsa" -Xlog:cds=off >/dev/null
export IMAGE=$image WORK=$work RUNS=$runs
xvfb-run -a -s "-screen 0 1440x900x24" bash -c '
  set -u
  variant_opts() {
    case $1 in
      shipped) echo "" ;;
      jdk-list) echo "-XX:SharedArchiveFile=$WORK/jdk-list.jsa" ;;
      no-cds) echo "-Xshare:off" ;;
    esac
  }
  echo "load average at start: $(cut -d" " -f1-3 /proc/loadavg)"
  for ((i = 1; i <= RUNS; i++)); do
    for v in shipped jdk-list no-cds; do
      opts="$(variant_opts $v) -Dlab.timing=true -Dlab.exitAfterDuplicate=true -Dlab.prefs=memory"
      t0=$(date +%s%3N)
      JAVA_TOOL_OPTIONS="$opts" "$IMAGE/bin/idempotency-lab" > "$WORK/out" 2>&1 || true
      window=$(grep -o "window at [0-9]*" "$WORK/out" | grep -o "[0-9]*$" || echo "")
      frame=$(grep -o "first frame at [0-9]*" "$WORK/out" | grep -o "[0-9]*$" || echo "")
      duplicate=$(grep -o "first duplicate at [0-9]*" "$WORK/out" | grep -o "[0-9]*$" || echo "")
      t1=$(date +%s%3N)
      JAVA_TOOL_OPTIONS="$(variant_opts $v)" "$IMAGE/bin/idempotency-lab" table --jobs 1000 > /dev/null 2>&1
      t2=$(date +%s%3N)
      if [[ -z $frame ]]; then echo "run $i $v: no first frame: $(tail -n 2 "$WORK/out")"; continue; fi
      echo "run $i $v: window $((window - t0)) ms, lab frame $((frame - t0)) ms, duplicate on screen $((${duplicate:-0} - t0)) ms; table --jobs 1000 $((t2 - t1)) ms"
    done
  done
  echo "load average at end: $(cut -d" " -f1-3 /proc/loadavg)"'

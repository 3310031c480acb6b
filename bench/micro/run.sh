#!/usr/bin/env bash
# run.sh MICRO [n] [chunks] [reps] [log]: the Fig. 6 analog on devices 0
# and 1. Calibrates the producer's rounds so that its kernel takes as long
# as the bulk copy of its output (micro calibrate), then runs bulk memcpy,
# Unified Memory with hints (PROACT_MEMORY=unified), the infinite-bandwidth
# bound (PROACT_ELIDE=1) and inline, poll, trigger and dma at each chunk
# size, `reps` times each, interleaved. Prints the
# median producer + transfer time of each (micro.c: the time to produce the
# data and deliver it to the consumer) and its speedup over memcpy as a
# markdown table, and the best producer + consumer; every run's line goes
# to the log: rep, mechanism, chunk, producer + transfer ms, checksum,
# producer + consumer ms. Fails when a
# mechanism's checksum differs from memcpy's.
set -uo pipefail
bin=$1 n=${2:-67108864} chunks=${3:-4K,16K,64K,256K,1M,4M,16M,64M,256M}
reps=${4:-3} log=${5:-/dev/null}
mechs="inline poll trigger dma"
export PROACT_DEVICES=${PROACT_DEVICES:-0,1}
cal=$(PROACT_MECH=memcpy "$bin" calibrate "$n") || { echo "$cal"; exit 1; }
echo "$cal" | tee "$log"
rounds=$(echo "$cal" | sed -n 's/^rounds //p')
configs="memcpy:- um:- elide:-"
for c in ${chunks//,/ }; do
  for m in $mechs; do configs="$configs $m:$c"; done
done
for rep in $(seq "$reps"); do
  for cfg in $configs; do
    m=${cfg%%:*} c=${cfg#*:}
    envs=(PROACT_MECH=$m)
    [ "$m" = elide ] && envs=(PROACT_MECH=memcpy PROACT_ELIDE=1)
    [ "$m" = um ] && envs=(PROACT_MECH=memcpy PROACT_MEMORY=unified)
    [ "$c" != - ] && envs+=(PROACT_CHUNK=$c)
    out=$(env "${envs[@]}" "$bin" "$n" "$rounds" 12 2>&1) || { echo "$cfg: $out" >&2; exit 1; }
    # A host run's difference of medians may come out below zero (the
    # elided producer + transfer under a loaded CPU): keep the sign.
    ms=$(echo "$out" | sed -n 's/.*producer+transfer \(-\{0,1\}[0-9.]*\) ms.*/\1/p')
    pc=$(echo "$out" | sed -n 's/.*producer+consumer \(-\{0,1\}[0-9.]*\) ms.*/\1/p')
    sum=$(echo "$out" | sed -n 's/^micro: checksum //p')
    [ -n "$ms" ] && [ -n "$pc" ] && [ -n "$sum" ] ||
      { echo "$cfg: no times or checksum in: $out" >&2; exit 1; }
    echo "rep $rep $m $c $ms $sum $pc" >> "$log"
    echo "rep $rep $m $c $ms $sum $pc"
  done
done | awk -v reps="$reps" -v mechs="$mechs" -v chunks="$chunks" -v rounds="$rounds" '
  # median of the runs of key in a (val: producer + transfer, val2:
  # producer + consumer)
  function median_of(a, key,   k, v, i, j, t) {
    k = cnt[key]
    for (i = 1; i <= k; i++) v[i] = a[key, i]
    for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++)
      if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
    return k % 2 ? v[(k + 1) / 2] : (v[k / 2] + v[k / 2 + 1]) / 2
  }
  function med(key) { return median_of(val, key) }
  function med2(key) { return median_of(val2, key) }
  { key = $3 ":" $4; val[key, ++cnt[key]] = $5; val2[key, cnt[key]] = $7
    if ($3 != "elide") { if (ref == "") ref = $6; else if ($6 != ref) bad = bad " " key } }
  END {
    base = med("memcpy:-"); bound = med("elide:-")
    printf "rounds %s; median producer + transfer per iteration (ms), speedup over bulk memcpy in ()\n\n", rounds
    printf "bulk memcpy: %.3f ms; infinite bandwidth (transfers elided): %.3f ms (%.2fx)\n\n", base, bound, base / bound
    nm = split(mechs, M, " "); nc = split(chunks, C, ",")
    printf "| chunk |"; for (i = 1; i <= nm; i++) printf " %s |", M[i]; printf "\n|---|"
    for (i = 1; i <= nm; i++) printf "---|"; printf "\n"
    for (j = 1; j <= nc; j++) {
      printf "| %s |", C[j]
      for (i = 1; i <= nm; i++) { t = med(M[i] ":" C[j]); printf " %.3f (%.2fx) |", t, base / t
        if (best == "" || t < bt) { best = M[i] " " C[j]; best_key = M[i] ":" C[j]; bt = t } }
      printf "\n"
    }
    printf "\nbest: %s, %.3f ms, %.2fx over memcpy", best, bt, base / bt
    if (base > bound) printf "; %.0f%% of the infinite-bandwidth opportunity", 100 * (base - bt) / (base - bound)
    printf "\n"
    for (j = 1; j <= nc; j++) for (i = 1; i <= nm; i++) {
      t = med(M[i] ":" C[j])
      if (M[i] != "inline" && (bd == "" || t < bdt)) { bd = M[i] " " C[j]; bdt = t } }
    printf "best decoupled (%s): %s, %.3f ms, %.2fx over memcpy\n", "poll, trigger, dma", bd, bdt, base / bdt
    printf "producer + consumer (the consumer kernel included): memcpy %.3f ms, elided %.3f ms, %s %.3f ms (%.2fx)\n",
      med2("memcpy:-"), med2("elide:-"), best, med2(best_key), med2("memcpy:-") / med2(best_key)
    # Under unified memory both consumer loops read a where the producer
    # left it (remote loads), so producer + transfer would hide the
    # transfer: only producer + consumer compares.
    if (cnt["um:-"] > 0)
      printf "Unified Memory with hints (um): producer + consumer %.3f ms against memcpy'"'"'s %.3f (%.2fx)\n",
        med2("um:-"), med2("memcpy:-"), med2("memcpy:-") / med2("um:-")
    if (bad != "") { printf "checksums differ from memcpy:%s\n", bad; exit 1 }
    printf "checksums agree: %s\n", ref
  }' | tee -a "$log"
# The runs' loop, awk (differing checksums) and tee: the first failure.
st=("${PIPESTATUS[@]}")
for s in "${st[@]}"; do [ "$s" -eq 0 ] || exit "$s"; done
exit 0

# proact-tune profile (docs/tuning.md): compile with
#   -fplugin-arg-proact-profile=/root/out/suite-b.md.sssp.profile
# program: app_sssp 16777216 16 20
# 2026-11-23 00:49, PROACT_DEVICES=0,1, 1 runs per configuration
# best: inline chunk 256 KiB threads 0, 74.074 ms (sum of the loops' times, median); memcpy measured too
loop sssp.c:14 mech inline chunk 262144 threads 0 id 780eccdbf4e2e407

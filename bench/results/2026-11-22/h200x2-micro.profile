# proact-tune profile (docs/tuning.md): compile with
#   -fplugin-arg-proact-profile=/root/out/micro.profile
# program: micro 67108864 194 12
# 2026-11-22 07:41, PROACT_DEVICES=all, 3 runs per configuration
# best: inline chunk 4 MiB threads 0, 25.552 ms (sum of the loops' times, median); memcpy measured too
loop micro.c:49 mech inline chunk 4194304 threads 0
loop micro.c:57 mech inline chunk 4194304 threads 0

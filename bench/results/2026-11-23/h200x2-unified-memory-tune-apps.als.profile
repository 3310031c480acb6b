# proact-tune profile (docs/tuning.md): compile with
#   -fplugin-arg-proact-profile=/root/out/suite-b.md.als.profile
# program: app_als 8388608 1048576 32 10
# 2026-11-23 00:50, PROACT_DEVICES=0,1, 1 runs per configuration
# best: trigger chunk 1 MiB threads 0, 150.820 ms (sum of the loops' times, median); memcpy measured too
loop als.c:54 mech trigger chunk 1048576 threads 0 id a9e42df78f5c1228

# proact-tune profile (docs/tuning.md): compile with
#   -fplugin-arg-proact-profile=/root/out/suite-b.md.ct.profile
# program: app_ct 768 384 15
# 2026-11-23 00:51, PROACT_DEVICES=0,1, 1 runs per configuration
# best: inline chunk 1 MiB threads 0, 30.269 ms (sum of the loops' times, median); memcpy measured too
loop ct.c:113 mech inline chunk 1048576 threads 0 id e9d51f587db36574
loop ct.c:120 mech inline chunk 1048576 threads 0 id 54077a32dc39a467

# proact-tune profile (docs/tuning.md): compile with
#   -fplugin-arg-proact-profile=/root/out/suite-a.md.jacobi2d.profile
# program: app_jacobi2d 16384 50
# 2026-11-23 00:46, PROACT_DEVICES=0,1, 1 runs per configuration
# best: memcpy chunk - threads 0, 39.555 ms (sum of the loops' times, median); memcpy measured too
loop jacobi2d_sweep.h:11 mech memcpy chunk 0 threads 0 id 00bc5592e4e39d55

# proact-tune profile (docs/tuning.md): compile with
#   -fplugin-arg-proact-profile=/root/out/suite-a.md.jacobi_banded.profile
# program: app_jacobi_banded 67108864 4 30
# 2026-11-23 00:45, PROACT_DEVICES=0,1, 1 runs per configuration
# best: trigger chunk 4 MiB threads 0, 50.196 ms (sum of the loops' times, median); memcpy measured too
loop jacobi_banded.c:16 mech trigger chunk 4194304 threads 0 id b931e1e8ed67fd3d

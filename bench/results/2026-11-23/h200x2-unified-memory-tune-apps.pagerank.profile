# proact-tune profile (docs/tuning.md): compile with
#   -fplugin-arg-proact-profile=/root/out/suite-a.md.pagerank.profile
# program: app_pagerank 16777216 16 20
# 2026-11-23 00:46, PROACT_DEVICES=0,1, 1 runs per configuration
# best: inline chunk 4 MiB threads 0, 50.994 ms (sum of the loops' times, median); memcpy measured too
loop pagerank.c:42 mech inline chunk 4194304 threads 0 id 837728ba2e4301da
loop pagerank.c:49 mech inline chunk 4194304 threads 0 id 52bf8c8ab28190ca

# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# Averages the per-part kernel times that PROACT_DEBUG=info PROACT_DEBUG_SUBSYS=part
# logs (skipping the first 5 executions of each loop part as warm-up).
/kernel on device/ { split($4, f, ":"); k = "loop " f[2] " part " $6 " device " $10; sub(":", "", k); n[k]++; if (n[k] > 5) { s[k] += $11; c[k]++ } }
END { for (k in s) printf "  %s mean %.1f us over %d\n", k, s[k] / c[k], c[k] }

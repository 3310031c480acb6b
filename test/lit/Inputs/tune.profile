# A profile as proact-tune writes it (tools/tune): one line per loop.
loop profile.c:20 mech inline chunk 4194304 threads 0
loop profile.c:24 mech poll chunk 65536 threads 512
loop profile.c:28 mech dma chunk 1048576 threads 256
loop profile.c:32 mech trigger chunk 262144 threads 0
loop elsewhere.c:22 mech poll chunk 4096 threads 32

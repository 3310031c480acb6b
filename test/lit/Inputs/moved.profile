# An entry of a loop that moved away, one with no loop left, a duplicate,
# and another file's entry (not this translation unit's concern).
loop profile-check.c:19 mech inline chunk 4096 threads 0
loop profile-check.c:20 mech poll chunk 65536 threads 512
loop profile-check.c:99 mech dma chunk 1048576 threads 0
loop profile-check.c:19 mech poll chunk 65536 threads 256
loop other.c:20 mech poll chunk 65536 threads 512

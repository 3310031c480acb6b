# Values outside the ranges of the chunk(...) and threads(...) clauses.
loop profile-check.c:19 mech poll chunk 5 threads 512
loop profile-check.c:23 mech poll chunk 65536 threads 7
loop profile-check.c:27 mech poll chunk 65536 threads 2147483647
loop profile-check.c:0 mech memcpy chunk 0 threads 0
loop profile-check.c:23 mech poll chunk 2147483648 threads 33

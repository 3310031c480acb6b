loop profile.c:20 mech fastest chunk 4096 threads 0

# Sources named profile-path.c: this one (@SRC@) and two other directories'.
loop /elsewhere/profile-path.c:11 mech poll chunk 65536 threads 512
loop @SRC@:11 mech inline chunk 4096 threads 0
loop /other/profile-path.c:11 mech trigger chunk 8192 threads 0
loop profile-path.c:15 mech dma chunk 1048576 threads 0

# A comment after an entry, and a path whose '-' is written plainly and
# whose directory holds a blank, as proact-tune writes it (%20).
loop /no%20such%20dir/profile-check.c:23 mech dma chunk 8192 threads 0 # chosen by hand

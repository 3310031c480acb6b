#!/bin/sh
# rank_output.sh PREFIX PROGRAM ARGS...: runs PROGRAM with its standard
# output in PREFIX.<rank> and its standard error in PREFIX.<rank>.err.
prefix=$1
shift
rank=${OMPI_COMM_WORLD_RANK:-${PMI_RANK:-${SLURM_PROCID:-0}}}
exec "$@" >"$prefix.$rank" 2>"$prefix.$rank.err"

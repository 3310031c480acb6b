// In an optimised device pass the kernels reach OpenMPOpt with the
// contract's device helpers already inlined (clang-ext/lowering/device_inline.cpp):
// its Attributor follows every call of a function shared by K kernels, so
// shared helpers made a file of many loops compile in time quadratic in
// the loops. The cold failure path of a checked load stays out of line,
// and so, on a host device, do the readiness protocol's long paths (a
// block's reporting, a store's forwarding: the kind(nohost) declare
// variants of device_protocol.h), which every kernel calls instead of
// compiling its own copy; on a GPU they are inlined as the other helpers.
// Module IR before OpenMPOpt, host-offload and sm_90 device passes (no CUDA
// installation needed).
// UNSUPPORTED: clang16
// RUN: %proact-cc -O2 -fopenmp-targets=x86_64-pc-linux-gnu --offload-device-only -c %S/Inputs/device-kernels.c -o %t.o -mllvm -print-before=openmp-opt 2> %t.x86.ll
// RUN: %FileCheck %s --check-prefix=X86 < %t.x86.ll
// RUN: %proact-cc -O2 --offload-arch=sm_90 --offload-device-only -nogpulib --cuda-path=%t.nocuda -Xclang -target-feature -Xclang +ptx78 -S %S/Inputs/device-kernels.c -o %t.s -mllvm -print-before=openmp-opt 2> %t.ptx.ll
// RUN: %FileCheck %s < %t.ptx.ll
// CHECK: IR Dump Before OpenMPOptPass
// CHECK-NOT: @proact__{{(block|tile|ready|kernel|team|row|part|thread|host)_}}
// CHECK: define {{.*}}@__omp_offloading_{{.*}}_dot_l{{[0-9]+}}
// CHECK-NOT: @proact__{{(block|tile|ready|kernel|team|row|part|thread|host)_}}
// CHECK: call {{.*}}@proact__read_fail(
// CHECK-NOT: @proact__{{(block|tile|ready|kernel|team|row|part|thread|host)_}}
// CHECK: define internal {{.*}}@proact__read_fail(
// CHECK-NOT: @proact__{{(block|tile|ready|kernel|team|row|part|thread|host)_}}

// The kernels call no helper but the long paths and the trace's kernel
// stamps; their definitions follow the kernels.
// X86: IR Dump Before OpenMPOptPass
// X86: define {{.*}}@__omp_offloading_{{.*}}_dot_l{{[0-9]+}}
// X86-NOT: call {{.*}}@proact__{{(block_|tile_|kernel_|team_|row_|part_|thread_|host_|ready_(walk|block_done|block_at|block_of|block_touches|next_block|forward\(|forward_long|block_report\())}}
// X86: call void @"proact__ready_forward_to$ompvariant{{[^"]*}}"(
// X86-NOT: call {{.*}}@proact__{{(block_|tile_|kernel_|team_|row_|part_|thread_|host_|ready_(walk|block_done|block_at|block_of|block_touches|next_block|forward\(|forward_long|block_report\())}}
// X86: call void @"proact__ready_block_report_bare$ompvariant{{[^"]*}}"(
// X86-NOT: call {{.*}}@proact__{{(block_|tile_|kernel_|team_|row_|part_|thread_|host_|ready_(walk|block_done|block_at|block_of|block_touches|next_block|forward\(|forward_long|block_report\())}}
// X86: call {{.*}}@proact__read_fail(
// X86-NOT: call {{.*}}@proact__{{(block_|tile_|kernel_|team_|row_|part_|thread_|host_|ready_(walk|block_done|block_at|block_of|block_touches|next_block|forward\(|forward_long|block_report\())}}
// X86: define internal void @"proact__ready_kernel_stamp_bare$ompvariant{{[^"]*}}"(
// X86: define internal void @"proact__ready_forward_to$ompvariant{{[^"]*}}"(
// X86: define internal void @"proact__ready_block_report_bare$ompvariant{{[^"]*}}"(
// X86: define internal {{.*}}@proact__read_fail(

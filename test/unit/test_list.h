/* Every unit test, once: X(name, timeout in ms, expected fatal error).
 * A test with an expected fatal error passes only if it exits with
 * EXIT_FAILURE and its stderr contains that text. */
#define TEST_LIST(X)                                                          \
  X(status_strings, 5000, NULL)                                               \
  X(mech_names, 5000, NULL)                                                   \
  X(param_devices_valid, 5000, NULL)                                          \
  X(param_devices_invalid, 5000, NULL)                                        \
  X(param_sizes_overflow, 5000, NULL)                                         \
  X(param_threads_rule, 5000, NULL)                                           \
  X(param_levels_subsys_bool, 5000, NULL)                                     \
  X(param_docs_match_table, 5000, NULL)                                       \
  X(poll_wait_outcomes, 5000, NULL)                                          \
  X(trace_event_memory, 20000, NULL)                                          \
  X(param_env_invalid_is_fatal, 5000, "invalid PROACT_DEVICES='1-0'")         \
  X(param_env_unknown_device_is_fatal, 20000,                                 \
    "PROACT_DEVICES names device 63")                                         \
  X(device_objects_on_host, 20000, NULL)                                      \
  X(device_geometry_on_host, 20000, NULL)                                     \
  X(launch_replay_rules, 20000, NULL)                                         \
  X(launch_leave_rules, 20000, NULL)                                          \
  X(launch_auto_due, 20000, NULL)                                             \
  X(agent_thread_start_failure_cause, 20000, NULL)                            \
  X(info_report_devices_and_settings, 20000, NULL)                            \
  X(partition_small_trips, 5000, NULL)                                        \
  X(partition_not_divisible, 5000, NULL)                                      \
  X(partition_huge_trip, 5000, NULL)                                          \
  X(split_bounded_by_trip, 5000, NULL)                                        \
  X(column_width_keeps_lanes_busy, 5000, NULL)                                \
  X(balance_follows_speeds, 5000, NULL)                                       \
  X(balance_reverts_when_slower, 5000, NULL)                                  \
  X(balance_floor, 5000, NULL)                                                \
  X(balance_min_time, 5000, NULL)                                             \
  X(balance_off, 5000, NULL)                                                  \
  X(trip_count_all_comparisons, 5000, NULL)                                   \
  X(trip_count_c_comparisons, 5000, NULL)                                     \
  X(trip_count_extremes, 5000, NULL)                                          \
  X(trip_count_step_zero_is_fatal, 5000, "never ends: the step is 0")         \
  X(trip_count_wrong_sign_is_fatal, 5000, "of the wrong sign")                \
  X(span_of_site, 5000, NULL)                                                 \
  X(span_add_inner_loops, 5000, NULL)                                         \
  X(span_add_records_terms, 5000, NULL)                                       \
  X(runs_of_clipped_site, 5000, NULL)                                         \
  X(span_add_dep_narrows, 5000, NULL)                                         \
  X(runs_column_strided_and_merged, 5000, NULL)                               \
  X(runs_injective_mixed_radix, 5000, NULL)                                   \
  X(runs_random_against_reference, 20000, NULL)                               \
  X(span_of_bounded_site, 5000, NULL)                                         \
  X(loop_ascend, 5000, NULL)                                                  \
  X(loop_parts_and_devices_clause, 20000, NULL)                               \
  X(loop_overlap_is_fatal, 20000,                                             \
    "t.c:7:3: different iterations of the loop at line 5 store a[0]")        \
  X(loop_column_store_exact_xfers, 20000, NULL)                               \
  X(loop_inner_overlap_is_fatal, 20000,                                       \
    "t.c:7:3: different iterations of the loop at line 5 store a[0]")        \
  X(loop_reversed_overlap_is_fatal, 20000,                                    \
    "t.c:7:3: this store and the one at line 8 store a[")                   \
  X(loop_shifted_stores_overlap_is_fatal, 20000,                              \
    "t.c:7:3: this store and the one at line 8 store a[1] in different")     \
  X(loop_dependence_is_fatal, 20000,                                          \
    "t.c:9:4: this load of a[1] and the store at line 7 touch one element")  \
  X(loop_collapsed_overlap_is_fatal, 20000,                                   \
    "t.c:7:3: two iterations of the inner loops collapsed with the loop at") \
  X(loop_independent_accesses_pass, 20000, NULL)                              \
  X(loop_outside_region_is_fatal, 20000,                                      \
    "t.c:7:3: loop writes a[1..16] outside region(a[0:16])")                  \
  X(loop_invalid_mech_env_is_fatal, 20000,                                    \
    "invalid PROACT_MECH='bogus': 'bogus' is not a mechanism")                \
  X(loop_invalid_chunk_env_is_fatal, 20000,                                   \
    "invalid PROACT_CHUNK='12': 12 is outside [256, 1073741824]")             \
  X(loop_non_participating_device_is_fatal, 20000,                            \
    "device 3 in devices(...) is not a participating device")                 \
  X(data_partial_overlap_is_fatal, 20000, "partially overlaps")               \
  X(data_nested_reuse_and_copyout, 20000, NULL)                              \
  X(array_reduction_geometry, 20000, NULL)                                    \
  X(array_reduction_too_large_is_fatal, 20000,                                \
    "t.c:5:1: the reduced arrays take 268435457 bytes per thread")           \
  X(array_reduction_fetch_publish, 20000, NULL)                               \
  X(ready_block_chunks, 5000, NULL)                                           \
  X(ready_forward_cut_stores, 5000, NULL)                                     \
  X(ready_table_cache, 5000, NULL)                                            \
  X(ready_table_counted, 5000, NULL)                                          \
  X(ready_table_adopts_gap_chunks, 5000, NULL)                               \
  X(ready_block_order, 5000, NULL)                                           \
  X(part_block_cyclic, 5000, NULL)                                            \
  X(block_walk_matches_part_block, 5000, NULL)                                \
  X(tile_walk_matches_part_block, 20000, NULL)                                \
  X(tile_at_matches_part_block, 20000, NULL)                                  \
  X(thread_digit_matches_division, 5000, NULL)                                \
  X(team_copy_any_alignment, 5000, NULL)                                      \
  X(host_agent_delivers_and_reports_stall, 20000, NULL)                       \
  X(host_agent_watchdog_waits_for_the_kernel, 20000, NULL)                    \
  X(ready_cache_poll, 60000, NULL)                                            \
  X(ready_cache_trigger, 60000, NULL)                                         \
  X(ready_cache_dma, 60000, NULL)                                             \
  X(ready_cache_inline, 60000, NULL)                                          \
  X(ready_cache_swapped_arrays, 60000, NULL)                                  \
  X(ready_cache_readers_change, 60000, NULL)                                  \
  X(ready_cache_readers_change_inline, 60000, NULL)                           \
  X(ready_cache_limits, 60000, NULL)                                          \
  X(ready_cache_disabled, 60000, NULL)                                        \
  X(update_host_then_device_lazy, 20000, NULL)                                \
  X(update_device_single_replica_eager, 20000, NULL)                          \
  X(update_unheld_is_fatal, 20000,                                            \
    "u.c:9:3: update host(a[0:16]): no data region holds this section")       \
  X(validity_set_add_walk, 5000, NULL)                                        \
  X(validity_coalesce_and_edges, 5000, NULL)                                  \
  X(validity_random_against_reference, 20000, NULL)                           \
  X(validity_apply_against_reference, 20000, NULL)                            \
  X(lazy_stencil_halos_1dev, 30000, NULL)                                     \
  X(lazy_stencil_halos_2dev, 30000, NULL)                                     \
  X(lazy_stencil_halos_4dev, 30000, NULL)                                     \
  X(lazy_whole_reads, 20000, NULL)                                            \
  X(lazy_subset_then_all, 20000, NULL)                                        \
  X(lazy_exit_gathers_from_owners, 20000, NULL)                              \
  X(dist_stencil_2dev, 30000, NULL)                                           \
  X(dist_stencil_4dev, 30000, NULL)                                           \
  X(dist_whole_read, 20000, NULL)                                             \
  X(dist_mixed_with_replica, 20000, NULL)                                     \
  X(dist_window_growth, 20000, NULL)                                          \
  X(dist_window_whole_elements, 20000, NULL)                                  \
  X(dist_param_all_arrays, 20000, NULL)                                       \
  X(loop_part_base_window_and_replica, 20000, NULL)                           \
  X(loop_part_base_replica_offset, 20000, NULL)                               \
  X(loop_part_base_bad_array, 20000, "no base of array 2 in part 0")          \
  X(rank_choice_auto, 5000, NULL)                                             \
  X(rank_choice_forced, 5000, NULL)                                           \
  X(rank_choice_settings_differ, 5000, NULL)

# Issue 5, traces: the per-op diff, the step-time distributions and the heatmap's difference
# matrix on hand-built data; the op totals the import stores and the op diff of synthetic and
# real (HTA) pairs; folders holding only traces imported as bundles.
rankscope_add_test(NAME tst_op_diff SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/tst_op_diff.cpp
                   LIBS rankscope_core)
rankscope_add_test(NAME tst_metric_matrix_diff
                   SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/tst_metric_matrix_diff.cpp
                   LIBS rankscope_core)
rankscope_add_test(NAME tst_op_diff_cache SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/tst_op_diff_cache.cpp
                   LIBS rankscope_core rankscope_importers TIMEOUT 600)
rankscope_add_test(NAME tst_traces_only_folder
                   SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/tst_traces_only_folder.cpp
                   LIBS rankscope_core rankscope_importers)

# The Diff view (summary, log and op tables, step-time strip, export) and the heatmap's
# difference mode, on hand-built data.
rankscope_add_test(NAME test_diff_view SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_diff_view.cpp
                   LIBS rankscope_views GUI)
rankscope_add_test(NAME test_heatmap_difference
                   SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_heatmap_difference.cpp
                   LIBS rankscope_views GUI)

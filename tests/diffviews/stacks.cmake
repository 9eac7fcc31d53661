# The stacks part of the Diff view: side-by-side and differential flame graphs, change list.
rankscope_add_test(NAME test_stack_comparison_view
                   SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_stack_comparison_view.cpp
                   LIBS rankscope_views GUI)
# The changed paths by suspicion and the markers of one-run paths in the differential graph.
rankscope_add_test(NAME test_stack_change_order
                   SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_stack_change_order.cpp
                   LIBS rankscope_views GUI)

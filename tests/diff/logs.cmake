# Log templates of a target run against a healthy baseline (issue 5).
rankscope_add_test(NAME test_logdiff SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_logdiff.cpp
                   LIBS rankscope_core rankscope_importers TIMEOUT 120)

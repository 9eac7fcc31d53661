# Log templates of a target run against a healthy baseline (issue 5).
rankscope_add_test(NAME test_logdiff SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_logdiff.cpp
                   LIBS rankscope_core rankscope_importers TIMEOUT 120)
# Issue 10: the job-level step-time and loss series from iteration lines without a rank prefix,
# and the step-time sentence of the diff (hand-written Megatron logs, the real BigScience ones).
rankscope_add_test(NAME test_step_series SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_step_series.cpp
                   LIBS rankscope_core rankscope_importers TIMEOUT 120)

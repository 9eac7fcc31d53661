# Issue 5, the whole comparison: computeBundleDiff and its summary on synthetic pairs of every
# scenario, and `rankscope-cli diff` (JSON keys, text, errors).
rankscope_add_test(NAME test_bundle_diff SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_bundle_diff.cpp
                   LIBS rankscope_core rankscope_importers TIMEOUT 300)
rankscope_add_test(NAME test_cli_diff SOURCES ${CMAKE_CURRENT_SOURCE_DIR}/test_cli_diff.cpp
                   LIBS rankscope_cli_lib TIMEOUT 300)
# CliTestSupport.h can also run the built binary: it needs its path.
add_dependencies(test_cli_diff rankscope-cli)
target_compile_definitions(test_cli_diff PRIVATE RANKSCOPE_CLI_BINARY="$<TARGET_FILE:rankscope-cli>")

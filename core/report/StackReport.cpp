#include "core/report/StackReport.h"

namespace rankscope {

StackReport::StackReport(const StackDataset &data, const StackTree &tree,
                         const StackAnalysis &analysis, StackReportOptions options)
    : m_data(data), m_tree(tree), m_analysis(analysis), m_options(options)
{}

} // namespace rankscope

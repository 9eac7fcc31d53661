#pragma once

#include "core/collectives/CollectiveAnalysis.h"
#include "core/model/CollectiveProgress.h"
#include "core/model/StackDataset.h"
#include "views/collectives/CollectiveCellState.h"

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace rankscope {

// One process group as the Collectives view draws it: its members (rows) by a window of
// sequence numbers (columns) around the first sequence where the members disagree (else around
// the frontier, the highest sequence any member reached), each cell the state of that member's
// entry at that sequence. Built once per dataset and report, off the UI thread; painting,
// hit tests and tooltips only read it.
struct CollectiveStrip
{
    std::string name;  // the group's name (pg_config key), as the records match it
    std::string desc;  // "DATA_PARALLEL_GROUP"
    int members = 0;   // member count (rows)
    bool lead = false; // the group most ranks are blocked in (CollectiveReport::leadGroup)
    bool p2p = false;  // columns are p2p sequence numbers (the group's finding is about p2p ops)

    std::int64_t firstSeq = 0; // sequence of column 0
    int columns = 0;
    std::int64_t focusSeq = -1; // the first disagreement, else the frontier; -1: no entries
    bool focusIsDisagreement = false;

    // Rows in display order: the ranks the findings name first (in finding order), then every
    // other member by how far it got (least first, so ranks behind sit at the top), then rank.
    std::vector<int> rowRanks;
    int leadingRows = 0; // how many rows are the findings' ranks (a rule is drawn below them)

    std::vector<CollectiveCellState> cells; // rows x columns, row-major
    std::vector<std::int64_t> cellEntry;    // index into CollectiveDataset::entries, -1: none
    std::vector<std::int64_t> lastEntry;    // per row: the rank's entry of highest sequence
    std::vector<std::int64_t> reached;      // per row: highest sequence the rank reached, -1
    std::vector<std::string> columnOps;     // per column: the op most members run there
    std::vector<int> sortedRanks;           // members ascending, for rowOf()
    std::vector<int> rowOfSorted;           // row of sortedRanks[i]

    int rows() const { return int(rowRanks.size()); }
    bool empty() const { return rowRanks.empty() || columns == 0; }
    std::int64_t seqOf(int column) const { return firstSeq + column; }
    int columnOf(std::int64_t seq) const; // -1 outside the window
    int rowOf(int rank) const;            // -1 when not a member
    CollectiveCellState state(int row, int column) const
    {
        return cells[std::size_t(row) * std::size_t(columns) + std::size_t(column)];
    }
    std::int64_t entry(int row, int column) const
    {
        return cellEntry[std::size_t(row) * std::size_t(columns) + std::size_t(column)];
    }
};

struct CollectiveStripOptions
{
    int columnsBefore = 20; // sequences shown before the focus
    int columnsAfter = 5;   // and after it (when members got that far)
};

// One strip per group of the report (the dataset's groups when the report has none), the lead
// group first, then the groups with findings, then the others in the report's order.
std::vector<CollectiveStrip> buildCollectiveStrips(const CollectiveDataset &data,
                                                   const CollectiveReport &report,
                                                   const CollectiveStripOptions &options = {});

// Everything the view shows, shared and immutable (the main window builds it off the UI thread).
struct CollectiveViewData
{
    std::shared_ptr<const CollectiveDataset> dataset;
    std::shared_ptr<const CollectiveReport> report;
    std::vector<CollectiveStrip> strips;
    // The "collective call site" stack source (collectiveCallSiteStacks), for the merged flame
    // graph; null when the view was built without it.
    std::shared_ptr<const StackDataset> callSites;
};

} // namespace rankscope

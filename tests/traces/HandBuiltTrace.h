#pragma once

// Builds a TraceData by hand, event by event, with exact nanosecond times, for tests whose
// expected metric values are worked out on paper. It lays the model out as the importer does
// (events grouped by track, each group by start with enclosing slices first, iterations by
// step, firstNs / lastNs) without going through JSON.

#include "core/model/TraceModel.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace rankscope_test {

class HandBuiltTrace
{
public:
    explicit HandBuiltTrace(int rank = 0) { m_data.rank = rank; }

    std::uint32_t cpuThread(std::int64_t tid = 1)
    {
        return addTrack(rankscope::TraceTrackKind::CpuThread, 100, tid);
    }
    std::uint32_t gpuStream(std::int64_t stream)
    {
        const std::uint32_t track = addTrack(rankscope::TraceTrackKind::GpuStream, 0, stream);
        m_data.tracks[track].gpuDevice = 0;
        m_data.tracks[track].gpuStream = stream;
        return track;
    }

    // A slice [startNs, endNs) of `kind` on `track`. Returns its position among the slices
    // added (not the final event index: build() sorts).
    std::size_t slice(std::uint32_t track, rankscope::TraceEventKind kind, std::string_view name,
                      std::int64_t startNs, std::int64_t endNs, std::int64_t correlationId = 0)
    {
        rankscope::TraceEvent event;
        event.track = track;
        event.kind = kind;
        event.name = m_data.strings.intern(name);
        event.startNs = startNs;
        event.durationNs = endNs - startNs;
        event.correlationId = correlationId;
        m_pending.push_back({event, {}, {}});
        return m_pending.size() - 1;
    }
    // A kernel launched by a cudaLaunchKernel call [launchStartNs, launchEndNs) on `cpu`.
    void launchedKernel(std::uint32_t cpu, std::uint32_t stream, rankscope::TraceEventKind kind,
                        std::string_view name, std::int64_t startNs, std::int64_t endNs,
                        std::int64_t launchStartNs, std::int64_t launchEndNs)
    {
        const std::int64_t correlation = ++m_lastCorrelation;
        slice(cpu, rankscope::TraceEventKind::Runtime, "cudaLaunchKernel", launchStartNs,
              launchEndNs, correlation);
        slice(stream, kind, name, startNs, endNs, correlation);
    }
    // A communication kernel with the collective args PyTorch copies onto it.
    // `groupSize` and `sequence` are the "Group size" and "Seq" args (-1: absent).
    void collectiveKernel(std::uint32_t stream, std::string_view kernelName, std::string_view group,
                          std::string_view collective, std::int64_t startNs, std::int64_t endNs,
                          std::int32_t groupSize = -1, std::int64_t sequence = -1)
    {
        const std::size_t index = slice(stream, rankscope::TraceEventKind::CommunicationKernel,
                                        kernelName, startNs, endNs);
        m_pending[index].group = std::string(group);
        m_pending[index].collective = std::string(collective);
        m_pending[index].groupSize = groupSize;
        m_pending[index].sequence = sequence;
    }
    // A point-to-point kernel ("send" or "recv") of this rank with `peer`, with the args PyTorch
    // 2.5+ records: "Dst Rank" on a send, "Src Rank" on a recv (peer -1: none).
    void p2pKernel(std::uint32_t stream, std::string_view kernelName, std::string_view group,
                   std::string_view collective, int peer, int self, std::int64_t startNs,
                   std::int64_t endNs)
    {
        collectiveKernel(stream, kernelName, group, collective, startNs, endNs);
        const bool send = collective == "send";
        m_pending.back().srcRank = send ? self : peer;
        m_pending.back().dstRank = send ? peer : self;
        if (peer < 0)
            m_pending.back().srcRank = m_pending.back().dstRank = -1;
        else if (send)
            m_pending.back().srcRank = -1; // PyTorch writes the peer only
        else
            m_pending.back().dstRank = -1;
    }
    void iteration(std::uint32_t cpu, std::int64_t step, std::int64_t startNs, std::int64_t endNs)
    {
        slice(cpu, rankscope::TraceEventKind::IterationMarker,
              "ProfilerStep#" + std::to_string(step), startNs, endNs);
    }

    rankscope::TraceData build()
    {
        std::stable_sort(
            m_pending.begin(), m_pending.end(), [](const Pending &a, const Pending &b) {
                return std::make_tuple(a.event.track, a.event.startNs, -a.event.durationNs) <
                       std::make_tuple(b.event.track, b.event.startNs, -b.event.durationNs);
            });
        bool any = false;
        for (const Pending &pending : m_pending) {
            const auto index = std::uint32_t(m_data.events.size());
            rankscope::TraceEvent event = pending.event;
            rankscope::TraceTrack &track = m_data.tracks[event.track];
            if (track.eventCount == 0)
                track.firstEvent = index;
            ++track.eventCount;
            if (!pending.collective.empty()) {
                event.flags |= rankscope::TraceEventFlag::HasCollective;
                rankscope::TraceCollective collective;
                collective.event = index;
                collective.processGroupName = m_data.strings.intern(pending.group);
                collective.collectiveName = m_data.strings.intern(pending.collective);
                collective.groupSize = pending.groupSize;
                collective.sequence = pending.sequence;
                collective.srcRank = pending.srcRank;
                collective.dstRank = pending.dstRank;
                m_data.collectives.push_back(collective);
            }
            if (event.kind == rankscope::TraceEventKind::IterationMarker) {
                const std::string_view name = m_data.string(event.name);
                m_data.iterations.push_back({std::stoll(std::string(name.substr(13))),
                                             event.startNs, event.endNs(), index});
            }
            m_data.firstNs = any ? std::min(m_data.firstNs, event.startNs) : event.startNs;
            m_data.lastNs = any ? std::max(m_data.lastNs, event.endNs()) : event.endNs();
            any = true;
            m_data.events.push_back(event);
        }
        std::sort(m_data.iterations.begin(), m_data.iterations.end(),
                  [](const auto &a, const auto &b) { return a.step < b.step; });
        m_pending.clear();
        return std::move(m_data);
    }

private:
    struct Pending
    {
        rankscope::TraceEvent event;
        std::string group;
        std::string collective;
        std::int32_t groupSize = -1;
        std::int64_t sequence = -1;
        std::int32_t srcRank = -1;
        std::int32_t dstRank = -1;
    };

    std::uint32_t addTrack(rankscope::TraceTrackKind kind, std::int64_t pid, std::int64_t tid)
    {
        rankscope::TraceTrack track;
        track.kind = kind;
        track.pid = pid;
        track.tid = tid;
        track.sortIndex = tid;
        track.processSortIndex = pid;
        m_data.tracks.push_back(track);
        return std::uint32_t(m_data.tracks.size() - 1);
    }

    rankscope::TraceData m_data;
    std::vector<Pending> m_pending;
    std::int64_t m_lastCorrelation = 0;
};

} // namespace rankscope_test
